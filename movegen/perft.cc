#include "movegen/perft.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pyke {
namespace {

absl::Status overflow_error(int depth) {
  return absl::OutOfRangeError(
      absl::StrCat("perft ", depth, " of this position exceeds 2^64-1 nodes"));
}

}  // namespace

absl::Status check_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxPerftDepth) {
    return absl::OutOfRangeError(
        absl::StrCat("depth ", depth, " is out of range: 0 to ", kMaxPerftDepth));
  }
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> perft(const Position& pos, int depth) {
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  NoCache cache;
  const uint64_t nodes = perft_with(pos, depth, cache, 0);
  if (nodes == kPerftOverflow) return overflow_error(depth);
  return nodes;
}

absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const DivideProgress& progress) {
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  if (depth == 0) return absl::OutOfRangeError("divide needs a depth of at least 1");
  NoCache cache;
  std::vector<DivideEntry> entries = divide_with(pos, depth, cache, progress);
  for (const DivideEntry& e : entries) {
    if (e.nodes == kPerftOverflow) return overflow_error(depth);
  }
  return entries;
}

}  // namespace pyke
