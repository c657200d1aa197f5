#include "gtest/gtest.h"
#include "movegen/perft.h"
#include "tests/perft_runner.h"

namespace pyke::testing {

uint64_t count_perft(const Position& pos, int depth) {
  absl::StatusOr<uint64_t> nodes = perft(pos, depth);
  EXPECT_TRUE(nodes.ok()) << nodes.status();
  return nodes.value_or(0);
}

std::string perft_runner_description() { return ", no hashing"; }

}  // namespace pyke::testing
