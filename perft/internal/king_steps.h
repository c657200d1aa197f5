// king_steps.h — the replies to a quiet king move of a side without sliders, counted without
// making the move. Internal to //perft.
//
// Perft's last two plies count, for every move of a depth-2 node, the replies in the position the
// move leads to. Calm moves (calm.h) leave those replies as a null move does; a king move rarely
// does, because the squares next to it are where the opponent's king may not go. But when the
// side to move has no bishop, rook or queen, a quiet step of its king (no capture, no castling)
// changes the opponent's replies in three ways only, all cheap to count:
//
//  - their king may not step next to our king's new square, and may now step next to its old one
//    (and take there a piece of ours that only our king defended); kings never stand side by
//    side, so neither square is one their king could step to;
//  - their pawns may push through the square our king left, and not through the one it took;
//  - a line of theirs that gave check through the square our king left now runs on past it. The
//    moves of their pieces are therefore counted once per node with our king off the board.
//
// Nothing else of theirs can notice the step:
//  - check and pins: only a slider gives check through a line or pins; we have none, a king
//    never gives check, and our pawns and knights stay where they are. Before the step they were
//    not in check (we are to move), so after it they are not, and nothing of theirs is pinned.
//  - the square our king takes: the generator lets it step only where nothing of theirs attacks,
//    with our king lifted off the old square. So no line of theirs reaches it (it would end there
//    and attack it), and no knight, pawn or king of theirs attacks it: their moves, captures
//    included, do not change for it.
//  - the square it leaves: a piece of theirs that attacked it was giving check. Their pawn
//    captures are counted without it (an empty square, once our king has gone); a knight of
//    theirs may move there, as it is counted to; a line of theirs through it runs on (above).
//    Where we were not in check, none of them attacked it.
//  - en passant needs a double push just played, which a king step is not.
//  - castling: their castling rights make the shortcut stand aside (`applies`), as the squares a
//    castling king crosses would then matter.
//
//   const KingStepReplies<kWhite> steps(pos, masks);  // White to move
//   if (steps.applies() && steps.is_quiet_step(move)) total += steps.replies_after(move.to());
#ifndef PYKE_PERFT_INTERNAL_KING_STEPS_H_
#define PYKE_PERFT_INTERNAL_KING_STEPS_H_

#include <cstdint>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/internal/count.h"
#include "movegen/internal/maskset.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::perft::internal {

template <Color Us, class Sliders = BuildSliders>
class KingStepReplies {
 public:
  // Whether Us has no bishop, rook or queen: the test a caller may make before the masks.
  static bool may_apply(const Position& pos) { return pos.sliders(Us) == 0; }

  // A shortcut that never applies.
  KingStepReplies() : applies_(false) {}

  // `m` is create_masks<Us>(pos). Reads the position only where the shortcut applies.
  PYKE_INLINE KingStepReplies(const Position& pos, const MaskSet& m)
      : applies_(may_apply(pos) && !(pos.castling_rights() & castling_rights_of(Them))) {
    if (!applies_) return;
    const Bitboard theirs = pos.pieces(Them);
    their_pawns_ = pos.pieces(Them, kPawn);
    occupied_without_king_ = pos.occupied() ^ square_bb(m.king);
    their_king_squares_ = king_attacks(pos.king_square(Them)) & ~theirs & ~attacked_by_our_men(pos);
    // Their pawn captures and piece moves, which the step cannot change (see above): not in
    // check, nothing pinned, our king off the board. Its square is no pawn capture; a knight or
    // line that reaches it (a check) goes there, and a line runs on past it.
    const Bitboard our_men = pos.pieces(Us) ^ square_bb(m.king);
    const MaskSet free_masks{~Bitboard{0}, 0, 0, 0, pos.king_square(Them)};
    MoveTally tally;
    tally.scalar += static_cast<uint64_t>(
        count_pawn_moves<Them>(shift<kForwardEast<Them>>(their_pawns_) & our_men) +
        count_pawn_moves<Them>(shift<kForwardWest<Them>>(their_pawns_) & our_men) +
        moves_past_our_king(pos, m));
    add_piece_moves<Them, counts_setwise<Sliders>(), Sliders>(pos, free_masks, tally);
    unchanged_ = tally.total();
  }

  // Whether the side to move has no slider and the opponent no castling right.
  bool applies() const { return applies_; }

  // A king move to an empty square that is not a castling (the move must be our king's).
  PYKE_INLINE bool is_quiet_step(Move move) const {
    return move.kind() == MoveKind::kNormal && !(occupied_without_king_ >> move.to() & 1);
  }

  // The opponent's legal moves once our king has stepped to `to` (a quiet step, only where the
  // shortcut applies).
  PYKE_INLINE uint64_t replies_after(Square to) const {
    const Bitboard empty = ~(occupied_without_king_ | square_bb(to));
    const Bitboard single = shift<kForward<Them>>(their_pawns_) & empty;
    const Bitboard twice = shift<kForward<Them>>(single & kDoublePushRank<Them>) & empty;
    return unchanged_ + static_cast<uint64_t>(popcount(their_king_squares_ & ~king_attacks(to)) +
                                              count_pawn_moves<Them>(single) + popcount(twice));
  }

 private:
  static constexpr Color Them = ~Us;

  // The moves that their sliders giving check gain once our king has left its square: their line
  // through it (diagonal or straight) runs on past it.
  static PYKE_INLINE int moves_past_our_king(const Position& pos, const MaskSet& m) {
    if (m.checkers == 0) return 0;
    int count = 0;
    const Bitboard king = square_bb(m.king);
    const Bitboard without_king = pos.occupied() ^ king;
    // In check, the check mask holds the checkers' squares and the empty ones between.
    for (Bitboard b = m.check_mask & pos.sliders(Them); b; b = clear_lsb(b)) {
      const Square checker = lsb(b);
      const Bitboard past = bishop_rays(checker) & king
                                ? bishop_attacks<Sliders>(checker, without_king) &
                                      ~bishop_attacks<Sliders>(checker, pos.occupied())
                                : rook_attacks<Sliders>(checker, without_king) &
                                      ~rook_attacks<Sliders>(checker, pos.occupied());
      count += popcount(past & ~pos.pieces(Them));
    }
    return count;
  }

  // The squares our pawns and knights attack: with no sliders, every attack of ours but the
  // king's.
  static Bitboard attacked_by_our_men(const Position& pos) {
    return pawn_attacks_set<Us>(pos.pieces(Us, kPawn)) |
           knight_attacks_set(pos.pieces(Us, kKnight));
  }

  bool applies_;
  // Set only where the shortcut applies, and read only then: a node it does not serve pays for
  // no stores.
  Bitboard their_pawns_;
  Bitboard occupied_without_king_;
  Bitboard their_king_squares_;  // where their king may go, our king aside
  uint64_t unchanged_;           // their moves that the step does not change
};

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_KING_STEPS_H_
