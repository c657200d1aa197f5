// cache.h — the policies a perft kernel (kernel.h) is instantiated with: what it counts, what it
// remembers of counted subtrees, and whether it can be stopped. Internal to //perft.
//
//   NoCache plain;                                        // remembers nothing: costs nothing
//   TableCache hashed(*table, kZobrist);                  // the transposition table (//tt)
//   std::atomic<bool> stop{false};
//   StopAwareCache<TableCache<>> stoppable(hashed, &stop);  // stops within milliseconds
//   absl::uint128 n = count_with(pos, 8, stoppable, stoppable.key_of(pos));
//
//   TableCache stats(*stats_table, kZobrist);             // a tt::MoveStatsTable: statistics
//
// A cache policy (`PerftCache`) names the value it counts (`Value`: the leaves, uint64_t, or their
// statistics, LeafStats; counted.h), its key type, says whether it is enabled, and computes a
// position's key; an enabled one also derives a child's key from its parent's, prefetches, probes
// and stores values (a value is remembered only if its nodes fit 64 bits). A stop policy
// (`StoppablePerftCache`) is a cache policy that also answers `stopped()`; the threads of
// perft.cc and stats.cc poll it between work units, and its probes unwind the tree once it is set.
#ifndef PYKE_PERFT_INTERNAL_CACHE_H_
#define PYKE_PERFT_INTERNAL_CACHE_H_

#include <atomic>
#include <cassert>
#include <concepts>
#include <cstdint>

#include "movegen/position.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"
#include "perft/internal/counted.h"
#include "tt/stats.h"

namespace pyke::perft::internal {

template <class C>
concept PerftCache =
    requires(C cache, const Position& pos) {
      typename C::Key;
      typename C::Value;
      { C::kEnabled } -> std::convertible_to<bool>;
      { cache.key_of(pos) } -> std::same_as<typename C::Key>;
    } && (!C::kEnabled || requires(C cache, const Position& pos, typename C::Key key, int depth,
                                   typename C::Value& value) {
      { cache.child_key(key, pos, pos) } -> std::same_as<typename C::Key>;
      cache.prefetch(key, depth);
      { cache.probe(key, depth, value) } -> std::same_as<bool>;
      cache.store(key, depth, value);
    });

template <class C>
concept StoppablePerftCache = PerftCache<C> && requires(const C cache) {
  { cache.stopped() } -> std::same_as<bool>;
};

// No table: every cache call compiles to nothing.
template <class V = uint64_t>
struct NoCache {
  static constexpr bool kEnabled = false;
  using Key = uint64_t;
  using Value = V;
  Key key_of(const Position&) { return 0; }
};
static_assert(PerftCache<NoCache<>>);
static_assert(PerftCache<NoCache<LeafStats>>);

// Whether a policy's probes reach a real table, so that prefetching children pays. A policy may
// say so with `kPrefetches` (one enabled only to poll a stop flag says false); otherwise, kEnabled.
template <class Cache>
constexpr bool prefetches_children() {
  if constexpr (requires { Cache::kPrefetches; })
    return Cache::kPrefetches;
  else
    return Cache::kEnabled;
}

// The transposition table as a cache policy: a value of depth d is stored under the position's
// Zobrist key with the depth's own key mixed in, so values of one position at two depths never
// collide. The table is the value's (counted.h): tt::PerftTable for the leaves,
// tt::MoveStatsTable for their statistics. The keys are a set drawn from a seed (zobrist.h); the
// policy refers to them, so they must outlive it.
template <class V = uint64_t>
class TableCache {
 public:
  static constexpr bool kEnabled = true;
  using Key = pyke::Key;
  using Value = V;
  using Table = typename Counted<V>::Table;

  TableCache(Table& table, const ZobristKeys& keys) : table_(table), keys_(keys) {}

  Key key_of(const Position& pos) const { return zobrist_key(pos, keys_); }
  PYKE_INLINE Key child_key(Key key, const Position& parent, const Position& child) const {
    const Key next = pyke::child_key(key, parent, child, keys_);
    assert(next == zobrist_key(child, keys_));  // debug builds: incremental equals from scratch
    return next;
  }
  void prefetch(Key key, int depth) const { table_.prefetch(key ^ keys_.depth[depth]); }
  PYKE_INLINE bool probe(Key key, int depth, Value& value) const {
    const bool hit = Counted<V>::probe(table_, key ^ keys_.depth[depth], value);
    tt::stats::count(tt::stats::kProbe, depth);
    if (hit) tt::stats::count(tt::stats::kHit, depth);
    return hit;
  }
  void store(Key key, int depth, const Value& value) {
    Counted<V>::store(table_, key ^ keys_.depth[depth], depth, value);
    tt::stats::count(tt::stats::kStore, depth);
  }

 private:
  Table& table_;
  const ZobristKeys& keys_;
};
TableCache(tt::PerftTable&, const ZobristKeys&) -> TableCache<uint64_t>;
TableCache(tt::MoveStatsTable&, const ZobristKeys&) -> TableCache<LeafStats>;
static_assert(PerftCache<TableCache<>>);
static_assert(PerftCache<TableCache<LeafStats>>);

// Subtrees of depth 4 take well under a millisecond: stopping is quick, polling is rare.
inline constexpr int kStopCheckDepth = 4;

// Wraps a cache policy and makes the kernels stoppable. Every node of remaining depth
// kStopCheckDepth or more asks the policy's `probe` first; once the flag is set, that probe
// answers "nothing below", so the whole tree unwinds at once. A count made after the flag was set
// is garbage and must be thrown away, and it must not reach the table: `store` checks the flag too.
// The flag is only ever set, never cleared while counting, and a node's store comes after its
// children's probes in the same thread, so every node that could hold a partial count sees the
// flag and stores nothing: the table keeps only exact counts.
//
// Wrapping NoCache costs the plain kernels one relaxed load per node of depth ≥ 4 (one in ~10^5
// leaves) and nothing else: keys, prefetches and stores compile away.
template <PerftCache Inner>
class StopAwareCache {
 public:
  static constexpr bool kEnabled = true;
  // Wrapping NoCache, the probes only poll the flag: the kernels need not prefetch children.
  static constexpr bool kPrefetches = Inner::kEnabled;
  using Key = typename Inner::Key;
  using Value = typename Inner::Value;

  StopAwareCache(Inner inner, const std::atomic<bool>* stop) : inner_(inner), stop_(stop) {}

  Key key_of(const Position& pos) { return inner_.key_of(pos); }
  Key child_key(Key key, const Position& parent, const Position& child) {
    if constexpr (Inner::kEnabled) return inner_.child_key(key, parent, child);
    return Key{};
  }
  void prefetch(Key key, int depth) {
    if constexpr (Inner::kEnabled) inner_.prefetch(key, depth);
  }
  PYKE_INLINE bool probe(Key key, int depth, Value& value) {
    if (depth >= kStopCheckDepth && stopped()) {
      value = Value{};
      return true;
    }
    if constexpr (Inner::kEnabled) return inner_.probe(key, depth, value);
    return false;
  }
  void store(Key key, int depth, const Value& value) {
    if constexpr (Inner::kEnabled) {
      if (!stopped()) inner_.store(key, depth, value);
    }
  }

  bool stopped() const { return stop_->load(std::memory_order_relaxed); }

 private:
  Inner inner_;
  const std::atomic<bool>* stop_;
};
static_assert(StoppablePerftCache<StopAwareCache<NoCache<>>>);
static_assert(StoppablePerftCache<StopAwareCache<TableCache<>>>);
static_assert(StoppablePerftCache<StopAwareCache<NoCache<LeafStats>>>);
static_assert(StoppablePerftCache<StopAwareCache<TableCache<LeafStats>>>);

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_CACHE_H_
