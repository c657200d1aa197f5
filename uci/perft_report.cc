#include "uci/perft_report.h"

#include <string>
#include <utility>

namespace pyke::uci {

absl::uint128 write_divide(const std::vector<perft::DivideEntry>& entries, std::ostream& out,
                           bool chess960) {
  for (const auto& [move, nodes] : perft::sorted_divide(entries, chess960)) {
    out << move << ": " << nodes << '\n';
  }
  const absl::uint128 total = perft::divide_total(entries);
  out << "\nNodes searched: " << total << '\n';
  return total;
}

}  // namespace pyke::uci
