#include "perft/perft.h"

#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"
#include "perft/internal/split.h"

namespace pyke::perft {

namespace internal {

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

}  // namespace internal

namespace {

// The keys a hashed count uses.
const ZobristKeys& keys_of(const Options& options) {
  return options.keys != nullptr ? *options.keys : kZobrist;
}

// Divide on `options.threads` threads, stoppable (depth and threads already checked).
absl::StatusOr<std::vector<DivideEntry>> split_divide(const Position& pos, int depth,
                                                      const Options& options) {
  const std::atomic<bool> never{false};
  const std::atomic<bool>& stop = options.stop != nullptr ? *options.stop : never;
  absl::StatusOr<std::vector<internal::RootCount<absl::uint128>>> counts =
      internal::split_count<absl::uint128>(
          pos, depth, options.threads, &stop, options.progress, options.progress_interval_ms,
          [&](const Position& unit, int d) {
            return options.table != nullptr ? internal::count_stoppable_hashed(
                                                  unit, d, *options.table, keys_of(options), stop)
                                            : internal::count_stoppable(unit, d, stop);
          });
  if (!counts.ok()) return counts.status();
  std::vector<DivideEntry> entries;
  entries.reserve(counts->size());
  for (const auto& [move, nodes] : *counts) entries.push_back({move, nodes});
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

std::string grouped_count(absl::uint128 nodes) {
  const std::string digits = count_text(nodes);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
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
