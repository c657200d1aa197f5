// Perft of every position of a reference suite, up to a depth limit, against published counts.
//
// Flags: --suite=<path relative to the runfiles root> --max_depth=N [--min_depth=N], and the
// runner's: --hash_buckets=N (hashed), --threads=N --hash_buckets=N (parallel).
// One binary serves the fast suites in `bazel test //...` and the deep `manual` ones.
#include <cstdint>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/numeric/int128.h"
#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "tests/perft_runner.h"

ABSL_FLAG(std::string, suite, "tests/data/published.epd", "EPD suite (runfiles-relative path)");
ABSL_FLAG(int, max_depth, 4, "deepest depth to check");
ABSL_FLAG(int, min_depth, 1, "shallowest depth to check");

namespace pyke {
namespace {

TEST(PerftSuite, EveryPositionMatchesItsReferenceCounts) {
  const absl::StatusOr<std::vector<epd::Record>> cases = epd::read_file(absl::GetFlag(FLAGS_suite));
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_FALSE(cases->empty());
  const int min_depth = absl::GetFlag(FLAGS_min_depth);
  const int max_depth = absl::GetFlag(FLAGS_max_depth);
  int checked = 0;
  for (const epd::Record& c : *cases) {
    absl::StatusOr<Position> pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << "line " << c.line << ": " << pos.status();
    for (const auto& [depth, expected] : c.counts) {
      if (depth < min_depth || depth > max_depth) continue;
      EXPECT_EQ(absl::uint128(testing::count_perft(*pos, depth)), expected)
          << "line " << c.line << " depth " << depth << ": " << c.fen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no count in the depth range";
  std::printf("checked %d counts of %zu positions, depths %d-%d%s\n", checked, cases->size(),
              min_depth, max_depth, testing::perft_runner_description().c_str());
}

}  // namespace
}  // namespace pyke

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  absl::ParseCommandLine(argc, argv);
  return RUN_ALL_TESTS();
}
