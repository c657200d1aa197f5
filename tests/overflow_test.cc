// Counts past 2^64 are exact, and counts past 2^128 are reported, never wrapped.
//
// No real perft that big runs in a test's lifetime, so a cache policy stands in for the subtrees:
// it answers every depth-8 node with 2^62 leaves (or statistics that big). The kernels, the divide
// and the report the CLI and UCI print with are the real ones.
#include <cstdint>
#include <sstream>
#include <vector>

#include "absl/numeric/int128.h"
#include "count/report.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/cache.h"
#include "perft/internal/counted.h"
#include "perft/internal/kernel.h"
#include "perft/perft.h"
#include "perft/stats.h"

namespace pyke {
namespace {

constexpr uint64_t kHugeSubtree = uint64_t{1} << 62;

// Answers every depth-8 node with `huge`, for either value the kernels count.
template <class V>
struct HugeSubtrees {
  static constexpr bool kEnabled = true;
  using Key = uint64_t;
  using Value = V;
  Value huge;
  uint64_t key_of(const Position&) { return 0; }
  uint64_t child_key(uint64_t, const Position&, const Position&) { return 0; }
  void prefetch(uint64_t, int) {}
  bool probe(uint64_t, int depth, Value& value) {
    if (depth != 8) return false;
    value = huge;
    return true;
  }
  void store(uint64_t, int, const Value&) {}
};
static_assert(perft::internal::PerftCache<HugeSubtrees<uint64_t>>);
static_assert(perft::internal::PerftCache<HugeSubtrees<perft::internal::LeafStats>>);

TEST(Overflow, TwentyRootMovesOfTwoToTheSixtySecondPrintTheirExactSum) {
  HugeSubtrees<uint64_t> cache{kHugeSubtree};
  absl::StatusOr<std::vector<perft::DivideEntry>> entries =
      perft::internal::checked_divide(Position::start(), 9, cache);
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_EQ(entries->size(), 20u);
  for (const perft::DivideEntry& e : *entries) EXPECT_EQ(e.nodes, kHugeSubtree) << to_uci(e.move);

  std::ostringstream report;
  const absl::uint128 total = count::write_divide(*entries, report);
  EXPECT_EQ(total, absl::MakeUint128(5, 0));  // 20 · 2^62 = 5 · 2^64
  EXPECT_NE(report.str().find("e2e4: 4611686018427387904\n"), std::string::npos) << report.str();
  EXPECT_NE(report.str().find("\nNodes searched: 92233720368547758080\n"), std::string::npos)
      << report.str();
}

TEST(Overflow, DeeperNodesAddInOneHundredTwentyEightBits) {
  HugeSubtrees<uint64_t> cache{kHugeSubtree};
  // Perft 10: 400 depth-8 nodes of 2^62 each = 100 · 2^64.
  EXPECT_EQ(perft::internal::count_with(Position::start(), 10, cache, 0),
            absl::MakeUint128(100, 0));
  absl::StatusOr<absl::uint128> checked =
      perft::internal::checked_count(Position::start(), 9, cache);
  ASSERT_TRUE(checked.ok());
  EXPECT_EQ(perft::count_text(*checked), "92233720368547758080");
}

// The statistics are the same walk: every column adds past 2^64 in the deep nodes.
TEST(Overflow, DeeperStatisticsAddInOneHundredTwentyEightBits) {
  perft::internal::LeafStats huge;
  huge.nodes = kHugeSubtree;
  huge.captures = kHugeSubtree / 2;
  huge.checks = kHugeSubtree / 4;
  huge.checkmates = 3;
  HugeSubtrees<perft::internal::LeafStats> cache{huge};
  // Perft 10: 400 depth-8 nodes.
  const perft::Stats s = perft::internal::count_with(Position::start(), 10, cache, 0);
  EXPECT_EQ(s.nodes, absl::MakeUint128(100, 0));
  EXPECT_EQ(s.captures, absl::MakeUint128(50, 0));
  EXPECT_EQ(s.checks, absl::MakeUint128(25, 0));
  EXPECT_EQ(s.checkmates, 1200);
  EXPECT_EQ(s.en_passant, 0);
}

TEST(Overflow, SumsPastTwoToTheOneHundredTwentyEightAreReported) {
  const absl::uint128 half = absl::MakeUint128(uint64_t{1} << 63, 0);  // 2^127
  std::vector<perft::DivideEntry> entries = {{Move::make(kE2, kE4), half - 1},
                                             {Move::make(kD2, kD4), half - 1}};
  EXPECT_EQ(perft::divide_total(entries), absl::Uint128Max() - 1);  // 2^128 - 2: fits, just
  entries.push_back({Move::make(kC2, kC4), 3});
  EXPECT_EQ(perft::divide_total(entries), perft::kOverflow);
  entries = {{Move::make(kE2, kE4), perft::kOverflow}};
  EXPECT_EQ(perft::divide_total(entries), perft::kOverflow)
      << "an overflowed part stays overflowed";
}

TEST(Overflow, ErrorsNameTheDepth) {
  EXPECT_EQ(perft::overflow_error(19).code(), absl::StatusCode::kOutOfRange);
  EXPECT_NE(perft::overflow_error(19).message().find("perft 19"), absl::string_view::npos);
}

}  // namespace
}  // namespace pyke
