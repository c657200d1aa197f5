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

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
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
#include "cli/suite.h"
#include "cli/verify_command.h"
#include "console/command_line.h"
#include "console/fail.h"
#include "console/progress_line.h"
#include "count/count.h"
#include "cpu/slider_choice.h"
#include "movegen/attacks.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "request/flags.h"
#include "request/request.h"
#include "tt/stats.h"
#include "uci/engine.h"

ABSL_FLAG(std::string, backend, "",
          "slider backend: pext, magic or hq (default: the fastest this CPU runs; see bench)");
ABSL_FLAG(bool, json, false,
          "print one JSON object instead of text (pyke DEPTH: the divide and the total; bench; "
          "verify: totals and the failures; estimate)");
ABSL_DECLARE_FLAG(uint64_t, seed);  // cli/estimate.cc: estimate and suite

namespace pyke {
namespace {

int fail(const absl::Status& status) { return console::fail("pyke", status); }

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

// The verification's outcome: "Verified: …" on stdout, or its failure on stderr (false), with
// the root moves whose counts differ.
bool report_verification(const count::CountResult& result) {
  const std::optional<count::Verification>& v = result.verification;
  if (!v) return true;
  const bool rekey = v->how == request::Verify::kRekey;
  const uint64_t seed = result.table ? result.table->zobrist_seed : 0;
  if (!v->agrees) {
    if (rekey) {
      std::cerr << "pyke: verification FAILED: Zobrist seed " << seed << " counts "
                << perft::count_text(result.nodes) << ", seed " << v->second_seed << " counts "
                << perft::count_text(v->nodes) << std::endl;
    } else {
      std::cerr << "pyke: verification FAILED: hashed count " << perft::count_text(result.nodes)
                << ", unhashed " << perft::count_text(v->nodes) << std::endl;
    }
    for (const std::string& line : v->differing) std::cerr << "pyke:   " << line << std::endl;
    return false;
  }
  std::cout << "Verified: " << (result.stats ? "the statistics " : "the count ")
            << (rekey ? absl::StrCat("under other keys (Zobrist seeds ", seed, " and ",
                                     v->second_seed, ")")
                      : "without hashing")
            << (result.stats ? " agree" : " agrees") << ", every root move\n";
  return true;
}

// The count's time and speed, and the table it used.
void write_speed(const count::CountResult& result) {
  std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", result.seconds,
                               result.nodes_per_second());
  if (const std::optional<count::TableUse>& t = result.table) {
    // Whether the kernel backs the table with huge pages: without them a big table misses the
    // TLB on nearly every probe.
    std::cout << absl::StrFormat("Hash: %d MB, huge pages %d MB (%s), Zobrist seed %d\n",
                                 t->megabytes, t->huge_page_bytes >> 20, t->huge_page_source,
                                 t->zobrist_seed);
  }
}

// `pyke [--stats] DEPTH [MOVE ...]`: one request counted (count/count.h), its result printed as
// text or, with --json, as one JSON object. Exit status 1 when a verification fails.
int run_perft(const std::vector<char*>& args) {
  const absl::StatusOr<request::CountRequest> request =
      request::make_request(request::fields_from_flags(args, 1));
  if (!request.ok()) return fail(request.status());
  count::RunOptions options;
#ifdef PYKE_WEAK_KEYS_FOR_TEST
  // The test-only build //cli:pyke_weak_keys_for_test keeps 8 bits of each key, so that distinct
  // positions share keys and hashed counts go wrong: tests/rekey_weak_keys_test.sh shows
  // --verify rekey catching it.
  options.weak_key_bits_for_test = 8;
#endif
  absl::StatusOr<count::CountResult> result;
  {
    console::ProgressLine progress(progress_options());
    options.progress = show_root_moves(progress);
    result = count::run(*request, options);
  }
  if (!result.ok()) return fail(result.status());
  if (absl::GetFlag(FLAGS_json)) {
    count::write_json(*result, std::cout);
  } else {
    count::write_text(*result, isatty(STDOUT_FILENO), std::cout);
    if (!report_verification(*result)) return 1;
    write_speed(*result);
  }
  if constexpr (tt::stats::kEnabled) tt::stats::report(std::cerr);
  return result->verified() ? 0 : 1;
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
      "  pyke suite COUNT DEPTH [--seed N] [--chess960] [--threads N] [--hash MB]\n"
      "                                              random positions with their counts, as EPD\n"
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
  if (std::string(args[1]) == "suite") {
    if (absl::GetFlag(FLAGS_json) || absl::GetFlag(FLAGS_stats)) {
      return pyke::fail(absl::InvalidArgumentError(
          "suite writes an EPD perft suite of node counts: --json and --stats do not apply"));
    }
    return pyke::suite_command(args, absl::GetFlag(FLAGS_seed), absl::GetFlag(FLAGS_chess960),
                               absl::GetFlag(FLAGS_threads).value_or(pyke::perft::available_cpus()),
                               absl::GetFlag(FLAGS_hash), absl::GetFlag(FLAGS_quiet));
  }
  if (std::string(args[1]) == "diff") {
    return pyke::diff_command(args, absl::GetFlag(FLAGS_fen), absl::GetFlag(FLAGS_hash),
                              absl::GetFlag(FLAGS_chess960),
                              absl::GetFlag(FLAGS_threads).value_or(pyke::perft::available_cpus()),
                              absl::GetFlag(FLAGS_stats));
  }
  return pyke::run_perft(args);
}
