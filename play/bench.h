// bench.h — `pyke_play bench`: the search on fixed positions to a fixed depth, each from an empty
// table. The total node count is a signature of the search (it changes only when the search or
// evaluation does); nodes/s measures speed. Also the PGO training run of //play:pyke_play.
//
//   BenchResult r = run_bench(std::cout);   // prints one line per position, then the totals
#ifndef PYKE_PLAY_BENCH_H_
#define PYKE_PLAY_BENCH_H_

#include <cstdint>
#include <ostream>

namespace pyke::play {

inline constexpr int kBenchDepth = 11;

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
};

BenchResult run_bench(std::ostream& out, int depth = kBenchDepth);

}  // namespace pyke::play

#endif  // PYKE_PLAY_BENCH_H_
