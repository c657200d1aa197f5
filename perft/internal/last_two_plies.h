// last_two_plies.h — perft's depth-2 strategies: a node two plies above the leaves counts each
// child's replies without making the child where it can. Internal to //perft.
//
//   const uint64_t n = count_last_two_plies<kWhite, BuildSliders>(Position::start());  // 400
//
// The kernels (kernel.h) reach these through `count_depth2_node`, which takes one of the plans of
// plans.h (each an instantiation of count_last_two_plies) and is compiled once for every colour
// and slider backend (depth2_node.cc), not once per cache policy: these are most of the kernels'
// code, and compiled into each policy's source they were most of the build's compile time.
// Include plans.h to call a plan directly (the tests do); counted.h declares only
// count_depth2_node.
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
// null move is no position, nor when `Calm` is false (the plan says so, plans.h): then every
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

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_LAST_TWO_PLIES_H_
