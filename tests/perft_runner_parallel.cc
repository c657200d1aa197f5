// The suite tests' threaded route: //perft's parallel divide with --threads threads, through a
// deliberately small //tt table shared by all of them when --hash_buckets is not 0, so that
// threads overwrite each other's entries and a torn or wrong entry would show up as a wrong count.
#include <memory>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "perft/perft.h"
#include "tests/perft_runner.h"
#include "tt/table.h"

ABSL_FLAG(int, threads, 2, "threads to count with");
ABSL_FLAG(size_t, hash_buckets, 0, "buckets of the shared table (64 bytes each); 0: no table");

namespace pyke::testing {
namespace {

tt::PerftTable* table() {
  static std::unique_ptr<tt::PerftTable> instance = []() -> std::unique_ptr<tt::PerftTable> {
    const size_t buckets = absl::GetFlag(FLAGS_hash_buckets);
    if (buckets == 0) return nullptr;
    auto t = tt::PerftTable::create_with_buckets(buckets);
    if (!t.ok()) std::abort();
    return std::move(*t);
  }();
  return instance.get();
}

}  // namespace

absl::uint128 count_perft(const Position& pos, int depth) {
  perft::Options options;
  options.threads = absl::GetFlag(FLAGS_threads);
  options.table = table();
  absl::StatusOr<absl::uint128> nodes = perft::perft(pos, depth, options);
  EXPECT_TRUE(nodes.ok()) << nodes.status();
  return nodes.value_or(0);
}

std::string perft_runner_description() {
  return absl::StrCat(
      ", ", absl::GetFlag(FLAGS_threads), " threads",
      table() ? absl::StrCat(", sharing ", table()->bucket_count(), " buckets") : ", no hashing");
}

}  // namespace pyke::testing
