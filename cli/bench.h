// bench.h — `pyke bench`: perft of a fixed set of positions and depths (about a second here),
// each count checked against its published value, then the total nodes per second, with the
// slider backend it ran on and why that one, and the counting path of the last ply. Unless a
// backend is forced, the same positions are then counted once more by every kernel compiled in
// (each slider backend with each counting path, one thread, no table) and their totals printed
// side by side.
//
//   pyke bench                    the chosen backend, then every kernel's total
//   pyke bench --backend magic    only magic (also: pext, hq)
//   pyke bench --json             the same as one JSON object (see bench.cc)
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
  bool compare_backends = true;                    // also total every compiled kernel
  bool json = false;                               // one JSON object instead of text
};

// Runs the benchmark without hashing. Returns 0, or 1 when a count is wrong. Leaves the run-time
// slider backend as options.backend.
int run_bench(std::ostream& out, const BenchOptions& options);

}  // namespace pyke

#endif  // PYKE_CLI_BENCH_H_
