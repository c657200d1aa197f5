// stats_kernel.h — the statistics kernels: perft that also classifies every leaf move (stats.h
// has the columns and their definitions). Internal to //perft; the entry points for everyone else
// are perft_stats() and divide_stats().
//
//   StatsCache<NoStatsTable> cache(NoStatsTable{}, &never_stop);
//   Stats s = stats_with(Position::start(), 5, cache);   // s.checkmates == 347
//
// The tree above the leaves' parents is walked as plain perft's generic node walks it: every
// child made and counted, a table probed and stored at depth ≥ 2 when there is one (children
// made first and their buckets prefetched, as count_with_batched_prefetch does), but for depth-2
// nodes, which leave calm moves unmade when they may, and the leaves' parents, which classify
// their moves as sets (both in stats_leaves.h, compiled once for every table policy).
//
// Counts: no subtree of depth ≤ kMaxTemplateDepth has more than 2^64 leaves (kernel.h) and every
// column is at most the leaves, so the templated kernels add in uint64_t; deeper nodes add in
// absl::uint128 and check the nodes, which bound every column.
#ifndef PYKE_PERFT_INTERNAL_STATS_KERNEL_H_
#define PYKE_PERFT_INTERNAL_STATS_KERNEL_H_

#include <atomic>
#include <cstdint>
#include <new>
#include <utility>

#include "absl/numeric/int128.h"
#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/make_move.h"
#include "movegen/internal/maskset.h"
#include "movegen/material.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"
#include "perft/internal/cache.h"
#include "perft/internal/kernel.h"
#include "perft/stats.h"
#include "tt/move_stats_table.h"

namespace pyke::perft::internal {

using LeafStats = MoveStats<uint64_t>;

// The leaves' parents: depth 1 classifies the legal moves, depth 2 the last two plies with calm
// moves left unmade (stats_leaves.h). Defined in stats_leaves.cc for each colour and each slider
// backend and counting path the kernels run, so that the table policies' kernels share one copy
// instead of compiling it again each.
template <Color Us, class Sliders>
void stats_depth1_node(const Position& pos, LeafStats& s);
template <Color Us, class Sliders>
void stats_depth2_node(const Position& pos, LeafStats& s);

// No table: keys are nothing, probes only poll the stop flag.
struct NoStatsTable {
  static constexpr bool kEnabled = false;
  using Key = uint64_t;
  Key key_of(const Position&) const { return 0; }
  Key child_key(Key, const Position&, const Position&) const { return 0; }
  void prefetch(Key, int) const {}
  bool probe(Key, int, LeafStats&) const { return false; }
  void store(Key, int, const LeafStats&) {}
};

// The statistics table (//tt) under the position's Zobrist key with the depth's key mixed in,
// the keys a set drawn from a seed (zobrist.h) that must outlive the policy.
class StatsTableRef {
 public:
  static constexpr bool kEnabled = true;
  using Key = pyke::Key;

  StatsTableRef(tt::MoveStatsTable& table, const ZobristKeys& keys) : table_(table), keys_(keys) {}

  Key key_of(const Position& pos) const { return zobrist_key(pos, keys_); }
  PYKE_INLINE Key child_key(Key key, const Position& parent, const Position& child) const {
    return pyke::child_key(key, parent, child, keys_);
  }
  void prefetch(Key key, int depth) const { table_.prefetch(key ^ keys_.depth[depth]); }
  bool probe(Key key, int depth, LeafStats& s) const {
    tt::MoveStatsTable::Counters c;
    if (!table_.probe(key ^ keys_.depth[depth], c)) return false;
    for (int i = 0; i < LeafStats::kColumns; ++i) s.column(i) = c[i];
    return true;
  }
  void store(Key key, int depth, const LeafStats& s) {
    tt::MoveStatsTable::Counters c;
    for (int i = 0; i < LeafStats::kColumns; ++i) c[i] = s.column(i);
    table_.store(key ^ keys_.depth[depth], depth, c);
  }

 private:
  tt::MoveStatsTable& table_;
  const ZobristKeys& keys_;
};

// A table policy with a stop flag: nodes of depth kStopCheckDepth or more poll it and, once it is
// set, answer "nothing below" and store nothing, so the tree unwinds at once and the table keeps
// only exact counts (the argument of StopAwareCache in cache.h).
template <class Table>
class StatsCache {
 public:
  static constexpr bool kEnabled = Table::kEnabled;
  using Key = typename Table::Key;

  StatsCache(Table table, const std::atomic<bool>* stop) : table_(table), stop_(stop) {}

  Key key_of(const Position& pos) const { return table_.key_of(pos); }
  PYKE_INLINE Key child_key(Key key, const Position& parent, const Position& child) const {
    return table_.child_key(key, parent, child);
  }
  void prefetch(Key key, int depth) const { table_.prefetch(key, depth); }
  PYKE_INLINE bool probe(Key key, int depth, LeafStats& s) const {
    if (depth >= kStopCheckDepth && stopped()) {
      s = LeafStats{};
      return true;
    }
    return table_.probe(key, depth, s);
  }
  void store(Key key, int depth, const LeafStats& s) {
    if (!stopped()) table_.store(key, depth, s);
  }
  bool stopped() const { return stop_->load(std::memory_order_relaxed); }

 private:
  Table table_;
  const std::atomic<bool>* stop_;
};

template <class Cache, Color Us, int Depth, class Sliders>
void stats_node(const Position& pos, Cache& cache, typename Cache::Key key, LeafStats& out);

// Depth ≥ 2 with a table: every child made and keyed, all their buckets prefetched, then counted.
template <class Cache, Color Us, int Depth, class Sliders>
PYKE_INLINE void stats_with_prefetch(const Position& pos, Cache& cache, typename Cache::Key key,
                                     LeafStats& s) {
  struct Child {
    Position pos;
    typename Cache::Key key;
  };
  alignas(Child) unsigned char storage[sizeof(Child) * kMaxLegalMoves];
  Child* children = reinterpret_cast<Child*>(storage);
  int count = 0;
  for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos), [&](auto piece, Move move) {
    Child* child = new (children + count++) Child{perft_child<Us>(pos, piece, move), {}};
    child->key = cache.child_key(key, pos, child->pos);
  });
  if constexpr (Depth - 1 >= 2) {
    for (int i = 0; i < count; ++i) cache.prefetch(children[i].key, Depth - 1);
  }
  for (int i = 0; i < count; ++i) {
    stats_node<Cache, ~Us, Depth - 1, Sliders>(children[i].pos, cache, children[i].key, s);
  }
}

// A node of compile-time depth: the table first, then every child (or, at depth 1, the leaves).
template <class Cache, Color Us, int Depth, class Sliders>
void stats_node(const Position& pos, Cache& cache, typename Cache::Key key, LeafStats& out) {
  static_assert(Depth >= 1 && Depth <= kMaxTemplateDepth, "only depths whose counts fit 64 bits");
  if constexpr (Depth == 1) {
    stats_depth1_node<Us, Sliders>(pos, out);
  } else {
    LeafStats s;
    if (cache.probe(key, Depth, s)) {
      out += s;
      return;
    }
    if constexpr (Depth == 2) {
      stats_depth2_node<Us, Sliders>(pos, s);
    } else if constexpr (Cache::kEnabled) {
      stats_with_prefetch<Cache, Us, Depth, Sliders>(pos, cache, key, s);
    } else {
      for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos),
                                       [&](auto piece, Move move) {
                                         stats_node<Cache, ~Us, Depth - 1, Sliders>(
                                             perft_child<Us>(pos, piece, move), cache, 0, s);
                                       });
    }
    cache.store(key, Depth, s);
    out += s;
  }
}

template <class Cache, class Sliders>
Stats stats_with_sliders(const Position& pos, int depth, Cache& cache, typename Cache::Key key);

template <class Cache, Color Us, class Sliders, int... Depths>
LeafStats dispatch_stats_depth(const Position& pos, int depth, Cache& cache,
                               typename Cache::Key key, std::integer_sequence<int, Depths...>) {
  LeafStats s;
  (void)((depth == Depths + 1
              ? (stats_node<Cache, Us, Depths + 1, Sliders>(pos, cache, key, s), true)
              : false) ||
         ...);
  return s;
}

// A node deeper than kMaxTemplateDepth: run-time depth and checked 128-bit sums. Returns
// nodes == kOverflow when the count does not fit.
template <class Cache, Color Us, class Sliders>
Stats stats_deep_node(const Position& pos, int depth, Cache& cache, typename Cache::Key key) {
  Stats total;
  bool overflow = false;
  for_each_legal_move<Us, Sliders>(pos, create_masks<Us, Sliders>(pos), [&](auto piece, Move move) {
    if (overflow) return;
    const Position child = perft_child<Us>(pos, piece, move);
    const Stats part = stats_with_sliders<Cache, Sliders>(child, depth - 1, cache,
                                                          cache.child_key(key, pos, child));
    overflow = part.nodes == kOverflow || !add_count(total, part);
  });
  if (overflow) total.nodes = kOverflow;
  return total;
}

template <class Cache, class Sliders>
Stats stats_with_sliders(const Position& pos, int depth, Cache& cache, typename Cache::Key key) {
  if (depth <= 0) return depth_zero_stats();
  const Color us = pos.side_to_move();
  if (depth > kMaxTemplateDepth) {
    return us == kWhite ? stats_deep_node<Cache, kWhite, Sliders>(pos, depth, cache, key)
                        : stats_deep_node<Cache, kBlack, Sliders>(pos, depth, cache, key);
  }
  using Depths = std::make_integer_sequence<int, kMaxTemplateDepth>;
  const LeafStats s =
      us == kWhite ? dispatch_stats_depth<Cache, kWhite, Sliders>(pos, depth, cache, key, Depths{})
                   : dispatch_stats_depth<Cache, kBlack, Sliders>(pos, depth, cache, key, Depths{});
  Stats total;
  total += s;
  return total;
}

// Statistics of `pos` to `depth` with a cache policy, on the slider backend slider_backend()
// names. nodes == kOverflow when the count does not fit 128 bits.
template <class Cache>
Stats stats_with(const Position& pos, int depth, Cache& cache) {
  return with_slider_backend(slider_backend(), [&]<class Sliders>() {
    return stats_with_sliders<Cache, Sliders>(pos, depth, cache, cache.key_of(pos));
  });
}

// The statistics of the one leaf that `move` leads to from `parent` (child: the position after
// it), for divides of depth 1 (stats_leaves.cc).
Stats leaf_move_stats(const Position& parent, Move move, const Position& child);

// The kernels for each table policy, compiled apart (stats_plain.cc, stats_hashed.cc). A count
// made once `stop` is set is garbage.
Stats stats_plain(const Position& pos, int depth, const std::atomic<bool>& stop);
Stats stats_hashed(const Position& pos, int depth, tt::MoveStatsTable& table,
                   const ZobristKeys& keys, const std::atomic<bool>& stop);

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_STATS_KERNEL_H_
