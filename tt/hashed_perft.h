// hashed_perft.h — perft and divide through the transposition table.
//
//   auto table = PerftTable::create(256);
//   absl::StatusOr<absl::uint128> nodes = hashed_perft(pos, 8, table->get());
//
// `TableCache` is the cache policy (see movegen/perft.h) that plugs the table into movegen's
// kernels; with `table == nullptr` these functions run the plain kernels.
#ifndef PYKE_TT_HASHED_PERFT_H_
#define PYKE_TT_HASHED_PERFT_H_

#include <cassert>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "tt/stats.h"
#include "tt/table.h"
#include "movegen/zobrist.h"

namespace pyke::tt {

class TableCache {
 public:
  static constexpr bool kEnabled = true;
  using Key = pyke::Key;

  explicit TableCache(PerftTable& table) : table_(table) {}

  Key key_of(const Position& pos) const { return zobrist_key(pos); }
  PYKE_INLINE Key child_key(Key key, const Position& parent, const Position& child) const {
    const Key next = pyke::child_key(key, parent, child);
    assert(next == zobrist_key(child));  // debug builds: incremental equals from scratch
    return next;
  }
  void prefetch(Key key, int depth) const { table_.prefetch(key ^ kZobrist.depth[depth]); }
  PYKE_INLINE bool probe(Key key, int depth, uint64_t& nodes) const {
    const bool hit = table_.probe(key ^ kZobrist.depth[depth], nodes);
    stats::count(stats::kProbe, depth);
    if (hit) stats::count(stats::kHit, depth);
    return hit;
  }
  void store(Key key, int depth, uint64_t nodes) {
    table_.store(key ^ kZobrist.depth[depth], depth, nodes);
    stats::count(stats::kStore, depth);
  }

 private:
  PerftTable& table_;
};

static_assert(PerftCache<TableCache>);

// Perft through `table`, or without hashing when it is null. Same errors as pyke::perft.
absl::StatusOr<absl::uint128> hashed_perft(const Position& pos, int depth, PerftTable* table);

// Divide through `table`, or without hashing when it is null. Same errors as pyke::divide.
absl::StatusOr<std::vector<DivideEntry>> hashed_divide(const Position& pos, int depth,
                                                       PerftTable* table,
                                                       const DivideProgress& progress = nullptr);

}  // namespace pyke::tt

#endif  // PYKE_TT_HASHED_PERFT_H_
