// instances.h — the kernels for each cache policy that perft.cc and stats.cc run them with, one
// source file each (kernel_*.cc, stats_*.cc). Internal to //perft.
//
//   absl::uint128 n = count_plain(Position::start(), 6);   // 119060324
//
// Each policy instantiates the kernels once per colour, depth and slider backend: that is most of
// the build's compile time, so the six are compiled apart, side by side. Each returns
// kOverflow (in its nodes) when the count does not fit 128 bits; a stoppable count is garbage
// once `stop` is set (see StopAwareCache in cache.h).
#ifndef PYKE_PERFT_INTERNAL_INSTANCES_H_
#define PYKE_PERFT_INTERNAL_INSTANCES_H_

#include <atomic>

#include "absl/numeric/int128.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/stats.h"
#include "tt/move_stats_table.h"
#include "tt/table.h"

namespace pyke::perft::internal {

absl::uint128 count_plain(const Position& pos, int depth);                         // NoCache
absl::uint128 count_hashed(const Position& pos, int depth, tt::PerftTable& table,  // TableCache
                           const ZobristKeys& keys);
absl::uint128 count_stoppable(const Position& pos, int depth, const std::atomic<bool>& stop);
absl::uint128 count_stoppable_hashed(const Position& pos, int depth, tt::PerftTable& table,
                                     const ZobristKeys& keys, const std::atomic<bool>& stop);

// Statistics, always stoppable: StopAwareCache<NoCache<LeafStats>>, <TableCache<LeafStats>>.
Stats stats_plain(const Position& pos, int depth, const std::atomic<bool>& stop);
Stats stats_hashed(const Position& pos, int depth, tt::MoveStatsTable& table,
                   const ZobristKeys& keys, const std::atomic<bool>& stop);

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_INSTANCES_H_
