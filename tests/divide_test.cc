// Divide: one entry per legal root move, each equal to perft of the child, summing to perft.
#include <cstdint>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "tests/positions.h"

namespace pyke {
namespace {

TEST(Divide, EntriesSumToPerftAndMatchChildren) {
  for (const char* fen : {kKiwipete, kCpwPosition3, kCpwPosition4}) {
    absl::StatusOr<Position> pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok());
    // Progress comes after root moves finish (several may finish between two reports) and at
    // intervals: the moves done never go back, and the last report has them all.
    int last_done = 0;
    absl::StatusOr<std::vector<perft::DivideEntry>> entries =
        perft::divide(*pos, 3, {.progress = [&](int done, int total, absl::uint128) {
          EXPECT_GE(done, last_done);
          last_done = done;
          EXPECT_EQ(total, legal_move_count(*pos));
        }});
    EXPECT_EQ(last_done, legal_move_count(*pos));
    ASSERT_TRUE(entries.ok()) << entries.status();
    EXPECT_EQ(static_cast<int>(entries->size()), legal_move_count(*pos));
    absl::uint128 sum = 0;
    for (const perft::DivideEntry& e : *entries) {
      Position child = *pos;
      ASSERT_TRUE(child.play(e.move).ok());
      EXPECT_EQ(e.nodes, *perft::perft(child, 2)) << to_uci(e.move);
      sum += e.nodes;
    }
    EXPECT_EQ(sum, *perft::perft(*pos, 3)) << fen;
  }
}

TEST(Perft, DepthZeroIsOneNodeAndOutOfRangeIsAnError) {
  EXPECT_EQ(*perft::perft(Position::start(), 0), 1u);
  EXPECT_EQ(perft::perft(Position::start(), -1).status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(perft::perft(Position::start(), perft::kMaxDepth + 1).status().code(),
            absl::StatusCode::kOutOfRange);
  EXPECT_FALSE(perft::divide(Position::start(), 0).ok());
}

TEST(Perft, StartPositionDepthsOneToSix) {
  constexpr uint64_t kExpected[] = {1, 20, 400, 8902, 197281, 4865609, 119060324};
  for (int depth = 0; depth <= 6; ++depth) {
    EXPECT_EQ(*perft::perft(Position::start(), depth), kExpected[depth]) << "depth " << depth;
  }
}

TEST(Perft, ChessProgrammingWikiPositionsAtDepthSixWhereFast) {
  // Published counts (Chess Programming Wiki, "Perft Results"), the depth-6 ones that take well
  // under a second here; the rest run in the manual deep checks.
  struct Case {
    const char* fen;
    int depth;
    uint64_t nodes;
  };
  for (const Case& c : {
           Case{kCpwPosition3, 6, 11030083},
           Case{kCpwPosition4, 6, 706045033},
           Case{kCpwPosition4Mirrored, 6, 706045033},
           Case{kCpwPosition5, 5, 89941194},
       }) {
    absl::StatusOr<Position> pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    EXPECT_EQ(*perft::perft(*pos, c.depth), c.nodes) << c.fen;
  }
}

}  // namespace
}  // namespace pyke
