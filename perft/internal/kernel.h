// kernel.h — the perft kernels: count every leaf of the legal move tree below a position, or
// classify every leaf by move type. Internal to //perft; the entry points for everyone else are
// perft() and divide() (perft.h), perft_stats() and divide_stats() (stats.h).
//
//   NoCache cache;
//   absl::uint128 n = count_with(Position::start(), 6, cache, cache.key_of(Position::start()));
//   // n == 119060324
//   NoCache<LeafStats> stats;
//   Stats s = count_with(Position::start(), 5, stats, 0);   // s.checkmates == 347
//
// One walk counts both: what a subtree adds up to is the cache policy's `Value` (cache.h), the
// leaves (uint64_t) or their statistics (LeafStats), and `Counted<Value>` (counted.h) supplies
// what differs, the leaves' parents and the 128-bit totals. A node is counted by
// `count_node<Cache, Us, Depth, Sliders>`, a template on the side to move, the remaining depth and
// the slider backend (attacks.h): colour, depth, backend and value tests vanish at compile time.
// It picks one of five strategies, each a function below but the leaves' parents':
//
//   depth 1                 leaf_parent                 the legal moves, bulk-counted (count.h)
//                                                       or classified as sets (stats_leaves.h)
//   depth 2                 depth2_node                 every child's replies into one tally;
//                                                       calm moves not made, steady ones cheaper
//                                                       (last_two_plies.h, stats_leaves.h;
//                                                       compiled once, in depth2_node.cc and
//                                                       stats_leaves.cc, for every cache policy)
//   depth 4, with a table   count_pipelined_depth4      the depth-3 children readied one step
//                                                       ahead, so depth-2 probes find their buckets
//   depth ≥ 3, with a table count_with_batched_prefetch all children made, all their buckets
//                                                       prefetched, then counted
//   otherwise               count_generic_node          make each child, count it
//
// and a node deeper than kMaxTemplateDepth is `count_deep_node` (run-time depth, 128 bits).
//
// Where 64 bits end. No accepted position has more than kMaxLegalMoves = 323 legal moves
// (material.h proves it), so a subtree of depth d has at most 323^d leaves, which fits 64 bits
// for d ≤ kMaxDepthWithin64Bits = 7. The templated kernels cover exactly those depths and add in
// uint64_t without checks (every statistics column is at most the leaves): that is the hot path,
// and it cannot wrap. Every node deeper than 7 (few: they sit near the root) is a deep node,
// which adds its children's `Total`s (absl::uint128 columns) with an overflow check, and so do the
// divide and every total above it. 128 bits hold any perft up to depth 15 (323^15 < 2^128);
// deeper counts that would not fit are reported, never wrapped.
//
// The `Cache` policy (cache.h) is the hook the transposition table plugs into. `NoCache` turns
// every cache call into nothing at compile time, so perft without a table pays nothing for it.
#ifndef PYKE_PERFT_INTERNAL_KERNEL_H_
#define PYKE_PERFT_INTERNAL_KERNEL_H_

#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/make_move.h"
#include "movegen/internal/maskset.h"
#include "movegen/material.h"
#include "movegen/move.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/cache.h"
#include "perft/internal/counted.h"
#include "perft/perft.h"

namespace pyke::perft::internal {

// Depths 1 … kMaxTemplateDepth are compile-time kernels counting in uint64_t (see above).
inline constexpr int kMaxTemplateDepth = kMaxDepthWithin64Bits;

// The child of a perft node. Perft never reads the move counters, so they are not updated.
template <Color Us, PieceType P>
PYKE_INLINE Position perft_child(const Position& pos, PieceTag<P>, Move move) {
  return make_move<Us, P, /*MoveCounters=*/false>(pos, move);
}

// What a cache policy's walk adds up: per node of depth ≤ kMaxTemplateDepth, and in all.
template <class Cache>
using ValueOf = typename Cache::Value;
template <class Cache>
using TotalOf = typename Counted<ValueOf<Cache>>::Total;

template <PerftCache Cache, Color Us, int Depth, class Sliders>
ValueOf<Cache> count_node(const Position& pos, Cache& cache, typename Cache::Key key);

// A child with its cache key, made before it is counted so that its bucket can be prefetched.
template <PerftCache Cache>
struct KeyedChild {
  Position pos;
  typename Cache::Key key;
};

// Room for every child of one node, left uninitialised (a Position has no default constructor,
// and most of the room is never used).
template <PerftCache Cache>
struct ChildBuffer {
  alignas(KeyedChild<Cache>) unsigned char storage[sizeof(KeyedChild<Cache>) * kMaxLegalMoves];
  KeyedChild<Cache>* at(int i) { return reinterpret_cast<KeyedChild<Cache>*>(storage) + i; }
};

// Makes every child of `pos` (side Us to move), computes its key and prefetches its bucket for
// a probe at `ChildDepth`; returns how many children there are.
template <PerftCache Cache, Color Us, int ChildDepth, class Sliders>
PYKE_INLINE int make_keyed_children(const Position& pos, Cache& cache, typename Cache::Key key,
                                    ChildBuffer<Cache>& out) {
  int count = 0;
  for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos), [&](auto piece, Move move) {
    KeyedChild<Cache>* child =
        new (out.at(count++)) KeyedChild<Cache>{perft_child<Us>(pos, piece, move), {}};
    child->key = cache.child_key(key, pos, child->pos);
  });
  // Prefetched back to back once all are made, not one per child as it is made: where a prefetch
  // that misses the TLB holds up retirement until its page walk ends (hundreds of ns under nested
  // paging), prefetches spread among the moves stall one after another; issued together, their
  // page walks overlap.
  for (int i = 0; i < count; ++i) cache.prefetch(out.at(i)->key, ChildDepth);
  return count;
}

// The sum of the counts of `count` children made by make_keyed_children (side Us to move in them).
template <PerftCache Cache, Color Us, int Depth, class Sliders>
PYKE_INLINE ValueOf<Cache> sum_keyed_children(ChildBuffer<Cache>& children, int count,
                                              Cache& cache) {
  ValueOf<Cache> nodes{};
  for (int i = 0; i < count; ++i) {
    nodes += count_node<Cache, Us, Depth, Sliders>(children.at(i)->pos, cache, children.at(i)->key);
  }
  return nodes;
}

// A node of depth 3 made ready to count: probed and, on a miss, its children (depth 2) made with
// their buckets prefetched. A depth-4 node readies its next child while it counts this one.
template <PerftCache Cache>
struct ReadyDepth3 {
  bool known = false;  // the probe hit: `nodes` is the count
  ValueOf<Cache> nodes{};
  int count = 0;
  ChildBuffer<Cache> children;
};

template <PerftCache Cache, Color Us, class Sliders>
PYKE_INLINE void ready_depth3(const KeyedChild<Cache>& node, Cache& cache, ReadyDepth3<Cache>& r) {
  r.known = cache.probe(node.key, 3, r.nodes);
  if (!r.known) {
    r.count = make_keyed_children<Cache, Us, 2, Sliders>(node.pos, cache, node.key, r.children);
  }
}

template <PerftCache Cache, Color Us, class Sliders>
PYKE_INLINE ValueOf<Cache> finish_depth3(const KeyedChild<Cache>& node, Cache& cache,
                                         ReadyDepth3<Cache>& r) {
  if (r.known) return r.nodes;
  const ValueOf<Cache> nodes =
      sum_keyed_children<Cache, ~Us, 2, Sliders>(r.children, r.count, cache);
  cache.store(node.key, 3, nodes);
  return nodes;
}

// Depth 4 with a table. Depth-2 probes are the most numerous, and a bucket prefetched just before
// its probe arrives late where memory is slow (hundreds of ns under nested paging). So the
// children (depth 3) are counted one step behind: while child i is counted, child i+1 has already
// been probed and its own children made, their buckets on their way from memory.
template <PerftCache Cache, Color Us, class Sliders>
PYKE_INLINE ValueOf<Cache> count_pipelined_depth4(const Position& pos, Cache& cache,
                                                  typename Cache::Key key) {
  ChildBuffer<Cache> children;
  const int count = make_keyed_children<Cache, Us, 3, Sliders>(pos, cache, key, children);
  ReadyDepth3<Cache> ready[2];
  if (count > 0) ready_depth3<Cache, ~Us, Sliders>(*children.at(0), cache, ready[0]);
  ValueOf<Cache> nodes{};
  for (int i = 0; i < count; ++i) {
    if (i + 1 < count) {
      ready_depth3<Cache, ~Us, Sliders>(*children.at(i + 1), cache, ready[(i + 1) & 1]);
    }
    nodes += finish_depth3<Cache, ~Us, Sliders>(*children.at(i), cache, ready[i & 1]);
  }
  return nodes;
}

// Depth ≥ 3 with a table: the children probe it. Made and counted one by one, each child's probe
// would wait for memory (its prefetch issued just before); made all first, with all their buckets
// prefetched together, the buckets arrive while the first children are counted.
template <PerftCache Cache, Color Us, int Depth, class Sliders>
PYKE_INLINE ValueOf<Cache> count_with_batched_prefetch(const Position& pos, Cache& cache,
                                                       typename Cache::Key key) {
  ChildBuffer<Cache> children;
  const int count = make_keyed_children<Cache, Us, Depth - 1, Sliders>(pos, cache, key, children);
  return sum_keyed_children<Cache, ~Us, Depth - 1, Sliders>(children, count, cache);
}

// Any other node: each child made and counted in turn.
template <PerftCache Cache, Color Us, int Depth, class Sliders>
PYKE_INLINE ValueOf<Cache> count_generic_node(const Position& pos, Cache& cache,
                                              typename Cache::Key key) {
  ValueOf<Cache> nodes{};
  for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos), [&](auto piece, Move move) {
    const Position child = perft_child<Us>(pos, piece, move);
    typename Cache::Key child_key{};
    if constexpr (Cache::kEnabled && Depth - 1 >= 2) child_key = cache.child_key(key, pos, child);
    nodes += count_node<Cache, ~Us, Depth - 1, Sliders>(child, cache, child_key);
  });
  return nodes;
}

// A node of compile-time depth: the cache first, then the strategy its depth and policy call for.
template <PerftCache Cache, Color Us, int Depth, class Sliders>
ValueOf<Cache> count_node(const Position& pos, Cache& cache, typename Cache::Key key) {
  static_assert(Depth >= 1 && Depth <= kMaxTemplateDepth, "only depths whose counts fit 64 bits");
  using Counting = Counted<ValueOf<Cache>>;
  if constexpr (Depth == 1) {
    return Counting::template leaf_parent<Us, Sliders>(pos);
  } else {
    ValueOf<Cache> nodes{};
    if constexpr (Cache::kEnabled) {
      if (cache.probe(key, Depth, nodes)) return nodes;
    }
    if constexpr (prefetches_children<Cache>() && Depth == 4) {
      nodes = count_pipelined_depth4<Cache, Us, Sliders>(pos, cache, key);
    } else if constexpr (prefetches_children<Cache>() && Depth >= 3) {
      nodes = count_with_batched_prefetch<Cache, Us, Depth, Sliders>(pos, cache, key);
    } else if constexpr (Depth == 2) {
      nodes = Counting::template depth2_node<Us, Sliders>(pos);
    } else {
      nodes = count_generic_node<Cache, Us, Depth, Sliders>(pos, cache, key);
    }
    if constexpr (Cache::kEnabled) cache.store(key, Depth, nodes);
    return nodes;
  }
}

template <class Cache, class Sliders>
TotalOf<Cache> count_with_sliders(const Position& pos, int depth, Cache& cache,
                                  typename Cache::Key key);

template <class Cache, Color Us, class Sliders, int... Depths>
ValueOf<Cache> dispatch_depth(const Position& pos, int depth, Cache& cache, typename Cache::Key key,
                              std::integer_sequence<int, Depths...>) {
  ValueOf<Cache> nodes{};
  // Picks count_node<…, depth> from the pack 1…kMaxTemplateDepth.
  (void)((depth == Depths + 1
              ? (nodes = count_node<Cache, Us, Depths + 1, Sliders>(pos, cache, key), true)
              : false) ||
         ...);
  return nodes;
}

// A node deeper than kMaxTemplateDepth: run-time depth and checked 128-bit sums.
template <class Cache, Color Us, class Sliders>
TotalOf<Cache> count_deep_node(const Position& pos, int depth, Cache& cache,
                               typename Cache::Key key) {
  using Counting = Counted<ValueOf<Cache>>;
  if constexpr (Cache::kEnabled) {
    ValueOf<Cache> cached{};
    if (cache.probe(key, depth, cached)) return Counting::total(cached);
  }
  TotalOf<Cache> nodes{};
  bool overflow = false;
  for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos), [&](auto piece, Move move) {
    if (overflow) return;
    const Position child = perft_child<Us>(pos, piece, move);
    typename Cache::Key child_key{};
    if constexpr (Cache::kEnabled) child_key = cache.child_key(key, pos, child);
    overflow =
        !add_count(nodes, count_with_sliders<Cache, Sliders>(child, depth - 1, cache, child_key));
  });
  if (overflow) return Counting::overflow();
  if constexpr (Cache::kEnabled) {
    if (ValueOf<Cache> narrow; Counting::narrow(nodes, narrow)) cache.store(key, depth, narrow);
  }
  return nodes;
}

// Calls `visit(child, move)` for every legal move of `pos`, in generation order.
template <class Visitor>
void for_each_child(const Position& pos, Visitor&& visit) {
  const auto run = [&]<Color Us>() {
    for_each_legal_move<Us>(pos, create_masks<Us>(pos), [&](auto piece, Move move) {
      visit(perft_child<Us>(pos, piece, move), move);
    });
  };
  if (pos.side_to_move() == kWhite)
    run.template operator()<kWhite>();
  else
    run.template operator()<kBlack>();
}

// Perft with one slider backend throughout (bench calls it to time each backend).
template <class Cache, class Sliders>
TotalOf<Cache> count_with_sliders(const Position& pos, int depth, Cache& cache,
                                  typename Cache::Key key) {
  using Counting = Counted<ValueOf<Cache>>;
  if (depth <= 0) return Counting::depth_zero();
  const Color us = pos.side_to_move();
  if (depth > kMaxTemplateDepth) {
    return us == kWhite ? count_deep_node<Cache, kWhite, Sliders>(pos, depth, cache, key)
                        : count_deep_node<Cache, kBlack, Sliders>(pos, depth, cache, key);
  }
  using Depths = std::make_integer_sequence<int, kMaxTemplateDepth>;
  return Counting::total(
      us == kWhite ? dispatch_depth<Cache, kWhite, Sliders>(pos, depth, cache, key, Depths{})
                   : dispatch_depth<Cache, kBlack, Sliders>(pos, depth, cache, key, Depths{}));
}

// Perft of `pos` to `depth` (0 … kMaxDepth) with a cache policy, `key` being cache.key_of(pos),
// on the slider backend `slider_backend()` names. Its nodes are kOverflow when the count does not
// fit 128 bits.
template <PerftCache Cache>
TotalOf<Cache> count_with(const Position& pos, int depth, Cache& cache, typename Cache::Key key) {
  return with_slider_backend(slider_backend(), [&]<class Sliders>() {
    return count_with_sliders<Cache, Sliders>(pos, depth, cache, key);
  });
}

// Perft split by root move, in generation order: `count(child, depth - 1)` for each root move's
// child. Depth must be at least 1. A root move whose count overflows has nodes == kOverflow.
template <class Count>
std::vector<DivideEntry> divide_by(const Position& pos, int depth, Count&& count) {
  std::vector<DivideEntry> entries;
  for_each_child(pos, [&](const Position& child, Move move) {
    entries.push_back({move, count(child, depth - 1)});
  });
  return entries;
}

// Perft with a cache policy, as a status: an error for a depth outside 0 … kMaxDepth or a count
// over 2^128-1.
template <PerftCache Cache>
absl::StatusOr<absl::uint128> checked_count(const Position& pos, int depth, Cache& cache) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  const absl::uint128 nodes = count_with(pos, depth, cache, cache.key_of(pos));
  if (nodes == kOverflow) return overflow_error(depth);
  return nodes;
}

// Divide with a cache policy, as a status: the errors of checked_count (for any root move or for
// the total), and depth 0.
template <PerftCache Cache>
absl::StatusOr<std::vector<DivideEntry>> checked_divide(const Position& pos, int depth,
                                                        Cache& cache) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  const std::vector<DivideEntry> entries = divide_by(pos, depth, [&](const Position& child, int d) {
    return count_with(child, d, cache, cache.key_of(child));
  });
  if (divide_total(entries) == kOverflow) return overflow_error(depth);
  return entries;
}

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_KERNEL_H_
