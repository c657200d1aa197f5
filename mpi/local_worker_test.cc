// local_worker_test.cc — rank 0's counting thread: every unit given is counted and handed back
// once, including a unit given before the previous result was taken (the order that hung
// pyke_mpi when take_result did not wake the thread).
#include "mpi/local_worker.h"

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>
#include <utility>

#include "absl/numeric/int128.h"
#include "gtest/gtest.h"
#include "perft/stats.h"

namespace pyke::mpi {
namespace {

// A stand-in count that differs for every unit and needs 128 bits.
perft::Stats fake_count(size_t unit) {
  perft::Stats s;
  s.nodes = absl::MakeUint128(unit + 1, unit * 7 + 3);
  s.checkmates = unit;
  return s;
}

// Polls for a result for up to ten seconds (a test that fails must not hang).
std::optional<std::pair<size_t, perft::Stats>> wait_for_result(LocalWorker& worker) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (auto r = worker.take_result()) return r;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return std::nullopt;
}

void wait_until_idle(LocalWorker& worker) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!worker.idle() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

TEST(LocalWorkerTest, CountsEachUnitGivenAndHandsItBackOnce) {
  LocalWorker worker(fake_count);
  EXPECT_TRUE(worker.idle());
  EXPECT_FALSE(worker.take_result().has_value());
  for (size_t unit = 0; unit < 50; ++unit) {
    worker.give(unit);
    const auto r = wait_for_result(worker);
    ASSERT_TRUE(r.has_value()) << "unit " << unit;
    EXPECT_EQ(r->first, unit);
    EXPECT_EQ(r->second, fake_count(unit));
    EXPECT_FALSE(worker.take_result().has_value());
  }
}

TEST(LocalWorkerTest, UnitGivenBeforeThePreviousResultIsTakenIsCounted) {
  LocalWorker worker(fake_count);
  worker.give(4);
  wait_until_idle(worker);  // unit 4 counted, its result not taken yet
  ASSERT_TRUE(worker.idle());
  // Let the thread go back to waiting (for a unit, and for its result to be taken) before the
  // coordinator's next two steps; otherwise it may find both done and never wait at all.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  worker.give(9);  // the coordinator hands out the next unit first …
  // … the thread wakes, finds unit 4's result still there and waits again …
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto first = worker.take_result();  // … and only then is the previous result taken
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->first, 4u);
  EXPECT_EQ(first->second, fake_count(4));
  const auto second = wait_for_result(worker);
  ASSERT_TRUE(second.has_value()) << "the worker never started on unit 9";
  EXPECT_EQ(second->first, 9u);
  EXPECT_EQ(second->second, fake_count(9));
}

TEST(LocalWorkerTest, DestructionLetsTheUnitBeingCountedFinish) {
  std::atomic<bool> started{false};
  std::atomic<int> counted{0};
  {
    LocalWorker worker([&](size_t unit) {
      started = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ++counted;
      return fake_count(unit);
    });
    worker.give(1);
    while (!started) std::this_thread::yield();
  }  // the stop must not be lost while unit 1 is counted
  EXPECT_EQ(counted.load(), 1);
}

TEST(LocalWorkerTest, DestructionWithAResultNotTakenReturns) {
  LocalWorker worker(fake_count);
  worker.give(2);
  wait_until_idle(worker);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
}  // the thread waits for the result to be taken; the destructor must still stop it

TEST(LocalWorkerTest, DestructionWithNothingGivenReturns) { LocalWorker worker(fake_count); }

}  // namespace
}  // namespace pyke::mpi
