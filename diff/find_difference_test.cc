// find_difference against in-process engines with one bug each (//diff/testing), and against
// hand-made divides for the odd cases. Expected paths, FENs and move names are worked out by
// hand from the positions.
#include "diff/find_difference.h"

#include <functional>

#include "diff/movegen_source.h"
#include "diff/testing/buggy_movegen.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "perft/stats.h"
#include "tests/positions.h"

namespace pyke::diff {
namespace {

using testing::Bug;
using testing::BuggySource;
using ::testing::ElementsAre;
using Strings = std::vector<std::string>;

Position from_fen(const char* fen) {
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : Position::start();
}

absl::StatusOr<DiffResult> diff_with_bug(const char* fen, Strings moves, int depth, Bug bug) {
  const Position root = from_fen(fen);
  MovegenSource pyke(root, nullptr);
  BuggySource engine(root, bug);
  return find_difference(root, std::move(moves), depth, pyke, engine, nullptr);
}

TEST(FindDifference, AgreeingEnginesGiveNoDifference) {
  absl::StatusOr<DiffResult> r = diff_with_bug(kKiwipete, {}, 3, Bug::kNone);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->difference.has_value());
  ASSERT_EQ(r->levels.size(), 1u);
  EXPECT_EQ(r->levels[0].reference_total, absl::uint128(97862));
  EXPECT_EQ(r->levels[0].engine_total, absl::uint128(97862));
}

TEST(FindDifference, CastlingMissingAtTheRoot) {
  absl::StatusOr<DiffResult> r =
      diff_with_bug("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {}, 3, Bug::kNoCastling);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_EQ(r->difference->kind, Difference::Kind::kMoveLists);
  EXPECT_TRUE(r->difference->path.empty());
  EXPECT_EQ(r->difference->depth, 3);
  EXPECT_THAT(r->difference->missing, ElementsAre("e1c1", "e1g1"));
  EXPECT_TRUE(r->difference->illegal.empty());
}

TEST(FindDifference, DescendsToTheCastlingTheEngineForgets) {
  // White cannot castle; every white move changes the count because Black's castling is missing
  // one ply later. The first differing move in text order is e1d1.
  absl::StatusOr<DiffResult> r =
      diff_with_bug("r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", {}, 3, Bug::kNoCastling);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->path, ElementsAre("e1d1"));
  EXPECT_EQ(r->difference->fen, "r3k2r/8/8/8/8/8/8/3K4 b kq - 1 1");
  EXPECT_EQ(r->difference->depth, 2);
  EXPECT_THAT(r->difference->missing, ElementsAre("e8c8", "e8g8"));
  EXPECT_TRUE(r->difference->illegal.empty());
  ASSERT_EQ(r->levels.size(), 2u);
  EXPECT_EQ(r->levels[0].count_differs.front(), "e1d1");
}

TEST(FindDifference, DescendsToTheMissingEnPassant) {
  absl::StatusOr<DiffResult> r =
      diff_with_bug("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", {}, 3, Bug::kNoEnPassant);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->levels[0].count_differs, ElementsAre("d7d5"));
  EXPECT_THAT(r->difference->path, ElementsAre("d7d5"));
  EXPECT_EQ(r->difference->fen, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_THAT(r->difference->missing, ElementsAre("e5d6"));
}

TEST(FindDifference, StartingMovesAreKeptInThePath) {
  absl::StatusOr<DiffResult> r =
      diff_with_bug("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", {"d7d5"}, 2, Bug::kNoEnPassant);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->path, ElementsAre("d7d5"));
  EXPECT_EQ(r->levels.size(), 1u);
}

TEST(FindDifference, NamesThePinnedPieceMovesAsIllegal) {
  // The rook on e2 is pinned to its king by the rook on e7: it may not leave the e-file.
  absl::StatusOr<DiffResult> r =
      diff_with_bug("3k4/4r3/8/8/8/8/4R3/4K3 w - - 0 1", {}, 2, Bug::kPinnedPieceMoves);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_TRUE(r->difference->missing.empty());
  EXPECT_THAT(r->difference->illegal,
              ElementsAre("e2a2", "e2b2", "e2c2", "e2d2", "e2f2", "e2g2", "e2h2"));
}

TEST(FindDifference, NamesTheMissingUnderPromotions) {
  absl::StatusOr<DiffResult> r =
      diff_with_bug("8/1P6/8/8/8/8/8/k6K w - - 0 1", {}, 2, Bug::kNoUnderPromotion);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_TRUE(r->difference->path.empty());
  EXPECT_THAT(r->difference->missing, ElementsAre("b7b8b", "b7b8n", "b7b8r"));
  EXPECT_TRUE(r->difference->illegal.empty());
}

TEST(FindDifference, NamesTheEnPassantThatUncoversTheKing) {
  // Both pawns leave the fifth rank, and the rook on h5 would see the king on a5.
  absl::StatusOr<DiffResult> r =
      diff_with_bug("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", {}, 2, Bug::kEnPassantIntoCheck);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_TRUE(r->difference->missing.empty());
  EXPECT_THAT(r->difference->illegal, ElementsAre("e5d6"));
}

TEST(FindDifference, NamesTheKingStepAlongTheCheckingLine) {
  // The rook on e8 checks the king on e4; e3 lies on its file, seen through the king.
  absl::StatusOr<DiffResult> r =
      diff_with_bug("4r2k/8/8/8/4K3/8/8/8 w - - 0 1", {}, 2, Bug::kKingAlongCheckLine);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_TRUE(r->difference->missing.empty());
  EXPECT_THAT(r->difference->illegal, ElementsAre("e4e3"));
  // A bishop's check likewise: d3 lies on the diagonal from g6 through the king on e4.
  r = diff_with_bug("7k/8/6b1/8/4K3/8/8/8 w - - 0 1", {}, 2, Bug::kKingAlongCheckLine);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->illegal, ElementsAre("e4d3"));
}

TEST(FindDifference, TheNewBugsAreSilentWhereTheyDoNotApply) {
  // Kiwipete's root has no promotion, en passant or check: at depth 1 the move lists agree.
  for (Bug bug : {Bug::kNoUnderPromotion, Bug::kEnPassantIntoCheck, Bug::kKingAlongCheckLine}) {
    absl::StatusOr<DiffResult> r = diff_with_bug(kKiwipete, {}, 1, bug);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_FALSE(r->difference.has_value());
  }
}

TEST(FindDifference, IllegalStartingMoveIsAnError) {
  absl::StatusOr<DiffResult> r =
      diff_with_bug("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", {"e2e4"}, 2, Bug::kNone);
  EXPECT_FALSE(r.ok());
}

// A source that answers from a fixed function.
class FakeSource : public PerftSource {
 public:
  explicit FakeSource(std::function<absl::StatusOr<Divide>(const Strings&, int)> answer)
      : answer_(std::move(answer)) {}
  absl::StatusOr<Divide> divide(const Strings& moves, int depth) override {
    return answer_(moves, depth);
  }

 private:
  std::function<absl::StatusOr<Divide>(const Strings&, int)> answer_;
};

TEST(FindDifference, EngineErrorsArePassedOn) {
  const Position root = Position::start();
  MovegenSource pyke(root, nullptr);
  FakeSource broken([](const Strings&, int) -> absl::StatusOr<Divide> {
    return absl::UnavailableError("engine exited");
  });
  absl::StatusOr<DiffResult> r = find_difference(root, {}, 2, pyke, broken, nullptr);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "engine exited");
}

TEST(FindDifference, CountsOfTwoAtDepthOneAreACountDifference) {
  const Position root = Position::start();
  MovegenSource pyke(root, nullptr);
  FakeSource doubler([&pyke](const Strings& moves, int depth) -> absl::StatusOr<Divide> {
    absl::StatusOr<Divide> d = pyke.divide(moves, depth);
    if (d.ok()) (*d)["g1f3"] *= 2;
    return d;
  });
  absl::StatusOr<DiffResult> r = find_difference(root, {}, 1, pyke, doubler, nullptr);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_EQ(r->difference->kind, Difference::Kind::kCounts);
  EXPECT_THAT(r->difference->count_differs, ElementsAre("g1f3"));
}

TEST(FindDifference, AnEngineThatContradictsItselfIsReported) {
  // Wrong only at the root: its divide one ply lower agrees with Pyke's.
  const Position root = Position::start();
  MovegenSource pyke(root, nullptr);
  FakeSource liar([&pyke](const Strings& moves, int depth) -> absl::StatusOr<Divide> {
    absl::StatusOr<Divide> d = pyke.divide(moves, depth);
    if (d.ok() && moves.empty()) (*d)["b1c3"] += 1;
    return d;
  });
  std::vector<int> depths_seen;
  absl::StatusOr<DiffResult> r = find_difference(
      root, {}, 3, pyke, liar, [&](const Level& level) { depths_seen.push_back(level.depth); });
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_EQ(r->difference->kind, Difference::Kind::kInconsistent);
  EXPECT_THAT(r->difference->path, ElementsAre("b1c3"));
  EXPECT_THAT(depths_seen, ElementsAre(3, 2));
}

// An engine whose perft statistics are Pyke's but for one leaf: after 1.e4 f6, it does not see
// that Qh5 gives check. Its deeper divides are sums of its own, so the bug shows all the way up.
class MissesOneCheck : public PerftSource {
 public:
  explicit MissesOneCheck(const Position& root) : pyke_(root, nullptr) {}
  absl::StatusOr<Divide> divide(const Strings& moves, int depth) override {
    return pyke_.divide(moves, depth);
  }
  absl::StatusOr<std::optional<StatsDivide>> stats_divide(const Strings& moves,
                                                          int depth) override {
    if (depth == 1) {
      absl::StatusOr<std::optional<StatsDivide>> leaves = pyke_.stats_divide(moves, 1);
      if (leaves.ok() && moves == Strings{"e2e4", "f7f6"}) (**leaves)["d1h5"].checks = 0;
      return leaves;
    }
    absl::StatusOr<Divide> root_moves = pyke_.divide(moves, 1);
    if (!root_moves.ok()) return root_moves.status();
    StatsDivide divide;
    for (const auto& [move, nodes] : *root_moves) {
      Strings below = moves;
      below.push_back(move);
      absl::StatusOr<std::optional<StatsDivide>> children = stats_divide(below, depth - 1);
      if (!children.ok()) return children.status();
      for (const auto& [child, stats] : **children) divide[move] += stats;
    }
    return divide;
  }

 private:
  MovegenSource pyke_;
};

TEST(FindStatsDifference, FollowsTheWrongColumnDownToTheLeafMove) {
  const Position root = Position::start();
  MovegenSource pyke(root, nullptr);
  MissesOneCheck engine(root);
  absl::StatusOr<StatsDiffResult> r = find_stats_difference(root, {}, 3, pyke, engine);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->engine_has_stats);
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->path, ElementsAre("e2e4", "f7f6"));
  EXPECT_EQ(r->difference->move, "d1h5");
  EXPECT_EQ(r->difference->depth, 1);
  EXPECT_EQ(perft::kStatsColumns[r->difference->column], "checks");
  EXPECT_EQ(r->difference->reference, absl::uint128(1));
  EXPECT_EQ(r->difference->engine, absl::uint128(0));
}

TEST(FindStatsDifference, AnEngineWithoutStatisticsIsComparedOnNodesOnly) {
  const Position root = Position::start();
  MovegenSource pyke(root, nullptr);
  BuggySource engine(root, Bug::kNone);  // the default stats_divide: none
  absl::StatusOr<StatsDiffResult> r = find_stats_difference(root, {}, 3, pyke, engine);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->engine_has_stats);
  EXPECT_FALSE(r->difference.has_value());
}

TEST(FindStatsDifference, PykeAgreesWithItself) {
  const Position root = from_fen(kKiwipete);
  MovegenSource pyke(root, nullptr), again(root, nullptr);
  absl::StatusOr<StatsDiffResult> r = find_stats_difference(root, {}, 3, pyke, again);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->engine_has_stats);
  EXPECT_FALSE(r->difference.has_value());
}

}  // namespace
}  // namespace pyke::diff
