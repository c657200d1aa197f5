// pyke — perft from the command line, or a UCI engine when given no arguments.
//
//   pyke 7                      perft 7 of the start position, as a divide
//   pyke 5 e2e4 e7e5            after the moves 1.e4 e5
//   pyke --fen "<FEN>" 4        from a position
//   pyke --hash 256 8           with a 256 MB transposition table
//   pyke --hash 256 --verify 7  … and again without it, failing unless the two agree
//   pyke bench                  fixed positions and depths; counts checked; total nodes/s
//   pyke verify FILE.epd        every count of an EPD perft suite (cli/verify.h)
//   pyke diff --engine CMD 5    where another engine's perft goes wrong (cli/diff.h)
//   pyke                        UCI on stdin/stdout
//
// Errors (bad depth, move, FEN, hash size) print one line on stderr and exit with status 2.
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/bench.h"
#include "cli/command_line.h"
#include "cli/diff.h"
#include "cli/verify.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "tt/hashed_perft.h"
#include "tt/table.h"
#include "uci/engine.h"
#include "uci/perft_report.h"

ABSL_FLAG(std::string, fen, "", "count from this FEN instead of the start position");
ABSL_FLAG(uint64_t, hash, 0, "transposition table size in MB; 0 turns hashing off");
ABSL_FLAG(bool, quiet, false, "no progress display on stderr during long counts");
ABSL_FLAG(bool, verify, false,
          "with --hash: count again without the table and fail unless both totals agree");

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
  ~ProgressLine() {
    if (enabled_ && shown_) std::fprintf(stderr, "\r\x1b[K");
  }

  void update(int done, int total, uint64_t nodes) {
    if (!enabled_) return;
    const double elapsed = seconds_since(start_);
    const double left = done > 0 ? elapsed * (total - done) / done : 0;
    std::fprintf(stderr, "\r\x1b[K%d/%d root moves, %llu nodes, %.1f s, about %.0f s left", done,
                 total, static_cast<unsigned long long>(nodes), elapsed, left);
    std::fflush(stderr);
    shown_ = true;
  }

 private:
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_;
};

absl::StatusOr<Position> starting_position(const std::vector<char*>& args) {
  absl::StatusOr<Position> pos = Position::start();
  if (const std::string fen = absl::GetFlag(FLAGS_fen); !fen.empty()) {
    pos = Position::from_fen(fen);
    if (!pos.ok()) return pos.status();
  }
  for (size_t i = 2; i < args.size(); ++i) {
    absl::StatusOr<Move> move = parse_uci_move(*pos, args[i]);
    if (!move.ok()) return move.status();
    pos->play(*move);
  }
  return pos;
}

absl::StatusOr<std::unique_ptr<tt::PerftTable>> make_table() {
  const uint64_t megabytes = absl::GetFlag(FLAGS_hash);
  if (megabytes == 0) return nullptr;
  return tt::PerftTable::create(megabytes);  // refuses sizes over kMaxMegabytes or the RAM
}

int run_perft(const std::vector<char*>& args) {
  int depth = 0;
  if (!absl::SimpleAtoi(args[1], &depth)) {
    return fail(absl::InvalidArgumentError(absl::StrCat(
        "depth '", args[1], "' is not a number (expected 0 to ", kMaxPerftDepth, ")")));
  }
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return fail(s);
  absl::StatusOr<Position> pos = starting_position(args);
  if (!pos.ok()) return fail(pos.status());
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = make_table();
  if (!table.ok()) return fail(table.status());

  const Clock::time_point start = Clock::now();
  uint64_t nodes = 1;
  if (depth == 0) {
    std::cout << "\nNodes searched: 1\n";
  } else {
    ProgressLine progress(!absl::GetFlag(FLAGS_quiet) && isatty(STDERR_FILENO));
    absl::StatusOr<std::vector<DivideEntry>> entries = tt::hashed_divide(
        *pos, depth, table->get(),
        [&progress](int done, int total, uint64_t n) { progress.update(done, total, n); });
    if (!entries.ok()) return fail(entries.status());
    nodes = uci::write_divide(*entries, std::cout);
  }
  if (absl::GetFlag(FLAGS_verify) && *table != nullptr) {
    // A hashed count can only be wrong through a 64-bit key collision; this rules it out.
    absl::StatusOr<uint64_t> unhashed = perft(*pos, depth);
    if (!unhashed.ok()) return fail(unhashed.status());
    if (*unhashed != nodes) {
      std::cerr << "pyke: verification FAILED: hashed count " << nodes << ", unhashed "
                << *unhashed << std::endl;
      return 1;
    }
    std::cout << "Verified: the count without hashing agrees\n";
  }
  const double seconds = seconds_since(start);
  std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", seconds,
                               seconds > 0 ? nodes / seconds : 0.0);
  return 0;
}

int run_uci() {
  uci::Engine engine(std::cout);
  if (absl::Status s = engine.set_hash_megabytes(absl::GetFlag(FLAGS_hash)); !s.ok()) {
    return fail(s);
  }
  engine.run(std::cin);
  return 0;
}

}  // namespace
}  // namespace pyke

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "counts chess move paths (perft).\n\n"
      "  pyke [--fen FEN] [--hash MB [--verify]] [--quiet] DEPTH [MOVE ...]   divide to DEPTH\n"
      "  pyke bench                                                fixed benchmark\n"
      "  pyke verify FILE.epd [--max_depth N] [--hash MB] [--json]   check an EPD perft suite\n"
      "  pyke diff --engine CMD [--engine_protocol uci|perftree] [--engine_timeout S]\n"
      "            [--fen FEN] DEPTH [MOVE ...]                    find another engine's bug\n"
      "  pyke [--hash MB]                                          UCI on stdin/stdout");
  std::ios::sync_with_stdio(false);
  pyke::accept_dashed_flag_names(argc, argv);  // --max-depth as well as --max_depth
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() == 1) return pyke::run_uci();
  if (std::string(args[1]) == "bench") {
    if (args.size() > 2) return pyke::fail(absl::InvalidArgumentError("bench takes no arguments"));
    return pyke::run_bench(std::cout);
  }
  if (std::string(args[1]) == "verify") {
    return pyke::verify_command(args, absl::GetFlag(FLAGS_hash), absl::GetFlag(FLAGS_quiet));
  }
  if (std::string(args[1]) == "diff") {
    return pyke::diff_command(args, absl::GetFlag(FLAGS_fen), absl::GetFlag(FLAGS_hash));
  }
  return pyke::run_perft(args);
}
