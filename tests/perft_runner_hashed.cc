// The suite tests' hashed route: perft through a deliberately small //tt table, so that stores
// replace each other and a wrong key or a lost entry would show up as a wrong count.
#include <memory>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "perft/perft.h"
#include "tests/perft_runner.h"
#include "tt/table.h"

ABSL_FLAG(size_t, hash_buckets, 2048, "buckets of the table (64 bytes each)");

namespace pyke::testing {
namespace {

tt::PerftTable& table() {
  static std::unique_ptr<tt::PerftTable> instance = [] {
    auto t = tt::PerftTable::create_with_buckets(absl::GetFlag(FLAGS_hash_buckets));
    if (!t.ok()) std::abort();
    return std::move(*t);
  }();
  return *instance;
}

}  // namespace

absl::uint128 count_perft(const Position& pos, int depth) {
  absl::StatusOr<absl::uint128> nodes = perft::perft(pos, depth, {.table = &table()});
  EXPECT_TRUE(nodes.ok()) << nodes.status();
  return nodes.value_or(0);
}

std::string perft_runner_description() {
  return absl::StrCat(", hashing with ", table().bucket_count(), " buckets");
}

}  // namespace pyke::testing
