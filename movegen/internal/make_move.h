// make_move.h — copy-make: the position after a move, with the mover known at compile time.
//
// Perft makes every move of every interior node, so this is the second hottest code after leaf
// counting. Knowing colour and piece type at compile time removes every "which piece is this?"
// lookup; a capture clears the destination from all piece boards at once instead of finding the
// victim.
#ifndef PYKE_MOVEGEN_INTERNAL_MAKE_MOVE_H_
#define PYKE_MOVEGEN_INTERNAL_MAKE_MOVE_H_

#include <cassert>

#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

// The position after `move`, made by copying. `Us` must be the side to move and `Mover` the type
// of the piece on move.from(); templates keep the perft hot path free of branches on colour and
// piece. Perft passes MoveCounters = false: it never reads the halfmove clock or the move number,
// and leaves them as they were.
//
//   Position child = make_move<kWhite, kKnight, /*MoveCounters=*/true>(pos, move);
template <Color Us, PieceType Mover, bool MoveCounters>
PYKE_INLINE Position make_move(const Position& pos, Move move) {
  Position child = pos.make<Us, Mover, MoveCounters>(move);
  // Debug builds (and the sanitizer configs) check every position the generator makes.
  assert(child.validate().ok());
  return child;
}

template <Color Us, PieceType Mover, bool MoveCounters>
PYKE_INLINE Position Position::make(Move move) const {
  constexpr Color Them = ~Us;
  Position child = *this;
  const Square from = move.from(), to = move.to();
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);

  child.side_ = Them;
  child.ep_square_ = kNoSquare;
  // A right is held only while its king and rook stand on their squares (the FEN parser checks
  // it, and this keeps it): it goes when either leaves or is taken. Other pieces never stand
  // there, and reach such a square only by taking the rook, so only king and rook moves and
  // captures look the rights up.
  const CastlingRules& rules = castling_rules();
  if constexpr (Mover == kKing || Mover == kRook) {
    child.castling_ &= rules.rights_kept[from] & rules.rights_kept[to];
  }
  if constexpr (MoveCounters) {
    child.halfmove_clock_ = static_cast<uint16_t>(halfmove_clock_ + 1);
    if constexpr (Us == kBlack) ++child.fullmove_number_;
  }

  if constexpr (Mover == kKing) {
    if (move.kind() == MoveKind::kCastling) {
      // A castling is written as the king taking its own rook (move.h). King and rook leave
      // their squares first: in Chess960 either may land on the other's, or stay where it is.
      const bool kingside = to > from;
      const CastlingPath& path = rules.paths[castling_index(castling_right(Us, kingside))];
      const Bitboard king_to = square_bb(path.king_to), rook_to = square_bb(path.rook_to);
      child.by_type_[kKing] = (child.by_type_[kKing] & ~from_bb) | king_to;
      child.by_type_[kRook] = (child.by_type_[kRook] & ~to_bb) | rook_to;
      child.by_color_[Us] = (child.by_color_[Us] & ~(from_bb | to_bb)) | king_to | rook_to;
      return child;
    }
  }

  if (to_bb & by_color_[Them]) {
    for (Bitboard& board : child.by_type_) board &= ~to_bb;
    child.by_color_[Them] ^= to_bb;
    if constexpr (Mover != kKing && Mover != kRook) child.castling_ &= rules.rights_kept[to];
    if constexpr (MoveCounters) child.halfmove_clock_ = 0;
  }
  child.by_type_[Mover] ^= from_bb | to_bb;
  child.by_color_[Us] ^= from_bb | to_bb;

  if constexpr (Mover == kPawn) {
    if constexpr (MoveCounters) child.halfmove_clock_ = 0;
    switch (move.kind()) {
      case MoveKind::kPromotion: {
        // Each piece board is written by a constant index: an index known only at run time would
        // force the child into memory (every field of it), where the leaf count reads it back.
        const PieceType promoted = move.promotion();
        child.by_type_[kPawn] ^= to_bb;
        child.by_type_[kKnight] |= promoted == kKnight ? to_bb : 0;
        child.by_type_[kBishop] |= promoted == kBishop ? to_bb : 0;
        child.by_type_[kRook] |= promoted == kRook ? to_bb : 0;
        child.by_type_[kQueen] |= promoted == kQueen ? to_bb : 0;
        break;
      }
      case MoveKind::kEnPassant: {
        const Bitboard captured = shift<kForward<Them>>(to_bb);
        child.by_type_[kPawn] ^= captured;
        child.by_color_[Them] ^= captured;
        break;
      }
      default:
        // A double push leaves an en passant square only if an enemy pawn can take there.
        if ((from ^ to) == 16) {
          const Square skipped = static_cast<Square>((from + to) / 2);
          if (pawn_attacks(Us, skipped) & by_type_[kPawn] & by_color_[Them]) {
            child.ep_square_ = skipped;
          }
        }
    }
  }
  return child;
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_MAKE_MOVE_H_
