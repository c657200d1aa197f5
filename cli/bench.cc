#include "cli/bench.h"

#include <chrono>
#include <cstdint>

#include "absl/numeric/int128.h"
#include "absl/strings/str_format.h"
#include "cli/bench_epd.h"
#include "epd/epd.h"
#include "movegen/attacks.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "perft/parallel.h"

namespace pyke {

int run_bench(std::ostream& out, int threads) {
  parallel::Options options;
  options.threads = threads;
  using Clock = std::chrono::steady_clock;
  // kBenchEpd is cli/bench.epd, compiled in; a broken file fails the build's own tests.
  const absl::StatusOr<std::vector<epd::Record>> records = epd::parse(kBenchEpd, "cli/bench.epd");
  if (!records.ok()) {
    out << "ERROR: " << records.status().message() << '\n';
    return 1;
  }
  out << absl::StrFormat("%-10s %5s %12s %9s %14s\n", "position", "depth", "nodes", "seconds",
                         "nodes/s");
  absl::uint128 total_nodes = 0;
  double total_seconds = 0;
  int wrong = 0;
  for (const epd::Record& record : *records) {
    const auto& [depth, expected] = *record.counts.rbegin();  // the deepest listed depth
    const absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    if (!pos.ok()) {
      out << "ERROR: cli/bench.epd:" << record.line << ": " << pos.status().message() << '\n';
      return 1;
    }
    const Clock::time_point start = Clock::now();
    const absl::StatusOr<absl::uint128> nodes = parallel::count(*pos, depth, options);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!nodes.ok()) {
      out << "ERROR: cli/bench.epd:" << record.line << ": " << nodes.status().message() << '\n';
      return 1;
    }
    total_nodes += *nodes;
    total_seconds += seconds;
    out << absl::StrFormat("%-10s %5d %12d %9.3f %14.0f", record.id, depth, *nodes, seconds,
                           static_cast<double>(*nodes) / seconds);
    if (*nodes != expected) {
      out << "  WRONG: expected " << expected;
      ++wrong;
    }
    out << '\n';
  }
  out << absl::StrFormat(
      "\nTotal: %d nodes in %.3f s, %.0f nodes/s (%d thread%s, slider backend: %s)\n",
      total_nodes, total_seconds, static_cast<double>(total_nodes) / total_seconds, threads,
      threads == 1 ? "" : "s", kSliderBackendName);
  if (wrong) out << "ERROR: " << wrong << " wrong counts\n";
  return wrong ? 1 : 0;
}

}  // namespace pyke
