#include "perft/perft.h"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft {
namespace {

using internal::for_each_child;

// Subtrees shallower than this are not split further: a unit of depth 2 is a few hundred leaves.
constexpr int kMinUnitDepth = 2;

// One subtree to count: the position below `root` (an index into the root moves) after some
// moves, and its remaining depth.
struct Unit {
  Position pos;
  int depth;
  int root;
};

// Cuts the tree below `pos` into units: the root moves, then deeper plies until there are
// enough units for the threads (or the units would be too shallow).
std::vector<Unit> split(const Position& pos, int depth, int threads, std::vector<Move>& roots) {
  std::vector<Unit> units;
  for_each_child(pos, [&](const Position& child, Move move) {
    units.push_back({child, depth - 1, static_cast<int>(roots.size())});
    roots.push_back(move);
  });
  const size_t target = threads > 1 ? size_t{1} * threads * kUnitsPerThread : 0;
  while (units.size() < target && !units.empty() && units.front().depth > kMinUnitDepth) {
    std::vector<Unit> next;
    next.reserve(units.size() * 32);
    for (const Unit& unit : units) {
      // A unit with no moves has no leaves below it (depth ≥ 1): dropping it changes no count.
      for_each_child(unit.pos, [&](const Position& child, Move) {
        next.push_back({child, unit.depth - 1, unit.root});
      });
    }
    units = std::move(next);
  }
  return units;
}

// What the threads share. Each unit's slot is written by exactly one thread, once.
struct Work {
  std::vector<Unit> units;
  std::vector<absl::uint128> counts;
  std::unique_ptr<std::atomic<bool>[]> done;
  std::unique_ptr<std::atomic<int>[]> units_left;  // per root move
  alignas(64) std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable changed;
  int roots_finished = 0;  // guarded by mutex: root moves whose units are all counted
  int workers_left = 0;    // guarded by mutex: threads still running
};

// The keys a hashed count uses.
const ZobristKeys& keys_of(const Options& options) {
  return options.keys != nullptr ? *options.keys : kZobrist;
}

// One thread's share: the next unit until none is left or the count is stopped.
void work(Work& w, const Options& options, const std::atomic<bool>* stop) {
  while (true) {
    const size_t u = w.next.fetch_add(1, std::memory_order_relaxed);
    if (u >= w.units.size() || stop->load(std::memory_order_relaxed)) break;
    const Unit& unit = w.units[u];
    w.counts[u] = options.table != nullptr
                      ? internal::count_stoppable_hashed(unit.pos, unit.depth, *options.table,
                                                         keys_of(options), *stop)
                      : internal::count_stoppable(unit.pos, unit.depth, *stop);
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
void report_progress(Work& w, int root_count, const Progress& progress) {
  int roots_done = 0;
  for (int r = 0; r < root_count; ++r) roots_done += w.units_left[r].load() == 0;
  absl::uint128 nodes = 0;
  for (size_t u = 0; u < w.units.size(); ++u) {
    if (w.done[u].load(std::memory_order_acquire)) add_count(nodes, w.counts[u]);
  }
  progress(roots_done, root_count, nodes);
}

// Divide on `options.threads` threads, stoppable (depth and threads already checked).
absl::StatusOr<std::vector<DivideEntry>> split_divide(const Position& pos, int depth,
                                                      const Options& options) {
  const std::atomic<bool> never{false};
  const std::atomic<bool>* stop = options.stop != nullptr ? options.stop : &never;

  Work w;
  std::vector<Move> roots;
  w.units = split(pos, depth, options.threads, roots);
  const int root_count = static_cast<int>(roots.size());
  w.counts.assign(w.units.size(), 0);
  w.done = std::make_unique<std::atomic<bool>[]>(w.units.size());
  w.units_left = std::make_unique<std::atomic<int>[]>(roots.size());
  for (const Unit& unit : w.units) w.units_left[unit.root].fetch_add(1);

  // No more threads than units: the rest would find nothing to do.
  const int threads =
      static_cast<int>(std::min<size_t>(options.threads, std::max<size_t>(w.units.size(), 1)));
  w.workers_left = threads;
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) pool.emplace_back(work, std::ref(w), std::cref(options), stop);

  // The calling thread reports progress (after each finished root move, and every interval)
  // until every worker has left: all units counted, or the count stopped.
  int roots_reported = 0;
  while (true) {
    bool workers_done = false, roots_changed = false;
    {
      std::unique_lock<std::mutex> lock(w.mutex);
      w.changed.wait_for(lock, std::chrono::milliseconds(options.progress_interval_ms),
                         [&] { return w.workers_left == 0 || w.roots_finished != roots_reported; });
      workers_done = w.workers_left == 0;
      roots_changed = w.roots_finished != roots_reported;
      roots_reported = w.roots_finished;
    }
    if (options.progress && !stop->load() && (roots_changed || !workers_done)) {
      report_progress(w, root_count, options.progress);
    }
    if (workers_done) break;
  }
  for (std::thread& t : pool) t.join();
  if (stop->load()) return absl::CancelledError("the count was stopped");

  std::vector<DivideEntry> entries(roots.size());
  for (int r = 0; r < root_count; ++r) entries[r] = {roots[r], 0};
  for (size_t u = 0; u < w.units.size(); ++u) {
    if (!add_count(entries[w.units[u].root].nodes, w.counts[u])) return overflow_error(depth);
  }
  if (divide_total(entries) == kOverflow) return overflow_error(depth);
  return entries;
}

// One thread, nothing to stop and no progress to report: counted in the calling thread.
bool counts_in_caller(const Options& options) {
  return options.threads == 1 && options.stop == nullptr && !options.progress;
}

// A count in the calling thread, through the table when there is one.
absl::uint128 count_in_caller(const Position& pos, int depth, const Options& options) {
  return options.table != nullptr
             ? internal::count_hashed(pos, depth, *options.table, keys_of(options))
             : internal::count_plain(pos, depth);
}

}  // namespace

absl::StatusOr<absl::uint128> perft(const Position& pos, int depth, const Options& options) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (absl::Status s = check_threads(options.threads); !s.ok()) return s;
  if (depth == 0) return 1;
  if (counts_in_caller(options)) {
    const absl::uint128 nodes = count_in_caller(pos, depth, options);
    if (nodes == kOverflow) return overflow_error(depth);
    return nodes;
  }
  absl::StatusOr<std::vector<DivideEntry>> entries = divide(pos, depth, options);
  if (!entries.ok()) return entries.status();
  return divide_total(*entries);
}

absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const Options& options) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  if (absl::Status s = check_threads(options.threads); !s.ok()) return s;
  if (!counts_in_caller(options)) return split_divide(pos, depth, options);
  const std::vector<DivideEntry> entries = internal::divide_by(
      pos, depth, [&](const Position& child, int d) { return count_in_caller(child, d, options); });
  if (divide_total(entries) == kOverflow) return overflow_error(depth);
  return entries;
}

std::vector<std::pair<std::string, absl::uint128>> sorted_divide(
    const std::vector<DivideEntry>& entries, bool chess960) {
  std::vector<std::pair<std::string, absl::uint128>> lines;
  for (const DivideEntry& e : entries) lines.emplace_back(to_uci(e.move, chess960), e.nodes);
  std::sort(lines.begin(), lines.end());
  return lines;
}

absl::uint128 divide_total(const std::vector<DivideEntry>& entries) {
  absl::uint128 total = 0;
  for (const DivideEntry& e : entries) {
    if (!add_count(total, e.nodes)) return kOverflow;
  }
  return total;
}

absl::Status check_depth(int depth) {
  if (depth < 0 || depth > kMaxDepth) {
    return absl::OutOfRangeError(
        absl::StrCat("depth ", depth, " is out of range: 0 to ", kMaxDepth));
  }
  return absl::OkStatus();
}

absl::Status check_threads(int threads) {
  if (threads < 1 || threads > kMaxThreads) {
    return absl::OutOfRangeError(
        absl::StrCat("thread count ", threads, " is out of range: 1 to ", kMaxThreads));
  }
  return absl::OkStatus();
}

absl::Status overflow_error(int depth) {
  return absl::OutOfRangeError(
      absl::StrCat("perft ", depth, " of this position exceeds 2^128-1 nodes"));
}

std::string count_text(absl::uint128 nodes) {
  std::ostringstream text;
  text << nodes;
  return text.str();
}

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int count = CPU_COUNT(&set);
    if (count > 0) return std::min(count, kMaxThreads);
  }
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware > 0 ? static_cast<int>(std::min<unsigned>(hardware, kMaxThreads)) : 1;
}

}  // namespace pyke::perft
