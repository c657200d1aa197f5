#include "mpi/scheduler.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "perft/perft.h"

namespace pyke::mpi {

Scheduler::Scheduler(size_t units, const std::vector<bool>& done)
    : state_(units, State::kWaiting), counts_(units) {
  for (size_t u = 0; u < units && u < done.size(); ++u) {
    if (done[u]) {
      state_[u] = State::kDone;
      ++done_count_;
    }
  }
}

std::optional<size_t> Scheduler::next() {
  while (next_fresh_ < state_.size() && state_[next_fresh_] != State::kWaiting) ++next_fresh_;
  if (next_fresh_ < state_.size()) {
    const size_t u = next_fresh_++;
    state_[u] = State::kOut;
    outstanding_.push_back(u);
    return u;
  }
  while (!outstanding_.empty()) {
    const size_t u = outstanding_.front();
    outstanding_.pop_front();
    if (state_[u] == State::kOut) {  // late: hand out a copy
      state_[u] = State::kCopied;
      return u;
    }
  }
  return std::nullopt;
}

absl::StatusOr<bool> Scheduler::finish(size_t unit, const perft::Stats& count) {
  if (unit >= state_.size() || state_[unit] == State::kWaiting) {
    return absl::InternalError(absl::StrCat("unit ", unit, " finished but never handed out"));
  }
  if (state_[unit] == State::kDone) {
    if (counts_[unit] != count) {
      return absl::DataLossError(absl::StrCat(
          "two counts of unit ", unit, " disagree: ", perft::count_text(counts_[unit].nodes),
          " and ", perft::count_text(count.nodes), " nodes",
          counts_[unit].nodes == count.nodes ? " (their statistics differ)" : "",
          " (a hash collision or a faulty node); the run stops"));
    }
    return false;
  }
  state_[unit] = State::kDone;
  counts_[unit] = count;
  ++done_count_;
  return true;
}

}  // namespace pyke::mpi
