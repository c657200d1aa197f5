// generate.h — the legal move generator: hands a sink each piece's legal destinations as a set.
//
// The generator computes, for the side to move, the king's destinations, its castlings, the
// pawns' single pushes, double pushes and captures (as destination sets, one per direction),
// en passant, and each knight's, bishop's, rook's and queen's destinations, and hands each set to
// a sink. A sink decides what a set becomes: moves for a visitor (`for_each_legal_move`), a count
// (`MoveCounter`), or — in perft's last two plies — moves split by what the replies can notice
// (perft/internal/calm.h). A sink has these members (P is the moving piece's type, a
// compile-time tag, so that a sink making the move looks nothing up):
//
//   void piece(PieceTag<P>, Square from, Bitboard targets);  // king (not castling) and pieces
//   void castling(Move move);                                 // one castling, king takes rook
//   template <int Travel> void pawns(Bitboard destinations); // from destination − Travel; a
//                                                             // destination on the last rank is
//                                                             // four promotions
//   void en_passant(Bitboard origins, Square to);             // the pawns that may take
//
// in this order (which is the order of a divide): king, castlings, single pushes, double pushes,
// captures towards the east and west, en passant, knights, bishops, rooks, queens. Everything is
// inlined into the caller: the perft kernel instantiates it once per colour and depth, and the
// compiler keeps the sink's body in the loops.
//
//   for_each_legal_move<kWhite>(pos, create_masks<kWhite>(pos), [&](auto piece, Move move) {
//     Position child = make_move<kWhite, decltype(piece)::value, true>(pos, move);
//   });
//
// A search may ask for its captures and promotions apart from its quiet moves (`MoveSelection`):
//
//   for_each_legal_move<kWhite, BuildSliders, MoveSelection::kTactical>(pos, masks, visit);
#ifndef PYKE_MOVEGEN_INTERNAL_GENERATE_H_
#define PYKE_MOVEGEN_INTERNAL_GENERATE_H_

#include <type_traits>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/maskset.h"
#include "movegen/internal/move_targets.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

template <PieceType P>
using PieceTag = std::integral_constant<PieceType, P>;

// Which legal moves to generate. A search wants its captures and promotions (quiescence, the
// first stage of move ordering) apart from the rest; perft wants all. The selection narrows the
// destination sets before any move is made, so the moves left out cost nothing to skip.
enum class MoveSelection {
  kAll,
  kTactical,  // captures (en passant too) and promotions (quiet ones too)
  kQuiet,     // every other move: castling, pushes that do not promote, non-captures
};

// The destinations the selection keeps for a piece's move, the pawns' aside.
template <Color Us, MoveSelection Select>
PYKE_INLINE Bitboard selected_targets(const Position& pos) {
  if constexpr (Select == MoveSelection::kTactical) return pos.pieces(~Us);
  if constexpr (Select == MoveSelection::kQuiet) return ~pos.pieces(~Us);
  return ~Bitboard{0};
}

// The generator in three phases, each handing its sets to the sink in the order above; a caller
// that treats one phase apart (perft's statistics classify some pieces setwise) runs the others
// itself. `generate_legal_targets` runs all three.

// The king's steps, then its castlings (none in double check).
template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Sink>
PYKE_INLINE void generate_king_targets(const Position& pos, const MaskSet& m, Sink& sink) {
  const KingMoves king = king_moves<Us, true, Sliders>(pos, m);
  sink.piece(PieceTag<kKing>{}, m.king, king.targets & selected_targets<Us, Select>(pos));
  if constexpr (Select != MoveSelection::kTactical) {
    if (m.checkers > 1) return;
    for (uint8_t rights = king.castlings; rights; rights &= rights - 1) {
      const CastlingPath& path = lowest_castling_path(pos, rights);
      sink.castling(Move::make(path.king_from, path.rook_from, MoveKind::kCastling));
    }
  }
}

// The pawns' single and double pushes, captures towards the east and west, and en passant. Not
// in double check.
template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Sink>
PYKE_INLINE void generate_pawn_targets(const Position& pos, const MaskSet& m, Sink& sink) {
  // Pushes are quiet unless they promote; pawn captures are all tactical.
  Bitboard pushes_kept = ~Bitboard{0};
  if constexpr (Select == MoveSelection::kTactical) pushes_kept = kPromotionRank<Us>;
  if constexpr (Select == MoveSelection::kQuiet) pushes_kept = ~kPromotionRank<Us>;
  const PawnTargets pawns = pawn_targets<Us>(pos, m);
  sink.template pawns<kForward<Us>>(pawns.single_push & pushes_kept);
  if constexpr (Select != MoveSelection::kTactical) {
    sink.template pawns<2 * kForward<Us>>(pawns.double_push);
  }
  if constexpr (Select != MoveSelection::kQuiet) {
    sink.template pawns<kForwardEast<Us>>(pawns.capture_east);
    sink.template pawns<kForwardWest<Us>>(pawns.capture_west);
    sink.en_passant(en_passant_origins<Us, Sliders>(pos, m), pos.en_passant_square());
  }
}

// The knights', bishops', rooks' and queens' destinations, one set per piece, for the pieces on
// `among` (all by default). Not in double check.
template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Sink>
PYKE_INLINE void generate_piece_targets(const Position& pos, const MaskSet& m, Sink& sink,
                                        Bitboard among = ~Bitboard{0}) {
  const Bitboard occupied = pos.occupied();
  const Bitboard movable = ~pos.pieces(Us) & m.check_mask & selected_targets<Us, Select>(pos);
  const Bitboard pinned = m.pinmask_diagonal | m.pinmask_orthogonal;
  // A pinned knight can never stay on its pin line.
  for (Bitboard b = pos.pieces(Us, kKnight) & among & ~pinned; b; b = clear_lsb(b)) {
    sink.piece(PieceTag<kKnight>{}, lsb(b), knight_attacks(lsb(b)) & movable);
  }
  // A bishop pinned along a rank or file cannot move; a rook pinned along a diagonal neither.
  for (Bitboard b = pos.pieces(Us, kBishop) & among & ~m.pinmask_orthogonal; b; b = clear_lsb(b)) {
    sink.piece(PieceTag<kBishop>{}, lsb(b),
               diagonal_slider_targets<Sliders>(lsb(b), occupied, movable, m));
  }
  for (Bitboard b = pos.pieces(Us, kRook) & among & ~m.pinmask_diagonal; b; b = clear_lsb(b)) {
    sink.piece(PieceTag<kRook>{}, lsb(b),
               orthogonal_slider_targets<Sliders>(lsb(b), occupied, movable, m));
  }
  for (Bitboard b = pos.pieces(Us, kQueen) & among; b; b = clear_lsb(b)) {
    const Square s = lsb(b);
    Bitboard targets = 0;
    if (!(square_bb(s) & m.pinmask_orthogonal)) {
      targets |= diagonal_slider_targets<Sliders>(s, occupied, movable, m);
    }
    if (!(square_bb(s) & m.pinmask_diagonal)) {
      targets |= orthogonal_slider_targets<Sliders>(s, occupied, movable, m);
    }
    sink.piece(PieceTag<kQueen>{}, s, targets);
  }
}

// Hands every selected legal move of Us in `pos` to `sink`, as destination sets (see above).
template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Sink>
PYKE_INLINE void generate_legal_targets(const Position& pos, const MaskSet& m, Sink& sink) {
  generate_king_targets<Us, Sliders, Select>(pos, m, sink);
  if (m.checkers > 1) return;  // double check: only the king moves
  generate_pawn_targets<Us, Sliders, Select>(pos, m, sink);
  generate_piece_targets<Us, Sliders, Select>(pos, m, sink);
}

// One move per destination in `targets`, all from `from`, handed to `visit`.
template <PieceType P, class Visitor>
PYKE_INLINE void visit_targets(Square from, Bitboard targets, Visitor& visit) {
  for (; targets; targets = clear_lsb(targets))
    visit(PieceTag<P>{}, Move::make(from, lsb(targets)));
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

// En passant captures onto `to` by the pawns on `origins`.
template <class Visitor>
PYKE_INLINE void visit_en_passant(Bitboard origins, Square to, Visitor& visit) {
  for (; origins; origins = clear_lsb(origins)) {
    visit(PieceTag<kPawn>{}, Move::make(lsb(origins), to, MoveKind::kEnPassant));
  }
}

// The sink that turns every set into moves for a visitor `visit(PieceTag<P>{}, move)`.
template <Color Us, class Visitor>
struct MoveVisitorSink {
  Visitor& visit;

  template <PieceType P>
  PYKE_INLINE void piece(PieceTag<P>, Square from, Bitboard targets) {
    visit_targets<P>(from, targets, visit);
  }
  PYKE_INLINE void castling(Move move) { visit(PieceTag<kKing>{}, move); }
  template <int Travel>
  PYKE_INLINE void pawns(Bitboard destinations) {
    visit_pawn_moves<Us, Travel>(destinations, visit);
  }
  PYKE_INLINE void en_passant(Bitboard origins, Square to) { visit_en_passant(origins, to, visit); }
};

// The sink that counts the moves (a promotion is four). Perft's bulk counting (count.h) counts
// the same moves setwise, without a set per piece; tests check the two against each other.
template <Color Us>
struct MoveCounter {
  int moves = 0;

  template <PieceType P>
  PYKE_INLINE void piece(PieceTag<P>, Square, Bitboard targets) {
    moves += popcount(targets);
  }
  PYKE_INLINE void castling(Move) { ++moves; }
  template <int Travel>
  PYKE_INLINE void pawns(Bitboard destinations) {
    moves += popcount(destinations) + 3 * popcount(destinations & kPromotionRank<Us>);
  }
  PYKE_INLINE void en_passant(Bitboard origins, Square) { moves += popcount(origins); }
};

// Calls `visit(PieceTag<P>{}, move)` for every selected legal move of Us, in generation order.
template <Color Us, class Sliders = BuildSliders, MoveSelection Select = MoveSelection::kAll,
          class Visitor>
PYKE_INLINE void for_each_legal_move(const Position& pos, const MaskSet& m, Visitor&& visit) {
  MoveVisitorSink<Us, std::remove_reference_t<Visitor>> sink{visit};
  generate_legal_targets<Us, Sliders, Select>(pos, m, sink);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_GENERATE_H_
