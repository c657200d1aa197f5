#include "cli/bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/bench_epd.h"
#include "console/json.h"
#include "epd/epd.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/position.h"
#include "perft/internal/cache.h"
#include "perft/internal/kernel.h"
#include "perft/internal/plans.h"
#include "perft/perft.h"

namespace pyke {
namespace {

using Clock = std::chrono::steady_clock;

// Counts one position: perft's own entry (threads, run-time backend), or one kernel.
using CountFunction = absl::StatusOr<absl::uint128> (*)(const Position& pos, int depth,
                                                        int threads);

// Through a stop flag (never set), as `pyke DEPTH`, UCI and the Python module count: so bench
// times the kernels they run, and the PGO training run of bench trains those kernels.
absl::StatusOr<absl::uint128> count_with_perft(const Position& pos, int depth, int threads) {
  const std::atomic<bool> never{false};
  perft::Options options;
  options.threads = threads;
  options.stop = &never;
  return perft::perft(pos, depth, options);
}

// One thread, no table, the kernels instantiated for slider backend S and counting path W. The
// build's own path is S itself, as perft runs it: its depth-2 nodes are compiled for S and for
// S on the scalar path (perft/depth2_node*.cc), not for any other spelling of the same policy.
template <class S, bool W>
absl::StatusOr<absl::uint128> count_with_kernel(const Position& pos, int depth, int) {
  using Path = std::conditional_t<W == kHasSetwiseCount, S, CountingPath<S, W>>;
  perft::internal::NoCache cache;
  return perft::internal::count_with_sliders<decltype(cache), Path>(pos, depth, cache, 0);
}

// One position's count.
struct BenchRow {
  std::string id;
  std::string set;  // the record's `c0` text: "middlegame" or "endgame"
  int depth;
  absl::uint128 nodes;
  absl::uint128 expected;
  double seconds;
  bool wrong() const { return nodes != expected; }
};

struct BenchTotal {
  std::vector<BenchRow> rows;
  absl::uint128 nodes = 0;
  double seconds = 0;
  int wrong = 0;
  absl::Status error;  // a FEN or a count failed
  double nodes_per_second() const { return static_cast<double>(nodes) / seconds; }
};

// Counts every record at its deepest listed depth.
BenchTotal count_records(const std::vector<epd::Record>& records, CountFunction count,
                         int threads) {
  BenchTotal total;
  for (const epd::Record& record : records) {
    const auto& [depth, expected] = *record.counts.rbegin();  // the deepest listed depth
    const auto set = record.comments.find(0);
    if (set == record.comments.end()) {
      total.error =
          absl::InvalidArgumentError(absl::StrCat("cli/bench.epd:", record.line,
                                                  ": no set named (c0 \"middlegame\" or c0 "
                                                  "\"endgame\")"));
      return total;
    }
    const absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    const Clock::time_point start = Clock::now();
    const absl::StatusOr<absl::uint128> nodes =
        pos.ok() ? count(*pos, depth, threads) : absl::StatusOr<absl::uint128>(pos.status());
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!nodes.ok()) {
      total.error =
          absl::Status(nodes.status().code(),
                       absl::StrCat("cli/bench.epd:", record.line, ": ", nodes.status().message()));
      return total;
    }
    total.rows.push_back({record.id, set->second, depth, *nodes, expected, seconds});
    total.nodes += *nodes;
    total.seconds += seconds;
    total.wrong += total.rows.back().wrong();
  }
  return total;
}

// The rows of one set, added up.
struct SetTotal {
  std::string name;
  absl::uint128 nodes = 0;
  double seconds = 0;
  double nodes_per_second() const { return static_cast<double>(nodes) / seconds; }
};

// Each set's total, in the order the sets first appear in the file.
std::vector<SetTotal> set_totals(const BenchTotal& total) {
  std::vector<SetTotal> sets;
  for (const BenchRow& r : total.rows) {
    auto it =
        std::find_if(sets.begin(), sets.end(), [&](const SetTotal& t) { return t.name == r.set; });
    if (it == sets.end()) it = sets.insert(sets.end(), SetTotal{r.set});
    it->nodes += r.nodes;
    it->seconds += r.seconds;
  }
  return sets;
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

// `pyke bench --json`: one object, counts as JSON integers in full (console/json.h):
//   {"backend": "pext", "reason": …, "counting_path": "setwise", "threads": 1,
//    "positions": [{"id": "start", "set": "middlegame", "depth": 6, "nodes": 119060324,
//                   "expected": 119060324, "seconds": 0.05, "nodes_per_second": …}, …],
//    "sets": [{"name": "middlegame", "nodes": …, "seconds": …, "nodes_per_second": …}, …],
//    "total": {"nodes": …, "seconds": …, "nodes_per_second": …},
//    "kernels": [{"backend": "pext", "counting_path": "setwise", "nodes_per_second": …,
//                 "ratio": 1.0, "chosen": true}, …],
//    "wrong": 0}
struct KernelTotal {
  Kernel kernel;
  double nodes_per_second;
  bool chosen;  // the kernel `pyke DEPTH` runs: the chosen backend and the build's counting path
};

void write_bench_json(const BenchOptions& options, const BenchTotal& total,
                      const std::vector<KernelTotal>& kernels, int wrong, std::ostream& out) {
  out << "{\"backend\": " << json_string(std::string(slider_backend_name(options.backend)))
      << ", \"reason\": " << json_string(options.reason)
      << ", \"counting_path\": " << json_string(std::string(counting_path_name(kHasSetwiseCount)))
      << ", \"plans_off\": " << json_string(std::string(perft::internal::kPlansOffText))
      << ", \"threads\": " << options.threads << ", \"positions\": [";
  for (size_t i = 0; i < total.rows.size(); ++i) {
    const BenchRow& r = total.rows[i];
    out << (i ? ", " : "") << "{\"id\": " << json_string(r.id)
        << ", \"set\": " << json_string(r.set) << ", \"depth\": " << r.depth
        << ", \"nodes\": " << perft::count_text(r.nodes)
        << ", \"expected\": " << perft::count_text(r.expected)
        << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f}", r.seconds,
                           static_cast<double>(r.nodes) / r.seconds);
  }
  out << "], \"sets\": [";
  const std::vector<SetTotal> sets = set_totals(total);
  for (size_t i = 0; i < sets.size(); ++i) {
    out << (i ? ", " : "") << "{\"name\": " << json_string(sets[i].name)
        << ", \"nodes\": " << perft::count_text(sets[i].nodes)
        << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f}", sets[i].seconds,
                           sets[i].nodes_per_second());
  }
  out << "], \"total\": {\"nodes\": " << perft::count_text(total.nodes)
      << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f}", total.seconds,
                         total.nodes_per_second())
      << ", \"kernels\": [";
  for (size_t i = 0; i < kernels.size(); ++i) {
    const KernelTotal& k = kernels[i];
    out << (i ? ", " : "")
        << "{\"backend\": " << json_string(std::string(slider_backend_name(k.kernel.backend)))
        << ", \"counting_path\": " << json_string(std::string(counting_path_name(k.kernel.setwise)))
        << absl::StrFormat(", \"nodes_per_second\": %.0f, \"ratio\": %.4f", k.nodes_per_second,
                           k.nodes_per_second / kernels.front().nodes_per_second)
        << ", \"chosen\": " << (k.chosen ? "true" : "false") << "}";
  }
  out << "], \"wrong\": " << wrong << "}\n";
}

void write_rows(const BenchTotal& total, std::ostream& out) {
  for (const BenchRow& r : total.rows) {
    out << absl::StrFormat("%-12s %-10s %5d %12d %9.3f %14.0f", r.id, r.set, r.depth, r.nodes,
                           r.seconds, static_cast<double>(r.nodes) / r.seconds);
    if (r.wrong()) out << "  WRONG: " << r.id << " expected " << r.expected;
    out << '\n';
  }
}

}  // namespace

int run_bench(std::ostream& out, const BenchOptions& options) {
  // kBenchEpd is cli/bench.epd, compiled in; a broken file fails the build's own tests.
  const absl::StatusOr<std::vector<epd::Record>> records = epd::parse(kBenchEpd, "cli/bench.epd");
  if (!records.ok()) {
    out << "ERROR: " << records.status().message() << '\n';
    return 1;
  }
  set_slider_backend(options.backend);
  const BenchTotal total = count_records(*records, count_with_perft, options.threads);
  if (!total.error.ok()) {
    out << "ERROR: " << total.error.message() << '\n';
    return 1;
  }
  int wrong = total.wrong;
  std::vector<KernelTotal> kernels;
  if (options.compare_backends) {
    for (const Kernel& k : compiled_kernels()) {
      const BenchTotal t = count_records(*records, k.count, 1);
      if (!t.error.ok()) {
        out << "ERROR: " << t.error.message() << '\n';
        return 1;
      }
      wrong += t.wrong;
      kernels.push_back(
          {k, t.nodes_per_second(), k.backend == options.backend && k.setwise == kHasSetwiseCount});
    }
  }
  if (options.json) {
    write_bench_json(options, total, kernels, wrong, out);
    return wrong ? 1 : 0;
  }

  out << "slider backend: " << slider_backend_name(options.backend) << " (" << options.reason
      << ")\ncounting path: " << kCountingPath << '\n';
  // A build with --//perft:plans_off counts its depth-2 nodes otherwise: say so beside its speed.
  if (!perft::internal::kPlansOffText.empty()) {
    out << "depth-2 plans off: " << perft::internal::kPlansOffText << '\n';
  }
  out << '\n';
  out << absl::StrFormat("%-12s %-10s %5s %12s %9s %14s\n", "position", "set", "depth", "nodes",
                         "seconds", "nodes/s");
  write_rows(total, out);
  out << '\n';
  for (const SetTotal& set : set_totals(total)) {
    out << absl::StrFormat("%s: %d nodes in %.3f s, %.0f nodes/s\n", set.name, set.nodes,
                           set.seconds, set.nodes_per_second());
  }
  out << absl::StrFormat(
      "Total: %d nodes in %.3f s, %.0f nodes/s (%d thread%s, slider "
      "backend: %s)\n",
      total.nodes, total.seconds, total.nodes_per_second(), options.threads,
      options.threads == 1 ? "" : "s", slider_backend_name(options.backend));
  if (options.compare_backends) {
    out << "\nevery kernel (same positions, 1 thread, total nodes/s, ratio to the first):\n";
    for (const KernelTotal& k : kernels) {
      out << absl::StrFormat("  %-6s %-8s %14.0f  %.2fx%s\n", slider_backend_name(k.kernel.backend),
                             counting_path_name(k.kernel.setwise), k.nodes_per_second,
                             k.nodes_per_second / kernels.front().nodes_per_second,
                             k.chosen ? "  (chosen)" : "");
    }
    if (!slider_backend_compiled(SliderBackend::kPext)) {
      out << "  (pext: not in this build, whose target has no BMI2)\n";
    }
  }
  if (wrong) out << "ERROR: " << wrong << " wrong counts\n";
  return wrong ? 1 : 0;
}

}  // namespace pyke
