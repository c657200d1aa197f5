// The kernels without a table (see internal/instances.h).
#include "perft/internal/cache.h"
#include "perft/internal/instances.h"
#include "perft/internal/kernel.h"

namespace pyke::perft::internal {

absl::uint128 count_plain(const Position& pos, int depth) {
  NoCache cache;
  return count_with(pos, depth, cache, cache.key_of(pos));
}

}  // namespace pyke::perft::internal
