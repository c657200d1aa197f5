#include "uci/perft_report.h"

#include <algorithm>
#include <string>
#include <utility>

namespace pyke::uci {

absl::uint128 write_divide(const std::vector<DivideEntry>& entries, std::ostream& out,
                           bool chess960) {
  std::vector<std::pair<std::string, absl::uint128>> lines;
  for (const DivideEntry& e : entries) lines.emplace_back(to_uci(e.move, chess960), e.nodes);
  std::sort(lines.begin(), lines.end());
  for (const auto& [move, nodes] : lines) out << move << ": " << nodes << '\n';
  const absl::uint128 total = divide_total(entries);
  out << "\nNodes searched: " << total << '\n';
  return total;
}

}  // namespace pyke::uci
