// move_targets.h — where each kind of piece may legally go, as bitboards.
//
// The single source of the move rules: `for_each_legal_move` (generate.h) walks these sets to
// produce moves, `count_legal_moves` (count.h) only popcounts them. Each function takes the
// MaskSet of the node, so every set it returns is already legal.
#ifndef PYKE_MOVEGEN_INTERNAL_MOVE_TARGETS_H_
#define PYKE_MOVEGEN_INTERNAL_MOVE_TARGETS_H_

#include <bit>
#include <cstdint>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/internal/maskset.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

// Destination squares of all pawn moves but en passant, one set per direction of travel, so the
// origin of each is the destination shifted back.
struct PawnTargets {
  Bitboard single_push, double_push, capture_east, capture_west;
};

template <Color Us>
PYKE_INLINE PawnTargets pawn_targets(const Position& pos, const MaskSet& m) {
  constexpr Direction Up = kForward<Us>;
  const Bitboard pawns = pos.pieces(Us, kPawn);
  const Bitboard empty = ~pos.occupied();
  if (!(m.pinmask_diagonal | m.pinmask_orthogonal)) {  // the common case: no pins at all
    const Bitboard single = shift<Up>(pawns) & empty;
    const Bitboard capturable = pos.pieces(~Us) & m.check_mask;
    return {single & m.check_mask, shift<Up>(single & kDoublePushRank<Us>) & empty & m.check_mask,
            shift<kForwardEast<Us>>(pawns) & capturable,
            shift<kForwardWest<Us>>(pawns) & capturable};
  }

  // A pawn pinned along a diagonal cannot push; one pinned along a rank or file cannot capture.
  // A file pin still lets it push (the pin line runs along its file); a rank pin does not.
  const Bitboard pushers = pawns & ~m.pinmask_diagonal;
  const Bitboard single = (shift<Up>(pushers & ~m.pinmask_orthogonal) |
                           (shift<Up>(pushers & m.pinmask_orthogonal) & m.pinmask_orthogonal)) &
                          empty;
  const Bitboard twice = shift<Up>(single & kDoublePushRank<Us>) & empty;

  const Bitboard capturers = pawns & ~m.pinmask_orthogonal;
  const Bitboard free_capturers = capturers & ~m.pinmask_diagonal;
  const Bitboard pinned_capturers = capturers & m.pinmask_diagonal;
  const Bitboard capturable = pos.pieces(~Us) & m.check_mask;
  const Bitboard east = (shift<kForwardEast<Us>>(free_capturers) |
                         (shift<kForwardEast<Us>>(pinned_capturers) & m.pinmask_diagonal)) &
                        capturable;
  const Bitboard west = (shift<kForwardWest<Us>>(free_capturers) |
                         (shift<kForwardWest<Us>>(pinned_capturers) & m.pinmask_diagonal)) &
                        capturable;
  return {single & m.check_mask, twice & m.check_mask, east, west};
}

// Origins of the legal en passant captures (at most two pawns). En passant is the one move that
// takes two pieces off one rank, which no pin mask describes, so each capture is played on the
// occupancy and the king tested against the enemy sliders.
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE Bitboard en_passant_origins(const Position& pos, const MaskSet& m) {
  const Square target = pos.en_passant_square();
  if (target == kNoSquare) return 0;
  constexpr Color Them = ~Us;
  const Bitboard target_bb = square_bb(target);
  const Bitboard captured_bb = shift<kForward<Them>>(target_bb);
  // In check, the capture must take the checking pawn or block on the target square.
  if (!(m.check_mask & (target_bb | captured_bb))) return 0;

  const Bitboard their_queens = pos.pieces(Them, kQueen);
  const Bitboard their_diagonal = pos.pieces(Them, kBishop) | their_queens;
  const Bitboard their_orthogonal = pos.pieces(Them, kRook) | their_queens;
  Bitboard origins = 0;
  for (Bitboard b = pawn_attacks(Them, target) & pos.pieces(Us, kPawn); b; b = clear_lsb(b)) {
    const Bitboard from_bb = square_bb(lsb(b));
    const Bitboard occupied = (pos.occupied() ^ from_bb ^ captured_bb) | target_bb;
    if (!(bishop_attacks<Sliders>(m.king, occupied) & their_diagonal) &&
        !(rook_attacks<Sliders>(m.king, occupied) & their_orthogonal)) {
      origins |= from_bb;
    }
  }
  return origins;
}

// King destinations not attacked once the king has left its square (so it cannot step back
// along the ray of a slider that checks it).
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE Bitboard king_targets(const Position& pos, const MaskSet& m) {
  const Bitboard occupied_without_king = pos.occupied() ^ square_bb(m.king);
  Bitboard safe = 0;
  for (Bitboard b = king_attacks(m.king) & ~pos.pieces(Us); b; b = clear_lsb(b)) {
    if (!attacked_by_them<Us, Sliders>(pos, lsb(b), occupied_without_king))
      safe |= square_bb(lsb(b));
  }
  return safe;
}

namespace detail {

// `right` when Us holds it and every square between king and rook (and their destinations) is
// empty, else 0.
template <Color Us, bool Kingside>
PYKE_INLINE uint8_t castling_if_open(const Position& pos, Bitboard occupied) {
  constexpr CastlingRight right = castling_right(Us, Kingside);
  return (pos.castling_rights() & right) &&
                 !(occupied & pos.castling_rules().paths[castling_index(right)].must_be_empty)
             ? right
             : 0;
}

// `right` when it is in `open` and the king crosses no square of `attacked`, else 0. Spelled
// out per side (not a loop over the bits) because this sits in the last-ply count.
template <Color Us, bool Kingside>
PYKE_INLINE uint8_t castling_if_unattacked(const Position& pos, uint8_t open, Bitboard attacked) {
  constexpr CastlingRight right = castling_right(Us, Kingside);
  return (open & right) &&
                 !(pos.castling_rules().paths[castling_index(right)].king_crosses & attacked)
             ? right
             : 0;
}

}  // namespace detail

// The castling path of the lowest right in `rights`.
PYKE_INLINE const CastlingPath& lowest_castling_path(const Position& pos, uint8_t rights) {
  return pos.castling_rules().paths[std::countr_zero(rights)];
}

// The castlings that are possible on the board (right held, squares between empty), before the
// test for attacked squares. Call only when not in check.
template <Color Us>
PYKE_INLINE uint8_t castlings_with_empty_path(const Position& pos) {
  if (!(pos.castling_rights() & castling_rights_of(Us))) return 0;
  const Bitboard occupied = pos.occupied();
  return detail::castling_if_open<Us, true>(pos, occupied) |
         detail::castling_if_open<Us, false>(pos, occupied);
}

// Of the castlings in `open` (paths empty), those whose king does not pass through or land on an
// attacked square. The castling rook is lifted off the board first: in Chess960 it may shield
// the king's destination.
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE uint8_t safe_castlings(const Position& pos, uint8_t open) {
  uint8_t safe = 0;
  for (uint8_t rights = open; rights; rights &= rights - 1) {
    const CastlingPath& path = lowest_castling_path(pos, rights);
    const Bitboard lifted = pos.occupied() ^ square_bb(path.king_from) ^ square_bb(path.rook_from);
    bool attacked = false;
    for (Bitboard b = path.king_crosses; b && !attacked; b = clear_lsb(b)) {
      attacked = attacked_by_them<Us, Sliders>(pos, lsb(b), lifted);
    }
    if (!attacked) safe |= rights & -rights;
  }
  return safe;
}

// The castlings of Us that are legal now, as CastlingRight bits. Call only when not in check.
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE uint8_t legal_castlings(const Position& pos) {
  return safe_castlings<Us, Sliders>(pos, castlings_with_empty_path<Us>(pos));
}

// The squares that `knights` and the sliders of side C attack through `occupied`, each line up to
// and including its first piece: filled setwise when the policy counts setwise (count_avx512.h),
// else one lookup per piece.
//
//   Bitboard lines = knight_and_slider_attacks<kWhite>(pos, /*knights=*/0, pos.occupied());
template <Color C, class Sliders = BuildSliders>
PYKE_INLINE Bitboard knight_and_slider_attacks(const Position& pos, Bitboard knights,
                                               Bitboard occupied) {
  const Bitboard queens = pos.pieces(C, kQueen);
  const Bitboard diagonal = pos.pieces(C, kBishop) | queens;
  const Bitboard orthogonal = pos.pieces(C, kRook) | queens;
  if constexpr (counts_setwise<Sliders>()) {
    return setwise::knight_and_slider_attacks(knights, orthogonal, diagonal, ~occupied);
  }
  Bitboard attacked = 0;
  for (Bitboard b = knights; b; b = clear_lsb(b)) attacked |= knight_attacks(lsb(b));
  for (Bitboard b = diagonal; b; b = clear_lsb(b)) {
    attacked |= bishop_attacks<Sliders>(lsb(b), occupied);
  }
  for (Bitboard b = orthogonal; b; b = clear_lsb(b)) {
    attacked |= rook_attacks<Sliders>(lsb(b), occupied);
  }
  return attacked;
}

// Squares attacked by the side not to move, with our king lifted off the board (so that it
// cannot hide behind itself).
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE Bitboard enemy_attack_map(const Position& pos, Square king) {
  constexpr Color Them = ~Us;
  return pawn_attacks_set<Them>(pos.pieces(Them, kPawn)) | king_attacks(pos.king_square(Them)) |
         knight_and_slider_attacks<Them, Sliders>(pos, pos.pieces(Them, kKnight),
                                                  pos.occupied() ^ square_bb(king));
}

struct KingMoves {
  Bitboard targets;   // destinations of ordinary king moves
  uint8_t castlings;  // CastlingRight bits of the legal castlings
};

// Up to this many king squares (with no castling open) are tested one by one; more, or an open
// castling, and the enemy's attack map is built instead. The setwise map costs about as much as
// one square's test. Without AVX-512 the map takes a lookup per enemy piece: building it always
// gained Kiwipete 20–40 % but cost the start position 5–10 %; testing up to 2 or 3 squares
// alone kept both gains (2 and 3 were within the noise of each other; portable build, magic).
inline constexpr int kKingSquaresTestedAlone = kHasSetwiseCount ? 1 : 3;

// The king's legal moves. The enemy's attack map is built once (only when the king has more
// than kKingSquaresTestedAlone squares to go to, or may castle) and answers every square. With
// `MapKing` false each square is always tested on its own (kept for tests: the two must agree).
template <Color Us, bool MapKing = true, class Sliders = BuildSliders>
PYKE_INLINE KingMoves king_moves(const Position& pos, const MaskSet& m) {
  if constexpr (MapKing) {
    const Bitboard candidates = king_attacks(m.king) & ~pos.pieces(Us);
    const uint8_t open = m.checkers == 0 ? castlings_with_empty_path<Us>(pos) : 0;
    if (!open) {
      if (!candidates) return {0, 0};
      // Few squares: testing them costs less than building the map.
      if (kKingSquaresTestedAlone == 1 ? !more_than_one(candidates)
                                       : popcount(candidates) <= kKingSquaresTestedAlone) {
        return {king_targets<Us, Sliders>(pos, m), 0};
      }
    }
    const Bitboard attacked = enemy_attack_map<Us, Sliders>(pos, m.king);
    KingMoves moves{candidates & ~attacked, 0};
    if (open) {
      if (pos.has_standard_castling()) {
        // With the rook in its corner, lifting it uncovers nothing: the map answers directly.
        moves.castlings = detail::castling_if_unattacked<Us, true>(pos, open, attacked) |
                          detail::castling_if_unattacked<Us, false>(pos, open, attacked);
      } else {
        moves.castlings = safe_castlings<Us, Sliders>(pos, open);
      }
    }
    return moves;
  } else {
    return {king_targets<Us, Sliders>(pos, m),
            m.checkers == 0 ? legal_castlings<Us, Sliders>(pos) : uint8_t{0}};
  }
}

// Destinations of the diagonal (bishop-like) slider on s, given its pin.
template <class Sliders = BuildSliders>
PYKE_INLINE Bitboard diagonal_slider_targets(Square s, Bitboard occupied, Bitboard movable,
                                             const MaskSet& m) {
  const Bitboard targets = bishop_attacks<Sliders>(s, occupied) & movable;
  return (square_bb(s) & m.pinmask_diagonal) ? targets & m.pinmask_diagonal : targets;
}

// Destinations of the orthogonal (rook-like) slider on s, given its pin.
template <class Sliders = BuildSliders>
PYKE_INLINE Bitboard orthogonal_slider_targets(Square s, Bitboard occupied, Bitboard movable,
                                               const MaskSet& m) {
  const Bitboard targets = rook_attacks<Sliders>(s, occupied) & movable;
  return (square_bb(s) & m.pinmask_orthogonal) ? targets & m.pinmask_orthogonal : targets;
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_MOVE_TARGETS_H_
