// scheduler.h — which work unit each worker counts next, in a distributed perft. No MPI here:
// the coordinator drives it, and tests drive it with fake workers.
//
//   Scheduler s(units, already_done);             // from the journal
//   std::optional<size_t> u = s.next();           // for an idle worker; nullopt: nothing now
//   absl::StatusOr<bool> fresh = s.finish(*u, count);   // a perft::Stats
//   if (s.all_done()) { … }
//
// Units are handed out in order, one per request, so a slow or busy node simply asks less
// often. When every unit is out but some are not back, idle workers get copies of the oldest
// outstanding ones (each unit copied once): a late node no longer holds the run back, and when
// both copies come back their counts must agree — a cross-check of two independent counts (two
// processes, two tables) that reports a disagreement as an error instead of picking one.
//
// A worker may be barred from some units (`next(allowed)`): under --verify rekey a unit is two
// units here, one per key set, and a rank that counted one of them must not count the other.
// A barred unit is passed over and stays first in line for the next worker that may take it.
#ifndef PYKE_MPI_SCHEDULER_H_
#define PYKE_MPI_SCHEDULER_H_

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "perft/stats.h"

namespace pyke::mpi {

class Scheduler {
 public:
  // `done[u]` marks units finished earlier (resumed from a journal).
  Scheduler(size_t units, const std::vector<bool>& done);

  // The next unit for an idle worker: a fresh one, else a copy of the oldest outstanding unit
  // not copied yet; nullopt when there is nothing to hand out now. Only units for which
  // `allowed` (when given) is true are handed out; the others wait for another worker.
  std::optional<size_t> next(const std::function<bool(size_t)>& allowed = nullptr);

  // Records a unit's count (its leaves in `nodes`; with statistics, every column). True when it
  // is the unit's first count; false for a copy's count that agrees. An error when the copies
  // disagree in any column, or for a unit never handed out.
  absl::StatusOr<bool> finish(size_t unit, const perft::Stats& count);

  bool all_done() const { return done_count_ == state_.size(); }
  size_t done_count() const { return done_count_; }
  size_t unit_count() const { return state_.size(); }

 private:
  enum class State { kWaiting, kOut, kCopied, kDone };
  std::vector<State> state_;
  std::vector<perft::Stats> counts_;
  size_t next_fresh_ = 0;
  std::deque<size_t> outstanding_;  // handed out, not back, in the order handed out
  std::deque<size_t> passed_over_;  // fresh units a worker was barred from, in order
  size_t done_count_ = 0;
};

}  // namespace pyke::mpi

#endif  // PYKE_MPI_SCHEDULER_H_
