// calm.h — quiet moves the opponent's replies cannot notice. Internal to //perft.
//
// Perft's last two plies count, for every move of a depth-2 node, the replies in the position the
// move leads to. Most of those moves are quiet moves far from anything the replies depend on: a
// knight hop on the queenside changes none of the replies of an opponent whose king, pawns and
// sliders are busy elsewhere. After such a move the opponent has exactly the replies it would
// have if we passed (a null move), so a depth-2 node counts those once and multiplies by the
// number of such moves, instead of making each move and counting its replies.
//
// Our pieces enter the opponent's replies only through these squares (the "watched" squares):
//  - the squares whose attack by us matters (their "reach"): their king's square (check), the
//    squares next to it that it may step to (not those of its own pieces: it cannot go there,
//    whatever we do), and the squares a castling king crosses, for each right whose path none of
//    their own pieces blocks; with the squares such a castling needs empty;
//  - every line out of the reach up to and including the first piece: our slider there attacks
//    the reach, and a piece moved onto or off the line closes or opens one. For our sliders the
//    whole line is watched;
//  - for our pawns, knights and king only the part of those lines that our sliders see (the "open
//    lines"; without `OpenLines`, the whole line, whose first squares also cover the pawns' and the
//    king's attacks next to the reach, and knights get their jumps as their own set): such a piece
//    matters on a line out of the reach only where it stands between the reach and one of our
//    sliders that attacks along the line (landing there blocks it), or is the one piece between
//    them (leaving opens it). Both squares lie on the line out of the reach up to its first piece
//    and on our slider's attacks up to its first piece, so the overlap of the two covers them (and
//    some crossings of unrelated lines, which only watches more). What these pieces attack next to
//    the reach is watched on its own: the squares from which a pawn attacks the reach, a knight's
//    jumps, the king's neighbours;
//  - the rays from their king through their own pieces up to our first piece: the pins;
//  - the rays of their sliders up to and including the first piece: a piece moved onto or off
//    one shortens or lengthens it;
//  - the squares their pawns push to (one and two steps) and capture on.
// Their knights go wherever their own pieces are not, whatever we do.
//
// The lines are drawn on the board as it is. One through their king into the reach would be a
// check, and the side whose replies we count is not in check (we are to move); our piece moved
// onto such a line lands on a line out of the king's square, which is watched. One through a
// castling rook (which leaves when castling, and may shield the king's path in Chess960) runs
// along their back rank, where the ray from their king, looking through their own pieces, already
// watches it.
//
// The first four kinds (with the squares next to the reach from which our pawns, knights and
// king attack it) guard the opponent's check, pins, king moves and castlings; the last two only
// what its pawns and sliders may do. A quiet move — no capture, promotion, castling, en passant or
// double push that allows en passant — with its origin and destination both unwatched is calm: it
// leaves the replies as they are. One that only touches the last two kinds is steady: the replies
// keep the null move's check and pin masks and king moves, and only the other pieces' moves need
// counting, in the child, under those masks.
//
//   const CalmSquares calm = calm_squares<kWhite>(pos);   // White to move, not in check
//   Bitboard squares = calm.of(kKnight);                 // a knight's calm moves stay in here
//   Bitboard steady = calm.steady_of(kKnight);           // and its steady ones in here
//
// Only valid when the side to move is not in check (the null move would leave its king en prise).
// for_each_legal_move_except_calm (below: the generator with a sink that splits its destination
// sets) leaves calm moves out and counts them, and hands steady ones to a visitor of their own;
// the kernel (kernel.h, count_last_two_plies) multiplies the calm moves by the replies after a
// null move, and counts a steady move's replies with the null move's masks.
//
//   int calm_moves = for_each_legal_move_except_calm<kWhite>(pos, masks, calm, visit, steady);
#ifndef PYKE_PERFT_INTERNAL_CALM_H_
#define PYKE_PERFT_INTERNAL_CALM_H_

#include <type_traits>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"
#include "movegen/internal/move_targets.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::perft::internal {

// Per type of the moving piece: the squares a quiet move may leave and reach without changing
// the opponent's legal replies (calm), and those it may leave and reach without changing the
// opponent's check, pins, king moves and castlings, only what its pawns and sliders may do
// (steady). `other` is the sliders' (bishops, rooks, queens): every line out of the reach is
// theirs to watch; pawns, knights and the king watch only the open ones and their own neighbours
// of the reach.
struct CalmSquares {
  Bitboard knight, pawn, king, other;
  Bitboard steady_knight, steady_pawn, steady_king, steady_other;
  // Where a double push of Us may land and leave no en passant capture: beside none of their
  // pawns (make_move sets an en passant square only when one of their pawns may take).
  Bitboard no_en_passant;

  Bitboard of(PieceType t) const {
    return t == kKnight ? knight : t == kPawn ? pawn : t == kKing ? king : other;
  }
  Bitboard steady_of(PieceType t) const {
    return t == kKnight ? steady_knight
           : t == kPawn ? steady_pawn
           : t == kKing ? steady_king
                        : steady_other;
  }
};

// What the sliders of Us attack, up to and including the first piece on each line: the lines
// along which one of them may attack the reach (calm_squares).
template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE Bitboard slider_lines_of(const Position& pos) {
  return knight_and_slider_attacks<Us, Sliders>(pos, /*knights=*/0, pos.occupied());
}

// Where a quiet move of Us may pin one of their pieces or release one, drawn tighter than
// calm_squares' rays through their pieces (for a caller whose children cost enough to pay for
// it). A pin is one of their pieces alone between their king and our slider. A line out of their
// king whose first piece is ours is watched already (the reach's lines); on one whose first
// piece is theirs, only the squares beyond it up to and including the next piece matter: our
// piece landing there (a slider pins, any piece blocks a pin) or leaving it (a pinner, or a
// piece in front of one), and not past that next piece, which shields the rest. A knight pins
// nothing: it matters only on a pin's line (where it blocks) and when it is that next piece.
struct PinSquares {
  Bitboard knight, other;
};

template <Color Us, class Sliders = BuildSliders>
PYKE_INLINE PinSquares pin_squares(const Position& pos) {
  constexpr Color Them = ~Us;
  const Square king = pos.king_square(Them);
  const Bitboard occupied = pos.occupied();
  const Bitboard theirs = pos.pieces(Them);
  const Bitboard diagonal = bishop_attacks<Sliders>(king, occupied);
  const Bitboard orthogonal = rook_attacks<Sliders>(king, occupied);
  const Bitboard beyond_diagonal =
      bishop_attacks<Sliders>(king, occupied ^ (diagonal & theirs)) & ~diagonal;
  const Bitboard beyond_orthogonal =
      rook_attacks<Sliders>(king, occupied ^ (orthogonal & theirs)) & ~orthogonal;
  const Bitboard queens = pos.pieces(Us, kQueen);
  Bitboard pin_lines = 0;
  for (Bitboard b = (beyond_diagonal & (pos.pieces(Us, kBishop) | queens)) |
                    (beyond_orthogonal & (pos.pieces(Us, kRook) | queens));
       b; b = clear_lsb(b)) {
    pin_lines |= between_squares(king, lsb(b));
  }
  const Bitboard beyond = beyond_diagonal | beyond_orthogonal;
  return {pin_lines | (beyond & pos.pieces(Us, kKnight)), beyond};
}

// The calm squares for quiet moves of Us (the side to move, not in check). With `TightPins`, the
// squares that may change a pin are pin_squares' instead of every ray through their pieces.
// Without `OpenLines`, pawns, knights and the king watch every line out of the reach, as sliders
// do (the statistics kernel's arguments rest on that).
template <Color Us, class Sliders = BuildSliders, bool TightPins = false, bool OpenLines = true>
PYKE_INLINE CalmSquares calm_squares(const Position& pos) {
  constexpr Color Them = ~Us;
  const Square king = pos.king_square(Them);
  const Bitboard theirs = pos.pieces(Them);
  Bitboard reach = square_bb(king) | (king_attacks(king) & ~theirs);
  Bitboard castling_paths = 0;
  for (uint8_t rights = pos.castling_rights() & castling_rights_of(Them); rights;
       rights &= rights - 1) {
    const CastlingPath& path = lowest_castling_path(pos, rights);
    if (path.must_be_empty & theirs) continue;  // only they can clear it
    castling_paths |= path.must_be_empty;
    reach |= path.king_crosses;
  }

  // Fills in all eight directions: the lines out of the reach, and their sliders' rays.
  const Bitboard empty = ~pos.occupied();
  const Bitboard reach_lines = setwise::knight_and_slider_attacks(0, reach, reach, empty);
  const Bitboard their_queens = pos.pieces(Them, kQueen);
  const Bitboard slider_rays = setwise::knight_and_slider_attacks(
      0, pos.pieces(Them, kRook) | their_queens, pos.pieces(Them, kBishop) | their_queens, empty);
  // Their own pieces looked through: the rays along which one of them is or may become pinned.
  Bitboard pin_rays, knight_pin_rays;
  if constexpr (TightPins) {
    const PinSquares pins = pin_squares<Us, Sliders>(pos);
    pin_rays = pins.other;
    knight_pin_rays = pins.knight;
  } else {
    const Bitboard ours = pos.pieces(Us);
    pin_rays = knight_pin_rays =
        bishop_attacks<Sliders>(king, ours) | rook_attacks<Sliders>(king, ours);
  }

  const Bitboard their_pawns = pos.pieces(Them, kPawn);
  const Bitboard one_step = shift<kForward<Them>>(their_pawns);
  const Bitboard pawn_squares = one_step | shift<kForward<Them>>(one_step & kDoublePushRank<Them>) |
                                pawn_attacks_set<Them>(their_pawns);

  Bitboard open_lines = reach_lines;
  if constexpr (OpenLines) open_lines &= slider_lines_of<Us, Sliders>(pos);
  const Bitboard guarded = reach | castling_paths | reach_lines | pin_rays;
  const Bitboard men_guarded = reach | castling_paths | open_lines | pin_rays;
  const Bitboard knight_guarded =
      reach | castling_paths | open_lines | knight_pin_rays | knight_attacks_set(reach);
  const Bitboard pawn_guarded = men_guarded | pawn_attacks_set<Them>(reach);
  const Bitboard king_guarded = men_guarded | king_attacks_set(reach);
  const Bitboard mobility = slider_rays | pawn_squares;
  const Bitboard beside_their_pawns = shift<kEast>(their_pawns) | shift<kWest>(their_pawns);
  return {.knight = ~(knight_guarded | mobility),
          .pawn = ~(pawn_guarded | mobility),
          .king = ~(king_guarded | mobility),
          .other = ~(guarded | mobility),
          .steady_knight = ~knight_guarded,
          .steady_pawn = ~pawn_guarded,
          .steady_king = ~king_guarded,
          .steady_other = ~guarded,
          .no_en_passant = ~beside_their_pawns};
}

// The moves from `from` to `targets` with both squares in `squares`, captures included.
PYKE_INLINE Bitboard targets_within(Square from, Bitboard targets, Bitboard squares) {
  return (squares >> from & 1) ? targets & squares : 0;
}

// The quiet moves from `from` to `targets` that a set of calm (or steady) squares lets go
// unvisited: those with both squares in the set and an empty destination.
PYKE_INLINE Bitboard quiet_targets_within(Square from, Bitboard targets, Bitboard squares,
                                          Bitboard empty) {
  return targets_within(from, targets & empty, squares);
}

// The pawn moves of one step in direction `Travel` (a single push or a capture) among
// `destinations` that go from a square of `squares` to a square of `squares` and do not promote.
template <Color Us, int Travel>
PYKE_INLINE Bitboard steps_within(Bitboard destinations, Bitboard squares) {
  return destinations & squares & shift<static_cast<Direction>(Travel)>(squares) &
         ~kPromotionRank<Us>;
}

// The pawns' share of quiet_targets_within: the moves among `destinations`, the pawn moves of
// one direction `Travel`, that go from a square of `squares` to a square of `squares` and are
// quiet. Single pushes that do not promote are; captures are not. A double push is when it
// leaves no en passant capture (`calm.no_en_passant`): the square it crosses is empty before
// and after, so it changes no more than any other quiet move between the same two squares.
template <Color Us, int Travel>
PYKE_INLINE Bitboard pushes_within(Bitboard destinations, Bitboard squares,
                                   const CalmSquares& calm) {
  if constexpr (Travel == kForward<Us>) {
    return steps_within<Us, Travel>(destinations, squares);
  } else if constexpr (Travel == 2 * kForward<Us>) {
    return destinations & squares & shift<kForward<Us>>(shift<kForward<Us>>(squares)) &
           calm.no_en_passant;
  } else {
    return 0;
  }
}

// The origins of the pawn moves of direction `Travel` to `destinations`.
template <int Travel>
PYKE_INLINE Bitboard pawn_origins(Bitboard destinations) {
  return Travel > 0 ? destinations >> Travel : destinations << -Travel;
}

// What a split of the moves by calm squares (CalmSplitSink) does besides counting the calm moves:
// plain perft's does nothing, and only quiet moves are steady. (The statistics kernel's also
// corrects their knights' captures, and lets a capture be steady: stats_leaves.h.)
struct PlainCalmSplit {
  static constexpr bool kSteadyCaptures = false;
  PYKE_INLINE void calm_piece_moves(Square, Bitboard) {}
  template <int Travel>
  PYKE_INLINE void calm_pawn_moves(Bitboard) {}
};

// A generator sink (generate.h) that counts the calm moves, hands the steady ones to
// `visit_steady` and every other move to `visit`. Among the pawn moves only pushes can be calm;
// only pushes can be steady too, unless the split lets captures be (`Split::kSteadyCaptures`):
// promotions never are.
template <Color Us, class Visitor, class SteadyVisitor, class Split = PlainCalmSplit>
struct CalmSplitSink {
  const CalmSquares& calm;
  Bitboard empty;
  Visitor& visit;
  SteadyVisitor& visit_steady;
  // The sink's own, as its counter: a store through a reference to the caller's could alias the
  // position's bitboards, and the compiler would reload them after every calm move.
  [[no_unique_address]] Split split;
  int calm_moves = 0;

  template <PieceType P>
  PYKE_INLINE void piece(PieceTag<P>, Square from, Bitboard targets) {
    const Bitboard skip = quiet_targets_within(from, targets, calm.of(P), empty);
    calm_moves += popcount(skip);
    split.calm_piece_moves(from, skip);
    const Bitboard steady =
        Split::kSteadyCaptures
            ? targets_within(from, targets ^ skip, calm.steady_of(P))
            : quiet_targets_within(from, targets ^ skip, calm.steady_of(P), empty);
    visit_targets<P>(from, steady, visit_steady);
    visit_targets<P>(from, targets ^ skip ^ steady, visit);
  }
  PYKE_INLINE void castling(Move move) { visit(PieceTag<kKing>{}, move); }
  template <int Travel>
  PYKE_INLINE void pawns(Bitboard destinations) {
    const Bitboard skip = pushes_within<Us, Travel>(destinations, calm.pawn, calm);
    calm_moves += popcount(skip);
    split.template calm_pawn_moves<Travel>(skip);
    destinations ^= skip;
    constexpr bool kCapture = Travel == kForwardEast<Us> || Travel == kForwardWest<Us>;
    Bitboard steady;
    if constexpr (Split::kSteadyCaptures && kCapture) {
      steady = steps_within<Us, Travel>(destinations, calm.steady_pawn);
    } else {
      steady = pushes_within<Us, Travel>(destinations, calm.steady_pawn, calm);
    }
    visit_pawn_moves<Us, Travel>(steady, visit_steady);
    visit_pawn_moves<Us, Travel>(destinations ^ steady, visit);
  }
  PYKE_INLINE void en_passant(Bitboard origins, Square to) { visit_en_passant(origins, to, visit); }
};

// Visits every legal move but the quiet ones that `calm` (calm_squares<Us>(pos)) says the replies
// cannot notice, and returns how many of those it left out. The steady moves go to
// `visit_steady`, the others to `visit`; `split` says which are steady and what else the calm
// ones count for (copied in, and back out). Only when Us is not in check.
template <Color Us, class Sliders = BuildSliders, class Visitor, class SteadyVisitor,
          class Split = PlainCalmSplit>
PYKE_INLINE int for_each_legal_move_except_calm(const Position& pos, const MaskSet& m,
                                                const CalmSquares& calm, Visitor&& visit,
                                                SteadyVisitor&& visit_steady, Split&& split = {}) {
  using S = std::remove_cvref_t<Split>;
  CalmSplitSink<Us, std::remove_reference_t<Visitor>, std::remove_reference_t<SteadyVisitor>, S>
      sink{calm, ~pos.occupied(), visit, visit_steady, split};
  generate_legal_targets<Us, Sliders>(pos, m, sink);
  if constexpr (!std::is_empty_v<S>) split = sink.split;
  return sink.calm_moves;
}

// A generator sink that visits only the moves CalmSplitSink counts: the calm ones.
template <Color Us, class Visitor>
struct CalmOnlySink {
  const CalmSquares& calm;
  Bitboard empty;
  Visitor& visit;

  template <PieceType P>
  PYKE_INLINE void piece(PieceTag<P>, Square from, Bitboard targets) {
    visit_targets<P>(from, quiet_targets_within(from, targets, calm.of(P), empty), visit);
  }
  PYKE_INLINE void castling(Move) {}
  template <int Travel>
  PYKE_INLINE void pawns(Bitboard destinations) {
    visit_pawn_moves<Us, Travel>(pushes_within<Us, Travel>(destinations, calm.pawn, calm), visit);
  }
  PYKE_INLINE void en_passant(Bitboard, Square) {}
};

// Visits exactly the moves for_each_legal_move_except_calm leaves out: the calm ones. For a
// caller that first counted them and then finds it must make them after all.
template <Color Us, class Sliders = BuildSliders, class Visitor>
PYKE_INLINE void for_each_calm_move(const Position& pos, const MaskSet& m, const CalmSquares& calm,
                                    Visitor&& visit) {
  CalmOnlySink<Us, std::remove_reference_t<Visitor>> sink{calm, ~pos.occupied(), visit};
  generate_legal_targets<Us, Sliders>(pos, m, sink);
}

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_CALM_H_
