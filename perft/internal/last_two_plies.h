// last_two_plies.h — perft's depth-2 strategies: a node two plies above the leaves counts each
// child's replies without making the child where it can. Internal to //perft.
//
//   const uint64_t n = count_last_two_plies<kWhite, BuildSliders>(Position::start());  // 400
//
// The kernels (kernel.h) reach these through `count_depth2_node`, which picks one by material and
// is compiled once for every colour and slider backend (depth2_node.cc), not once per cache
// policy: these are most of the kernels' code, and compiled into each policy's source they were
// most of the build's compile time. Include this header to call a strategy directly (the tests
// do); kernel.h declares only count_depth2_node.
#ifndef PYKE_PERFT_INTERNAL_LAST_TWO_PLIES_H_
#define PYKE_PERFT_INTERNAL_LAST_TWO_PLIES_H_

#include <cstdint>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/calm.h"
#include "perft/internal/kernel.h"
#include "perft/internal/king_steps.h"
#include "perft/internal/lone_slider.h"

namespace pyke::perft::internal {

// Which moves of a depth-2 node, besides calm ones, are counted without being made: none, or our
// king's quiet steps off their king's lines (king_steps.h) and, where we have one slider, its
// quiet moves off its lines through their king (lone_slider.h).
enum class Unmade {
  kNone,
  kKingSteps,               // a side without sliders
  kKingStepsAndLoneSlider,  // a side with one slider: its moves and the king's steps
  kKingStepsBesideSliders   // a side with several sliders: the king's steps
};

constexpr bool unmakes_lone_slider(Unmade u) { return u == Unmade::kKingStepsAndLoneSlider; }
constexpr bool steps_beside_sliders(Unmade u) {
  return u == Unmade::kKingStepsAndLoneSlider || u == Unmade::kKingStepsBesideSliders;
}
constexpr bool unmakes_king_steps(Unmade u) {
  return u == Unmade::kKingSteps || steps_beside_sliders(u);
}

// Depth 2, the last two plies: every child is only counted, into one tally (count.h). Children
// reached by a calm quiet move (calm.h) have the replies of a null move: those are counted once,
// and the calm moves are not made. Children reached by a steady one keep the null move's check,
// pins and king moves: only their other pieces are counted. Neither applies in check, where the
// null move is no position, nor when `Calm` is false (count_depth2_node says when): then every
// child is made and counted. `U` names one more kind of move that is not made: its replies are
// counted from the move alone (see Unmade). With `OpenLines`, our pawns, knights and king watch
// only the lines out of their king's reach that our sliders see (calm.h): on a sparse board the
// lines out of the reach are long, and few of them lead to a slider of ours.
template <Color Us, class Sliders, bool Calm = true, Unmade U = Unmade::kNone,
          bool OpenLines = false>
PYKE_INLINE uint64_t count_last_two_plies(const Position& pos) {
  MoveTally tally;
  const MaskSet m = create_masks<Us, Sliders>(pos);
  using KingSteps = KingStepReplies<Us, Sliders, steps_beside_sliders(U)>;
  KingSteps steps = unmakes_king_steps(U) ? KingSteps(pos, m) : KingSteps();
  const LoneSliderReplies<Us, Sliders> slider = unmakes_lone_slider(U)
                                                    ? LoneSliderReplies<Us, Sliders>(pos)
                                                    : LoneSliderReplies<Us, Sliders>();
  // The targets of the lone slider's moves counted unmade: their replies are counted for all of
  // them at once, once every move has been seen.
  Bitboard slider_targets = 0;
  const auto counted_unmade = [&](auto piece, Move move) {
    constexpr PieceType P = decltype(piece)::value;
    if constexpr (unmakes_king_steps(U) && P == kKing) {
      if (steps.applies() && steps.is_quiet_step(move) && steps.ready()) {
        tally.scalar += steps.replies_after(move.to());
        return true;
      }
    } else if constexpr (unmakes_lone_slider(U) && (P == kBishop || P == kRook || P == kQueen)) {
      if (slider.applies() && slider.template is_unmade<P>(move)) {
        slider_targets |= square_bb(move.to());
        return true;
      }
    }
    return false;
  };
  const auto add_slider_replies = [&] {
    if (unmakes_lone_slider(U) && slider_targets != 0) {
      tally.scalar += slider.replies_to(slider_targets);
    }
  };
  const auto count_child = [&](auto piece, Move move) {
    if (counted_unmade(piece, move)) return;
    add_legal_moves<~Us, Sliders>(perft_child<Us>(pos, piece, move), tally);
  };
  if (!Calm || m.checkers != 0) {
    for_each_legal_move<Us, Sliders>(pos, m, count_child);
    add_slider_replies();
    return tally.total();
  }
  const CalmSquares calm = calm_squares<Us, Sliders, /*TightPins=*/false, OpenLines>(pos);
  const Position null = pos.after_null_move();
  const MaskSet reply_masks = create_masks<~Us, Sliders>(null);
  const uint64_t king_replies =
      static_cast<uint64_t>(count_king_moves(king_moves<~Us, true, Sliders>(null, reply_masks)));
  const int calm_moves = for_each_legal_move_except_calm<Us, Sliders>(
      pos, m, calm, count_child, [&](auto piece, Move move) {
        if (counted_unmade(piece, move)) return;
        tally.scalar += king_replies;
        add_non_king_moves<~Us, Sliders>(perft_child<Us>(pos, piece, move), reply_masks, tally);
      });
  if (calm_moves > 0) {
    MoveTally replies;
    add_non_king_moves<~Us, Sliders>(null, reply_masks, replies);
    tally.scalar += static_cast<uint64_t>(calm_moves) * (king_replies + replies.total());
  }
  add_slider_replies();
  return tally.total();
}

// At most this many pieces on the board (kings included), a depth-2 node counts every child
// without looking for calm and steady moves: on so bare a board the long open lines watch nearly
// every square, and the calm squares cost more than the few moves they spare (measured: queen and
// knight against a king +10 %, a pawn about to promote +13 %; with a bound of 10, the rook and
// pawn endings of ten pieces ran 8 % and 21 % slower, so calm moves still pay there).
inline constexpr int kMaxPiecesWithoutCalm = 5;

// With at most this many knights, bishops, rooks and queens on each side, a depth-2 node counts
// its two plies with one lookup per piece, not setwise (CountingPath<Sliders, false>: the pieces'
// moves and the enemy's attack map for the king alike). The setwise fill (count_avx512.h) is a
// chain of dependent steps that costs as much for one piece as for eight; a lookup or two cost
// less. The choice is made once per depth-2 node: a capture or a promotion below it changes the
// material, but both paths count exactly, so it can only cost speed. Measured on Zen 5 against
// always setwise (`nopgo`, 3 alternating rounds): position 3 +10 %, the other endgames of `bench`
// +14–38 %, the middlegames (never taking this path) unchanged; made per count instead of per
// node, the same test cost the middlegames 1–5 % and gained the endgames less.
inline constexpr int kMaxPiecesLookedUpAlone = 2;

PYKE_INLINE bool few_pieces_on_each_side(const Position& pos) {
  const Bitboard pieces = pos.occupied() & ~pos.pieces(kPawn) & ~pos.pieces(kKing);
  return popcount(pieces & pos.pieces(kWhite)) <= kMaxPiecesLookedUpAlone &&
         popcount(pieces & pos.pieces(kBlack)) <= kMaxPiecesLookedUpAlone;
}

// The last two plies of a sparse board, with our king's quiet steps off their king's lines, and
// the moves of a lone slider of ours, counted unmade where they can be. A side of king and pawns
// alone looks for no calm moves: its king steps cost little unmade (king_steps.h), and its pawn
// moves are few and seldom calm; the calm squares cost more than they spare (the journal: kings
// and locked pawns +41 %, three pawns a side +14 %; where the side has a knight, -11 %, so it
// keeps them).
template <Color Us, class Sliders, bool Calm>
PYKE_INLINE uint64_t count_sparse_last_two_plies(const Position& pos) {
  const Bitboard sliders = pos.sliders(Us);
  if (sliders == 0) {
    if (Calm && pos.pieces(Us, kKnight) == 0) {
      return count_last_two_plies<Us, Sliders, /*Calm=*/false, Unmade::kKingSteps, true>(pos);
    }
    return count_last_two_plies<Us, Sliders, Calm, Unmade::kKingSteps, true>(pos);
  }
  if (!more_than_one(sliders)) {
    return count_last_two_plies<Us, Sliders, Calm, Unmade::kKingStepsAndLoneSlider, true>(pos);
  }
  return count_last_two_plies<Us, Sliders, Calm, Unmade::kKingStepsBesideSliders, true>(pos);
}

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_LAST_TWO_PLIES_H_
