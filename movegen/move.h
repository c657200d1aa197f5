// move.h — a move in 16 bits, and its UCI coordinate text.
//
// Bits 0–5 hold the origin square, 6–11 the destination, 12–13 the kind, 14–15 the promotion piece
// (knight, bishop, rook, queen). Castling is stored as the king's move (e1g1), as UCI writes it.
//
//   Move m = Move::make(kE2, kE4);
//   std::string text = to_uci(m);   // "e2e4"
#ifndef PYKE_MOVEGEN_MOVE_H_
#define PYKE_MOVEGEN_MOVE_H_

#include <cstdint>
#include <string>

#include "movegen/types.h"

namespace pyke {

enum class MoveKind : uint8_t { kNormal = 0, kPromotion = 1, kEnPassant = 2, kCastling = 3 };

class Move {
 public:
  constexpr Move() = default;

  static constexpr Move make(Square from, Square to, MoveKind kind = MoveKind::kNormal) {
    return Move(static_cast<uint16_t>(from | (to << 6) | (static_cast<int>(kind) << 12)));
  }
  static constexpr Move make_promotion(Square from, Square to, PieceType promoted) {
    return Move(static_cast<uint16_t>(from | (to << 6) | (1 << 12) | ((promoted - kKnight) << 14)));
  }
  // The "no move" value; never produced by the generator.
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return static_cast<Square>(bits_ & 63); }
  constexpr Square to() const { return static_cast<Square>((bits_ >> 6) & 63); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>((bits_ >> 12) & 3); }
  // Meaningful for promotions only.
  constexpr PieceType promotion() const { return static_cast<PieceType>(kKnight + (bits_ >> 14)); }
  constexpr uint16_t raw() const { return bits_; }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(uint16_t bits) : bits_(bits) {}
  uint16_t bits_ = 0;
};

// "e2e4", "e7e8q", "e1g1"; "0000" for Move::none().
std::string to_uci(Move move);

// "e4"; "-" for kNoSquare.
std::string square_name(Square s);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_MOVE_H_
