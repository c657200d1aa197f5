// local_worker.h — a counting thread fed one unit at a time through a mailbox: rank 0's own
// worker in pyke_mpi, which the coordinator polls between MPI messages and never waits for.
//
//   LocalWorker worker([&](size_t unit) { return count_unit(run, unit); });
//   if (worker.idle()) worker.give(next_unit);                      // starts counting it
//   if (auto done = worker.take_result()) record(done->first, done->second);
//
// A unit may be given as soon as the worker is idle, even before the previous result is taken:
// the worker then starts on it once that result has been taken.
#ifndef PYKE_MPI_LOCAL_WORKER_H_
#define PYKE_MPI_LOCAL_WORKER_H_

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "perft/stats.h"

namespace pyke::mpi {

class LocalWorker {
 public:
  using Count = std::function<perft::Stats(size_t unit)>;

  explicit LocalWorker(Count count) : count_(std::move(count)), thread_([this] { loop(); }) {}
  // Lets the unit being counted, if any, finish; a unit given but not started is dropped.
  ~LocalWorker() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
      changed_.notify_all();
    }
    thread_.join();
  }
  LocalWorker(const LocalWorker&) = delete;
  LocalWorker& operator=(const LocalWorker&) = delete;

  // No unit is waiting to be counted or being counted (a finished one's result may still wait).
  bool idle() {
    std::lock_guard<std::mutex> lock(mutex_);
    return !assigned_.has_value();
  }
  // Hands over the next unit (only when idle).
  void give(size_t unit) {
    std::lock_guard<std::mutex> lock(mutex_);
    assigned_ = unit;
    changed_.notify_all();
  }
  // A finished (unit, count), if any.
  std::optional<std::pair<size_t, perft::Stats>> take_result() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<std::pair<size_t, perft::Stats>> r = result_;
    result_.reset();
    // A unit given between the thread's finishing and this call waits for the result to be
    // taken: wake the thread for it. (Without this, rank 0 and its thread once waited for each
    // other for ever, in PGO training.)
    if (r) changed_.notify_all();
    return r;
  }

 private:
  void loop() {
    while (true) {
      size_t unit;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock,
                      [this] { return stop_ || (assigned_.has_value() && !result_.has_value()); });
        if (stop_) return;
        unit = *assigned_;
      }
      const perft::Stats count = count_(unit);
      std::lock_guard<std::mutex> lock(mutex_);
      result_ = std::make_pair(unit, count);
      assigned_.reset();
    }
  }

  Count count_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stop_ = false;  // set by the destructor, which a given unit must not be able to hide
  std::optional<size_t> assigned_;
  std::optional<std::pair<size_t, perft::Stats>> result_;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace pyke::mpi

#endif  // PYKE_MPI_LOCAL_WORKER_H_
