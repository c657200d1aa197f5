#include "perft/stats.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "movegen/zobrist.h"
#include "perft/internal/counted.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"
#include "perft/internal/split.h"

namespace pyke::perft {
namespace {

// The statistics of one subtree, through the table when there is one.
Stats count_subtree(const Position& pos, int depth, const StatsOptions& options,
                    const std::atomic<bool>& stop) {
  return options.table != nullptr
             ? internal::stats_hashed(pos, depth, *options.table,
                                      options.keys != nullptr ? *options.keys : kZobrist, stop)
             : internal::stats_plain(pos, depth, stop);
}

}  // namespace

absl::StatusOr<std::vector<StatsDivideEntry>> divide_stats(const Position& pos, int depth,
                                                           const StatsOptions& options) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  if (absl::Status s = check_threads(options.threads); !s.ok()) return s;
  const std::atomic<bool> never{false};
  const std::atomic<bool>& stop = options.stop != nullptr ? *options.stop : never;
  if (depth == 1) {
    // The leaves are the root moves themselves: each is classified on its own.
    std::vector<StatsDivideEntry> entries;
    internal::for_each_child(pos, [&](const Position& child, Move move) {
      entries.push_back({move, internal::leaf_move_stats(pos, move, child)});
    });
    return entries;
  }
  absl::StatusOr<std::vector<internal::RootCount<Stats>>> counts = internal::split_count<Stats>(
      pos, depth, options.threads, &stop, options.progress, options.progress_interval_ms,
      [&](const Position& unit, int d) { return count_subtree(unit, d, options, stop); });
  if (!counts.ok()) return counts.status();
  std::vector<StatsDivideEntry> entries;
  entries.reserve(counts->size());
  for (const auto& [move, stats] : *counts) entries.push_back({move, stats});
  if (divide_stats_total(entries).nodes == kOverflow) return overflow_error(depth);
  return entries;
}

absl::StatusOr<Stats> perft_stats(const Position& pos, int depth, const StatsOptions& options) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (absl::Status s = check_threads(options.threads); !s.ok()) return s;
  if (depth == 0) return depth_zero_stats();
  absl::StatusOr<std::vector<StatsDivideEntry>> entries = divide_stats(pos, depth, options);
  if (!entries.ok()) return entries.status();
  return divide_stats_total(*entries);
}

absl::StatusOr<StatsReport> stats_report(const Position& pos, int depth,
                                         const StatsOptions& options) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  StatsReport report;
  StatsOptions shallow = options;
  shallow.progress = nullptr;
  for (int d = 1; d < depth; ++d) {
    absl::StatusOr<Stats> s = perft_stats(pos, d, shallow);
    if (!s.ok()) return s.status();
    report.by_depth.push_back(*s);
  }
  absl::StatusOr<std::vector<StatsDivideEntry>> divide = divide_stats(pos, depth, options);
  if (!divide.ok()) return divide.status();
  report.divide = *std::move(divide);
  report.by_depth.push_back(divide_stats_total(report.divide));
  return report;
}

std::vector<std::pair<std::string, Stats>> sorted_stats_divide(
    const std::vector<StatsDivideEntry>& entries, bool chess960) {
  std::vector<std::pair<std::string, Stats>> rows;
  rows.reserve(entries.size());
  for (const StatsDivideEntry& e : entries) rows.emplace_back(to_uci(e.move, chess960), e.stats);
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return rows;
}

Stats divide_stats_total(const std::vector<StatsDivideEntry>& entries) {
  Stats total;
  for (const StatsDivideEntry& e : entries) {
    if (!add_count(total, e.stats)) {
      total.nodes = kOverflow;
      return total;
    }
  }
  return total;
}

}  // namespace pyke::perft
