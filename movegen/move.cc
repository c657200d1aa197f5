#include "movegen/move.h"

namespace pyke {

std::string square_name(Square s) {
  if (s == kNoSquare) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string to_uci(Move move) {
  if (move == Move::none()) return "0000";
  std::string text = square_name(move.from()) + square_name(move.to());
  if (move.kind() == MoveKind::kPromotion) text += "nbrq"[move.promotion() - kKnight];
  return text;
}

}  // namespace pyke
