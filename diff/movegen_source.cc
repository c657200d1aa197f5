#include "diff/movegen_source.h"

#include "movegen/movegen.h"
#include "movegen/perft.h"
#include "tt/hashed_perft.h"

namespace pyke::diff {

absl::StatusOr<Position> position_after(const Position& root,
                                        const std::vector<std::string>& moves) {
  Position pos = root;
  for (const std::string& text : moves) {
    absl::StatusOr<Move> move = parse_uci_move(pos, text);
    if (!move.ok()) return move.status();
    pos.play(*move);
  }
  return pos;
}

absl::StatusOr<Divide> MovegenSource::divide(const std::vector<std::string>& moves, int depth) {
  absl::StatusOr<Position> pos = position_after(root_, moves);
  if (!pos.ok()) return pos.status();
  absl::StatusOr<std::vector<DivideEntry>> entries = tt::hashed_divide(*pos, depth, table_);
  if (!entries.ok()) return entries.status();
  Divide divide;
  for (const DivideEntry& e : *entries) divide[to_uci(e.move)] = absl::uint128(e.nodes);
  return divide;
}

}  // namespace pyke::diff
