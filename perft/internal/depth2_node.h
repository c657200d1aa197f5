// depth2_node.h — the definition of count_depth2_node (declared in counted.h), for the sources
// that compile it once for every kernel: depth2_node.cc and depth2_node_scalar.cc. Internal to
// //perft; nothing else includes it, so that no other source compiles the depth-2 strategies
// again (tests that call one include plans.h or last_two_plies.h).
//
//   PYKE_DEPTH2_NODES(MagicSliders);   // count_depth2_node<kWhite/kBlack, MagicSliders>
#ifndef PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_
#define PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_

#include <cstdint>

#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/counted.h"
#include "perft/internal/plans.h"

namespace pyke::perft::internal {

// A depth-2 node: the plan the material calls for (plans.h).
template <Color Us, class Sliders>
uint64_t count_depth2_node(const Position& pos) {
  return count_by_chosen_plan<Us, Sliders>(pos);
}

}  // namespace pyke::perft::internal

// Compiles count_depth2_node for both colours with slider policy `Sliders`. A kernel reaching a
// policy not compiled so fails to link.
#define PYKE_DEPTH2_NODES(Sliders)                                           \
  template uint64_t count_depth2_node<kWhite, Sliders>(const Position& pos); \
  template uint64_t count_depth2_node<kBlack, Sliders>(const Position& pos)

#endif  // PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_
