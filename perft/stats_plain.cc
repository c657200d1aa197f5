// The statistics kernels without a table (see internal/instances.h).
#include "perft/internal/cache.h"
#include "perft/internal/counted.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft::internal {

Stats stats_plain(const Position& pos, int depth, const std::atomic<bool>& stop) {
  StopAwareCache<NoCache<LeafStats>> cache(NoCache<LeafStats>{}, &stop);
  return count_with(pos, depth, cache, cache.key_of(pos));
}

}  // namespace pyke::perft::internal
