// depth2_node.h — the definition of count_depth2_node (declared in counted.h), for the sources
// that compile it once for every kernel: depth2_node.cc and depth2_node_scalar.cc. Internal to
// //perft; nothing else includes it, so that no other source compiles the depth-2 strategies
// again (tests that call one include last_two_plies.h).
//
//   PYKE_DEPTH2_NODES(MagicSliders);   // count_depth2_node<kWhite/kBlack, MagicSliders>
#ifndef PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_
#define PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_

#include <cstdint>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/kernel.h"
#include "perft/internal/last_two_plies.h"

namespace pyke::perft::internal {

// A depth-2 node: with or without calm moves, setwise or piece by piece, as the material decides
// (last_two_plies.h), and on the sparse paths with the moves of a side that has at most one slider
// counted unmade where they can be (king_steps.h, lone_slider.h). A side with one slider or none
// takes the crowded board's path where either side has three knights and sliders or more, and that
// path goes without them in AVX-512 builds: it keeps one instantiation.
template <Color Us, class Sliders>
uint64_t count_depth2_node(const Position& pos) {
  using LookedUp = ScalarPath<Sliders>;
  if (popcount(pos.occupied()) <= kMaxPiecesWithoutCalm) {
    return count_sparse_last_two_plies<Us, LookedUp, /*Calm=*/false>(pos);
  }
  if constexpr (counts_setwise<Sliders>()) {
    if (!few_pieces_on_each_side(pos)) return count_last_two_plies<Us, Sliders>(pos);
    return count_sparse_last_two_plies<Us, LookedUp, /*Calm=*/true>(pos);
  } else {
    return count_sparse_last_two_plies<Us, Sliders, /*Calm=*/true>(pos);
  }
}

}  // namespace pyke::perft::internal

// Compiles count_depth2_node for both colours with slider policy `Sliders`. A kernel reaching a
// policy not compiled so fails to link.
#define PYKE_DEPTH2_NODES(Sliders)                                           \
  template uint64_t count_depth2_node<kWhite, Sliders>(const Position& pos); \
  template uint64_t count_depth2_node<kBlack, Sliders>(const Position& pos)

#endif  // PYKE_PERFT_INTERNAL_DEPTH2_NODE_H_
