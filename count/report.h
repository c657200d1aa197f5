// report.h — a count as text: the divide output that perft tools parse, printed alike by `pyke`,
// `go perft` and `pyke_mpi`:
//
//   a2a3: 181046
//   …
//   (blank line)
//   Nodes searched: 4865609
//
// Counts are printed in full from 128-bit totals, never wrapped: a divide of twenty root moves of
// 2^62 leaves each ends with `Nodes searched: 92233720368547758080`.
#ifndef PYKE_COUNT_REPORT_H_
#define PYKE_COUNT_REPORT_H_

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/strings/string_view.h"
#include "perft/perft.h"
#include "perft/stats.h"

namespace pyke::count {

// Writes one `move: nodes` line per root move, sorted by move text, a blank line and
// `Nodes searched: N`. Returns N. The entries come from perft::divide (or a driver that checks
// the same way), so their sum fits 128 bits. With `chess960`, castlings are written as the king
// taking its rook (e1h1) instead of the king's two-square move (e1g1): see to_uci.
absl::uint128 write_divide(const std::vector<perft::DivideEntry>& entries, std::ostream& out,
                           bool chess960 = false);

// Perft statistics (perft/stats.h) as the Chess Programming Wiki lays them out: a heading line,
// then one row per root move (sorted by move text) or per depth, each a label and the nine
// columns, right-aligned, separated by at least two blanks. `grouped` separates thousands with
// commas (for a terminal); otherwise digits are plain, so that a row splits on blanks into the
// label and nine integers:
//
//   Depth        Nodes  Captures  E.p.  Castles  Promotions   Checks  Discovery Checks  …
//   1               20         0     0        0           0        0                 0  …
void write_stats_table(absl::string_view first_heading,
                       const std::vector<std::pair<std::string, perft::Stats>>& rows, bool grouped,
                       std::ostream& out);

// What `go perft N stats` and `pyke --stats N` print after the divide: the table by root move,
// a blank line, and the table by depth (`by_depth[d - 1]` is depth d, 1 … N).
void write_stats_report(const std::vector<perft::StatsDivideEntry>& divide,
                        const std::vector<perft::Stats>& by_depth, bool chess960, bool grouped,
                        std::ostream& out);

// The statistics divide as a plain divide (nodes per root move), for write_divide.
std::vector<perft::DivideEntry> nodes_of(const std::vector<perft::StatsDivideEntry>& divide);

}  // namespace pyke::count

#endif  // PYKE_COUNT_REPORT_H_
