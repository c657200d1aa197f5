#include "tt/hashed_perft.h"

namespace pyke::tt {

absl::StatusOr<absl::uint128> hashed_perft(const Position& pos, int depth, PerftTable* table) {
  if (table == nullptr) return perft(pos, depth);
  TableCache cache(*table);
  return checked_perft(pos, depth, cache);
}

absl::StatusOr<std::vector<DivideEntry>> hashed_divide(const Position& pos, int depth,
                                                       PerftTable* table,
                                                       const DivideProgress& progress) {
  if (table == nullptr) return divide(pos, depth, progress);
  TableCache cache(*table);
  return checked_divide(pos, depth, cache, progress);
}

}  // namespace pyke::tt
