#include "gtest/gtest.h"
#include "perft/perft.h"
#include "tests/perft_runner.h"

namespace pyke::testing {

absl::uint128 count_perft(const Position& pos, int depth) {
  absl::StatusOr<absl::uint128> nodes = perft::perft(pos, depth);
  EXPECT_TRUE(nodes.ok()) << nodes.status();
  return nodes.value_or(0);
}

std::string perft_runner_description() { return ", no hashing"; }

}  // namespace pyke::testing
