// counted.h — what a perft walk counts: the leaves, or the leaves' statistics per move type.
// Internal to //perft. The kernels (kernel.h) are one walk for both; what a node's subtree adds up
// to is its `Value`, a compile-time type (the cache policy's, cache.h), and `Counted<Value>`
// holds everything the walk must know of it:
//
//   uint64_t    the leaves (perft.h)                  Total absl::uint128   Table tt::PerftTable
//   LeafStats   the leaves by move type (stats.h)     Total Stats           Table
//   tt::MoveStatsTable
//
//   using C = Counted<LeafStats>;
//   C::Total s = C::total(C::depth2_node<kWhite, BuildSliders>(Position::start()));
//   // s.nodes == 400
//
// For each: `Total`, a subtree's value at any depth (128-bit columns, nodes == kOverflow when it
// does not fit); `total` and `narrow` between the two (a Total narrows when its nodes fit 64 bits:
// every column is at most the nodes); `depth_zero`, the value of perft 0; `overflow`, a Total
// that does not fit; the leaves' parents,
// `leaf_parent` (depth 1, the legal moves, none made) and `depth2_node` (the last two plies,
// compiled once for every cache policy: depth2_node.cc, stats_leaves.cc); and `probe` and `store`,
// a value to and from its table's entry.
//
// Values of a subtree of depth ≤ kMaxTemplateDepth add without checks: such a subtree has fewer
// than 2^64 leaves (kernel.h), and every column is at most the leaves.
#ifndef PYKE_PERFT_INTERNAL_COUNTED_H_
#define PYKE_PERFT_INTERNAL_COUNTED_H_

#include <cstdint>

#include "absl/numeric/int128.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "tt/move_stats_table.h"
#include "tt/table.h"

namespace pyke::perft::internal {

// The statistics of a subtree that fits 64 bits.
using LeafStats = MoveStats<uint64_t>;

// The depth-2 nodes, defined in depth2_node.cc (nodes) and stats_leaves.cc (statistics) for each
// colour and each slider backend and counting path the kernels run, so that the cache policies'
// kernels share one copy instead of compiling it again each.
template <Color Us, class Sliders>
uint64_t count_depth2_node(const Position& pos);
template <Color Us, class Sliders>
void stats_depth2_node(const Position& pos, LeafStats& s);
// The statistics leaves' parent (stats_leaves.cc), as stats_depth2_node.
template <Color Us, class Sliders>
void stats_depth1_node(const Position& pos, LeafStats& s);
// The statistics of the one leaf that `move` leads to from `parent` (child: the position after
// it), for divides of depth 1 (stats_leaves.cc).
Stats leaf_move_stats(const Position& parent, Move move, const Position& child);

enum class Plan : uint8_t;  // plans.h
// The statistics below a depth-2 node by `plan`, one that counts statistics (plans.h), on the
// build's slider backend: for the tests, which run every plan on every position
// (stats_leaves.cc).
Stats stats_depth2_with_plan(Plan plan, const Position& pos);

template <class Value>
struct Counted;

// The leaves.
template <>
struct Counted<uint64_t> {
  using Value = uint64_t;
  using Total = absl::uint128;
  using Table = tt::PerftTable;

  static Total total(Value v) { return v; }
  static bool narrow(const Total& t, Value& v) {
    v = absl::Uint128Low64(t);
    return absl::Uint128High64(t) == 0;
  }
  static Total depth_zero() { return 1; }
  static Total overflow() { return kOverflow; }

  template <Color Us, class Sliders>
  PYKE_INLINE static Value leaf_parent(const Position& pos) {
    return static_cast<uint64_t>(count_legal_moves<Us, Sliders>(pos));
  }
  template <Color Us, class Sliders>
  PYKE_INLINE static Value depth2_node(const Position& pos) {
    return count_depth2_node<Us, Sliders>(pos);
  }

  static bool probe(const Table& table, Key key, Value& v) { return table.probe(key, v); }
  static void store(Table& table, Key key, int depth, Value v) { table.store(key, depth, v); }
};

// The leaves by move type.
template <>
struct Counted<LeafStats> {
  using Value = LeafStats;
  using Total = Stats;
  using Table = tt::MoveStatsTable;
  static_assert(Table::kCounters == Value::kColumns);

  static Total total(const Value& v) {
    Total t;
    t += v;
    return t;
  }
  static bool narrow(const Total& t, Value& v) {
    if (absl::Uint128High64(t.nodes) != 0) return false;
    for (int i = 0; i < Value::kColumns; ++i) v.column(i) = absl::Uint128Low64(t.column(i));
    return true;
  }
  static Total depth_zero() { return depth_zero_stats(); }
  static Total overflow() {
    Total t;
    t.nodes = kOverflow;
    return t;
  }

  template <Color Us, class Sliders>
  PYKE_INLINE static Value leaf_parent(const Position& pos) {
    Value s;
    stats_depth1_node<Us, Sliders>(pos, s);
    return s;
  }
  template <Color Us, class Sliders>
  PYKE_INLINE static Value depth2_node(const Position& pos) {
    Value s;
    stats_depth2_node<Us, Sliders>(pos, s);
    return s;
  }

  static bool probe(const Table& table, Key key, Value& v) {
    Table::Counters c;
    if (!table.probe(key, c)) return false;
    for (int i = 0; i < Value::kColumns; ++i) v.column(i) = c[i];
    return true;
  }
  static void store(Table& table, Key key, int depth, const Value& v) {
    Table::Counters c;
    for (int i = 0; i < Value::kColumns; ++i) c[i] = v.column(i);
    table.store(key, depth, c);
  }
};

// The leaves a Total counts (progress reports them); nodes_of(const Stats&) is stats.h's.
inline absl::uint128 nodes_of(absl::uint128 nodes) { return nodes; }

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_COUNTED_H_
