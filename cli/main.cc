// pyke — perft from the command line, or a UCI engine when given no arguments.
//
//   pyke 7                      perft 7 of the start position, as a divide
//   pyke 5 e2e4 e7e5            after the moves 1.e4 e5
//   pyke --fen "<FEN>" 4        from a position
//   pyke --hash 256 8           with a 256 MB transposition table
//   pyke --hash 256 --verify 7  … and again without it, failing unless the two agree
//   pyke --hash 4096 --verify rekey 9   … and again under other keys, every root move compared
//   pyke --hash 256 --zobrist-seed 42 8  with the table's keys drawn from seed 42
//   pyke estimate 15 --seconds 60       a Monte-Carlo estimate of perft 15 (cli/estimate.h)
//   pyke --threads 8 9          on 8 threads (default: every CPU this process may use)
//   pyke --stats 6              perft statistics per move type, by depth and root move
//   pyke --fen "<Shredder-FEN>" 5   a Chess960 position; castling printed as king takes rook
//   pyke bench                  fixed positions and depths; counts checked; nodes/s per backend
//   pyke bench --backend hq     … on one slider backend only (pext, magic, hq)
//   pyke verify FILE.epd        every count of an EPD perft suite (verify/verify.h)
//   pyke diff --engine CMD 5    where another engine's perft goes wrong (cli/diff.h)
//   pyke                        UCI on stdin/stdout
//
// Errors (bad depth, move, FEN, hash size) print one line on stderr and exit with status 2.
// Before anything runs, //cpu:check refuses (status 2) a CPU that lacks an instruction the build
// assumed, naming the missing ones and the --config to build with; then the slider backend is
// chosen by what is fast on this CPU (cpu/slider_choice.h).
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/bench.h"
#include "cli/diff.h"
#include "cli/estimate.h"
#include "cli/verify_command.h"
#include "console/command_line.h"
#include "console/fail.h"
#include "console/json.h"
#include "console/progress_line.h"
#include "cpu/slider_choice.h"
#include "movegen/attacks.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/flags.h"
#include "request/request.h"
#include "tt/move_stats_table.h"
#include "tt/stats.h"
#include "tt/table.h"
#include "uci/engine.h"
#include "uci/perft_report.h"

ABSL_FLAG(std::string, backend, "",
          "slider backend: pext, magic or hq (default: the fastest this CPU runs; see bench)");
ABSL_FLAG(bool, json, false,
          "print one JSON object instead of text (pyke DEPTH: the divide and the total; bench; "
          "verify: totals and the failures; estimate)");

namespace pyke {
namespace {

int fail(const absl::Status& status) { return console::fail("pyke", status); }

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Progress of a divide: "7/20 root moves, 1,234,567,890 nodes, 2.1 s, 587,889,471 nodes/s,
// about 4 s left", for people on a terminal.
perft::Progress show_root_moves(console::ProgressLine& line) {
  return [&line](int done, int total, absl::uint128 nodes) {
    if (!line.due()) return;
    const double elapsed = line.seconds();
    const absl::uint128 speed =
        elapsed > 0 ? absl::uint128(static_cast<double>(nodes) / elapsed) : 0;
    line.show(absl::StrFormat("%d/%d root moves, %s nodes, %.1f s, %s nodes/s, about %.0f s left",
                              done, total, perft::grouped_count(nodes), elapsed,
                              perft::grouped_count(speed),
                              console::seconds_left(elapsed, done, total)));
  };
}

console::ProgressLine::Options progress_options() {
  return {.enabled = !absl::GetFlag(FLAGS_quiet)};
}

// The keys drawn from `seed`. The test-only build //cli:pyke_weak_keys_for_test
// (PYKE_WEAK_KEYS_FOR_TEST) keeps only their lowest 8 bits, so that distinct positions share
// keys and hashed counts go wrong: tests/rekey_weak_keys_test.sh shows --verify rekey catching it.
request::Keys keys_for(uint64_t seed) {
#ifdef PYKE_WEAK_KEYS_FOR_TEST
  return request::Keys::weakened_for_test(seed, 8);
#else
  return request::Keys(seed);
#endif
}

// `pyke --json DEPTH`: one object, counts as JSON integers in full (console/json.h):
//   {"fen": …, "chess960": false, "depth": 5, "divide": {"a2a3": 181046, …}, "nodes": 4865609,
//    "seconds": 0.021, "nodes_per_second": 231695666, "threads": 2, "hash_mb": 0,
//    "backend": "pext"}
// with "zobrist_seed" when hashed, and "verify": "recount"|"rekey", "verified": true|false and
// "unhashed_nodes" (recount) or "rekey_seed", "rekey_nodes" and "rekey_divide" (rekey) after
// --verify. The divide's moves are sorted as in the text output.
struct Recount {
  bool rekey = false;
  uint64_t seed = 0;                        // rekey: the second key set's seed
  std::vector<perft::DivideEntry> entries;  // rekey: the second divide
  absl::uint128 nodes = 0;
  bool agrees = false;
};

void write_divide_json(const std::vector<perft::DivideEntry>& entries, bool chess960,
                       std::ostream& out) {
  const std::vector<std::pair<std::string, absl::uint128>> divide =
      perft::sorted_divide(entries, chess960);
  out << "{";
  for (size_t i = 0; i < divide.size(); ++i) {
    out << (i ? ", " : "") << json_string(divide[i].first) << ": "
        << perft::count_text(divide[i].second);
  }
  out << "}";
}

void write_json(const Position& pos, bool chess960, int depth,
                const std::vector<perft::DivideEntry>& entries, absl::uint128 nodes, double seconds,
                double speed, int threads, const tt::PerftTable* hash, uint64_t seed,
                const std::optional<Recount>& recount, std::ostream& out) {
  out << "{\"fen\": " << json_string(pos.to_fen())
      << ", \"chess960\": " << (chess960 ? "true" : "false") << ", \"depth\": " << depth
      << ", \"divide\": ";
  write_divide_json(entries, chess960, out);
  out << ", \"nodes\": " << perft::count_text(nodes)
      << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f", seconds, speed)
      << ", \"threads\": " << threads << ", \"hash_mb\": " << (hash ? hash->megabytes() : 0)
      << ", \"backend\": " << json_string(std::string(slider_backend_name(slider_backend())));
  if (hash != nullptr) out << ", \"zobrist_seed\": " << seed;
  if (recount) {
    out << ", \"verify\": " << (recount->rekey ? "\"rekey\"" : "\"recount\"")
        << ", \"verified\": " << (recount->agrees ? "true" : "false");
    if (recount->rekey) {
      out << ", \"rekey_seed\": " << recount->seed
          << ", \"rekey_nodes\": " << perft::count_text(recount->nodes) << ", \"rekey_divide\": ";
      write_divide_json(recount->entries, chess960, out);
    } else {
      out << ", \"unhashed_nodes\": " << perft::count_text(recount->nodes);
    }
  }
  out << "}\n";
}

// `pyke --stats --json DEPTH`: one object, as write_json's with the statistics:
//   {"fen": …, "chess960": false, "depth": 2, "divide": {"a2a3": {"nodes": 20, "captures": 0,
//    …}, …}, "stats": [{"depth": 1, "nodes": 20, …}, {"depth": 2, …}], "nodes": 400,
//    "seconds": …, "nodes_per_second": …, "threads": 2, "hash_mb": 0, "backend": "pext"}
// with "zobrist_seed" when hashed, and "verified": true|false (and "rekey_seed" for rekey)
// after --verify.
void write_stats_json(const Position& pos, bool chess960, int depth,
                      const perft::StatsReport& report, double seconds, double speed, int threads,
                      const tt::MoveStatsTable* hash, uint64_t seed,
                      std::optional<uint64_t> second_seed, std::optional<bool> verified,
                      std::ostream& out) {
  const std::vector<std::pair<std::string, perft::Stats>> divide =
      perft::sorted_stats_divide(report.divide, chess960);
  out << "{\"fen\": " << json_string(pos.to_fen())
      << ", \"chess960\": " << (chess960 ? "true" : "false") << ", \"depth\": " << depth
      << ", \"divide\": {";
  for (size_t i = 0; i < divide.size(); ++i) {
    out << (i ? ", " : "") << json_string(divide[i].first) << ": " << json_stats(divide[i].second);
  }
  out << "}, \"stats\": [";
  for (size_t d = 0; d < report.by_depth.size(); ++d) {
    const std::string columns = json_stats(report.by_depth[d]);
    out << (d ? ", " : "") << "{\"depth\": " << d + 1 << ", " << columns.substr(1);
  }
  out << "], \"nodes\": " << perft::count_text(report.by_depth.back().nodes)
      << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f", seconds, speed)
      << ", \"threads\": " << threads << ", \"hash_mb\": " << (hash ? hash->megabytes() : 0)
      << ", \"backend\": " << json_string(std::string(slider_backend_name(slider_backend())));
  if (hash) out << ", \"zobrist_seed\": " << seed;
  if (second_seed) out << ", \"rekey_seed\": " << *second_seed;
  if (verified) out << ", \"verified\": " << (*verified ? "true" : "false");
  out << "}\n";
}

// Root moves whose counts differ between two divides of the same position (same move order).
std::vector<std::string> differing_moves(const std::vector<perft::DivideEntry>& a,
                                         const std::vector<perft::DivideEntry>& b, bool chess960) {
  std::vector<std::string> moves;
  for (size_t i = 0; i < a.size(); ++i) {
    if (i >= b.size() || a[i].nodes != b[i].nodes) {
      moves.push_back(absl::StrCat(to_uci(a[i].move, chess960), " ", perft::count_text(a[i].nodes),
                                   " vs ", i < b.size() ? perft::count_text(b[i].nodes) : "-"));
    }
  }
  return moves;
}

// `pyke --stats DEPTH`: the divide, then the statistics by root move and by depth. With
// --verify, every column of every root move is counted again: without the table (recount) or
// with the table cleared and keys from another seed (rekey).
int run_stats(const request::CountRequest& r) {
  const Position& pos = r.root.position;
  const bool chess960 = r.root.chess960;
  absl::StatusOr<std::unique_ptr<tt::MoveStatsTable>> created =
      request::make_table<tt::MoveStatsTable>(r.hash_mb, r.threads);
  if (!created.ok()) return fail(created.status());
  const std::unique_ptr<tt::MoveStatsTable> table = *std::move(created);
  const request::Keys keys = keys_for(r.zobrist_seed);
  perft::StatsOptions options;
  options.threads = r.threads;
  options.table = table.get();
  options.keys = keys.get();
  const bool json = absl::GetFlag(FLAGS_json);
  const Clock::time_point start = Clock::now();
  console::ProgressLine progress(progress_options());
  options.progress = show_root_moves(progress);
  absl::StatusOr<perft::StatsReport> report = perft::stats_report(pos, r.depth, options);
  progress.erase();
  if (!report.ok()) return fail(report.status());
  const double seconds = seconds_since(start);
  const absl::uint128 nodes = report->by_depth.back().nodes;
  const double speed = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;

  std::optional<bool> verified;
  std::optional<uint64_t> second_seed;
  std::optional<request::Keys> other_keys;
  if (r.verify != request::Verify::kNone) {
    options.progress = nullptr;
    if (r.verify == request::Verify::kRekey) {
      second_seed = rekey_seed(r.zobrist_seed);
      other_keys = keys_for(*second_seed);
      options.keys = other_keys->get();
      table->clear(r.threads);  // nothing stored under the first keys may answer a probe
    } else {
      options.table = nullptr;
    }
    absl::StatusOr<std::vector<perft::StatsDivideEntry>> recount =
        perft::divide_stats(pos, r.depth, options);
    if (!recount.ok()) return fail(recount.status());
    verified = recount->size() == report->divide.size();
    for (size_t i = 0; *verified && i < recount->size(); ++i) {
      verified = (*recount)[i].stats == report->divide[i].stats;
    }
  }
  if (json) {
    write_stats_json(pos, chess960, r.depth, *report, seconds, speed, r.threads, table.get(),
                     r.zobrist_seed, second_seed, verified, std::cout);
    return verified.value_or(true) ? 0 : 1;
  }
  uci::write_divide(uci::nodes_of(report->divide), std::cout, chess960);
  std::cout << '\n';
  uci::write_stats_report(report->divide, report->by_depth, chess960, isatty(STDOUT_FILENO),
                          std::cout);
  const std::string how = second_seed ? absl::StrCat("under other keys (Zobrist seeds ",
                                                     r.zobrist_seed, " and ", *second_seed, ")")
                                      : "without hashing";
  if (verified && !*verified) {
    std::cerr << "pyke: verification FAILED: the statistics " << how << " differ" << std::endl;
    return 1;
  }
  if (verified) {
    std::cout << "Verified: the statistics " << how << " agree, every root move at depth "
              << r.depth << "\n";
  }
  std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", seconds, speed);
  if (table) {
    std::cout << absl::StrFormat("Hash: %d MB, huge pages %d MB (%s), Zobrist seed %d\n",
                                 table->megabytes(), table->huge_page_bytes() >> 20,
                                 table->huge_page_source(), r.zobrist_seed);
  }
  return 0;
}

// A divide with the progress line on stderr, erased at the end; `options` keeps no callback
// afterwards.
absl::StatusOr<std::vector<perft::DivideEntry>> divide_with_progress(const Position& pos, int depth,
                                                                     perft::Options& options) {
  console::ProgressLine progress(progress_options());
  options.progress = show_root_moves(progress);
  absl::StatusOr<std::vector<perft::DivideEntry>> divide = perft::divide(pos, depth, options);
  options.progress = nullptr;
  return divide;
}

int run_perft(const std::vector<char*>& args) {
  const absl::StatusOr<request::CountRequest> r =
      request::make_request(request::fields_from_flags(args, 1));
  if (!r.ok()) return fail(r.status());
  if (r->stats) return run_stats(*r);
  const Position& pos = r->root.position;
  const bool chess960 = r->root.chess960;
  const int depth = r->depth;
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> created =
      request::make_table<tt::PerftTable>(r->hash_mb, r->threads);
  if (!created.ok()) return fail(created.status());
  const std::unique_ptr<tt::PerftTable> table = *std::move(created);
  const uint64_t seed = r->zobrist_seed;
  const request::Keys keys = keys_for(seed);
  perft::Options options;
  options.threads = r->threads;
  options.table = table.get();
  options.keys = keys.get();

  const bool json = absl::GetFlag(FLAGS_json);
  const Clock::time_point start = Clock::now();
  std::vector<perft::DivideEntry> entries;
  absl::uint128 nodes = 1;
  if (depth > 0) {
    absl::StatusOr<std::vector<perft::DivideEntry>> divide =
        divide_with_progress(pos, depth, options);
    if (!divide.ok()) return fail(divide.status());
    entries = *std::move(divide);
    nodes = perft::divide_total(entries);
  }
  // Time and speed are the count's own: the recount below is not part of it.
  const double seconds = seconds_since(start);
  if (!json) {
    if (depth == 0) {
      std::cout << "\nNodes searched: 1\n";
    } else {
      uci::write_divide(entries, std::cout, chess960);
    }
  }
  // A hashed count can only be wrong through a key collision (see tt/table.h). A count without
  // the table rules it out; a count under independent keys makes it vanishingly unlikely that
  // both are wrong the same way, root move by root move.
  std::optional<Recount> recount;
  std::optional<request::Keys> other_keys;
  std::vector<std::string> differing;
  if (r->verify == request::Verify::kRecount) {
    options.table = nullptr;
    options.progress = nullptr;
    absl::StatusOr<absl::uint128> unhashed = perft::perft(pos, depth, options);
    if (!unhashed.ok()) return fail(unhashed.status());
    recount = Recount{.nodes = *unhashed, .agrees = *unhashed == nodes};
  } else if (r->verify == request::Verify::kRekey) {
    recount = Recount{.rekey = true, .seed = rekey_seed(seed)};
    other_keys = keys_for(recount->seed);
    options.keys = other_keys->get();
    table->clear(r->threads);  // nothing stored under the first keys may answer a probe
    if (depth > 0) {
      absl::StatusOr<std::vector<perft::DivideEntry>> divide =
          divide_with_progress(pos, depth, options);
      if (!divide.ok()) return fail(divide.status());
      recount->entries = *std::move(divide);
      recount->nodes = perft::divide_total(recount->entries);
    } else {
      recount->nodes = 1;
    }
    differing = differing_moves(entries, recount->entries, chess960);
    recount->agrees = recount->nodes == nodes && differing.empty();
  }
  const bool verified = !recount || recount->agrees;
  const double speed = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
  const tt::PerftTable* hash = table.get();
  if (json) {
    write_json(pos, chess960, depth, entries, nodes, seconds, speed, options.threads, hash, seed,
               recount, std::cout);
  } else {
    if (!verified && !recount->rekey) {
      std::cerr << "pyke: verification FAILED: hashed count " << nodes << ", unhashed "
                << recount->nodes << std::endl;
      return 1;
    }
    if (!verified) {
      std::cerr << "pyke: verification FAILED: Zobrist seed " << seed << " counts " << nodes
                << ", seed " << recount->seed << " counts " << recount->nodes << std::endl;
      for (const std::string& line : differing) std::cerr << "pyke:   " << line << std::endl;
      return 1;
    }
    if (recount && !recount->rekey) std::cout << "Verified: the count without hashing agrees\n";
    if (recount && recount->rekey) {
      std::cout << "Verified: the count under other keys agrees, every root move (Zobrist seeds "
                << seed << " and " << recount->seed << ")\n";
    }
    std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", seconds, speed);
    if (hash != nullptr) {
      // Whether the kernel backs the table with huge pages: without them a big table misses the
      // TLB on nearly every probe.
      std::cout << absl::StrFormat("Hash: %d MB, huge pages %d MB (%s), Zobrist seed %d\n",
                                   hash->megabytes(), hash->huge_page_bytes() >> 20,
                                   hash->huge_page_source(), seed);
    }
  }
  if constexpr (tt::stats::kEnabled) tt::stats::report(std::cerr);
  return verified ? 0 : 1;
}

// The slider backend to run with and why: --backend, else the choice for this CPU.
absl::StatusOr<cpu::SliderChoice> slider_choice() {
  const std::string forced = absl::GetFlag(FLAGS_backend);
  if (forced.empty()) return cpu::choose_slider_backend_here();
  for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
    if (forced != slider_backend_name(b)) continue;
    if (!slider_backend_compiled(b)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--backend ", forced,
                       ": not in this build (its target has no BMI2; build without "
                       "--config=portable on a CPU with BMI2)"));
    }
    return cpu::SliderChoice{b, "forced by --backend"};
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--backend '", forced, "' is not one of pext, magic, hq"));
}

int run_uci() {
  uci::Engine engine(std::cout);
  engine.set_chess960(absl::GetFlag(FLAGS_chess960));
  engine.set_zobrist_seed(absl::GetFlag(FLAGS_zobrist_seed).value_or(kDefaultZobristSeed));
  // UCI starts with one thread, as GUIs expect, unless --threads says otherwise.
  if (absl::Status s = engine.set_threads(absl::GetFlag(FLAGS_threads).value_or(1)); !s.ok()) {
    return fail(s);
  }
  if (absl::Status s = engine.set_hash_megabytes(absl::GetFlag(FLAGS_hash)); !s.ok()) {
    return fail(s);
  }
  engine.run(std::cin);
  return 0;
}

}  // namespace
}  // namespace pyke

int main(int argc, char** argv) {
  pyke::console::use_pyke_flags_usage({"cli/", "request/"});
  absl::SetProgramUsageMessage(
      "counts chess move paths (perft).\n\n"
      "  pyke [--fen FEN] [--chess960] [--threads N] [--hash MB [--verify [recount|rekey]]]\n"
      "       [--zobrist-seed N] [--stats] [--quiet] [--json] DEPTH [MOVE ...]\n"
      "                                              divide to DEPTH (--stats: per move type)\n"
      "  pyke estimate DEPTH [--seconds S | --samples N] [--seed N] [--fen FEN] [--threads N]\n"
      "       [--json]                               Monte-Carlo estimate of perft DEPTH\n"
      "  pyke [--threads N] [--backend pext|magic|hq] bench   fixed benchmark (1 thread by "
      "default)\n"
      "  pyke verify FILE.epd [--max_depth N] [--threads N] [--hash MB] [--json]\n"
      "                                              check an EPD perft suite\n"
      "  pyke verify --stats FILE.tsv [same flags]   check a perft statistics file\n"
      "  pyke diff --engine CMD [--engine_protocol uci|perftree] [--engine_timeout S]\n"
      "       [--fen FEN] [--chess960] DEPTH [MOVE ...]   find another engine's bug\n"
      "  pyke [--threads N] [--hash MB] [--chess960]  UCI on stdin/stdout");
  std::ios::sync_with_stdio(false);
  pyke::console::accept_dashed_flag_names(argc, argv);  // --max-depth as well as --max_depth
  // `--verify` alone, or `--verify recount|rekey`.
  std::vector<char*> argv_with_values =
      pyke::console::give_bare_flag_a_value(argc, argv, "verify", {"recount", "rekey"});
  const std::vector<char*> args =
      absl::ParseCommandLine(static_cast<int>(argv_with_values.size()), argv_with_values.data());
  const absl::StatusOr<pyke::cpu::SliderChoice> sliders = pyke::slider_choice();
  if (!sliders.ok()) return pyke::fail(sliders.status());
  pyke::set_slider_backend(sliders->backend);
  if (args.size() == 1) return pyke::run_uci();
  if (std::string(args[1]) == "bench") {
    if (args.size() > 2) return pyke::fail(absl::InvalidArgumentError("bench takes no arguments"));
    pyke::BenchOptions options;
    // Bench measures one core unless --threads says otherwise.
    options.threads = absl::GetFlag(FLAGS_threads).value_or(1);
    if (absl::Status s = pyke::perft::check_threads(options.threads); !s.ok()) {
      return pyke::fail(s);
    }
    options.backend = sliders->backend;
    options.reason = sliders->reason;
    options.compare_backends = absl::GetFlag(FLAGS_backend).empty();
    options.json = absl::GetFlag(FLAGS_json);
    return pyke::run_bench(std::cout, options);
  }
  if (std::string(args[1]) == "verify") {
    return pyke::verify_command(
        args, absl::GetFlag(FLAGS_hash), absl::GetFlag(FLAGS_quiet),
        absl::GetFlag(FLAGS_threads).value_or(pyke::perft::available_cpus()),
        absl::GetFlag(FLAGS_stats), absl::GetFlag(FLAGS_json));
  }
  if (std::string(args[1]) == "estimate") {
    return pyke::estimate_command(
        args, absl::GetFlag(FLAGS_fen), absl::GetFlag(FLAGS_chess960),
        absl::GetFlag(FLAGS_threads).value_or(pyke::perft::available_cpus()),
        absl::GetFlag(FLAGS_quiet));
  }
  if (std::string(args[1]) == "diff") {
    return pyke::diff_command(args, absl::GetFlag(FLAGS_fen), absl::GetFlag(FLAGS_hash),
                              absl::GetFlag(FLAGS_chess960),
                              absl::GetFlag(FLAGS_threads).value_or(pyke::perft::available_cpus()),
                              absl::GetFlag(FLAGS_stats));
  }
  return pyke::run_perft(args);
}
