#include "perft/internal/stats_kernel.h"

namespace pyke::perft::internal {

Stats stats_plain(const Position& pos, int depth, const std::atomic<bool>& stop) {
  StatsCache<NoStatsTable> cache(NoStatsTable{}, &stop);
  return stats_with(pos, depth, cache);
}

}  // namespace pyke::perft::internal
