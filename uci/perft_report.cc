#include "uci/perft_report.h"

#include <algorithm>
#include <string>
#include <utility>

namespace pyke::uci {

absl::uint128 write_divide(const std::vector<perft::DivideEntry>& entries, std::ostream& out,
                           bool chess960) {
  std::vector<std::pair<std::string, absl::uint128>> lines;
  for (const perft::DivideEntry& e : entries) lines.emplace_back(to_uci(e.move, chess960), e.nodes);
  std::sort(lines.begin(), lines.end());
  for (const auto& [move, nodes] : lines) out << move << ": " << nodes << '\n';
  const absl::uint128 total = perft::divide_total(entries);
  out << "\nNodes searched: " << total << '\n';
  return total;
}

}  // namespace pyke::uci
