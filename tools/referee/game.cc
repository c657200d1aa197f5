// game.cc — the rules that end a game (game.h).
//
//   Game game(Position::start()); game.play("f2f3"); game.play("e7e5"); …
#include "tools/referee/game.h"

#include <algorithm>

#include "movegen/bitboard.h"
#include "movegen/movegen.h"

namespace pyke::referee {
namespace {

bool insufficient_material(const Position& pos) {
  if (pos.pieces(kPawn) | pos.pieces(kRook) | pos.pieces(kQueen)) return false;
  const Bitboard minors = pos.pieces(kKnight) | pos.pieces(kBishop);
  if (popcount(minors) <= 1) return true;
  // Only bishops, all on squares of one colour.
  constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
  return !pos.pieces(kKnight) && ((minors & kDark) == 0 || (minors & ~kDark) == 0);
}

}  // namespace

absl::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::kOngoing:
      return "ongoing";
    case Outcome::kCheckmate:
      return "checkmate";
    case Outcome::kStalemate:
      return "stalemate";
    case Outcome::kRepetition:
      return "repetition";
    case Outcome::kFiftyMoves:
      return "fifty-moves";
    case Outcome::kInsufficient:
      return "insufficient-material";
  }
  return "ongoing";
}

Outcome Game::outcome() const {
  const Position& pos = pos_.position();
  if (legal_moves(pos).empty()) return pos.in_check() ? Outcome::kCheckmate : Outcome::kStalemate;
  if (insufficient_material(pos)) return Outcome::kInsufficient;
  if (pos.halfmove_clock() >= 100) return Outcome::kFiftyMoves;
  if (std::count(earlier_.begin(), earlier_.end(), pos_.key()) >= 2) return Outcome::kRepetition;
  return Outcome::kOngoing;
}

absl::StatusOr<Outcome> Game::play(absl::string_view move_text) {
  absl::StatusOr<Move> move = parse_uci_move(pos_.position(), move_text);
  if (!move.ok()) return move.status();
  earlier_.push_back(pos_.key());
  pos_ = pos_.after(*move);
  return outcome();
}

}  // namespace pyke::referee
