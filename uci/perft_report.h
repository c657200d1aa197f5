// perft_report.h — the divide output that perft tools parse, shared by `pyke` and `go perft`:
//
//   a2a3: 181046
//   …
//   (blank line)
//   Nodes searched: 4865609
#ifndef PYKE_UCI_PERFT_REPORT_H_
#define PYKE_UCI_PERFT_REPORT_H_

#include <cstdint>
#include <ostream>
#include <vector>

#include "movegen/perft.h"

namespace pyke::uci {

// Writes one `move: nodes` line per root move, sorted by move text, a blank line and
// `Nodes searched: N`. Returns N.
uint64_t write_divide(const std::vector<DivideEntry>& entries, std::ostream& out);

}  // namespace pyke::uci

#endif  // PYKE_UCI_PERFT_REPORT_H_
