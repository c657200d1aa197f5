// lone_slider.h — the replies to a quiet move of a side's only slider, counted without making the
// move. Internal to //perft.
//
// Perft's last two plies count, for every move of a depth-2 node, the replies in the position the
// move leads to. In rook endings most of those moves are the rook's, and few are calm (calm.h):
// on a bare board the rook's lines reach the opponent's king from nearly everywhere. When that
// rook (or one bishop or queen) is the side's only slider and the opponent has no castling right,
// a quiet move of it that does not land on a line of its own kind through their king changes the
// opponent's replies in ways that are cheap to count from the move alone:
//
//  - check and pins: only a slider of ours gives check along a line or pins, and ours, on its new
//    square, shares no line of its kind with their king. So after the move they are not in check
//    (a pawn, knight or king of ours gave none before, as we are to move, and none has moved) and
//    nothing of theirs is pinned: every piece of theirs moves freely.
//  - their king: it may step where its own pieces are not and we do not attack. Our pawns, knights
//    and king attack what they attacked before; our slider now attacks from its new square, with
//    the square it left empty. (Their king is on none of its lines, so it casts no shadow there.)
//  - their pawns: they push through the square our slider left and not through the one it took;
//    they take it on its new square and no longer on the old; en passant needs a double push just
//    played, which this move is not.
//  - their sliders: their lines run through the square our slider left and stop at the one it
//    took (where they may take it).
//  - their knights: they go wherever their own pieces are not, whatever we do.
//
// Whether we were in check does not matter: the move is legal (a block, when in check), and the
// replies are those of the position after it.
//
//   const LoneSliderReplies<kWhite> slider(pos);  // White to move, its only slider a rook
//   Bitboard targets = 0;                          // for each legal move of the rook:
//   if (slider.applies() && slider.is_unmade<kRook>(move)) targets |= square_bb(move.to());
//   total += slider.replies_to(targets);           // their replies after all those moves
#ifndef PYKE_PERFT_INTERNAL_LONE_SLIDER_H_
#define PYKE_PERFT_INTERNAL_LONE_SLIDER_H_

#include <cstdint>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/internal/count.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::perft::internal {

template <Color Us, class Sliders = BuildSliders>
class LoneSliderReplies {
 public:
  // Whether Us has exactly one bishop, rook or queen: the test a caller may make first.
  static bool may_apply(const Position& pos) {
    const Bitboard sliders = pos.sliders(Us);
    return sliders != 0 && !more_than_one(sliders);
  }

  // A shortcut that never applies.
  LoneSliderReplies() : applies_(false) {}

  // Reads the position only where the shortcut applies.
  PYKE_INLINE explicit LoneSliderReplies(const Position& pos)
      : applies_(may_apply(pos) && !(pos.castling_rights() & castling_rights_of(Them))) {
    if (!applies_) return;
    const Square their_king = pos.king_square(Them);
    const Bitboard slider = pos.sliders(Us);
    slider_type_ = type_of(pos.piece_on(lsb(slider)));
    theirs_ = pos.pieces(Them);
    occupied_without_slider_ = pos.occupied() ^ slider;
    ours_without_slider_ = pos.pieces(Us) ^ slider;
    their_pawns_ = pos.pieces(Them, kPawn);
    their_diagonal_ = theirs_ & (pos.pieces(kBishop) | pos.pieces(kQueen));
    their_orthogonal_ = theirs_ & (pos.pieces(kRook) | pos.pieces(kQueen));
    rook_lines_ = rook_rays(their_king);
    bishop_lines_ = bishop_rays(their_king);
    their_king_squares_ = king_attacks(their_king) & ~theirs_ & ~attacked_by_our_men(pos);
    knight_moves_ = 0;
    for (Bitboard b = pos.pieces(Them, kKnight); b; b = clear_lsb(b)) {
      knight_moves_ += static_cast<uint64_t>(popcount(knight_attacks(lsb(b)) & ~theirs_));
    }
  }

  // Whether Us has one slider and the opponent no castling right.
  bool applies() const { return applies_; }

  // A move of our lone slider (of type P) to an empty square off P's lines through their king.
  template <PieceType P>
  PYKE_INLINE bool is_unmade(Move move) const {
    const Bitboard to = square_bb(move.to());
    return !(to & (occupied_without_slider_ | lines<P>()));
  }

  // The opponent's legal moves once our slider has moved to a square of `targets`, summed over
  // those squares (each the target of a move for which is_unmade holds).
  PYKE_INLINE uint64_t replies_to(Bitboard targets) const {
    switch (slider_type_) {
      case kBishop:
        return replies_to<kBishop>(targets);
      case kRook:
        return replies_to<kRook>(targets);
      default:
        return replies_to<kQueen>(targets);
    }
  }

 private:
  static constexpr Color Them = ~Us;

  // replies_to for our slider of type P. Counted for the whole set at once, not square by
  // square: with n targets, each kind of reply is counted on the board without our slider, n
  // times over, then corrected for what our slider standing on a target t takes away or adds:
  //
  //  - their king: a square k it could step to is lost for every t from which our slider attacks
  //    k. Slider lines are symmetric (t sees k across the same squares as k sees t, and t is never
  //    between them), so those t are the targets a slider on k would attack: one lookup per square
  //    of their king, not one per target.
  //  - their pawns: a push onto t is lost, and so is a double push onto t or through it; a capture
  //    of t is gained. Each is one set operation over all the targets.
  //  - their sliders: a line of theirs through t now ends there (t itself still taken). Only the
  //    targets on one of its lines change a slider's count, and only those are looked up.
  //  - their knights: unchanged.
  template <PieceType P>
  PYKE_INLINE uint64_t replies_to(Bitboard targets) const {
    const int n = popcount(targets);
    int count = n * popcount(their_king_squares_);
    for (Bitboard b = their_king_squares_; b; b = clear_lsb(b)) {
      count -= popcount(targets & slider_attacks<P>(lsb(b), occupied_without_slider_));
    }
    count += pawn_moves(targets, n);
    for (Bitboard b = their_diagonal_; b; b = clear_lsb(b)) {
      count += slider_moves<kBishop>(lsb(b), targets, n);
    }
    for (Bitboard b = their_orthogonal_; b; b = clear_lsb(b)) {
      count += slider_moves<kRook>(lsb(b), targets, n);
    }
    return static_cast<uint64_t>(n) * knight_moves_ + static_cast<uint64_t>(count);
  }

  template <PieceType P>
  PYKE_INLINE Bitboard lines() const {
    static_assert(P == kBishop || P == kRook || P == kQueen);
    if constexpr (P == kBishop) return bishop_lines_;
    if constexpr (P == kRook) return rook_lines_;
    return bishop_lines_ | rook_lines_;
  }

  template <PieceType P>
  static PYKE_INLINE Bitboard slider_attacks(Square s, Bitboard occupied) {
    if constexpr (P == kBishop) return bishop_attacks<Sliders>(s, occupied);
    if constexpr (P == kRook) return rook_attacks<Sliders>(s, occupied);
    return queen_attacks<Sliders>(s, occupied);
  }

  // Their pawns' moves with our slider on each of the n `targets` (empty squares), summed: n times
  // their moves on the board without our slider, less the pushes onto a target and the double
  // pushes onto or through it, plus the captures of it (a promotion four times, as
  // count_pawn_moves counts it).
  PYKE_INLINE int pawn_moves(Bitboard targets, int n) const {
    const Bitboard empty = ~occupied_without_slider_;
    const Bitboard east = shift<kForwardEast<Them>>(their_pawns_);
    const Bitboard west = shift<kForwardWest<Them>>(their_pawns_);
    const Bitboard single = shift<kForward<Them>>(their_pawns_) & empty;
    const Bitboard twice = shift<kForward<Them>>(single & kDoublePushRank<Them>) & empty;
    const int without_slider = count_pawn_moves<Them>(single) + popcount(twice) +
                               count_pawn_moves<Them>(east & ours_without_slider_) +
                               count_pawn_moves<Them>(west & ours_without_slider_);
    const Bitboard blocked_on_the_way = single & kDoublePushRank<Them> & targets;
    return n * without_slider + count_pawn_moves<Them>(east & targets) +
           count_pawn_moves<Them>(west & targets) - count_pawn_moves<Them>(single & targets) -
           popcount(twice & targets) - popcount(twice & shift<kForward<Them>>(blocked_on_the_way));
  }

  // The moves of their slider on `s` along its lines of kind `Line` (kBishop or kRook), summed over
  // our slider standing on each of the n `targets`: its count without our slider where a target is
  // off those lines, and looked up where our slider cuts one short.
  template <PieceType Line>
  PYKE_INLINE int slider_moves(Square s, Bitboard targets, int n) const {
    const Bitboard lines = slider_attacks<Line>(s, occupied_without_slider_);
    const Bitboard cut = targets & lines;
    int count = (n - popcount(cut)) * popcount(lines & ~theirs_);
    for (Bitboard b = cut; b; b = clear_lsb(b)) {
      count += popcount(slider_attacks<Line>(s, occupied_without_slider_ | square_bb(lsb(b))) &
                        ~theirs_);
    }
    return count;
  }

  // The squares our pawns, knights and king attack: every attack of ours but the slider's.
  static Bitboard attacked_by_our_men(const Position& pos) {
    return pawn_attacks_set<Us>(pos.pieces(Us, kPawn)) |
           knight_attacks_set(pos.pieces(Us, kKnight)) | king_attacks(pos.king_square(Us));
  }

  bool applies_;
  PieceType slider_type_;  // bishop, rook or queen
  // Set only where the shortcut applies, and read only then: a node it does not serve pays for
  // no stores.
  Bitboard theirs_;
  Bitboard occupied_without_slider_;
  Bitboard ours_without_slider_;
  Bitboard their_pawns_;
  Bitboard their_diagonal_;      // their bishops and queens
  Bitboard their_orthogonal_;    // their rooks and queens
  Bitboard rook_lines_;          // the ranks and files through their king
  Bitboard bishop_lines_;        // the diagonals through their king
  Bitboard their_king_squares_;  // where their king may go, our slider aside
  uint64_t knight_moves_;
};

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_LONE_SLIDER_H_
