// count.h — counts the legal moves of a position without generating them ("bulk counting").
//
// At the last ply perft needs only how many moves there are, so each piece's legal destinations
// are popcounted: pawns as whole sets by shifts, the king by testing its targets. This is where
// most of perft's time goes.
//
//   int n = count_legal_moves<kWhite>(pos);
//
//   MoveTally tally;                                  // many positions, summed once
//   for (const Position& p : children) add_legal_moves<kBlack>(p, tally);
//   uint64_t total = tally.total();
#ifndef PYKE_MOVEGEN_INTERNAL_COUNT_H_
#define PYKE_MOVEGEN_INTERNAL_COUNT_H_

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/internal/maskset.h"
#include "movegen/internal/move_targets.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

// Counts the moves of one pawn destination set: a move onto the last rank is four promotions.
template <Color Us>
PYKE_INLINE int count_pawn_moves(Bitboard destinations) {
  return popcount(destinations) + 3 * popcount(destinations & kPromotionRank<Us>);
}

// A running count of moves, over one position or many. Setwise (AVX-512) counting leaves the
// knight and slider moves as eight per-lane counts; the tally adds them lane by lane and sums the
// lanes once, in total(). Summed per position, that horizontal sum (a chain of dependent
// instructions) sat on the path of every leaf parent; perft's last two plies share one tally.
struct MoveTally {
  uint64_t scalar = 0;
#if PYKE_HAS_SETWISE_COUNT
  __m512i lanes = _mm512_setzero_si512();

  PYKE_INLINE void add_lanes(__m512i counts) { lanes = _mm512_add_epi64(lanes, counts); }
  PYKE_INLINE uint64_t total() const {
    return scalar + static_cast<uint64_t>(_mm512_reduce_add_epi64(lanes));
  }
#else
  PYKE_INLINE uint64_t total() const { return scalar; }
#endif
};

// Knights, bishops, rooks and queens, added to `tally`: the unpinned ones setwise with AVX-512
// (count_avx512.h) when `Setwise`, else one piece at a time. Pinned pieces are rare, so they get
// loops of their own and the common path carries no pin test.
template <Color Us, bool Setwise = kHasSetwiseCount, class Sliders = BuildSliders>
PYKE_INLINE void add_piece_moves(const Position& pos, const MaskSet& m, MoveTally& tally) {
  const Bitboard occupied = pos.occupied();
  const Bitboard movable = ~pos.pieces(Us) & m.check_mask;
  const Bitboard pinned = m.pinmask_diagonal | m.pinmask_orthogonal;
  const Bitboard queens = pos.pieces(Us, kQueen);
  // A queen counts once as a bishop and once as a rook: together that is all her moves.
  const Bitboard diagonal = pos.pieces(Us, kBishop) | queens;
  const Bitboard orthogonal = pos.pieces(Us, kRook) | queens;
  int count = 0;
  if constexpr (Setwise) {
#if PYKE_HAS_SETWISE_COUNT
    tally.add_lanes(setwise::knight_and_slider_move_lanes(pos.pieces(Us, kKnight) & ~pinned,
                                                          orthogonal & ~pinned, diagonal & ~pinned,
                                                          ~occupied, movable));
#else
    // The plain 64-bit stand-in of the lanes (count_avx512.h), kept compiled and tested.
    count = setwise::count_knight_and_slider_moves(pos.pieces(Us, kKnight) & ~pinned,
                                                   orthogonal & ~pinned, diagonal & ~pinned,
                                                   ~occupied, movable);
#endif
  } else {
    for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b; b = clear_lsb(b)) {
      count += popcount(knight_attacks(lsb(b)) & movable);
    }
    for (Bitboard b = diagonal & ~pinned; b; b = clear_lsb(b)) {
      count += popcount(bishop_attacks<Sliders>(lsb(b), occupied) & movable);
    }
    for (Bitboard b = orthogonal & ~pinned; b; b = clear_lsb(b)) {
      count += popcount(rook_attacks<Sliders>(lsb(b), occupied) & movable);
    }
  }
  if (pinned) [[unlikely]] {
    // A piece pinned along a diagonal moves only along diagonal pin lines, and so on; a piece
    // pinned the other way cannot move at all.
    for (Bitboard b = diagonal & m.pinmask_diagonal; b; b = clear_lsb(b)) {
      count += popcount(bishop_attacks<Sliders>(lsb(b), occupied) & movable & m.pinmask_diagonal);
    }
    for (Bitboard b = orthogonal & m.pinmask_orthogonal; b; b = clear_lsb(b)) {
      count += popcount(rook_attacks<Sliders>(lsb(b), occupied) & movable & m.pinmask_orthogonal);
    }
  }
  tally.scalar += static_cast<uint64_t>(count);
}

// The same moves of one position, added up.
template <Color Us, bool Setwise = kHasSetwiseCount, class Sliders = BuildSliders>
PYKE_INLINE int count_piece_moves(const Position& pos, const MaskSet& m) {
  MoveTally tally;
  add_piece_moves<Us, Setwise, Sliders>(pos, m, tally);
  return static_cast<int>(tally.total());
}

// Adds the legal moves of every piece but the king to `tally`, given the node's masks (not in
// double check).
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE void add_non_king_moves(const Position& pos, const MaskSet& m, MoveTally& tally) {
  const PawnTargets pawns = pawn_targets<Us>(pos, m);
  const int count = count_pawn_moves<Us>(pawns.single_push) + popcount(pawns.double_push) +
                    count_pawn_moves<Us>(pawns.capture_east) +
                    count_pawn_moves<Us>(pawns.capture_west) +
                    popcount(en_passant_origins<Us, Sliders>(pos, m));
  tally.scalar += static_cast<uint64_t>(count);
  add_piece_moves<Us, counts_setwise<Sliders>(), Sliders>(pos, m, tally);
}

// How many king moves (castlings included) there are.
PYKE_INLINE int count_king_moves(const KingMoves& king) {
  return popcount(king.targets) + popcount(king.castlings);
}

// Adds the legal moves of `pos` to `tally`.
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE void add_legal_moves(const Position& pos, MoveTally& tally) {
  const MaskSet m = create_masks<Us, Sliders>(pos);
  tally.scalar += static_cast<uint64_t>(count_king_moves(king_moves<Us, true, Sliders>(pos, m)));
  if (m.checkers > 1) return;
  add_non_king_moves<Us, Sliders>(pos, m, tally);
}

template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE int count_legal_moves(const Position& pos) {
  MoveTally tally;
  add_legal_moves<Us, Sliders>(pos, tally);
  return static_cast<int>(tally.total());
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_COUNT_H_
