// The two counting paths agree: the AVX-512 setwise count (where the CPU has it) and the scalar
// one, for the side to move of every published position and of each position one move later; and
// bulk counts equal the length of the generated move list.
#include "movegen/internal/count.h"

#include <vector>

#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

std::vector<Position> published_positions() {
  const absl::StatusOr<std::vector<epd::Record>> records =
      epd::read_file("tests/data/published.epd");
  EXPECT_TRUE(records.ok()) << records.status();
  std::vector<Position> positions;
  if (!records.ok()) return positions;
  for (const epd::Record& record : *records) {
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    EXPECT_TRUE(pos.ok()) << "line " << record.line << ": " << pos.status();
    if (pos.ok()) positions.push_back(*pos);
  }
  if (positions.size() < 100) ADD_FAILURE() << "only " << positions.size() << " positions";
  return positions;
}

template <Color Us>
void expect_paths_agree(const Position& pos) {
  const MaskSet m = create_masks<Us>(pos);
  EXPECT_EQ((count_piece_moves<Us, true>(pos, m)), (count_piece_moves<Us, false>(pos, m)))
      << pos.to_fen();
  const KingMoves setwise = king_moves<Us, true>(pos, m), scalar = king_moves<Us, false>(pos, m);
  EXPECT_EQ(setwise.targets, scalar.targets) << pos.to_fen();
  EXPECT_EQ(setwise.castlings, scalar.castlings) << pos.to_fen();
}

// In builds without AVX-512 the setwise side is its plain 64-bit stand-in.
TEST(Count, SetwiseAndScalarAgree) {
  const auto positions = published_positions();
  ASSERT_GT(positions.size(), 100u);
  for (const Position& root : positions) {
    if (root.side_to_move() == kWhite)
      expect_paths_agree<kWhite>(root);
    else
      expect_paths_agree<kBlack>(root);
    for (Move move : legal_moves(root)) {
      Position child = root;
      ASSERT_TRUE(child.play(move).ok());
      if (child.side_to_move() == kWhite)
        expect_paths_agree<kWhite>(child);
      else
        expect_paths_agree<kBlack>(child);
    }
  }
}

TEST(Count, BulkCountEqualsTheMoveList) {
  for (const Position& root : published_positions()) {
    EXPECT_EQ(legal_move_count(root), legal_moves(root).size()) << root.to_fen();
  }
}

}  // namespace
}  // namespace pyke
