#include "diff/movegen_source.h"

#include "movegen/movegen.h"
#include "perft/perft.h"
#include "perft/stats.h"

namespace pyke::diff {

absl::StatusOr<Position> position_after(const Position& root, const std::vector<std::string>& moves,
                                        bool chess960) {
  return play_uci_moves(root, moves, chess960);
}

absl::StatusOr<Divide> MovegenSource::divide(const std::vector<std::string>& moves, int depth) {
  absl::StatusOr<Position> pos = position_after(root_, moves, chess960_);
  if (!pos.ok()) return pos.status();
  perft::Options options;
  options.threads = threads_;
  options.table = table_;
  absl::StatusOr<std::vector<perft::DivideEntry>> entries = perft::divide(*pos, depth, options);
  if (!entries.ok()) return entries.status();
  const bool notation960 = chess960_notation(*pos, chess960_);
  Divide divide;
  for (const perft::DivideEntry& e : *entries) divide[to_uci(e.move, notation960)] = e.nodes;
  return divide;
}

absl::StatusOr<std::optional<StatsDivide>> MovegenSource::stats_divide(
    const std::vector<std::string>& moves, int depth) {
  absl::StatusOr<Position> pos = position_after(root_, moves, chess960_);
  if (!pos.ok()) return pos.status();
  perft::StatsOptions options;
  options.threads = threads_;
  absl::StatusOr<std::vector<perft::StatsDivideEntry>> entries =
      perft::divide_stats(*pos, depth, options);
  if (!entries.ok()) return entries.status();
  const bool notation960 = chess960_notation(*pos, chess960_);
  StatsDivide divide;
  for (const perft::StatsDivideEntry& e : *entries) divide[to_uci(e.move, notation960)] = e.stats;
  return divide;
}

}  // namespace pyke::diff
