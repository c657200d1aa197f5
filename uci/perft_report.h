// perft_report.h — the divide output that perft tools parse, shared by `pyke` and `go perft`:
//
//   a2a3: 181046
//   …
//   (blank line)
//   Nodes searched: 4865609
//
// Counts are printed in full from 128-bit totals, never wrapped: a divide of twenty root moves of
// 2^62 leaves each ends with `Nodes searched: 92233720368547758080`.
#ifndef PYKE_UCI_PERFT_REPORT_H_
#define PYKE_UCI_PERFT_REPORT_H_

#include <ostream>
#include <vector>

#include "absl/numeric/int128.h"
#include "perft/perft.h"

namespace pyke::uci {

// Writes one `move: nodes` line per root move, sorted by move text, a blank line and
// `Nodes searched: N`. Returns N. The entries come from perft::divide (or a driver that checks
// the same way), so their sum fits 128 bits. With `chess960`, castlings are written as the king
// taking its rook (e1h1) instead of the king's two-square move (e1g1): see to_uci.
absl::uint128 write_divide(const std::vector<perft::DivideEntry>& entries, std::ostream& out,
                           bool chess960 = false);

}  // namespace pyke::uci

#endif  // PYKE_UCI_PERFT_REPORT_H_
