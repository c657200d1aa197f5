#include "cli/estimate.h"

#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "console/fail.h"
#include "console/json.h"
#include "console/progress_line.h"
#include "movegen/position.h"
#include "perft/estimate.h"
#include "perft/perft.h"
#include "request/request.h"

ABSL_FLAG(std::optional<double>, seconds, std::nullopt,
          "estimate: seconds to sample for, more than 0 and at most 604800 (a week); default 10 "
          "unless --samples is given");
ABSL_FLAG(uint64_t, samples, 0, "estimate: stop after this many samples (0: no sample limit)");
ABSL_FLAG(uint64_t, seed, 1,
          "estimate: seed of the random streams (one per thread); suite: seed of the positions");
ABSL_FLAG(int, frontier_ply, -1,
          "estimate: plies counted exactly from the root before sampling (-1: chosen)");
ABSL_FLAG(int, exact_plies, -1,
          "estimate: plies counted exactly above the leaves after sampling (-1: chosen)");
ABSL_DECLARE_FLAG(bool, json);  // cli/main.cc

namespace pyke {
namespace {

constexpr double kMaxSeconds = 7 * 24 * 3600;
constexpr double kDefaultSeconds = 10;

int fail(const absl::Status& status) { return console::fail("pyke", status); }

std::string percent(long double fraction) {
  return absl::StrFormat("%.4f %%", static_cast<double>(fraction * 100));
}

std::string scientific(long double x) { return absl::StrFormat("%.6e", static_cast<double>(x)); }

void write_text(const perft::Estimate& e, int threads, uint64_t seed, std::ostream& out) {
  out << "Estimate of perft " << e.depth << ": " << perft::count_text(perft::rounded_count(e.mean))
      << " (" << scientific(e.mean) << ")\n";
  if (e.exact) {
    out << "Exact: the tree is shallow enough to count, nothing was sampled\n";
    return;
  }
  out << "95 % interval: " << perft::count_text(perft::rounded_count(e.low())) << " to "
      << perft::count_text(perft::rounded_count(e.high())) << "\n"
      << "  = " << scientific(e.mean) << " ± " << absl::StrFormat("%.3e", double(e.half_width()))
      << " (± " << percent(e.relative_half_width()) << "), standard error "
      << absl::StrFormat("%.3e", double(e.standard_error)) << "\n"
      << "Samples: " << perft::grouped_count(e.samples) << " in "
      << absl::StrFormat("%.1f", e.seconds) << " s on " << threads
      << (threads == 1 ? " thread" : " threads") << ", seed " << seed << "\n"
      << "Method: exact to ply " << e.frontier_ply << " ("
      << perft::grouped_count(e.frontier_positions) << " distinct positions), " << e.random_plies
      << " random plies, exact last " << e.exact_plies << " plies\n";
}

void write_json(const Position& pos, bool chess960, const perft::Estimate& e, int threads,
                uint64_t seed, std::ostream& out) {
  out << "{\"fen\": " << json_string(pos.to_fen())
      << ", \"chess960\": " << (chess960 ? "true" : "false") << ", \"depth\": " << e.depth
      << ", \"estimate\": " << perft::count_text(perft::rounded_count(e.mean))
      << ", \"low\": " << perft::count_text(perft::rounded_count(e.low()))
      << ", \"high\": " << perft::count_text(perft::rounded_count(e.high()))
      << ", \"standard_error\": " << perft::count_text(perft::rounded_count(e.standard_error))
      << ", \"estimate_scientific\": " << json_string(scientific(e.mean))
      << absl::StrFormat(", \"relative_half_width\": %.6e", double(e.relative_half_width()))
      << ", \"exact\": " << (e.exact ? "true" : "false") << ", \"samples\": " << e.samples
      << absl::StrFormat(", \"seconds\": %.3f", e.seconds) << ", \"threads\": " << threads
      << ", \"seed\": " << seed << ", \"frontier_ply\": " << e.frontier_ply
      << ", \"frontier_positions\": " << e.frontier_positions
      << ", \"random_plies\": " << e.random_plies << ", \"exact_plies\": " << e.exact_plies
      << "}\n";
}

}  // namespace

int estimate_command(const std::vector<char*>& args, const std::string& fen, bool chess960,
                     int threads, bool quiet) {
  if (args.size() < 3) {
    return fail(absl::InvalidArgumentError("estimate needs a depth: pyke estimate DEPTH"));
  }
  const absl::StatusOr<int> parsed_depth = request::parse_depth(args[2]);
  if (!parsed_depth.ok()) return fail(parsed_depth.status());
  const int depth = *parsed_depth;
  if (absl::Status s = perft::check_threads(threads); !s.ok()) return fail(s);
  perft::EstimateOptions options;
  options.threads = threads;
  options.seed = absl::GetFlag(FLAGS_seed);
  options.samples = absl::GetFlag(FLAGS_samples);
  const std::optional<double> seconds = absl::GetFlag(FLAGS_seconds);
  if (seconds && !(*seconds > 0 && *seconds <= kMaxSeconds)) {
    return fail(absl::InvalidArgumentError(
        absl::StrFormat("--seconds %g is out of range: more than 0, at most %.0f (a week)",
                        *seconds, kMaxSeconds)));
  }
  options.seconds = seconds.value_or(options.samples > 0 ? 0 : kDefaultSeconds);
  options.frontier_ply = absl::GetFlag(FLAGS_frontier_ply);
  options.exact_plies = absl::GetFlag(FLAGS_exact_plies);
  if (options.frontier_ply < -1 || options.frontier_ply > depth || options.exact_plies < -1 ||
      options.exact_plies > depth) {
    return fail(absl::InvalidArgumentError(absl::StrCat(
        "--frontier_ply and --exact_plies must be -1 (chosen) or 0 to the depth ", depth)));
  }

  const absl::StatusOr<request::Root> root =
      request::parse_root(fen, std::vector<std::string>(args.begin() + 3, args.end()), chess960);
  if (!root.ok()) return fail(root.status());
  const Position& pos = root->position;
  chess960 = root->chess960;

  absl::StatusOr<perft::Estimate> e;
  {
    // The interval narrowing, rewritten in place and erased at the end.
    console::ProgressLine progress({.enabled = !quiet});
    options.progress = [&progress](const perft::Estimate& so_far) {
      if (!progress.due()) return;
      progress.show(absl::StrFormat("%s ± %s, %s samples, %.1f s", scientific(so_far.mean),
                                    percent(so_far.relative_half_width()),
                                    perft::grouped_count(so_far.samples), so_far.seconds));
    };
    e = perft::estimate(pos, depth, options);
    options.progress = nullptr;  // it shows on a line that ends here
  }
  if (!e.ok()) return fail(e.status());
  if (absl::GetFlag(FLAGS_json)) {
    write_json(pos, chess960, *e, threads, options.seed, std::cout);
  } else {
    write_text(*e, threads, options.seed, std::cout);
  }
  return 0;
}

}  // namespace pyke
