// frontier.h — a perft cut into work units at a fixed ply, transpositions merged.
//
//   absl::StatusOr<Frontier> f = make_frontier(Position::start(), /*depth=*/9, /*ply=*/4);
//   // f->units: 72,078 distinct positions at ply 4 (197,281 paths), each of depth 5, with the
//   // number of paths that reach it from each root move.
//   absl::uint128 total = 0;
//   for (const WorkUnit& u : f->units) total += count(u) * u.paths();   // = perft 9
//
// The chess: many move orders reach the same position (1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4), and
// every path below a position counts the same leaves. So each distinct frontier position is
// counted once and its count multiplied by the number of paths reaching it — per root move, so
// the divide stays exact. At ply 4 to 6 of the start position that removes a large share of the
// work before any table is consulted. Positions are merged when they are equal as Positions
// (board, side, castling rights and rules, en passant), their 128-bit Zobrist keys only
// bucketing them.
//
// Every process of a cluster builds the same frontier (the order is deterministic), so units are
// named by their index alone.
#ifndef PYKE_PERFT_FRONTIER_H_
#define PYKE_PERFT_FRONTIER_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "movegen/move.h"
#include "movegen/position.h"

namespace pyke::perft {

// One distinct position at the frontier, and the paths that reach it.
struct WorkUnit {
  Position pos;
  int depth;  // remaining depth below the frontier
  // (root move index, number of paths from that root move to this position), by root index.
  std::vector<std::pair<int, uint64_t>> roots;

  uint64_t paths() const {
    uint64_t n = 0;
    for (const auto& [root, count] : roots) n += count;
    return n;
  }
};

struct Frontier {
  std::vector<Move> root_moves;  // generation order
  std::vector<WorkUnit> units;   // first-reached order
  uint64_t paths = 0;            // frontier paths before merging
  int ply = 0;
};

// The frontier of `root` for a perft of `depth` at `ply` (1 … depth). A ply of 1 gives one unit
// per root move. Errors: a bad depth or ply, or a frontier of more than `max_paths` paths.
absl::StatusOr<Frontier> make_frontier(const Position& root, int depth, int ply,
                                       uint64_t max_paths = uint64_t{1} << 27);

// A frontier ply for a perft of `depth`: depth − 4, between 1 and 4 — deep enough to give many
// units and to merge transpositions (ply 4 of the start position: 72,078 units for 197,281
// paths), shallow enough that every rank builds it in a moment (ply 5 takes seconds).
int default_frontier_ply(int depth);

}  // namespace pyke::perft

#endif  // PYKE_PERFT_FRONTIER_H_
