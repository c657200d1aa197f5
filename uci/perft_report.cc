#include "uci/perft_report.h"

#include <algorithm>
#include <string>
#include <utility>

namespace pyke::uci {

uint64_t write_divide(const std::vector<DivideEntry>& entries, std::ostream& out) {
  std::vector<std::pair<std::string, uint64_t>> lines;
  uint64_t total = 0;
  for (const DivideEntry& e : entries) {
    lines.emplace_back(to_uci(e.move), e.nodes);
    total += e.nodes;
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& [move, nodes] : lines) out << move << ": " << nodes << '\n';
  out << "\nNodes searched: " << (entries.empty() ? 0 : total) << '\n';
  return total;
}

}  // namespace pyke::uci
