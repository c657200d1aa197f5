// stop_aware_cache.h — a cache policy that wraps another and makes the perft kernels stoppable.
// Internal to //perft.
//
//   std::atomic<bool> stop{false};
//   StopAwareCache<tt::TableCache> cache(tt::TableCache(table), &stop);
//   absl::uint128 n = perft_with(pos, depth, cache, cache.key_of(pos));  // garbage once stopped
//
// Every node of remaining depth kStopCheckDepth or more asks the policy's `probe` first; once the
// flag is set, that probe answers "0 leaves", so the whole tree unwinds at once. A count made
// after the flag was set is garbage and must be thrown away, and it must not reach the table:
// `store` checks the flag too. The flag is only ever set, never cleared while counting, and a
// node's store comes after its children's probes in the same thread, so every node that could
// hold a partial count sees the flag and stores nothing: the table keeps only exact counts.
//
// Wrapping NoCache costs the plain kernels one relaxed load per node of depth ≥ 4 (one in
// ~10^5 leaves) and nothing else: keys, prefetches and stores compile away.
#ifndef PYKE_PERFT_STOP_AWARE_CACHE_H_
#define PYKE_PERFT_STOP_AWARE_CACHE_H_

#include <atomic>
#include <cstdint>

#include "movegen/perft.h"
#include "movegen/position.h"

namespace pyke::parallel {

// Subtrees of depth 4 take well under a millisecond: stopping is quick, polling is rare.
inline constexpr int kStopCheckDepth = 4;

template <PerftCache Inner>
class StopAwareCache {
 public:
  static constexpr bool kEnabled = true;
  // Wrapping NoCache, the probes only poll the flag: the kernels need not prefetch children.
  static constexpr bool kPrefetches = Inner::kEnabled;
  using Key = typename Inner::Key;

  StopAwareCache(Inner inner, const std::atomic<bool>* stop) : inner_(inner), stop_(stop) {}

  Key key_of(const Position& pos) { return inner_.key_of(pos); }
  Key child_key(Key key, const Position& parent, const Position& child) {
    if constexpr (Inner::kEnabled) return inner_.child_key(key, parent, child);
    return Key{};
  }
  void prefetch(Key key, int depth) {
    if constexpr (Inner::kEnabled) inner_.prefetch(key, depth);
  }
  bool probe(Key key, int depth, uint64_t& nodes) {
    if (depth >= kStopCheckDepth && stopped()) {
      nodes = 0;
      return true;
    }
    if constexpr (Inner::kEnabled) return inner_.probe(key, depth, nodes);
    return false;
  }
  void store(Key key, int depth, uint64_t nodes) {
    if constexpr (Inner::kEnabled) {
      if (!stopped()) inner_.store(key, depth, nodes);
    }
  }

  bool stopped() const { return stop_->load(std::memory_order_relaxed); }

 private:
  Inner inner_;
  const std::atomic<bool>* stop_;
};

}  // namespace pyke::parallel

#endif  // PYKE_PERFT_STOP_AWARE_CACHE_H_
