// perft.h — perft and divide: count every leaf of the legal move tree to a given depth, on one
// thread or many, with or without a transposition table, exact to 128 bits.
//
//   absl::StatusOr<absl::uint128> nodes = perft::perft(Position::start(), 6);   // 119060324
//
//   perft::Options options;
//   options.threads = 8;
//   options.table = table.get();          // optional (//tt): shared by every thread, lock-free
//   absl::StatusOr<std::vector<perft::DivideEntry>> entries =
//       perft::divide(Position::start(), 8, options);   // one entry per root move
//
// One thread without a stop flag or a progress callback counts in the calling thread, root move
// after root move. Otherwise the tree is split and counted on `options.threads` threads: it is cut
// at a ply chosen from the thread count (ply 1 for one thread; deeper until there are at least
// kUnitsPerThread subtrees per thread, or the subtrees would be too shallow to be worth a unit).
// Each subtree is a work unit; threads take the next unit from a shared index (one atomic increment
// per unit, never per node) and count it with the kernels (internal/kernel.h), through the shared
// table when there is one. Root moves differ in size by 3× or more, but units are many and handed
// out on demand, so no thread waits on a big root move while others idle. Each unit's count is
// written once into its own slot; the per-root-move totals are summed in 128 bits after all threads
// finish, so the result is the same for every thread count.
//
// Stopping: `options.stop` (may be null) is polled by every node of remaining depth 4 or more
// (one relaxed load per ~10^5 leaves); once it is set, counting unwinds within milliseconds,
// nothing more is stored in the table (whatever is stored is exact), and the call returns
// absl::CancelledError.
#ifndef PYKE_PERFT_PERFT_H_
#define PYKE_PERFT_PERFT_H_

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "tt/table.h"

namespace pyke::perft {

// The deepest perft Pyke accepts.
inline constexpr int kMaxDepth = 20;

// The most threads Pyke runs (`--threads`, UCI `Threads`).
inline constexpr int kMaxThreads = 1024;

// How many work units per thread the splitter aims for.
inline constexpr int kUnitsPerThread = 16;

// Marks a count that did not fit 128 bits.
inline const absl::uint128 kOverflow = absl::Uint128Max();

// One root move and the number of leaves below it.
struct DivideEntry {
  Move move;
  absl::uint128 nodes;
};

// Called after each root move of a divide: moves done, moves in all, nodes so far.
using Progress = std::function<void(int done, int total, absl::uint128 nodes)>;

struct Options {
  int threads = 1;                  // 1 … kMaxThreads
  tt::PerftTable* table = nullptr;  // null: no hashing
  // The Zobrist keys the table is probed with (zobrist.h); null: kZobrist, the default seed's.
  // A table holds counts under one key set: clear it before counting with another. The keys
  // must outlive the call; the unhashed kernels never read them.
  const ZobristKeys* keys = nullptr;
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  // Called from the calling thread after every root move whose units are all done, and at least
  // every `progress_interval_ms` while counting, with root moves done, root moves in all, and
  // the nodes counted so far.
  Progress progress;
  int progress_interval_ms = 200;
};

// Perft of `pos` to `depth` (0 … kMaxDepth). Errors: a depth out of range, a bad thread count, a
// count over 2^128-1, and CancelledError when stopped.
absl::StatusOr<absl::uint128> perft(const Position& pos, int depth, const Options& options = {});

// Divide of `pos` to `depth` (1 … kMaxDepth), in generation order of the root moves. Errors:
// those of perft, and depth 0.
absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const Options& options = {});

// Adds `part` to `sum`; false when the sum no longer fits 128 bits (or `part` is kOverflow).
inline bool add_count(absl::uint128& sum, absl::uint128 part) {
  if (part == kOverflow) return false;
  sum += part;
  return sum >= part && sum != kOverflow;
}

// A divide as it is printed: (move in UCI text, nodes) sorted by the text; castling as the king
// taking its rook with `chess960` (see to_uci).
std::vector<std::pair<std::string, absl::uint128>> sorted_divide(
    const std::vector<DivideEntry>& entries, bool chess960);

// The sum of a divide's counts, or kOverflow when it does not fit 128 bits.
absl::uint128 divide_total(const std::vector<DivideEntry>& entries);

// Checks a requested depth: OK, or an error naming the allowed range.
absl::Status check_depth(int depth);

// Checks a thread count: OK, or an error naming the allowed range.
absl::Status check_threads(int threads);

// The error for a count that does not fit 128 bits.
absl::Status overflow_error(int depth);

// Decimal text of a count: "92233720368547758080".
std::string count_text(absl::uint128 nodes);

// The same in groups of three digits, for people: "92,233,720,368,547,758,080".
std::string grouped_count(absl::uint128 nodes);

// The number of CPUs this process may run on (its affinity mask), at least 1.
int available_cpus();

}  // namespace pyke::perft

#endif  // PYKE_PERFT_PERFT_H_
