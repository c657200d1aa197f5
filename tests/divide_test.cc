// Divide: one entry per legal root move, each equal to perft of the child, summing to perft.
#include <cstdint>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "perft/perft.h"
#include "movegen/position.h"

namespace pyke {
namespace {

TEST(Divide, EntriesSumToPerftAndMatchChildren) {
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"}) {
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
           Case{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
           Case{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706045033},
           Case{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 6, 706045033},
           Case{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
       }) {
    absl::StatusOr<Position> pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    EXPECT_EQ(*perft::perft(*pos, c.depth), c.nodes) << c.fen;
  }
}

}  // namespace
}  // namespace pyke
