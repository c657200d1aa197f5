// move.h — a move in 16 bits, and its UCI coordinate text.
//
// Bits 0–5 hold the origin square, 6–11 the destination, 12–13 the kind, 14–15 the promotion piece
// (knight, bishop, rook, queen). A castling is stored as the king taking its own rook (e1h1): that
// names every castling uniquely, also in Chess960, where the king may not move at all or may
// land on its rook's square.
//
//   Move m = Move::make(kE2, kE4);
//   std::string text = to_uci(m);   // "e2e4"
//   to_uci(Move::make(kE1, kH1, MoveKind::kCastling));                  // "e1g1"
//   to_uci(Move::make(kE1, kH1, MoveKind::kCastling), /*chess960=*/true);  // "e1h1"
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

// "e2e4", "e7e8q"; "0000" for Move::none(). A castling is the king's two-square move ("e1g1",
// "e8c8") in standard notation, and the king taking its rook ("e1h1") with `chess960`, as UCI
// GUIs and Stockfish write it when UCI_Chess960 is on. A position whose castling king or rooks
// are not on the standard squares needs the Chess960 form: the other would be ambiguous.
std::string to_uci(Move move, bool chess960 = false);

// "e4"; "-" for kNoSquare.
std::string square_name(Square s);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_MOVE_H_
