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
//   pyke verify FILE.epd        every count of an EPD perft suite (cli/verify.h)
//   pyke diff --engine CMD 5    where another engine's perft goes wrong (cli/diff.h)
//   pyke                        UCI on stdin/stdout
//
// Errors (bad depth, move, FEN, hash size) print one line on stderr and exit with status 2.
// Before anything runs, //cpu:check refuses (status 2) a CPU that lacks an instruction the build
// assumed, naming the missing ones and the --config to build with; then the slider backend is
// chosen by what is fast on this CPU (cpu/slider_choice.h).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/bench.h"
#include "cli/command_line.h"
#include "cli/diff.h"
#include "cli/estimate.h"
#include "cli/text.h"
#include "cli/verify.h"
#include "cpu/slider_choice.h"
#include "movegen/attacks.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "tt/move_stats_table.h"
#include "tt/stats.h"
#include "tt/table.h"
#include "uci/engine.h"
#include "uci/perft_report.h"

ABSL_FLAG(std::string, fen, "", "count from this FEN instead of the start position");
ABSL_FLAG(uint64_t, hash, 0, "transposition table size in MB; 0 turns hashing off");
ABSL_FLAG(bool, chess960, false,
          "Chess960 move notation: castling read and written as the king taking its rook "
          "(e1h1); on by itself for a FEN whose castling field names rook files (Shredder-FEN)");
ABSL_FLAG(bool, quiet, false, "no progress display on stderr during long counts");
ABSL_FLAG(std::optional<int>, threads, std::nullopt,
          "threads to count with, 1 to 1024 (default: every CPU this process may run on)");
ABSL_FLAG(std::string, backend, "",
          "slider backend: pext, magic or hq (default: the fastest this CPU runs; see bench)");
ABSL_FLAG(std::string, verify, "",
          "with --hash: count again and fail unless both agree; 'recount' (without the table: "
          "totals) or 'rekey' (with the table cleared and keys from another seed: totals and "
          "every root move); bare --verify is recount up to depth 8, rekey deeper");
ABSL_FLAG(std::optional<uint64_t>, zobrist_seed, std::nullopt,
          "seed of the hash table's Zobrist keys, 0 to 2^64-1 (default 5789741557033030214, the "
          "built-in keys)");
ABSL_FLAG(bool, stats, false,
          "perft statistics: captures, e.p., castles, promotions, checks, discovered and double "
          "checks, mates, for every depth to DEPTH and per root move");
ABSL_DECLARE_FLAG(bool, json);  // cli/verify.cc

namespace pyke {
namespace {

constexpr int kUsageError = 2;

int fail(const absl::Status& status) {
  std::cerr << "pyke: " << status.message() << std::endl;
  return kUsageError;
}

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Progress on stderr, rewritten in place after each root move and erased at the end.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled), start_(Clock::now()) {}
  ~ProgressLine() { erase(); }

  void erase() {
    if (enabled_ && shown_) std::fprintf(stderr, "\r\x1b[K");
    shown_ = false;
  }

  // Shown only on a terminal, so its format is for people: "7/20 root moves, 1,234,567,890
  // nodes, 2.1 s, 587,889,471 nodes/s, about 4 s left".
  void update(int done, int total, absl::uint128 nodes) {
    if (!enabled_) return;
    const double elapsed = seconds_since(start_);
    const double left = done > 0 ? elapsed * (total - done) / done : 0;
    const absl::uint128 speed =
        elapsed > 0 ? absl::uint128(static_cast<double>(nodes) / elapsed) : 0;
    std::fprintf(stderr,
                 "\r\x1b[K%d/%d root moves, %s nodes, %.1f s, %s nodes/s, about %.0f s left", done,
                 total, perft::grouped_count(nodes).c_str(), elapsed,
                 perft::grouped_count(speed).c_str(), left);
    std::fflush(stderr);
    shown_ = true;
  }

 private:
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_;
};

// The position to count from, and whether its moves are written in Chess960 notation.
absl::StatusOr<Position> starting_position(const std::vector<char*>& args, bool& chess960) {
  absl::StatusOr<Position> pos = Position::start();
  chess960 = absl::GetFlag(FLAGS_chess960);
  if (const std::string fen = absl::GetFlag(FLAGS_fen); !fen.empty()) {
    bool file_letters = false;
    pos = Position::from_fen(fen, &file_letters);
    if (!pos.ok()) return pos.status();
    chess960 = chess960_notation(*pos, chess960 || file_letters);
  }
  return play_uci_moves(*pos, std::vector<std::string>(args.begin() + 2, args.end()), chess960);
}

absl::StatusOr<int> thread_count() {
  const int threads = absl::GetFlag(FLAGS_threads).value_or(perft::available_cpus());
  if (absl::Status s = perft::check_threads(threads); !s.ok()) return s;
  return threads;
}

absl::StatusOr<std::unique_ptr<tt::PerftTable>> make_table(int threads) {
  const uint64_t megabytes = absl::GetFlag(FLAGS_hash);
  if (megabytes == 0) return nullptr;
  return tt::PerftTable::create(megabytes, threads);  // refuses sizes over kMaxMegabytes or the RAM
}

// `pyke --json DEPTH`: one object, counts as JSON integers in full (cli/text.h):
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

// The deepest count that bare --verify recounts without the table; deeper, it rekeys.
constexpr int kMaxRecountDepth = 8;

// The --verify mode: "" (none), "recount" or "rekey"; bare --verify picks by depth.
absl::StatusOr<std::string> verify_mode(int depth) {
  const std::string mode = absl::GetFlag(FLAGS_verify);
  if (mode.empty() || mode == "recount" || mode == "rekey") return mode;
  if (mode == kBareFlagValue) return depth <= kMaxRecountDepth ? "recount" : "rekey";
  return absl::InvalidArgumentError(
      absl::StrCat("--verify '", mode, "' is not one of recount, rekey"));
}

// The keys drawn from `seed`. The test-only build //cli:pyke_weak_keys_for_test
// (PYKE_WEAK_KEYS_FOR_TEST) keeps only their lowest 8 bits, so that distinct positions share
// keys and hashed counts go wrong: tests/rekey_weak_keys_test.sh shows --verify rekey catching it.
// The default seed's keys are kZobrist itself, in read-only data; others are made in `storage`.
const ZobristKeys* keys_from_seed(uint64_t seed, std::unique_ptr<ZobristKeys>& storage) {
#ifdef PYKE_WEAK_KEYS_FOR_TEST
  storage = std::make_unique<ZobristKeys>(masked_keys(make_zobrist_keys(seed), 0xFF));
#else
  if (seed == kDefaultZobristSeed) return &kZobrist;
  storage = std::make_unique<ZobristKeys>(make_zobrist_keys(seed));
#endif
  return storage.get();
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

// `pyke --stats DEPTH`: the divide, then the statistics by root move and by depth.
// `verify` is verify_mode()'s: "recount" counts every column of every root move again without
// the table, "rekey" with the table cleared and keys from another seed.
int run_stats(const Position& pos, bool chess960, int depth, int threads,
              const std::string& verify) {
  if (depth == 0) return fail(absl::OutOfRangeError("--stats needs a depth of at least 1"));
  std::unique_ptr<tt::MoveStatsTable> table;
  if (const uint64_t megabytes = absl::GetFlag(FLAGS_hash); megabytes > 0) {
    absl::StatusOr<std::unique_ptr<tt::MoveStatsTable>> created =
        tt::MoveStatsTable::create(megabytes, threads);
    if (!created.ok()) return fail(created.status());
    table = *std::move(created);
  }
  const uint64_t seed = absl::GetFlag(FLAGS_zobrist_seed).value_or(kDefaultZobristSeed);
  std::unique_ptr<ZobristKeys> keys, other_keys;
  perft::StatsOptions options;
  options.threads = threads;
  options.table = table.get();
  options.keys = keys_from_seed(seed, keys);
  const bool json = absl::GetFlag(FLAGS_json);
  const Clock::time_point start = Clock::now();
  ProgressLine progress(!absl::GetFlag(FLAGS_quiet) && isatty(STDERR_FILENO));
  options.progress = [&progress](int done, int total, absl::uint128 n) {
    progress.update(done, total, n);
  };
  absl::StatusOr<perft::StatsReport> report = perft::stats_report(pos, depth, options);
  progress.erase();
  if (!report.ok()) return fail(report.status());
  const double seconds = seconds_since(start);
  const absl::uint128 nodes = report->by_depth.back().nodes;
  const double speed = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;

  std::optional<bool> verified;
  std::optional<uint64_t> second_seed;
  if (!verify.empty()) {
    options.progress = nullptr;
    if (verify == "rekey") {
      second_seed = rekey_seed(seed);
      options.keys = keys_from_seed(*second_seed, other_keys);
      table->clear(threads);  // nothing stored under the first keys may answer a probe
    } else {
      options.table = nullptr;
    }
    absl::StatusOr<std::vector<perft::StatsDivideEntry>> recount =
        perft::divide_stats(pos, depth, options);
    if (!recount.ok()) return fail(recount.status());
    verified = recount->size() == report->divide.size();
    for (size_t i = 0; *verified && i < recount->size(); ++i) {
      verified = (*recount)[i].stats == report->divide[i].stats;
    }
  }
  if (json) {
    write_stats_json(pos, chess960, depth, *report, seconds, speed, threads, table.get(), seed,
                     second_seed, verified, std::cout);
    return verified.value_or(true) ? 0 : 1;
  }
  uci::write_divide(uci::nodes_of(report->divide), std::cout, chess960);
  std::cout << '\n';
  uci::write_stats_report(report->divide, report->by_depth, chess960, isatty(STDOUT_FILENO),
                          std::cout);
  const std::string how = second_seed ? absl::StrCat("under other keys (Zobrist seeds ", seed,
                                                     " and ", *second_seed, ")")
                                      : "without hashing";
  if (verified && !*verified) {
    std::cerr << "pyke: verification FAILED: the statistics " << how << " differ" << std::endl;
    return 1;
  }
  if (verified) {
    std::cout << "Verified: the statistics " << how << " agree, every root move at depth " << depth
              << "\n";
  }
  std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", seconds, speed);
  if (table) {
    std::cout << absl::StrFormat("Hash: %d MB, huge pages %d MB (%s), Zobrist seed %d\n",
                                 table->megabytes(), table->huge_page_bytes() >> 20,
                                 table->huge_page_source(), seed);
  }
  return 0;
}

// A divide with the progress line on stderr (when `show_progress`), erased at the end; `options`
// keeps no callback afterwards.
absl::StatusOr<std::vector<perft::DivideEntry>> divide_with_progress(const Position& pos, int depth,
                                                                     perft::Options& options,
                                                                     bool show_progress) {
  ProgressLine progress(show_progress);
  options.progress = [&progress](int done, int total, absl::uint128 n) {
    progress.update(done, total, n);
  };
  absl::StatusOr<std::vector<perft::DivideEntry>> divide = perft::divide(pos, depth, options);
  options.progress = nullptr;
  return divide;
}

int run_perft(const std::vector<char*>& args) {
  int depth = 0;
  if (!absl::SimpleAtoi(args[1], &depth)) {
    return fail(absl::InvalidArgumentError(absl::StrCat(
        "depth '", args[1], "' is not a number (expected 0 to ", perft::kMaxDepth, ")")));
  }
  if (absl::Status s = perft::check_depth(depth); !s.ok()) return fail(s);
  absl::StatusOr<std::string> verify = verify_mode(depth);
  if (!verify.ok()) return fail(verify.status());
  if (!verify->empty() && absl::GetFlag(FLAGS_hash) == 0) {
    return fail(absl::InvalidArgumentError(
        "--verify checks a hashed count against a second count: it needs --hash MB"));
  }
  absl::StatusOr<int> threads = thread_count();
  if (!threads.ok()) return fail(threads.status());
  bool chess960 = false;
  absl::StatusOr<Position> pos = starting_position(args, chess960);
  if (!pos.ok()) return fail(pos.status());
  if (absl::GetFlag(FLAGS_stats)) return run_stats(*pos, chess960, depth, *threads, *verify);
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = make_table(*threads);
  if (!table.ok()) return fail(table.status());
  const uint64_t seed = absl::GetFlag(FLAGS_zobrist_seed).value_or(kDefaultZobristSeed);
  std::unique_ptr<ZobristKeys> keys, other_keys;
  perft::Options options;
  options.threads = *threads;
  options.table = table->get();
  options.keys = keys_from_seed(seed, keys);

  const bool json = absl::GetFlag(FLAGS_json);
  const bool show_progress = !absl::GetFlag(FLAGS_quiet) && isatty(STDERR_FILENO);
  const Clock::time_point start = Clock::now();
  std::vector<perft::DivideEntry> entries;
  absl::uint128 nodes = 1;
  if (depth > 0) {
    absl::StatusOr<std::vector<perft::DivideEntry>> divide =
        divide_with_progress(*pos, depth, options, show_progress);
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
  std::vector<std::string> differing;
  if (*verify == "recount") {
    options.table = nullptr;
    options.progress = nullptr;
    absl::StatusOr<absl::uint128> unhashed = perft::perft(*pos, depth, options);
    if (!unhashed.ok()) return fail(unhashed.status());
    recount = Recount{.nodes = *unhashed, .agrees = *unhashed == nodes};
  } else if (*verify == "rekey") {
    recount = Recount{.rekey = true, .seed = rekey_seed(seed)};
    options.keys = keys_from_seed(recount->seed, other_keys);
    (*table)->clear(*threads);  // nothing stored under the first keys may answer a probe
    if (depth > 0) {
      absl::StatusOr<std::vector<perft::DivideEntry>> divide =
          divide_with_progress(*pos, depth, options, show_progress);
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
  const tt::PerftTable* hash = table->get();
  if (json) {
    write_json(*pos, chess960, depth, entries, nodes, seconds, speed, options.threads, hash, seed,
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
  pyke::use_pyke_flags_usage("cli/");
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
  pyke::accept_dashed_flag_names(argc, argv);  // --max-depth as well as --max_depth
  // `--verify` alone, or `--verify recount|rekey`.
  std::vector<char*> argv_with_values =
      pyke::give_bare_flag_a_value(argc, argv, "verify", {"recount", "rekey"});
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
        absl::GetFlag(FLAGS_stats));
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
