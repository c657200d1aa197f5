// generate.h — enumerates the legal moves of a position, handing each to a visitor.
//
// The visitor is called as `visit(PieceTag<P>{}, move)`, with the moving piece's type as a
// compile-time tag so that it can make the move without looking anything up:
//
//   for_each_legal_move<kWhite>(pos, create_masks<kWhite>(pos), [&](auto piece, Move move) {
//     Position child = pos.after<kWhite, decltype(piece)::value>(move);
//   });
//
// Everything is inlined into the caller: the perft kernel instantiates it once per colour and
// depth, and the compiler keeps the visitor's body in the loops. A search may ask for its
// captures and promotions apart from its quiet moves (`MoveSelection`):
//
//   for_each_legal_move<kWhite, BuildSliders, MoveSelection::kTactical>(pos, masks, visit);
//
// Perft's depth-2 nodes leave out the quiet moves the replies cannot notice (calm.h) and only
// count them, and hand the steady ones (calm.h) to a visitor of their own:
//
//   int calm_moves = for_each_legal_move_except_calm<kWhite>(pos, masks, calm, visit, visit_steady);
#ifndef PYKE_MOVEGEN_GENERATE_H_
#define PYKE_MOVEGEN_GENERATE_H_

#include <type_traits>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/calm.h"
#include "movegen/maskset.h"
#include "movegen/move.h"
#include "movegen/move_targets.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

template <PieceType P>
using PieceTag = std::integral_constant<PieceType, P>;

namespace detail {

// One move per destination in `targets`, all from `from`.
template <PieceType P, class Visitor>
PYKE_INLINE void visit_targets(Square from, Bitboard targets, Visitor& visit) {
  for (; targets; targets = clear_lsb(targets)) visit(PieceTag<P>{}, Move::make(from, lsb(targets)));
}

// Pawn moves whose origin is the destination shifted back by `Travel`; promotions fan out into
// the four pieces.
template <Color Us, int Travel, class Visitor>
PYKE_INLINE void visit_pawn_moves(Bitboard destinations, Visitor& visit) {
  for (Bitboard b = destinations & ~kPromotionRank<Us>; b; b = clear_lsb(b)) {
    const Square to = lsb(b);
    visit(PieceTag<kPawn>{}, Move::make(static_cast<Square>(to - Travel), to));
  }
  for (Bitboard b = destinations & kPromotionRank<Us>; b; b = clear_lsb(b)) {
    const Square to = lsb(b), from = static_cast<Square>(to - Travel);
    for (PieceType promoted : {kQueen, kRook, kBishop, kKnight}) {
      visit(PieceTag<kPawn>{}, Move::make_promotion(from, to, promoted));
    }
  }
}

}  // namespace detail

// Which legal moves to visit. A search wants its captures and promotions (quiescence, the first
// stage of move ordering) apart from the rest; perft wants all. The selection narrows the
// destination sets before any move is made, so the moves left out cost nothing to skip.
enum class MoveSelection {
  kAll,
  kTactical,  // captures (en passant too) and promotions (quiet ones too)
  kQuiet,     // every other move: castling, pushes that do not promote, non-captures
};

namespace detail {

// The quiet moves from `from` to `targets` that a calm set lets go unvisited: those with both
// squares calm and an empty destination. None unless `SkipCalm`.
template <bool SkipCalm>
PYKE_INLINE Bitboard calm_targets(Square from, Bitboard targets, Bitboard calm, Bitboard empty) {
  if constexpr (!SkipCalm) {
    return 0;
  } else {
    return (calm >> from & 1) ? targets & calm & empty : 0;
  }
}

// The single pushes (destinations in `pushes`) that do not promote and go from a square of
// `squares` to a square of `squares`: the pawns' share of calm_targets.
template <Color Us>
PYKE_INLINE Bitboard pushes_within(Bitboard pushes, Bitboard squares) {
  return pushes & squares & shift<kForward<Us>>(squares) & ~kPromotionRank<Us>;
}

// The generator behind for_each_legal_move and for_each_legal_move_except_calm: visits every
// selected legal move, except (with `SkipCalm`) the calm quiet moves, which it only counts, and
// the steady ones, which go to `visit_steady`. Returns how many it left out.
template <Color Us, class Sliders, MoveSelection Select, bool SkipCalm, class Visitor,
          class SteadyVisitor>
PYKE_INLINE int generate_legal_moves(const Position& pos, const MaskSet& m, const CalmSquares& calm,
                                     Visitor& visit, SteadyVisitor& visit_steady) {
  constexpr bool kTactical = Select != MoveSelection::kQuiet;
  constexpr bool kQuiet = Select != MoveSelection::kTactical;
  // The destinations the selection keeps, for every piece but the pawns.
  Bitboard selected = ~Bitboard{0};
  if constexpr (Select == MoveSelection::kTactical) selected = pos.pieces(~Us);
  if constexpr (Select == MoveSelection::kQuiet) selected = ~pos.pieces(~Us);
  const Bitboard empty = ~pos.occupied();
  int skipped = 0;
  // Visits the moves from `from` to `targets`: counts the calm ones, hands the steady ones to
  // `visit_steady` and the rest to `visit`.
  const auto visit_piece = [&]<PieceType P>(PieceTag<P>, Square from, Bitboard targets,
                                            Bitboard calm_squares, Bitboard steady_squares) {
    const Bitboard skip = calm_targets<SkipCalm>(from, targets, calm_squares, empty);
    if constexpr (SkipCalm) {
      skipped += popcount(skip);
      const Bitboard steady = calm_targets<SkipCalm>(from, targets ^ skip, steady_squares, empty);
      visit_targets<P>(from, steady, visit_steady);
      visit_targets<P>(from, targets ^ skip ^ steady, visit);
    } else {
      visit_targets<P>(from, targets, visit);
    }
  };

  const KingMoves king = king_moves<Us, true, Sliders>(pos, m);
  visit_piece(PieceTag<kKing>{}, m.king, king.targets & selected, calm.other, calm.steady_other);
  if (m.checkers > 1) return skipped;  // double check: only the king moves
  if constexpr (kQuiet) {
    for (uint8_t rights = king.castlings; rights; rights &= rights - 1) {
      const CastlingPath& path = lowest_castling_path(pos, rights);
      visit(PieceTag<kKing>{}, Move::make(path.king_from, path.rook_from, MoveKind::kCastling));
    }
  }

  const Bitboard occupied = pos.occupied();
  const Bitboard movable = ~pos.pieces(Us) & m.check_mask & selected;
  const Bitboard pinned = m.pinmask_diagonal | m.pinmask_orthogonal;

  // Pushes are quiet unless they promote; pawn captures are all tactical.
  Bitboard pushes_kept = ~Bitboard{0};
  if constexpr (Select == MoveSelection::kTactical) pushes_kept = kPromotionRank<Us>;
  if constexpr (Select == MoveSelection::kQuiet) pushes_kept = ~kPromotionRank<Us>;
  const PawnTargets pawns = pawn_targets<Us>(pos, m);
  Bitboard single_push = pawns.single_push & pushes_kept;
  if constexpr (SkipCalm) {
    const Bitboard skip = pushes_within<Us>(single_push, calm.other);
    skipped += popcount(skip);
    single_push ^= skip;
    const Bitboard steady = pushes_within<Us>(single_push, calm.steady_other);
    visit_pawn_moves<Us, kForward<Us>>(steady, visit_steady);
    single_push ^= steady;
  }
  visit_pawn_moves<Us, kForward<Us>>(single_push, visit);
  if constexpr (kQuiet) visit_pawn_moves<Us, 2 * kForward<Us>>(pawns.double_push, visit);
  if constexpr (kTactical) {
    visit_pawn_moves<Us, kForwardEast<Us>>(pawns.capture_east, visit);
    visit_pawn_moves<Us, kForwardWest<Us>>(pawns.capture_west, visit);
    for (Bitboard b = en_passant_origins<Us, Sliders>(pos, m); b; b = clear_lsb(b)) {
      visit(PieceTag<kPawn>{}, Move::make(lsb(b), pos.en_passant_square(), MoveKind::kEnPassant));
    }
  }

  // A pinned knight can never stay on its pin line.
  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b; b = clear_lsb(b)) {
    visit_piece(PieceTag<kKnight>{}, lsb(b), knight_attacks(lsb(b)) & movable, calm.knight,
                calm.steady_knight);
  }
  // A bishop pinned along a rank or file cannot move; a rook pinned along a diagonal neither.
  for (Bitboard b = pos.pieces(Us, kBishop) & ~m.pinmask_orthogonal; b; b = clear_lsb(b)) {
    visit_piece(PieceTag<kBishop>{}, lsb(b),
                diagonal_slider_targets<Sliders>(lsb(b), occupied, movable, m), calm.other,
                calm.steady_other);
  }
  for (Bitboard b = pos.pieces(Us, kRook) & ~m.pinmask_diagonal; b; b = clear_lsb(b)) {
    visit_piece(PieceTag<kRook>{}, lsb(b),
                orthogonal_slider_targets<Sliders>(lsb(b), occupied, movable, m), calm.other,
                calm.steady_other);
  }
  for (Bitboard b = pos.pieces(Us, kQueen); b; b = clear_lsb(b)) {
    const Square s = lsb(b);
    Bitboard targets = 0;
    if (!(square_bb(s) & m.pinmask_orthogonal)) {
      targets |= diagonal_slider_targets<Sliders>(s, occupied, movable, m);
    }
    if (!(square_bb(s) & m.pinmask_diagonal)) {
      targets |= orthogonal_slider_targets<Sliders>(s, occupied, movable, m);
    }
    visit_piece(PieceTag<kQueen>{}, s, targets, calm.other, calm.steady_other);
  }
  return skipped;
}

}  // namespace detail

template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Visitor>
PYKE_INLINE void for_each_legal_move(const Position& pos, const MaskSet& m, Visitor&& visit) {
  detail::generate_legal_moves<Us, Sliders, Select, /*SkipCalm=*/false>(pos, m, CalmSquares{},
                                                                         visit, visit);
}

// Visits every legal move but the quiet ones that `calm` (calm_squares<Us>(pos), calm.h) says
// the replies cannot notice, and returns how many of those it left out. The steady quiet moves
// (calm.h) go to `visit_steady`, the others to `visit`. Only when Us is not in check.
template <Color Us, class Sliders = BuildSliders, class Visitor, class SteadyVisitor>
PYKE_INLINE int for_each_legal_move_except_calm(const Position& pos, const MaskSet& m,
                                                const CalmSquares& calm, Visitor&& visit,
                                                SteadyVisitor&& visit_steady) {
  return detail::generate_legal_moves<Us, Sliders, MoveSelection::kAll, /*SkipCalm=*/true>(
      pos, m, calm, visit, visit_steady);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_GENERATE_H_
