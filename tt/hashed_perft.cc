#include "tt/hashed_perft.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pyke::tt {

absl::StatusOr<uint64_t> hashed_perft(const Position& pos, int depth, PerftTable* table) {
  if (table == nullptr) return perft(pos, depth);
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  TableCache cache(*table);
  const uint64_t nodes = perft_with(pos, depth, cache, cache.key_of(pos));
  if (nodes == kPerftOverflow) {
    return absl::OutOfRangeError(
        absl::StrCat("perft ", depth, " of this position exceeds 2^64-1 nodes"));
  }
  return nodes;
}

absl::StatusOr<std::vector<DivideEntry>> hashed_divide(const Position& pos, int depth,
                                                       PerftTable* table,
                                                       const DivideProgress& progress) {
  if (table == nullptr) return divide(pos, depth, progress);
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  TableCache cache(*table);
  std::vector<DivideEntry> entries = divide_with(pos, depth, cache, progress);
  for (const DivideEntry& e : entries) {
    if (e.nodes == kPerftOverflow) {
      return absl::OutOfRangeError(
          absl::StrCat("perft ", depth, " of this position exceeds 2^64-1 nodes"));
    }
  }
  return entries;
}

}  // namespace pyke::tt
