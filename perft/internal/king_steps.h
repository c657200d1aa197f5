// king_steps.h — the replies to a quiet king move, counted without making the move. Internal to
// //perft.
//
// Perft's last two plies count, for every move of a depth-2 node, the replies in the position the
// move leads to. Calm moves (calm.h) leave those replies as a null move does; a king move rarely
// does, because the squares next to it are where the opponent's king may not go. But a quiet step
// of our king (no capture, no castling) that neither leaves nor takes a square on a line of their
// king along which a slider of ours moves changes the opponent's replies in three ways only, all
// cheap to count:
//
//  - their king may not step next to our king's new square, and may now step next to its old one
//    (and take there a piece of ours that only our king defended); kings never stand side by
//    side, so neither square is one their king could step to. Our sliders' lines run on through
//    the square our king left and stop at the one it took: their attacks are looked up again for
//    each step (one lookup per slider of ours, and we have at most a few where this is used);
//  - their pawns may push through the square our king left, and not through the one it took;
//  - a line of theirs that gave check through the square our king left now runs on past it. The
//    moves of their pieces are therefore counted once per node with our king off the board.
//
// Nothing else of theirs can notice the step:
//  - check and pins: only a slider of ours gives check through a line or pins, a king never gives
//    check, and our pawns and knights stay where they are. Our king leaves and takes squares off
//    every line of their king along which a slider of ours could move, so it uncovers no check
//    and neither makes nor breaks a pin: they are not in check after the step (they were not
//    before, as we are to move), and what of theirs was pinned stays pinned, the same way. Their
//    pieces are counted once per node with those pins; where a pawn of theirs is pinned, or a
//    checker of theirs (whose line past our king would then be cut short), the shortcut stands
//    aside, as both are rare.
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
#include "movegen/internal/move_targets.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::perft::internal {

// `BesideSliders` says whether Us has sliders: with none (false), everything is counted when the
// shortcut is made; beside sliders (true), their pins are read and their moves counted at the
// first step that needs them (`ready`), as on most nodes our king has no step off their king's
// lines to take.
template <Color Us, class Sliders = BuildSliders, bool BesideSliders = false>
class KingStepReplies {
 public:
  // A shortcut that never applies.
  KingStepReplies() : applies_(false) {}

  // `m` is create_masks<Us>(pos), and `pos` must outlive the shortcut. Reads the position only
  // where the shortcut may apply.
  PYKE_INLINE KingStepReplies(const Position& pos, const MaskSet& m)
      : applies_(!(pos.castling_rights() & castling_rights_of(Them)) &&
                 (BesideSliders || pos.sliders(Us) == 0)) {
    if (!applies_) return;
    occupied_without_king_ = pos.occupied() ^ square_bb(m.king);
    if constexpr (BesideSliders) {
      const Square their_king = pos.king_square(Them);
      const Bitboard queens = pos.pieces(Us, kQueen);
      king_lines_ = ((pos.pieces(Us, kBishop) | queens) ? bishop_rays(their_king) : 0) |
                    ((pos.pieces(Us, kRook) | queens) ? rook_rays(their_king) : 0);
      // A step from one of these lines could uncover a line of ours.
      applies_ = !(king_lines_ & square_bb(m.king));
      pos_ = &pos;
      masks_ = &m;
    } else {
      count_unchanged(pos, m, MaskSet{~Bitboard{0}, 0, 0, 0, pos.king_square(Them)});
    }
  }

  // Whether the opponent has no castling right and, beside sliders, our king stands off their
  // king's lines.
  bool applies() const { return applies_; }

  // A king move to an empty square (off their king's lines, beside sliders) that is not a
  // castling (the move must be our king's).
  PYKE_INLINE bool is_quiet_step(Move move) const {
    Bitboard off_limits = occupied_without_king_;
    if constexpr (BesideSliders) off_limits |= king_lines_;
    return move.kind() == MoveKind::kNormal && !(off_limits >> move.to() & 1);
  }

  // Whether replies_after may be asked, where the shortcut applies: beside sliders, once their
  // pins are read, unless a pawn or a checker of theirs is pinned (the first call reads them).
  PYKE_INLINE bool ready() {
    if constexpr (BesideSliders) {
      if (state_ == State::kUnread) [[unlikely]]
        prepare();
      return state_ == State::kReady;
    } else {
      return true;
    }
  }

  // The opponent's legal moves once our king has stepped to `to` (a quiet step, only where the
  // shortcut applies and is ready).
  PYKE_INLINE uint64_t replies_after(Square to) const {
    const Bitboard occupied = occupied_without_king_ | square_bb(to);
    const Bitboard single = shift<kForward<Them>>(their_pawns_) & ~occupied;
    const Bitboard twice = shift<kForward<Them>>(single & kDoublePushRank<Them>) & ~occupied;
    Bitboard king_squares = their_king_squares_ & ~king_attacks(to);
    if constexpr (BesideSliders) {
      // What our sliders attack with our king on its new square.
      if (king_squares != 0) {
        king_squares &= ~knight_and_slider_attacks<Us, Sliders>(*pos_, /*knights=*/0, occupied);
      }
    }
    return unchanged_ + static_cast<uint64_t>(popcount(king_squares) +
                                              count_pawn_moves<Them>(single) + popcount(twice));
  }

 private:
  static constexpr Color Them = ~Us;

  // Beside sliders: their pins, read once our king's first step off their lines asks.
  PYKE_INLINE void prepare() {
    const Position& pos = *pos_;
    const MaskSet their_masks = create_masks<Them, Sliders>(pos);
    const Bitboard pin_lines = their_masks.pinmask_diagonal | their_masks.pinmask_orthogonal;
    const Bitboard checkers = masks_->checkers ? masks_->check_mask & pos.pieces(Them) : 0;
    if (pin_lines & (pos.pieces(Them, kPawn) | checkers)) {
      state_ = State::kPinned;
      return;
    }
    count_unchanged(pos, *masks_, their_masks);
    state_ = State::kReady;
  }

  // Their pawn captures and piece moves, which the step cannot change (see above): not in check,
  // pinned as `their_masks` says, our king off the board. Its square is no pawn capture; a knight
  // or line that reaches it (a check) goes there, and a line runs on past it. And where their
  // king may go, our king and sliders aside.
  PYKE_INLINE void count_unchanged(const Position& pos, const MaskSet& m,
                                   const MaskSet& their_masks) {
    their_pawns_ = pos.pieces(Them, kPawn);
    their_king_squares_ =
        king_attacks(pos.king_square(Them)) & ~pos.pieces(Them) & ~attacked_by_our_men(pos);
    const Bitboard our_men = pos.pieces(Us) ^ square_bb(m.king);
    MoveTally tally;
    tally.scalar += static_cast<uint64_t>(
        count_pawn_moves<Them>(shift<kForwardEast<Them>>(their_pawns_) & our_men) +
        count_pawn_moves<Them>(shift<kForwardWest<Them>>(their_pawns_) & our_men) +
        moves_past_our_king(pos, m));
    add_piece_moves<Them, counts_setwise<Sliders>(), Sliders>(pos, their_masks, tally);
    unchanged_ = tally.total();
  }

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

  // The squares our pawns and knights attack: every attack of ours but the king's and the
  // sliders' (both looked up for each step).
  static Bitboard attacked_by_our_men(const Position& pos) {
    return pawn_attacks_set<Us>(pos.pieces(Us, kPawn)) |
           knight_attacks_set(pos.pieces(Us, kKnight));
  }

  enum class State : uint8_t { kUnread, kReady, kPinned };

  bool applies_;
  State state_ = State::kUnread;
  // Set only where the shortcut may apply, and read only then: a node it does not serve pays for
  // few stores.
  Bitboard occupied_without_king_;
  Bitboard king_lines_ = 0;  // their king's lines of the kinds our sliders move along
  const Position* pos_;      // beside sliders
  const MaskSet* masks_;     // beside sliders, until ready
  Bitboard their_pawns_;
  Bitboard their_king_squares_;  // where their king may go, our king and sliders aside
  uint64_t unchanged_;           // their moves that the step does not change
};

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_KING_STEPS_H_
