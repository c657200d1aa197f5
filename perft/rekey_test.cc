// Counting again under independent Zobrist keys (Options::keys) catches a collision that a
// single hashed count cannot see: with keys cut to 8 bits and a table of one bucket, one run's
// count is wrong, and a second run under keys from another seed is wrong differently.
#include <memory>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "tt/table.h"

namespace pyke::perft {
namespace {

// Whether two divides of one position differ in any root move.
bool differ(const std::vector<DivideEntry>& a, const std::vector<DivideEntry>& b) {
  if (a.size() != b.size()) return true;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].move != b[i].move || a[i].nodes != b[i].nodes) return true;
  }
  return false;
}

std::vector<DivideEntry> hashed_divide(const ZobristKeys& keys, tt::PerftTable& table,
                                       int threads) {
  table.clear();
  Options options;
  options.threads = threads;
  options.table = &table;
  options.keys = &keys;
  absl::StatusOr<std::vector<DivideEntry>> entries = divide(Position::start(), 5, options);
  EXPECT_TRUE(entries.ok()) << entries.status();
  return *entries;
}

TEST(Rekey, WeakKeysGiveAWrongCountThatASecondSeedExposes) {
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = tt::PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  for (int threads : {1, 2}) {
    const ZobristKeys weak_a = masked_keys(make_zobrist_keys(1), 0xFF);
    const ZobristKeys weak_b = masked_keys(make_zobrist_keys(2), 0xFF);
    const std::vector<DivideEntry> a = hashed_divide(weak_a, **table, threads);
    const std::vector<DivideEntry> b = hashed_divide(weak_b, **table, threads);
    EXPECT_NE(divide_total(a), 4865609) << "a single run is silently wrong";
    EXPECT_TRUE(differ(a, b)) << "rekeying catches it";
  }
}

TEST(Rekey, FullKeysUnderAnySeedGiveTheSameExactDivide) {
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = tt::PerftTable::create_with_buckets(64);
  ASSERT_TRUE(table.ok());
  const ZobristKeys a = make_zobrist_keys(1), b = make_zobrist_keys(2);
  const std::vector<DivideEntry> da = hashed_divide(a, **table, 2);
  const std::vector<DivideEntry> db = hashed_divide(b, **table, 1);
  EXPECT_EQ(divide_total(da), 4865609);
  EXPECT_FALSE(differ(da, db));
  EXPECT_FALSE(differ(da, hashed_divide(kZobrist, **table, 2)));
}

}  // namespace
}  // namespace pyke::perft
