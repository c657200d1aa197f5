#include "count/report.h"

#include <algorithm>
#include <string>
#include <utility>

#include "movegen/move.h"

namespace pyke::count {

absl::uint128 write_divide(const std::vector<perft::DivideEntry>& entries, std::ostream& out,
                           bool chess960) {
  for (const auto& [move, nodes] : perft::sorted_divide(entries, chess960)) {
    out << move << ": " << nodes << '\n';
  }
  const absl::uint128 total = perft::divide_total(entries);
  out << "\nNodes searched: " << total << '\n';
  return total;
}

void write_stats_table(absl::string_view first_heading,
                       const std::vector<std::pair<std::string, perft::Stats>>& rows, bool grouped,
                       std::ostream& out) {
  constexpr int kColumns = perft::Stats::kColumns;
  std::vector<std::vector<std::string>> cells;
  cells.push_back({std::string(first_heading)});
  for (absl::string_view heading : perft::kStatsHeadings)
    cells[0].emplace_back(std::string(heading));
  for (const auto& [label, stats] : rows) {
    std::vector<std::string>& row = cells.emplace_back();
    row.push_back(label);
    for (int c = 0; c < kColumns; ++c) {
      row.push_back(grouped ? perft::grouped_count(stats.column(c))
                            : perft::count_text(stats.column(c)));
    }
  }
  std::vector<size_t> width(kColumns + 1, 0);
  for (const std::vector<std::string>& row : cells) {
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const std::vector<std::string>& row : cells) {
    std::string line = row[0] + std::string(width[0] - row[0].size(), ' ');
    for (size_t c = 1; c < row.size(); ++c) {
      line += std::string(2 + width[c] - row[c].size(), ' ') + row[c];
    }
    out << line << '\n';
  }
}

void write_stats_report(const std::vector<perft::StatsDivideEntry>& divide,
                        const std::vector<perft::Stats>& by_depth, bool chess960, bool grouped,
                        std::ostream& out) {
  write_stats_table("Move", perft::sorted_stats_divide(divide, chess960), grouped, out);
  out << '\n';
  std::vector<std::pair<std::string, perft::Stats>> depths;
  for (size_t d = 0; d < by_depth.size(); ++d) {
    depths.emplace_back(std::to_string(d + 1), by_depth[d]);
  }
  write_stats_table("Depth", depths, grouped, out);
}

std::vector<perft::DivideEntry> nodes_of(const std::vector<perft::StatsDivideEntry>& divide) {
  std::vector<perft::DivideEntry> entries;
  entries.reserve(divide.size());
  for (const perft::StatsDivideEntry& e : divide) entries.push_back({e.move, e.stats.nodes});
  return entries;
}

}  // namespace pyke::count
