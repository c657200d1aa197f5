// judge.cc — `judge`: the referee's rules engine on stdin/stdout, one answer line per command,
// for tools/play_vs_stockfish.py (or any driver).
//
//   $ judge
//   new startpos                 → ok
//   move e2e4                    → ongoing
//   move e2e5                    → illegal: illegal move 'e2e5' in position …
//   fen                          → rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
//
// `new` takes what UCI `position` takes (startpos or fen <FEN>, and optional moves). After a move
// the answer is the game's state: ongoing, checkmate, stalemate, repetition, fifty-moves or
// insufficient-material.
#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"
#include "tools/referee/game.h"
#include "uci/protocol.h"

int main() {
  using pyke::referee::Game;
  std::unique_ptr<Game> game;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string answer;
    if (absl::StartsWith(line, "new ")) {
      absl::StatusOr<pyke::uci::PositionCommand> start =
          pyke::uci::parse_position(line.substr(4), false);
      if (!start.ok()) {
        answer = absl::StrCat("error: ", start.status().message());
      } else {
        game = std::make_unique<Game>(start->position);
        answer = "ok";
      }
    } else if (!game) {
      answer = "error: no game (send: new startpos)";
    } else if (absl::StartsWith(line, "move ")) {
      absl::StatusOr<pyke::referee::Outcome> outcome = game->play(line.substr(5));
      answer = outcome.ok() ? std::string(pyke::referee::outcome_name(*outcome))
                            : absl::StrCat("illegal: ", outcome.status().message());
    } else if (line == "fen") {
      answer = game->position().to_fen();
    } else if (line == "state") {
      answer = std::string(pyke::referee::outcome_name(game->outcome()));
    } else {
      answer = "error: unknown command";
    }
    std::cout << answer << std::endl;
  }
  return 0;
}
