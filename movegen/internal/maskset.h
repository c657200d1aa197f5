// maskset.h — what makes a move legal, computed once per node: checks and pins.
//
// Pyke never makes a move to see whether it leaves the king in check. Instead `create_masks`
// describes, for the side to move, where its pieces may go:
//  - check_mask: a non-king move must land here. All squares when not in check; the checker's
//    square plus the squares between it and the king (to block) in single check.
//  - pinmask_diagonal / pinmask_orthogonal: the lines (king excluded, pinner included) along which
//    a pinned piece may still move. A piece on a diagonal pin line moves only along diagonal pin
//    lines, and so on; two pin lines from one king never share a square, so the union is exact.
//  - checkers: how many pieces give check. In double check only the king moves.
//
//   MaskSet masks = create_masks<kWhite>(position);
#ifndef PYKE_MOVEGEN_INTERNAL_MASKSET_H_
#define PYKE_MOVEGEN_INTERNAL_MASKSET_H_

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

struct MaskSet {
  Bitboard check_mask;
  Bitboard pinmask_diagonal;
  Bitboard pinmask_orthogonal;
  int checkers;
  Square king;
};

namespace detail {

// Enemy sliders that see the king through nothing but our own pieces: with no own piece between,
// a check; with exactly one, a pin; with more, nothing.
PYKE_INLINE void add_slider_checks_and_pins(Bitboard sliders_seeing_king, Square king, Bitboard own,
                                            MaskSet& masks, Bitboard& pin_lines) {
  for (Bitboard b = sliders_seeing_king; b; b = clear_lsb(b)) {
    const Bitboard line = between_squares(king, lsb(b));
    const Bitboard own_between = line & own;
    if (!own_between) {
      masks.check_mask |= line;
      ++masks.checkers;
    } else if (!more_than_one(own_between)) {
      pin_lines |= line;
    }
  }
}

}  // namespace detail

template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE MaskSet create_masks(const Position& pos) {
  constexpr Color Them = ~Us;
  const Square king = pos.king_square(Us);
  const Bitboard own = pos.pieces(Us), their = pos.pieces(Them);

  // Knights and pawns give check only from the square they stand on.
  const Bitboard leaper_checkers = (knight_attacks(king) & pos.pieces(Them, kKnight)) |
                                   (pawn_attacks(Us, king) & pos.pieces(Them, kPawn));
  MaskSet masks{leaper_checkers, 0, 0, popcount(leaper_checkers), king};

  const Bitboard their_queens = pos.pieces(Them, kQueen);
  const Bitboard their_diagonal = pos.pieces(Them, kBishop) | their_queens;
  const Bitboard their_orthogonal = pos.pieces(Them, kRook) | their_queens;
  // Rays from the king with only enemy pieces as blockers: own pieces are looked through. Most
  // of the time no enemy slider even shares a line with the king, and the lookups are skipped.
  if (bishop_rays(king) & their_diagonal) {
    detail::add_slider_checks_and_pins(bishop_attacks<Sliders>(king, their) & their_diagonal, king,
                                       own, masks, masks.pinmask_diagonal);
  }
  if (rook_rays(king) & their_orthogonal) {
    detail::add_slider_checks_and_pins(rook_attacks<Sliders>(king, their) & their_orthogonal, king,
                                       own, masks, masks.pinmask_orthogonal);
  }
  if (masks.checkers == 0) masks.check_mask = ~Bitboard{0};
  return masks;
}

// Is square s attacked by the side not to move (Us's opponent), with the given occupancy?
// The king test removes our king from `occupied` so it cannot hide behind itself.
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE bool attacked_by_them(const Position& pos, Square s, Bitboard occupied) {
  constexpr Color Them = ~Us;
  const Bitboard their = pos.pieces(Them);
  const Bitboard queens = pos.pieces(kQueen);
  return (knight_attacks(s) & pos.pieces(kKnight) & their) ||
         (pawn_attacks(Us, s) & pos.pieces(kPawn) & their) ||
         (king_attacks(s) & pos.pieces(kKing) & their) ||
         (bishop_attacks<Sliders>(s, occupied) & (pos.pieces(kBishop) | queens) & their) ||
         (rook_attacks<Sliders>(s, occupied) & (pos.pieces(kRook) | queens) & their);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_MASKSET_H_
