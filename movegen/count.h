// count.h — counts the legal moves of a position without generating them ("bulk counting").
//
// At the last ply perft needs only how many moves there are, so each piece's legal destinations
// are popcounted: pawns as whole sets by shifts, the king by testing its targets. This is where
// most of perft's time goes.
//
//   int n = count_legal_moves<kWhite>(pos);
#ifndef PYKE_MOVEGEN_COUNT_H_
#define PYKE_MOVEGEN_COUNT_H_

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/maskset.h"
#include "movegen/move_targets.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

// Counts the moves of one pawn destination set: a move onto the last rank is four promotions.
template <Color Us>
PYKE_INLINE int count_pawn_moves(Bitboard destinations) {
  return popcount(destinations) + 3 * popcount(destinations & kPromotionRank<Us>);
}

// Knights, bishops, rooks and queens, one piece at a time.
template <Color Us>
PYKE_INLINE int count_piece_moves_scalar(const Position& pos, const MaskSet& m) {
  const Bitboard occupied = pos.occupied();
  const Bitboard movable = ~pos.pieces(Us) & m.check_mask;
  const Bitboard pinned = m.pinmask_diagonal | m.pinmask_orthogonal;
  const Bitboard queens = pos.pieces(Us, kQueen);
  int count = 0;
  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b; b = clear_lsb(b)) {
    count += popcount(knight_attacks(lsb(b)) & movable);
  }
  // A queen counts once as a bishop and once as a rook: together that is all her moves.
  for (Bitboard b = (pos.pieces(Us, kBishop) | queens) & ~m.pinmask_orthogonal; b;
       b = clear_lsb(b)) {
    count += popcount(diagonal_slider_targets(lsb(b), occupied, movable, m));
  }
  for (Bitboard b = (pos.pieces(Us, kRook) | queens) & ~m.pinmask_diagonal; b; b = clear_lsb(b)) {
    count += popcount(orthogonal_slider_targets(lsb(b), occupied, movable, m));
  }
  return count;
}

template <Color Us>
PYKE_INLINE int count_legal_moves(const Position& pos) {
  const MaskSet m = create_masks<Us>(pos);
  int count = popcount(king_targets<Us>(pos, m));
  if (m.checkers > 1) return count;
  if (m.checkers == 0) count += popcount(legal_castlings<Us>(pos));

  const PawnTargets pawns = pawn_targets<Us>(pos, m);
  count += count_pawn_moves<Us>(pawns.single_push) + popcount(pawns.double_push) +
           count_pawn_moves<Us>(pawns.capture_east) + count_pawn_moves<Us>(pawns.capture_west) +
           popcount(en_passant_origins<Us>(pos, m));
  return count + count_piece_moves_scalar<Us>(pos, m);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_COUNT_H_
