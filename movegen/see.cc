// see.cc — static exchange evaluation (see.h): the swap list, least valuable attacker first.
//
//   bool safe = see_at_least(pos, move, 0);
#include "movegen/see.h"

#include <algorithm>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"

namespace pyke {

Bitboard attackers_to(const Position& pos, Square s, Bitboard occupied) {
  const Bitboard queens = pos.pieces(kQueen);
  return (pawn_attacks(kWhite, s) & pos.pieces(kBlack, kPawn)) |
         (pawn_attacks(kBlack, s) & pos.pieces(kWhite, kPawn)) |
         (knight_attacks(s) & pos.pieces(kKnight)) | (king_attacks(s) & pos.pieces(kKing)) |
         (bishop_attacks(s, occupied) & (pos.pieces(kBishop) | queens)) |
         (rook_attacks(s, occupied) & (pos.pieces(kRook) | queens));
}

int static_exchange(const Position& pos, Move move) {
  if (move.kind() == MoveKind::kCastling) return 0;
  const Square from = move.from(), to = move.to();
  int gain[40];
  int depth = 0;
  Bitboard occupied = pos.occupied();
  const Piece victim = pos.piece_on(to);
  const PieceType captured = move.kind() == MoveKind::kEnPassant ? kPawn
                             : victim == kNoPiece                ? kNoPieceType
                                                                 : type_of(victim);
  gain[0] = captured == kNoPieceType ? 0 : kSeeValue[captured];
  PieceType on_square = type_of(pos.piece_on(from));
  if (move.kind() == MoveKind::kPromotion) {
    gain[0] += kSeeValue[move.promotion()] - kSeeValue[kPawn];
    on_square = move.promotion();
  }
  occupied ^= square_bb(from);
  if (move.kind() == MoveKind::kEnPassant) {
    occupied ^= square_bb(static_cast<Square>(pos.side_to_move() == kWhite ? to - 8 : to + 8));
  }
  Color side = ~pos.side_to_move();
  const Bitboard diagonal = pos.pieces(kBishop) | pos.pieces(kQueen);
  const Bitboard orthogonal = pos.pieces(kRook) | pos.pieces(kQueen);
  Bitboard attackers = attackers_to(pos, to, occupied) & occupied;
  while (depth < 38) {
    const Bitboard ours = attackers & pos.pieces(side);
    if (!ours) break;
    PieceType least = kPawn;
    Bitboard from_bb = 0;
    for (int t = kPawn; t <= kKing; ++t) {
      from_bb = ours & pos.pieces(static_cast<PieceType>(t));
      if (from_bb) {
        least = static_cast<PieceType>(t);
        break;
      }
    }
    // A king may not take into a square the other side still defends.
    if (least == kKing && (attackers & pos.pieces(~side))) break;
    ++depth;
    gain[depth] = kSeeValue[on_square] - gain[depth - 1];
    on_square = least;
    occupied ^= from_bb & -from_bb;
    // Sliders behind the piece that just took join in.
    attackers |=
        (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & orthogonal);
    attackers &= occupied;
    side = ~side;
  }
  while (depth > 0) {
    gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
    --depth;
  }
  return gain[0];
}

bool see_at_least(const Position& pos, Move move, int threshold) {
  return static_exchange(pos, move) >= threshold;
}

}  // namespace pyke
