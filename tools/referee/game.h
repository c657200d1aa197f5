// game.h — a refereed game on //movegen: every move checked legal, and the game's end found by
// the rules: checkmate, stalemate, threefold repetition, the fifty-move rule, insufficient
// material (no mate possible: K v K, K+minor v K, K+B v K+B with bishops on one colour).
//
//   Game game(Position::start());
//   absl::StatusOr<Outcome> o = game.play("e2e4");   // error: illegal or malformed, unchanged
//   if (o.ok() && *o != Outcome::kOngoing) { … outcome_name(*o) … }
#ifndef PYKE_TOOLS_REFEREE_GAME_H_
#define PYKE_TOOLS_REFEREE_GAME_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/keyed_position.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"

namespace pyke::referee {

enum class Outcome { kOngoing, kCheckmate, kStalemate, kRepetition, kFiftyMoves, kInsufficient };

// "ongoing", "checkmate", "stalemate", "repetition", "fifty-moves", "insufficient-material".
absl::string_view outcome_name(Outcome outcome);

class Game {
 public:
  explicit Game(const Position& start) : pos_(start) {}

  // Plays the move written in UCI text if it is legal; then the game's state after it.
  absl::StatusOr<Outcome> play(absl::string_view move_text);

  // The state of the game now (before any move: only mate, stalemate and material can apply).
  Outcome outcome() const;

  const Position& position() const { return pos_.position(); }

 private:
  KeyedPosition pos_;
  std::vector<Key> earlier_;  // keys of every position before pos_
};

}  // namespace pyke::referee

#endif  // PYKE_TOOLS_REFEREE_GAME_H_
