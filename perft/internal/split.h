// split.h — counting a tree on many threads: cut it into work units, count them on a pool,
// report progress, and sum each root move's units. Internal to //perft: perft() and divide()
// count nodes with it, perft_stats() and divide_stats() statistics.
//
//   absl::StatusOr<std::vector<RootCount<absl::uint128>>> counts = split_count<absl::uint128>(
//       pos, depth, threads, stop, progress, interval_ms,
//       [&](const Position& unit, int d) { return count_stoppable(unit, d, *stop); });
//
// The tree is cut at a ply chosen from the thread count (ply 1 for one thread; deeper until there
// are at least kUnitsPerThread subtrees per thread, or the subtrees would be too shallow to be
// worth a unit). Threads take the next unit from a shared index (one atomic increment per unit,
// never per node). Each unit's count is written once into its own slot; the per-root-move totals
// are summed in 128 bits after all threads finish, so the result is the same for every thread
// count.
//
// A count type `Value` has `add_count(Value&, const Value&)` (false on overflow) and
// `nodes_of(const Value&)` (the leaves, for progress).
#ifndef PYKE_PERFT_INTERNAL_SPLIT_H_
#define PYKE_PERFT_INTERNAL_SPLIT_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "perft/internal/kernel.h"
#include "perft/perft.h"

namespace pyke::perft::internal {

// Subtrees shallower than this are not split further: a unit of depth 2 is a few hundred leaves.
inline constexpr int kMinUnitDepth = 2;

// One subtree to count: the position below `root` (an index into the root moves) after some
// moves, and its remaining depth.
struct Unit {
  Position pos;
  int depth;
  int root;
};

// Cuts the tree below `pos` into units: the root moves, then deeper plies until there are
// enough units for the threads (or the units would be too shallow).
std::vector<Unit> split(const Position& pos, int depth, int threads, std::vector<Move>& roots);

// One root move and what its units counted.
template <class Value>
struct RootCount {
  Move move;
  Value value;
};

// What the threads share. Each unit's slot is written by exactly one thread, once.
template <class Value>
struct Work {
  std::vector<Unit> units;
  std::vector<Value> counts;
  std::unique_ptr<std::atomic<bool>[]> done;
  std::unique_ptr<std::atomic<int>[]> units_left;  // per root move
  alignas(64) std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable changed;
  int roots_finished = 0;  // guarded by mutex: root moves whose units are all counted
  int workers_left = 0;    // guarded by mutex: threads still running
};

// One thread's share: the next unit until none is left or the count is stopped.
template <class Value, class CountUnit>
void work(Work<Value>& w, const CountUnit& count_unit, const std::atomic<bool>* stop) {
  while (true) {
    const size_t u = w.next.fetch_add(1, std::memory_order_relaxed);
    if (u >= w.units.size() || stop->load(std::memory_order_relaxed)) break;
    const Unit& unit = w.units[u];
    w.counts[u] = count_unit(unit.pos, unit.depth);
    w.done[u].store(true, std::memory_order_release);
    if (w.units_left[unit.root].fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(w.mutex);
      ++w.roots_finished;
      w.changed.notify_one();
    }
  }
  std::lock_guard<std::mutex> lock(w.mutex);
  --w.workers_left;
  w.changed.notify_one();
}

// Root moves done and nodes counted so far, from the units that are finished.
template <class Value>
void report_progress(Work<Value>& w, int root_count, const Progress& progress) {
  int roots_done = 0;
  for (int r = 0; r < root_count; ++r) roots_done += w.units_left[r].load() == 0;
  absl::uint128 nodes = 0;
  for (size_t u = 0; u < w.units.size(); ++u) {
    if (w.done[u].load(std::memory_order_acquire)) add_count(nodes, nodes_of(w.counts[u]));
  }
  progress(roots_done, root_count, nodes);
}

// Counts the tree below `pos` to `depth` (≥ 1; depth and threads already checked) on `threads`
// threads, `count_unit(unit_position, unit_depth)` counting each unit, and returns one count per
// root move in generation order. `stop` may be null; once it is set, the call returns
// CancelledError. `progress` may be empty.
template <class Value, class CountUnit>
absl::StatusOr<std::vector<RootCount<Value>>> split_count(
    const Position& pos, int depth, int threads, const std::atomic<bool>* stop,
    const Progress& progress, int progress_interval_ms, const CountUnit& count_unit) {
  const std::atomic<bool> never{false};
  if (stop == nullptr) stop = &never;

  Work<Value> w;
  std::vector<Move> roots;
  w.units = split(pos, depth, threads, roots);
  const int root_count = static_cast<int>(roots.size());
  w.counts.assign(w.units.size(), Value{});
  w.done = std::make_unique<std::atomic<bool>[]>(w.units.size());
  w.units_left = std::make_unique<std::atomic<int>[]>(roots.size());
  for (const Unit& unit : w.units) w.units_left[unit.root].fetch_add(1);

  // No more threads than units: the rest would find nothing to do.
  threads = static_cast<int>(std::min<size_t>(threads, std::max<size_t>(w.units.size(), 1)));
  w.workers_left = threads;
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&w, &count_unit, stop] { work(w, count_unit, stop); });
  }

  // The calling thread reports progress (after each finished root move, and every interval)
  // until every worker has left: all units counted, or the count stopped.
  int roots_reported = 0;
  while (true) {
    bool workers_done = false, roots_changed = false;
    {
      std::unique_lock<std::mutex> lock(w.mutex);
      w.changed.wait_for(lock, std::chrono::milliseconds(progress_interval_ms),
                         [&] { return w.workers_left == 0 || w.roots_finished != roots_reported; });
      workers_done = w.workers_left == 0;
      roots_changed = w.roots_finished != roots_reported;
      roots_reported = w.roots_finished;
    }
    if (progress && !stop->load() && (roots_changed || !workers_done)) {
      report_progress(w, root_count, progress);
    }
    if (workers_done) break;
  }
  for (std::thread& t : pool) t.join();
  if (stop->load()) return absl::CancelledError("the count was stopped");

  std::vector<RootCount<Value>> counts(roots.size());
  for (int r = 0; r < root_count; ++r) counts[r] = {roots[r], Value{}};
  for (size_t u = 0; u < w.units.size(); ++u) {
    if (!add_count(counts[w.units[u].root].value, w.counts[u])) return overflow_error(depth);
  }
  return counts;
}

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_SPLIT_H_
