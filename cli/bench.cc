#include "cli/bench.h"

#include <chrono>
#include <cstdint>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/strings/str_format.h"
#include "cli/bench_epd.h"
#include "epd/epd.h"
#include "movegen/attacks.h"
#include "movegen/count_avx512.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "perft/parallel.h"

namespace pyke {
namespace {

using Clock = std::chrono::steady_clock;

struct BenchTotal {
  absl::uint128 nodes = 0;
  double seconds = 0;
  int wrong = 0;
  bool failed = false;  // a FEN or a count failed: message printed
  double nodes_per_second() const { return static_cast<double>(nodes) / seconds; }
};

// Counts every record on the current slider backend; one line per position when `verbose`.
BenchTotal count_records(const std::vector<epd::Record>& records, int threads, bool verbose,
                         std::ostream& out) {
  parallel::Options options;
  options.threads = threads;
  BenchTotal total;
  for (const epd::Record& record : records) {
    const auto& [depth, expected] = *record.counts.rbegin();  // the deepest listed depth
    const absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    if (!pos.ok()) {
      out << "ERROR: cli/bench.epd:" << record.line << ": " << pos.status().message() << '\n';
      total.failed = true;
      return total;
    }
    const Clock::time_point start = Clock::now();
    const absl::StatusOr<absl::uint128> nodes = parallel::count(*pos, depth, options);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!nodes.ok()) {
      out << "ERROR: cli/bench.epd:" << record.line << ": " << nodes.status().message() << '\n';
      total.failed = true;
      return total;
    }
    total.nodes += *nodes;
    total.seconds += seconds;
    if (verbose) {
      out << absl::StrFormat("%-10s %5d %12d %9.3f %14.0f", record.id, depth, *nodes, seconds,
                             static_cast<double>(*nodes) / seconds);
    }
    if (*nodes != expected) {
      out << (verbose ? "  " : "") << "WRONG: " << record.id << " expected " << expected;
      ++total.wrong;
    }
    if (verbose || *nodes != expected) out << '\n';
  }
  return total;
}

constexpr const char* kCountingPath =
    kHasSetwiseCount ? "setwise (AVX-512: knights and sliders of the last ply at once)"
                     : "scalar (piece by piece; no AVX-512 VPOPCNTDQ in this build)";

}  // namespace

int run_bench(std::ostream& out, const BenchOptions& options) {
  // kBenchEpd is cli/bench.epd, compiled in; a broken file fails the build's own tests.
  const absl::StatusOr<std::vector<epd::Record>> records = epd::parse(kBenchEpd, "cli/bench.epd");
  if (!records.ok()) {
    out << "ERROR: " << records.status().message() << '\n';
    return 1;
  }
  out << "slider backend: " << slider_backend_name(options.backend) << " (" << options.reason
      << ")\ncounting path: " << kCountingPath << "\n\n";
  out << absl::StrFormat("%-10s %5s %12s %9s %14s\n", "position", "depth", "nodes", "seconds",
                         "nodes/s");
  set_slider_backend(options.backend);
  const BenchTotal total = count_records(*records, options.threads, /*verbose=*/true, out);
  if (total.failed) return 1;
  out << absl::StrFormat("\nTotal: %d nodes in %.3f s, %.0f nodes/s (%d thread%s, slider "
                         "backend: %s)\n",
                         total.nodes, total.seconds, total.nodes_per_second(), options.threads,
                         options.threads == 1 ? "" : "s", slider_backend_name(options.backend));
  int wrong = total.wrong;
  if (options.compare_backends) {
    out << "\nper slider backend (same positions, total nodes/s):\n";
    for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
      if (!slider_backend_compiled(b)) {
        out << absl::StrFormat("  %-6s %14s  not in this build (no BMI2)\n", slider_backend_name(b), "-");
        continue;
      }
      if (b == options.backend) {
        out << absl::StrFormat("  %-6s %14.0f  (the run above)\n", slider_backend_name(b),
                               total.nodes_per_second());
        continue;
      }
      set_slider_backend(b);
      const BenchTotal other = count_records(*records, options.threads, /*verbose=*/false, out);
      if (other.failed) return 1;
      wrong += other.wrong;
      out << absl::StrFormat("  %-6s %14.0f  %.2fx\n", slider_backend_name(b),
                             other.nodes_per_second(),
                             other.nodes_per_second() / total.nodes_per_second());
    }
    set_slider_backend(options.backend);
  }
  if (wrong) out << "ERROR: " << wrong << " wrong counts\n";
  return wrong ? 1 : 0;
}

}  // namespace pyke
