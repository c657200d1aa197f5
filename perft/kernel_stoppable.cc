// The stoppable kernels without a table (see internal/instances.h).
#include "perft/internal/cache.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft::internal {

absl::uint128 count_stoppable(const Position& pos, int depth, const std::atomic<bool>& stop) {
  StopAwareCache<NoCache<>> cache(NoCache{}, &stop);
  return count_with(pos, depth, cache, cache.key_of(pos));
}

}  // namespace pyke::perft::internal
