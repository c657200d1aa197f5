// The frontier counts each distinct position once and multiplies by its paths, per root move:
// summed over the units, that must be the divide computed without any merging.
#include "perft/frontier.h"

#include "gtest/gtest.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "tests/positions.h"

namespace pyke::perft {
namespace {

void expect_frontier_divide_equals_plain(const Position& root, int depth, int ply) {
  absl::StatusOr<Frontier> frontier = make_frontier(root, depth, ply);
  ASSERT_TRUE(frontier.ok()) << frontier.status();
  absl::StatusOr<std::vector<perft::DivideEntry>> plain = perft::divide(root, depth);
  ASSERT_TRUE(plain.ok());
  ASSERT_EQ(frontier->root_moves.size(), plain->size());
  std::vector<absl::uint128> per_root(plain->size(), 0);
  uint64_t paths = 0;
  for (const WorkUnit& unit : frontier->units) {
    ASSERT_EQ(unit.depth, depth - ply);
    const absl::uint128 below = *perft::perft(unit.pos, unit.depth);
    for (const auto& [r, n] : unit.roots) per_root[r] += below * n;
    paths += unit.paths();
  }
  EXPECT_EQ(paths, frontier->paths);
  EXPECT_EQ(absl::uint128(frontier->paths), *perft::perft(root, ply)) << "paths = perft(ply)";
  for (size_t r = 0; r < plain->size(); ++r) {
    EXPECT_EQ(frontier->root_moves[r], (*plain)[r].move);
    EXPECT_EQ(per_root[r], (*plain)[r].nodes) << to_uci((*plain)[r].move);
  }
}

TEST(Frontier, MergedUnitsGiveThePlainDivide) {
  const Position start = Position::start();
  expect_frontier_divide_equals_plain(start, 5, 1);
  expect_frontier_divide_equals_plain(start, 5, 3);
  expect_frontier_divide_equals_plain(start, 5, 4);
  expect_frontier_divide_equals_plain(start, 4, 4);  // units of depth 0: one leaf each
  absl::StatusOr<Position> kiwipete = Position::from_fen(kKiwipete);
  ASSERT_TRUE(kiwipete.ok());
  expect_frontier_divide_equals_plain(*kiwipete, 4, 2);
  absl::StatusOr<Position> chess960 =
      Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(chess960.ok());
  expect_frontier_divide_equals_plain(*chess960, 4, 3);
}

TEST(Frontier, TranspositionsAreMerged) {
  // Ply 4 of the start position: 197,281 paths but far fewer distinct positions.
  absl::StatusOr<Frontier> frontier = make_frontier(Position::start(), 6, 4);
  ASSERT_TRUE(frontier.ok());
  EXPECT_EQ(frontier->paths, 197281u);
  EXPECT_LT(frontier->units.size(), 100000u);
  EXPECT_GT(frontier->units.size(), 50000u);
}

TEST(Frontier, BadPliesAndHugeFrontiersAreErrors) {
  EXPECT_FALSE(make_frontier(Position::start(), 5, 0).ok());
  EXPECT_FALSE(make_frontier(Position::start(), 5, 6).ok());
  EXPECT_EQ(make_frontier(Position::start(), 8, 4, /*max_paths=*/1000).status().code(),
            absl::StatusCode::kResourceExhausted);
}

}  // namespace
}  // namespace pyke::perft
