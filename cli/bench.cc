#include "cli/bench.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/bench_epd.h"
#include "epd/epd.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/position.h"
#include "perft/internal/cache.h"
#include "perft/internal/kernel.h"
#include "perft/perft.h"

namespace pyke {
namespace {

using Clock = std::chrono::steady_clock;

// Counts one position: perft's own entry (threads, run-time backend), or one kernel.
using CountFunction = absl::StatusOr<absl::uint128> (*)(const Position& pos, int depth,
                                                        int threads);

absl::StatusOr<absl::uint128> count_with_perft(const Position& pos, int depth, int threads) {
  perft::Options options;
  options.threads = threads;
  return perft::perft(pos, depth, options);
}

// One thread, no table, the kernels instantiated for slider backend S and counting path W.
template <class S, bool W>
absl::StatusOr<absl::uint128> count_with_kernel(const Position& pos, int depth, int) {
  perft::internal::NoCache cache;
  return perft::internal::count_with_sliders<perft::internal::NoCache, CountingPath<S, W>>(
      pos, depth, cache, 0);
}

struct BenchTotal {
  absl::uint128 nodes = 0;
  double seconds = 0;
  int wrong = 0;
  bool failed = false;  // a FEN or a count failed: message printed
  double nodes_per_second() const { return static_cast<double>(nodes) / seconds; }
};

// Counts every record; one line per position when `verbose`, wrong counts always.
BenchTotal count_records(const std::vector<epd::Record>& records, CountFunction count,
                         int threads, bool verbose, std::ostream& out) {
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
    const absl::StatusOr<absl::uint128> nodes = count(*pos, depth, threads);
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

std::string_view counting_path_name(bool setwise) { return setwise ? "setwise" : "scalar"; }

constexpr std::string_view kCountingPath =
    kHasSetwiseCount ? "setwise (AVX-512: the last ply's knights and sliders all at once)"
                     : "scalar (piece by piece; no AVX-512 VPOPCNTDQ in this build)";

// Every kernel compiled in: slider backend × counting path.
struct Kernel {
  SliderBackend backend;
  bool setwise;
  CountFunction count;
};

template <class S>
void add_kernels(std::vector<Kernel>& kernels) {
  if constexpr (kHasSetwiseCount) {
    kernels.push_back({S::kBackend, true, count_with_kernel<S, true>});
  }
  kernels.push_back({S::kBackend, false, count_with_kernel<S, false>});
}

std::vector<Kernel> compiled_kernels() {
  std::vector<Kernel> kernels;
#if PYKE_HAS_PEXT
  add_kernels<PextSliders>(kernels);
#endif
  add_kernels<MagicSliders>(kernels);
  add_kernels<HyperbolaSliders>(kernels);
  return kernels;
}

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
  const BenchTotal total =
      count_records(*records, count_with_perft, options.threads, /*verbose=*/true, out);
  if (total.failed) return 1;
  out << absl::StrFormat("\nTotal: %d nodes in %.3f s, %.0f nodes/s (%d thread%s, slider "
                         "backend: %s)\n",
                         total.nodes, total.seconds, total.nodes_per_second(), options.threads,
                         options.threads == 1 ? "" : "s", slider_backend_name(options.backend));
  int wrong = total.wrong;
  if (options.compare_backends) {
    out << "\nevery kernel (same positions, 1 thread, total nodes/s, ratio to the first):\n";
    double first = 0;
    for (const Kernel& k : compiled_kernels()) {
      const BenchTotal t = count_records(*records, k.count, 1, /*verbose=*/false, out);
      if (t.failed) return 1;
      wrong += t.wrong;
      if (first == 0) first = t.nodes_per_second();
      const bool chosen = k.backend == options.backend && k.setwise == kHasSetwiseCount;
      out << absl::StrFormat("  %-6s %-8s %14.0f  %.2fx%s\n", slider_backend_name(k.backend),
                             counting_path_name(k.setwise), t.nodes_per_second(),
                             t.nodes_per_second() / first, chosen ? "  (chosen)" : "");
    }
    if (!slider_backend_compiled(SliderBackend::kPext)) {
      out << "  (pext: not in this build, whose target has no BMI2)\n";
    }
  }
  if (wrong) out << "ERROR: " << wrong << " wrong counts\n";
  return wrong ? 1 : 0;
}

}  // namespace pyke
