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
#ifndef PYKE_MOVEGEN_GENERATE_H_
#define PYKE_MOVEGEN_GENERATE_H_

#include <type_traits>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
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

template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Visitor>
PYKE_INLINE void for_each_legal_move(const Position& pos, const MaskSet& m, Visitor&& visit) {
  constexpr bool kTactical = Select != MoveSelection::kQuiet;
  constexpr bool kQuiet = Select != MoveSelection::kTactical;
  // The destinations the selection keeps, for every piece but the pawns.
  Bitboard selected = ~Bitboard{0};
  if constexpr (Select == MoveSelection::kTactical) selected = pos.pieces(~Us);
  if constexpr (Select == MoveSelection::kQuiet) selected = ~pos.pieces(~Us);

  const KingMoves king = king_moves<Us, true, Sliders>(pos, m);
  detail::visit_targets<kKing>(m.king, king.targets & selected, visit);
  if (m.checkers > 1) return;  // double check: only the king moves
  if constexpr (kQuiet) {
    for (uint8_t rights = king.castlings; rights; rights &= rights - 1) {
      const CastlingPath& path = detail::lowest_castling_path(pos, rights);
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
  detail::visit_pawn_moves<Us, kForward<Us>>(pawns.single_push & pushes_kept, visit);
  if constexpr (kQuiet) detail::visit_pawn_moves<Us, 2 * kForward<Us>>(pawns.double_push, visit);
  if constexpr (kTactical) {
    detail::visit_pawn_moves<Us, kForwardEast<Us>>(pawns.capture_east, visit);
    detail::visit_pawn_moves<Us, kForwardWest<Us>>(pawns.capture_west, visit);
    for (Bitboard b = en_passant_origins<Us, Sliders>(pos, m); b; b = clear_lsb(b)) {
      visit(PieceTag<kPawn>{}, Move::make(lsb(b), pos.en_passant_square(), MoveKind::kEnPassant));
    }
  }

  // A pinned knight can never stay on its pin line.
  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b; b = clear_lsb(b)) {
    detail::visit_targets<kKnight>(lsb(b), knight_attacks(lsb(b)) & movable, visit);
  }
  // A bishop pinned along a rank or file cannot move; a rook pinned along a diagonal neither.
  for (Bitboard b = pos.pieces(Us, kBishop) & ~m.pinmask_orthogonal; b; b = clear_lsb(b)) {
    detail::visit_targets<kBishop>(lsb(b), diagonal_slider_targets<Sliders>(lsb(b), occupied, movable, m),
                                   visit);
  }
  for (Bitboard b = pos.pieces(Us, kRook) & ~m.pinmask_diagonal; b; b = clear_lsb(b)) {
    detail::visit_targets<kRook>(lsb(b), orthogonal_slider_targets<Sliders>(lsb(b), occupied, movable, m),
                                 visit);
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
    detail::visit_targets<kQueen>(s, targets, visit);
  }
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_GENERATE_H_
