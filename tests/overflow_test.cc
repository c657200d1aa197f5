// Counts that do not fit 64 bits are reported, never wrapped. No real perft that overflows runs
// in a test's lifetime, so a cache policy stands in for the subtrees: it answers every depth-8
// node with 2^62 leaves, which makes 4 or more such children overflow a depth-9 count.
#include <cstdint>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"
#include "movegen/position.h"

namespace pyke {
namespace {

constexpr uint64_t kHugeSubtree = uint64_t{1} << 62;

struct HugeSubtrees {
  static constexpr bool kEnabled = true;
  using Key = uint64_t;
  uint64_t key_of(const Position&) { return 0; }
  uint64_t child_key(uint64_t, const Position&, const Position&) { return 0; }
  void prefetch(uint64_t, int) {}
  bool probe(uint64_t, int depth, uint64_t& nodes) {
    if (depth != 8) return false;
    nodes = kHugeSubtree;
    return true;
  }
  void store(uint64_t, int, uint64_t) {}
};

TEST(Overflow, SumsThatFitAreExact) {
  // Three legal moves: 3 * 2^62 < 2^64.
  absl::StatusOr<Position> pos = Position::from_fen("k7/8/8/8/8/8/8/7K w - - 0 1");
  ASSERT_TRUE(pos.ok());
  ASSERT_EQ(legal_move_count(*pos), 3);
  HugeSubtrees cache;
  EXPECT_EQ(perft_with(*pos, 9, cache, 0), 3 * kHugeSubtree);
}

TEST(Overflow, SumsThatDoNotFitAreReportedAndPropagate) {
  HugeSubtrees cache;
  const Position start = Position::start();  // 20 moves: 20 * 2^62 overflows
  EXPECT_EQ(perft_with(start, 9, cache, 0), kPerftOverflow);
  EXPECT_EQ(perft_with(start, 10, cache, 0), kPerftOverflow);
  const std::vector<DivideEntry> entries = divide_with(start, 10, cache);
  ASSERT_EQ(entries.size(), 20u);
  for (const DivideEntry& e : entries) EXPECT_EQ(e.nodes, kPerftOverflow) << to_uci(e.move);
}

TEST(Overflow, DepthsUpToEightCannotOverflow) {
  // 218 legal moves is the most any position has; 218^8 still fits 64 bits.
  double bound = 1;
  for (int i = 0; i < kMaxTemplateDepth; ++i) bound *= 218;
  EXPECT_LT(bound, 18446744073709551615.0);
}

}  // namespace
}  // namespace pyke
