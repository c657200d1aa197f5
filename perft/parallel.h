// parallel.h — perft and divide on many threads, sharing one transposition table, stoppable.
//
//   parallel::Options options;
//   options.threads = 8;
//   options.table = table.get();          // optional: shared by every thread, lock-free
//   absl::StatusOr<std::vector<DivideEntry>> entries = parallel::divide(pos, 8, options);
//
// How the work is split: the tree is cut at a ply chosen from the thread count (ply 1 for one
// thread; deeper until there are at least kUnitsPerThread subtrees per thread, or the subtrees
// would be too shallow to be worth a unit). Each subtree is a work unit; threads take the next
// unit from a shared index (one atomic increment per unit, never per node) and count it with
// //movegen's templated kernels, through the shared table when there is one. Root moves differ
// in size by 3× or more, but units are many and handed out on demand, so no thread waits on a
// big root move while others idle. Each unit's count is written once into its own slot; the
// per-root-move totals are summed in 128 bits after all threads finish, so the result is the
// same for every thread count.
//
// Stopping: `options.stop` (may be null) is polled by every node of remaining depth 4 or more
// (one relaxed load per ~10^5 leaves); once it is set, counting unwinds within milliseconds,
// nothing more is stored in the table (whatever is stored is exact), and the call returns
// absl::CancelledError.
#ifndef PYKE_PERFT_PARALLEL_H_
#define PYKE_PERFT_PARALLEL_H_

#include <atomic>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "tt/table.h"

namespace pyke::parallel {

// The most threads Pyke runs (`--threads`, UCI `Threads`).
inline constexpr int kMaxThreads = 1024;

// How many work units per thread the splitter aims for.
inline constexpr int kUnitsPerThread = 16;

struct Options {
  int threads = 1;                          // 1 … kMaxThreads
  tt::PerftTable* table = nullptr;          // null: no hashing
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  // Called from the calling thread after every root move whose units are all done, and at least
  // every `progress_interval_ms` while counting, with root moves done, root moves in all, and
  // the nodes counted so far.
  DivideProgress progress;
  int progress_interval_ms = 200;
};

// Checks a thread count: OK, or an error naming the allowed range.
absl::Status check_threads(int threads);

// Divide of `pos` to `depth` (1 … kMaxPerftDepth), in generation order of the root moves.
// Errors: those of checked_divide, a bad thread count, and CancelledError when stopped.
absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const Options& options);

// Perft of `pos` to `depth` (0 … kMaxPerftDepth); the errors of divide.
absl::StatusOr<absl::uint128> count(const Position& pos, int depth, const Options& options);

// The number of CPUs this process may run on (its affinity mask), at least 1.
int available_cpus();

}  // namespace pyke::parallel

#endif  // PYKE_PERFT_PARALLEL_H_
