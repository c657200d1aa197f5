// The statistics kernels through the statistics table (see internal/instances.h).
#include "perft/internal/cache.h"
#include "perft/internal/counted.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft::internal {

Stats stats_hashed(const Position& pos, int depth, tt::MoveStatsTable& table,
                   const ZobristKeys& keys, const std::atomic<bool>& stop) {
  StopAwareCache<TableCache<LeafStats>> cache(TableCache(table, keys), &stop);
  return count_with(pos, depth, cache, cache.key_of(pos));
}

}  // namespace pyke::perft::internal
