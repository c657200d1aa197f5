// The leaves' parents of every statistics kernel (see stats_depth1_node and stats_depth2_node in
// internal/counted.h), compiled once for each colour and slider backend on the build's
// counting path; stats_leaves_scalar.cc adds the scalar path where the build counts setwise.
#include "perft/internal/stats_leaves.h"

#include <utility>

#include "movegen/attacks.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "perft/internal/counted.h"
#include "perft/internal/plans.h"
#include "perft/stats.h"

namespace pyke::perft::internal {

#if PYKE_HAS_PEXT
PYKE_STATS_LEAVES(PextSliders);
#endif
PYKE_STATS_LEAVES(MagicSliders);
PYKE_STATS_LEAVES(HyperbolaSliders);

// Made and asked, by the same definitions as the sink's.
Stats leaf_move_stats(const Position& parent, Move move, const Position& child) {
  LeafStats s;
  with_slider_backend(slider_backend(), [&]<class Sliders>() {
    if (parent.side_to_move() == kWhite)
      classify_leaf_move<kWhite, Sliders>(parent, move, child, s);
    else
      classify_leaf_move<kBlack, Sliders>(parent, move, child, s);
  });
  return Counted<LeafStats>::total(s);
}

Stats stats_depth2_with_plan(Plan plan, const Position& pos) {
  LeafStats s;
  const auto run = [&]<Plan P>() {
    if (pos.side_to_move() == kWhite)
      stats_with_plan<P, kWhite, BuildSliders>(pos, s);
    else
      stats_with_plan<P, kBlack, BuildSliders>(pos, s);
  };
  if (plan == Plan::kStatsCalm)
    run.template operator()<Plan::kStatsCalm>();
  else
    run.template operator()<Plan::kEveryChild>();
  return Counted<LeafStats>::total(s);
}

}  // namespace pyke::perft::internal
