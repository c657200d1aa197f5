// bench.h — `pyke bench`: perft of a fixed set of positions and depths (about a second here),
// each count checked against its published value, then the total nodes per second, with the
// slider backend it ran on and why that one, and the counting path of the last ply. Unless one
// backend is forced, the same positions are then counted on every other backend compiled in,
// and their totals printed for comparison.
//
//   pyke bench                    the chosen backend, then every backend's total
//   pyke bench --backend magic    only magic (also: pext, hq)
#ifndef PYKE_CLI_BENCH_H_
#define PYKE_CLI_BENCH_H_

#include <optional>
#include <ostream>
#include <string>

#include "movegen/attacks.h"

namespace pyke {

struct BenchOptions {
  int threads = 1;
  SliderBackend backend = BuildSliders::kBackend;  // the backend the perft kernels run with
  std::string reason;                              // why that one ("forced by --backend")
  bool compare_backends = true;                    // also total every other compiled backend
};

// Runs the benchmark without hashing. Returns 0, or 1 when a count is wrong. Leaves the run-time
// slider backend as options.backend.
int run_bench(std::ostream& out, const BenchOptions& options);

}  // namespace pyke

#endif  // PYKE_CLI_BENCH_H_
