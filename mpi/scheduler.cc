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

std::optional<size_t> Scheduler::next(const std::function<bool(size_t)>& allowed) {
  const auto may = [&](size_t u) { return !allowed || allowed(u); };
  const auto hand_out = [&](size_t u) {
    state_[u] = State::kOut;
    outstanding_.push_back(u);
    return u;
  };
  // Units passed over by earlier workers come first.
  for (auto it = passed_over_.begin(); it != passed_over_.end(); ++it) {
    if (state_[*it] != State::kWaiting || !may(*it)) continue;
    const size_t u = *it;
    passed_over_.erase(it);
    return hand_out(u);
  }
  while (next_fresh_ < state_.size()) {
    const size_t u = next_fresh_++;
    if (state_[u] != State::kWaiting) continue;
    if (may(u)) return hand_out(u);
    passed_over_.push_back(u);
  }
  if (!passed_over_.empty()) return std::nullopt;  // fresh units remain, for other workers
  for (auto it = outstanding_.begin(); it != outstanding_.end();) {
    const size_t u = *it;
    if (state_[u] != State::kOut) {  // back (or copied) already
      it = outstanding_.erase(it);
      continue;
    }
    if (!may(u)) {
      ++it;
      continue;
    }
    outstanding_.erase(it);
    state_[u] = State::kCopied;  // late: hand out a copy
    return u;
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
