// The stoppable kernels through the transposition table (see internal/instances.h).
#include "perft/internal/cache.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft::internal {

absl::uint128 count_stoppable_hashed(const Position& pos, int depth, tt::PerftTable& table,
                                     const ZobristKeys& keys, const std::atomic<bool>& stop) {
  StopAwareCache<TableCache<>> cache(TableCache(table, keys), &stop);
  return count_with(pos, depth, cache, cache.key_of(pos));
}

}  // namespace pyke::perft::internal
