#include "movegen/move.h"

namespace pyke {

std::string square_name(Square s) {
  if (s == kNoSquare) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string to_uci(Move move, bool chess960) {
  if (move == Move::none()) return "0000";
  Square to = move.to();
  if (move.kind() == MoveKind::kCastling && !chess960) {
    // The king ends on the g-file when castling towards the h-side, else on the c-file.
    to = make_square(to > move.from() ? 6 : 2, rank_of(move.from()));
  }
  std::string text = square_name(move.from()) + square_name(to);
  if (move.kind() == MoveKind::kPromotion) text += "nbrq"[move.promotion() - kKnight];
  return text;
}

}  // namespace pyke
