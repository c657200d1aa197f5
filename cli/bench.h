// bench.h — `pyke bench`: perft of a fixed set of positions and depths (about a second here),
// each count checked against its published value, then the total nodes per second.
#ifndef PYKE_CLI_BENCH_H_
#define PYKE_CLI_BENCH_H_

#include <ostream>

namespace pyke {

// Runs the benchmark without hashing, on `threads` threads. Returns 0, or 1 when a count is
// wrong.
int run_bench(std::ostream& out, int threads = 1);

}  // namespace pyke

#endif  // PYKE_CLI_BENCH_H_
