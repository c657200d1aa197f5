// stats.h — perft statistics: besides the leaves, how many of the last moves were captures, en
// passant captures, castlings, promotions, checks, discovered checks, double checks and mates —
// the columns of the Chess Programming Wiki's "Perft Results" tables, exact to 128 bits.
//
//   absl::StatusOr<perft::Stats> s = perft::perft_stats(Position::start(), 5);
//   // s->nodes == 4865609, s->captures == 82719, s->en_passant == 258, s->checks == 27351,
//   // s->discovered_checks == 6, s->checkmates == 347
//
//   perft::StatsOptions options;
//   options.threads = 2;
//   options.table = table.get();   // optional: a tt::MoveStatsTable, shared by every thread
//   absl::StatusOr<std::vector<perft::StatsDivideEntry>> by_move =
//       perft::divide_stats(Position::start(), 7, options);   // one row per root move
//
// The definitions (the wiki's, as its published numbers pin them down). Every column counts leaf
// moves: the moves made at the last ply. A leaf move counts once in every column it qualifies for.
//   nodes              every leaf move (= perft)
//   captures           moves that capture, en passant and capturing promotions included
//   en_passant         en passant captures (also in captures)
//   castles            castlings, either side
//   promotions         promotions; =Q, =R, =B and =N are four moves (capturing ones included)
//   checks             moves after which the side to move is in check, mates included
//   discovered_checks  checks by exactly one piece, which is not the moved piece, and not mate.
//                      The moved piece is the one on the move's destination square; for a
//                      castling, the rook — so a castling rook's check is direct.
//   double_checks      checks by two pieces, and not mate
//   checkmates         checks with no legal reply
// So the direct checks that are not mate are checks − discovered − double − checkmates. At depth
// 0 no move is made: nodes = 1, every other column 0.
//
// Counting: the moves of a leaf's parent are classified as sets, as the plain kernel counts them:
// captures and promotions from the destination sets (castlings and en passant one by one); a
// move checks
// directly when its destination is one of the squares from which its piece attacks the enemy king,
// and by discovery when it leaves a line between that king and one of the mover's sliders. Only
// the checking moves are made, to count the checkers and to ask whether the opponent has a legal
// reply. At the last two plies, a quiet move whose replies keep their classes but for checks and
// mates (plain perft's calm moves, further off the opponent's knights' attacks, opening no line
// out of the mover's king onto a square the opponent reaches) is not made: the null move's
// replies are classified once for all such moves, and only the null move's checking replies are
// asked again after each (perft/internal/stats_leaves.h).
#ifndef PYKE_PERFT_STATS_H_
#define PYKE_PERFT_STATS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "tt/move_stats_table.h"

namespace pyke::perft {

// The nine counters, in `Count` (uint64_t inside the kernels, absl::uint128 for totals).
template <class Count>
struct MoveStats {
  Count nodes = 0;
  Count captures = 0;
  Count en_passant = 0;
  Count castles = 0;
  Count promotions = 0;
  Count checks = 0;
  Count discovered_checks = 0;
  Count double_checks = 0;
  Count checkmates = 0;

  static constexpr int kColumns = 9;

  // The columns in the order of kStatsColumns.
  static constexpr Count MoveStats::*kMembers[kColumns] = {&MoveStats::nodes,
                                                           &MoveStats::captures,
                                                           &MoveStats::en_passant,
                                                           &MoveStats::castles,
                                                           &MoveStats::promotions,
                                                           &MoveStats::checks,
                                                           &MoveStats::discovered_checks,
                                                           &MoveStats::double_checks,
                                                           &MoveStats::checkmates};
  constexpr Count& column(int i) { return this->*kMembers[i]; }
  constexpr const Count& column(int i) const { return this->*kMembers[i]; }

  template <class Other>
  constexpr MoveStats& operator+=(const MoveStats<Other>& other) {
    for (int i = 0; i < kColumns; ++i) column(i) += other.column(i);
    return *this;
  }
  friend constexpr bool operator==(const MoveStats&, const MoveStats&) = default;
};

using Stats = MoveStats<absl::uint128>;
static_assert(sizeof(MoveStats<uint64_t>) == MoveStats<uint64_t>::kColumns * sizeof(uint64_t));
static_assert(sizeof(Stats) == Stats::kColumns * sizeof(absl::uint128));

// The columns' names, as the data files and --json spell them.
inline constexpr std::array<absl::string_view, Stats::kColumns> kStatsColumns = {
    "nodes",         "captures",  "ep", "castles", "promotions", "checks", "discovery_checks",
    "double_checks", "checkmates"};

// The columns' headings in a table for people, as the wiki's tables have them.
inline constexpr std::array<absl::string_view, Stats::kColumns> kStatsHeadings = {
    "Nodes",  "Captures",         "E.p.",          "Castles",   "Promotions",
    "Checks", "Discovery Checks", "Double Checks", "Checkmates"};

// Statistics at depth 0: one node, no move.
inline Stats depth_zero_stats() {
  Stats s;
  s.nodes = 1;
  return s;
}

// Adds `part` to `sum`; false when a column no longer fits 128 bits. Every column is at most
// `nodes`, so checking the nodes checks them all.
inline bool add_count(Stats& sum, const Stats& part) {
  absl::uint128 nodes = sum.nodes;
  if (!add_count(nodes, part.nodes)) return false;
  sum += part;
  return true;
}

// The leaves a statistics count has counted (progress reports them).
inline absl::uint128 nodes_of(const Stats& s) { return s.nodes; }

struct StatsOptions {
  int threads = 1;                          // 1 … kMaxThreads
  tt::MoveStatsTable* table = nullptr;      // null: no hashing
  const ZobristKeys* keys = nullptr;        // the table's keys, as in Options; null: kZobrist
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  Progress progress;                        // as in Options: root moves done, in all, nodes
  int progress_interval_ms = 200;
};

// One root move and the statistics of the leaves below it.
struct StatsDivideEntry {
  Move move;
  Stats stats;
};

// Statistics of perft of `pos` to `depth` (0 … kMaxDepth). Errors: those of perft().
absl::StatusOr<Stats> perft_stats(const Position& pos, int depth, const StatsOptions& options = {});

// The statistics per root move (depth 1 … kMaxDepth), in generation order. Errors: those of
// divide().
absl::StatusOr<std::vector<StatsDivideEntry>> divide_stats(const Position& pos, int depth,
                                                           const StatsOptions& options = {});

// What a statistics run prints: the divide at `depth` and the totals of every depth 1 … depth
// (`by_depth[d - 1]`; the last is the divide's sum). Depths below `depth` are counted first,
// without progress; together they cost a few per cent of the last.
struct StatsReport {
  std::vector<StatsDivideEntry> divide;
  std::vector<Stats> by_depth;
};
absl::StatusOr<StatsReport> stats_report(const Position& pos, int depth,
                                         const StatsOptions& options = {});

// A statistics divide as it is printed: (move in UCI text, statistics) sorted by the text, as
// sorted_divide (perft.h) sorts a divide.
std::vector<std::pair<std::string, Stats>> sorted_stats_divide(
    const std::vector<StatsDivideEntry>& entries, bool chess960);

// The sum of a divide's statistics; nodes == kOverflow when it does not fit 128 bits.
Stats divide_stats_total(const std::vector<StatsDivideEntry>& entries);

}  // namespace pyke::perft

#endif  // PYKE_PERFT_STATS_H_
