#include "movegen/perft.h"

#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pyke {

absl::uint128 divide_total(const std::vector<DivideEntry>& entries) {
  absl::uint128 total = 0;
  for (const DivideEntry& e : entries) {
    if (!detail::add_count(total, e.nodes)) return kPerftOverflow;
  }
  return total;
}

absl::Status check_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxPerftDepth) {
    return absl::OutOfRangeError(
        absl::StrCat("depth ", depth, " is out of range: 0 to ", kMaxPerftDepth));
  }
  return absl::OkStatus();
}

absl::Status perft_overflow_error(int depth) {
  return absl::OutOfRangeError(
      absl::StrCat("perft ", depth, " of this position exceeds 2^128-1 nodes"));
}

absl::StatusOr<absl::uint128> perft(const Position& pos, int depth) {
  NoCache cache;
  return checked_perft(pos, depth, cache);
}

absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const DivideProgress& progress) {
  NoCache cache;
  return checked_divide(pos, depth, cache, progress);
}

std::string count_text(absl::uint128 nodes) {
  std::ostringstream text;
  text << nodes;
  return text.str();
}

}  // namespace pyke
