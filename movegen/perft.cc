#include "movegen/perft.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pyke {

absl::Status check_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxPerftDepth) {
    return absl::OutOfRangeError(
        absl::StrCat("depth ", depth, " is out of range: 0 to ", kMaxPerftDepth));
  }
  return absl::OkStatus();
}

absl::Status perft_overflow_error(int depth) {
  return absl::OutOfRangeError(
      absl::StrCat("perft ", depth, " of this position exceeds 2^64-1 nodes"));
}

absl::StatusOr<uint64_t> perft(const Position& pos, int depth) {
  NoCache cache;
  return checked_perft(pos, depth, cache);
}

absl::StatusOr<std::vector<DivideEntry>> divide(const Position& pos, int depth,
                                                const DivideProgress& progress) {
  NoCache cache;
  return checked_divide(pos, depth, cache, progress);
}

}  // namespace pyke
