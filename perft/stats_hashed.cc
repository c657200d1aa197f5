#include "perft/internal/stats_kernel.h"

namespace pyke::perft::internal {

Stats stats_hashed(const Position& pos, int depth, tt::MoveStatsTable& table,
                   const ZobristKeys& keys, const std::atomic<bool>& stop) {
  StatsCache<StatsTableRef> cache(StatsTableRef(table, keys), &stop);
  return stats_with(pos, depth, cache);
}

}  // namespace pyke::perft::internal
