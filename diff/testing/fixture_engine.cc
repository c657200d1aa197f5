// fixture_engine — a perft engine with one deliberate bug, for the tests of `pyke diff`.
//
//   fixture_engine --bug=no-castling                    UCI on stdin/stdout
//   fixture_engine --bug=no-castling 3 "<FEN>" "e2e4"   perftree convention: one divide, then exit
//
// Bugs: none, no-en-passant, pinned-piece-moves, no-castling, no-under-promotion,
// en-passant-into-check, king-along-check-line (a genuine generator with that
// fault, see buggy_movegen.h); garbage (answers `go perft` with a line that is no divide line);
// exit (exits with status 3 on `go perft`, answering nothing); crash (aborts on `go perft`, as a
// failed assertion does); hang (answers nothing to `go perft` and never returns).
// UCI commands: uci, isready, position startpos|fen <FEN> [moves …], go perft N, quit.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/numeric/int128.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "diff/testing/buggy_movegen.h"
#include "movegen/movegen.h"

ABSL_FLAG(std::string, bug, "none",
          "none, no-en-passant, pinned-piece-moves, no-castling, no-under-promotion, "
          "en-passant-into-check, king-along-check-line, garbage, exit, crash or hang");

namespace pyke::diff::testing {
namespace {

struct Fixture {
  Bug bug = Bug::kNone;
  bool garbage = false;
  bool exit_on_go = false;
  bool crash_on_go = false;
  bool hang_on_go = false;
};

absl::StatusOr<Position> position_after(absl::string_view fen,
                                        const std::vector<absl::string_view>& moves) {
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  for (size_t i = 0; pos.ok() && i < moves.size(); ++i) {
    absl::StatusOr<Move> move = parse_uci_move(*pos, moves[i]);
    if (!move.ok()) return move.status();
    if (absl::Status s = pos->play(*move); !s.ok()) return s;
  }
  return pos;
}

// Divide lines, a blank line, then `prefix` and the total.
void print_divide(const Fixture& f, const Position& pos, int depth, const char* prefix) {
  if (f.exit_on_go) std::exit(3);
  if (f.crash_on_go) std::abort();
  while (f.hang_on_go) std::this_thread::sleep_for(std::chrono::hours(1));
  if (f.garbage) {
    std::cout << "perft? what is a perft?" << std::endl;
    return;
  }
  absl::uint128 total = 0;
  for (const auto& [move, nodes] : buggy_divide(pos, depth, f.bug)) {
    std::cout << move << ": " << nodes << '\n';
    total += nodes;
  }
  std::cout << '\n' << prefix << total << std::endl;
}

// position startpos|fen <FEN> [moves …]
void handle_position(const std::vector<absl::string_view>& words, Position& pos) {
  size_t moves_at = 1;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  std::string fen(kStartFen);
  if (words.size() > 1 && words[1] == "fen") {
    fen = absl::StrJoin(words.begin() + 2, words.begin() + moves_at, " ");
  }
  const std::vector<absl::string_view> moves(words.begin() + std::min(moves_at + 1, words.size()),
                                             words.end());
  absl::StatusOr<Position> next = position_after(fen, moves);
  if (next.ok())
    pos = *next;
  else
    std::cout << "info string error: " << next.status().message() << std::endl;
}

int run_uci(const Fixture& f) {
  Position pos = Position::start();
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipWhitespace());
    if (words.empty()) continue;
    int depth = 0;
    if (words[0] == "uci") {
      std::cout << "id name fixture_engine\nuciok" << std::endl;
    } else if (words[0] == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (words[0] == "position") {
      handle_position(words, pos);
    } else if (words[0] == "go" && words.size() == 3 && words[1] == "perft" &&
               absl::SimpleAtoi(words[2], &depth) && depth >= 1) {
      print_divide(f, pos, depth, "Nodes searched: ");
    } else if (words[0] == "quit") {
      return 0;
    } else {
      std::cout << "info string error: unknown command" << std::endl;
    }
  }
  return 0;
}

// DEPTH FEN [MOVES]
int run_perftree(const Fixture& f, const std::vector<char*>& args) {
  int depth = 0;
  if (args.size() < 3 || args.size() > 4 || !absl::SimpleAtoi(args[1], &depth) || depth < 1) {
    std::cerr << "usage: fixture_engine [--bug=…] DEPTH FEN [MOVES]" << std::endl;
    return 2;
  }
  const std::vector<absl::string_view> moves =
      args.size() == 4 ? absl::StrSplit(args[3], ' ', absl::SkipWhitespace())
                       : std::vector<absl::string_view>{};
  absl::StatusOr<Position> pos = position_after(args[2], moves);
  if (!pos.ok()) {
    std::cerr << pos.status().message() << std::endl;
    return 2;
  }
  print_divide(f, *pos, depth, "");
  return 0;
}

}  // namespace
}  // namespace pyke::diff::testing

int main(int argc, char** argv) {
  using namespace pyke::diff::testing;
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  Fixture f;
  const std::string bug = absl::GetFlag(FLAGS_bug);
  f.garbage = bug == "garbage";
  f.exit_on_go = bug == "exit";
  f.crash_on_go = bug == "crash";
  f.hang_on_go = bug == "hang";
  if (!f.garbage && !f.exit_on_go && !f.crash_on_go && !f.hang_on_go) {
    absl::StatusOr<Bug> parsed = parse_bug(bug);
    if (!parsed.ok()) {
      std::cerr << parsed.status().message() << std::endl;
      return 2;
    }
    f.bug = *parsed;
  }
  return args.size() > 1 ? run_perftree(f, args) : run_uci(f);
}
