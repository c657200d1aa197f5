// perft.h — the perft kernels: count every leaf of the legal move tree to a given depth.
//
//   uint64_t nodes = perft(Position::start(), 6);   // 119060324
//
// Inside, `perft_node<Cache, Us, Depth>` is a template on the side to move and the remaining
// depth: colour tests and depth tests vanish at compile time, and the last ply is bulk-counted
// (count.h) instead of played. Depths up to kMaxTemplateDepth are templates; deeper nodes (few:
// they are near the root) run one runtime-depth function that adds with overflow checks.
//
// The `Cache` policy is the hook a transposition table plugs into (see //tt). `NoCache` turns
// every cache call into nothing at compile time, so perft without a table pays nothing for it.
// A policy names its key type `Key` and provides `Key key_of(const Position&)`; with
// `kEnabled = true` it also provides:
//   Key child_key(Key key, const Position& parent, const Position& child);
//   void prefetch(Key key, int depth);
//   bool probe(Key key, int depth, uint64_t& nodes);
//   void store(Key key, int depth, uint64_t nodes);
#ifndef PYKE_MOVEGEN_PERFT_H_
#define PYKE_MOVEGEN_PERFT_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/count.h"
#include "movegen/generate.h"
#include "movegen/make_move.h"
#include "movegen/maskset.h"
#include "movegen/move.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {

// The deepest perft Pyke accepts. Whether a count fits 64 bits depends on the position (the start
// position's perft 14 does not); a count that would not is reported as an error, never wrapped.
inline constexpr int kMaxPerftDepth = 20;

// No position has more than 218 legal moves and 218^8 < 2^64, so counts of depth 8 or less can
// never overflow; deeper levels add with a check.
inline constexpr int kMaxTemplateDepth = 8;

// Marks a count that did not fit 64 bits.
inline constexpr uint64_t kPerftOverflow = std::numeric_limits<uint64_t>::max();

struct NoCache {
  static constexpr bool kEnabled = false;
  using Key = uint64_t;
  Key key_of(const Position&) { return 0; }
};

// The child of a perft node. Perft never reads the move counters, so they are not updated.
template <Color Us, PieceType P>
PYKE_INLINE Position perft_child(const Position& pos, PieceTag<P>, Move move) {
  return pos.template after<Us, P, /*MoveCounters=*/false>(move);
}

template <class Cache, Color Us, int Depth>
uint64_t perft_node(const Position& pos, Cache& cache, typename Cache::Key key) {
  static_assert(Depth >= 1);
  if constexpr (Depth == 1) {
    return static_cast<uint64_t>(count_legal_moves<Us>(pos));
  } else {
    uint64_t nodes = 0;
    if constexpr (Cache::kEnabled) {
      if (cache.probe(key, Depth, nodes)) return nodes;
    }
    for_each_legal_move<Us>(pos, create_masks<Us>(pos), [&](auto piece, Move move) {
      const Position child = perft_child<Us>(pos, piece, move);
      typename Cache::Key child_key{};
      if constexpr (Cache::kEnabled && Depth - 1 >= 2) {
        child_key = cache.child_key(key, pos, child);
        cache.prefetch(child_key, Depth - 1);
      }
      nodes += perft_node<Cache, ~Us, Depth - 1>(child, cache, child_key);
    });
    if constexpr (Cache::kEnabled) cache.store(key, Depth, nodes);
    return nodes;
  }
}

template <class Cache>
uint64_t perft_with(const Position& pos, int depth, Cache& cache, typename Cache::Key key);

namespace detail {

template <class Cache, Color Us, int... Depths>
uint64_t dispatch_depth(const Position& pos, int depth, Cache& cache, typename Cache::Key key,
                        std::integer_sequence<int, Depths...>) {
  uint64_t nodes = 0;
  // Picks perft_node<…, depth> from the pack 1…kMaxTemplateDepth.
  (void)((depth == Depths + 1 ? (nodes = perft_node<Cache, Us, Depths + 1>(pos, cache, key), true)
                              : false) ||
         ...);
  return nodes;
}

// A node deeper than kMaxTemplateDepth: few of them, so runtime depth and checked sums.
template <class Cache, Color Us>
uint64_t perft_deep(const Position& pos, int depth, Cache& cache, typename Cache::Key key) {
  uint64_t nodes = 0;
  if constexpr (Cache::kEnabled) {
    if (cache.probe(key, depth, nodes)) return nodes;
  }
  bool overflow = false;
  for_each_legal_move<Us>(pos, create_masks<Us>(pos), [&](auto piece, Move move) {
    if (overflow) return;
    const Position child = perft_child<Us>(pos, piece, move);
    typename Cache::Key child_key{};
    if constexpr (Cache::kEnabled) child_key = cache.child_key(key, pos, child);
    const uint64_t child_nodes = perft_with(child, depth - 1, cache, child_key);
    overflow = child_nodes == kPerftOverflow ||
               __builtin_add_overflow(nodes, child_nodes, &nodes) || nodes == kPerftOverflow;
  });
  if (overflow) return kPerftOverflow;
  if constexpr (Cache::kEnabled) cache.store(key, depth, nodes);
  return nodes;
}

}  // namespace detail

// Perft of `pos` to `depth` (0 … kMaxPerftDepth) with a cache policy, `key` being
// cache.key_of(pos). Returns kPerftOverflow when the count does not fit 64 bits.
template <class Cache>
uint64_t perft_with(const Position& pos, int depth, Cache& cache, typename Cache::Key key) {
  if (depth <= 0) return 1;
  const Color us = pos.side_to_move();
  if (depth > kMaxTemplateDepth) {
    return us == kWhite ? detail::perft_deep<Cache, kWhite>(pos, depth, cache, key)
                        : detail::perft_deep<Cache, kBlack>(pos, depth, cache, key);
  }
  using Depths = std::make_integer_sequence<int, kMaxTemplateDepth>;
  return us == kWhite ? detail::dispatch_depth<Cache, kWhite>(pos, depth, cache, key, Depths{})
                      : detail::dispatch_depth<Cache, kBlack>(pos, depth, cache, key, Depths{});
}

// One root move and the number of leaves below it.
struct DivideEntry {
  Move move;
  uint64_t nodes;
};

// Called after each root move of a divide: moves done, moves in all, nodes so far.
using DivideProgress = std::function<void(int done, int total, uint64_t nodes)>;

// Perft split by root move, in generation order, with a cache policy. Depth must be at least 1.
// A root move whose count overflows has nodes == kPerftOverflow.
template <class Cache>
std::vector<DivideEntry> divide_with(const Position& pos, int depth, Cache& cache,
                                     const DivideProgress& progress = nullptr) {
  std::vector<DivideEntry> entries;
  MoveList moves = legal_moves(pos);
  uint64_t total = 0;
  for (Move move : moves) {
    Position child = pos;
    child.play(move);
    const uint64_t nodes = perft_with(child, depth - 1, cache, cache.key_of(child));
    entries.push_back({move, nodes});
    total = (nodes == kPerftOverflow || __builtin_add_overflow(total, nodes, &total))
                ? kPerftOverflow
                : total;
    if (progress) progress(static_cast<int>(entries.size()), moves.size(), total);
  }
  return entries;
}

// Checks a requested depth: OK, or an error naming the allowed range.
absl::Status check_perft_depth(int depth);

// The error for a count that does not fit 64 bits.
absl::Status perft_overflow_error(int depth);

// Perft with a cache policy, as a status: an error for a depth outside 0 … kMaxPerftDepth or a
// count over 2^64-1.
template <class Cache>
absl::StatusOr<uint64_t> checked_perft(const Position& pos, int depth, Cache& cache) {
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  const uint64_t nodes = perft_with(pos, depth, cache, cache.key_of(pos));
  if (nodes == kPerftOverflow) return perft_overflow_error(depth);
  return nodes;
}

// Divide with a cache policy, as a status: the errors of checked_perft, and depth 0.
template <class Cache>
absl::StatusOr<std::vector<DivideEntry>> checked_divide(const Position& pos, int depth,
                                                        Cache& cache,
                                                        const DivideProgress& progress) {
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  std::vector<DivideEntry> entries = divide_with(pos, depth, cache, progress);
  for (const DivideEntry& e : entries) {
    if (e.nodes == kPerftOverflow) return perft_overflow_error(depth);
  }
  return entries;
}

// Perft without a cache; the errors of checked_perft.
absl::StatusOr<uint64_t> perft(const Position& pos, int depth);

// Divide without a cache; the errors of checked_divide.
absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const DivideProgress& progress = nullptr);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_PERFT_H_
