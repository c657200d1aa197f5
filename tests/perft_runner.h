// perft_runner.h — how the suite tests count: plain perft, or through a //tt table of
// --hash_buckets buckets.
#ifndef PYKE_TESTS_PERFT_RUNNER_H_
#define PYKE_TESTS_PERFT_RUNNER_H_

#include <cstdint>
#include <string>

#include "absl/numeric/int128.h"
#include "movegen/position.h"

namespace pyke::testing {

// Perft of pos to depth by the configured route; fails the test on an error status.
absl::uint128 count_perft(const Position& pos, int depth);

// ", no hashing" or ", hash N MB", for the test's summary line.
std::string perft_runner_description();

}  // namespace pyke::testing

#endif  // PYKE_TESTS_PERFT_RUNNER_H_
