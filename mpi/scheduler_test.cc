// The scheduler with fake workers that finish out of order, resume from a journal, and copy
// late units.
#include "mpi/scheduler.h"

#include <algorithm>
#include <random>
#include <set>

#include "gtest/gtest.h"
#include "perft/stats.h"

namespace pyke::mpi {
namespace {

// A plain run's count: the leaves, in `nodes`.
perft::Stats nodes(absl::uint128 n) {
  perft::Stats s;
  s.nodes = n;
  return s;
}

absl::uint128 count_of(size_t unit) { return absl::uint128(unit) * 1000 + 7; }

// Under --verify rekey unit 2u and 2u+1 are one frontier unit under two key sets: no worker may
// count both. Three workers asking in turn (one of them twice as often) never do, and every
// unit is counted.
TEST(Scheduler, BarredUnitsGoToAnotherWorker) {
  constexpr size_t kUnits = 200;
  Scheduler s(kUnits, {});
  std::vector<std::set<size_t>> got(3);
  std::mt19937 rng(11);
  std::vector<std::pair<int, size_t>> in_flight;
  while (!s.all_done()) {
    for (int w : {0, 0, 1, 2}) {
      if (std::count_if(in_flight.begin(), in_flight.end(),
                        [&](const auto& f) { return f.first == w; }) > 0) {
        continue;  // busy
      }
      std::optional<size_t> u = s.next([&](size_t unit) { return !got[w].count(unit ^ 1); });
      if (!u) continue;
      EXPECT_FALSE(got[w].count(*u ^ 1)) << "worker " << w << " got both halves of " << *u / 2;
      got[w].insert(*u);
      in_flight.emplace_back(w, *u);
    }
    ASSERT_FALSE(in_flight.empty());
    const size_t pick = rng() % in_flight.size();
    ASSERT_TRUE(s.finish(in_flight[pick].second, nodes(count_of(in_flight[pick].second))).ok());
    in_flight.erase(in_flight.begin() + pick);
  }
  for (int w = 0; w < 3; ++w) {
    for (size_t u : got[w]) EXPECT_FALSE(got[w].count(u ^ 1)) << w << " " << u;
  }
  // One worker alone can take nothing its bar forbids: the units wait (nullopt), not handed out.
  Scheduler alone(4, {});
  std::set<size_t> mine;
  const auto allowed = [&](size_t unit) { return !mine.count(unit ^ 1); };
  for (int i = 0; i < 2; ++i) {
    std::optional<size_t> u = alone.next(allowed);
    ASSERT_TRUE(u.has_value());
    mine.insert(*u);
  }
  EXPECT_EQ(mine, (std::set<size_t>{0, 2}));
  EXPECT_FALSE(alone.next(allowed).has_value());
  EXPECT_EQ(alone.next().value(), 1u);  // another worker takes it
}

TEST(Scheduler, FakeWorkersFinishingOutOfOrderCountEveryUnitOnce) {
  constexpr size_t kUnits = 500;
  Scheduler s(kUnits, {});
  std::mt19937 rng(7);
  std::vector<size_t> in_flight;
  std::set<size_t> finished;
  while (!s.all_done()) {
    // Up to five workers ask; then a random one of those in flight finishes.
    while (in_flight.size() < 5) {
      std::optional<size_t> u = s.next();
      if (!u) break;
      in_flight.push_back(*u);
    }
    ASSERT_FALSE(in_flight.empty());
    const size_t pick = rng() % in_flight.size();
    const size_t unit = in_flight[pick];
    in_flight.erase(in_flight.begin() + pick);
    absl::StatusOr<bool> fresh = s.finish(unit, nodes(count_of(unit)));
    ASSERT_TRUE(fresh.ok()) << fresh.status();
    EXPECT_EQ(*fresh, !finished.count(unit)) << unit;
    finished.insert(unit);
  }
  EXPECT_EQ(finished.size(), kUnits);
  EXPECT_EQ(s.done_count(), kUnits);
  EXPECT_FALSE(s.next().has_value());
}

TEST(Scheduler, ResumedUnitsAreNotHandedOutAgain) {
  std::vector<bool> done(10, false);
  done[0] = done[3] = done[9] = true;
  Scheduler s(10, done);
  EXPECT_EQ(s.done_count(), 3u);
  std::vector<size_t> handed;
  while (auto u = s.next()) {
    if (std::find(handed.begin(), handed.end(), *u) != handed.end()) break;  // copies begin
    handed.push_back(*u);
  }
  EXPECT_EQ(handed, (std::vector<size_t>{1, 2, 4, 5, 6, 7, 8}));
}

TEST(Scheduler, LateUnitsAreCopiedOnceAndCopiesMustAgree) {
  Scheduler s(3, {});
  EXPECT_EQ(s.next(), 0u);
  EXPECT_EQ(s.next(), 1u);
  EXPECT_EQ(s.next(), 2u);
  ASSERT_TRUE(s.finish(1, nodes(11)).ok());
  // Everything is out: idle workers get copies of the oldest late units, once each.
  EXPECT_EQ(s.next(), 0u);
  EXPECT_EQ(s.next(), 2u);
  EXPECT_FALSE(s.next().has_value());
  EXPECT_EQ(*s.finish(0, nodes(10)), true);
  EXPECT_EQ(*s.finish(0, nodes(10)), false) << "the copy agrees";
  EXPECT_EQ(*s.finish(2, nodes(12)), true);
  absl::StatusOr<bool> disagree = s.finish(2, nodes(13));
  EXPECT_EQ(disagree.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(s.all_done());
  EXPECT_FALSE(s.finish(7, nodes(1)).ok()) << "no such unit";
}

TEST(SchedulerTest, CopiesThatDifferInOneStatisticsColumnDisagree) {
  Scheduler s(1, {});
  ASSERT_EQ(s.next(), 0u);
  ASSERT_EQ(s.next(), 0u);  // the copy
  perft::Stats a = nodes(100), b = nodes(100);
  a.checks = 7;
  b.checks = 8;
  ASSERT_TRUE(*s.finish(0, a));
  absl::StatusOr<bool> disagree = s.finish(0, b);
  ASSERT_FALSE(disagree.ok());
  EXPECT_NE(disagree.status().message().find("statistics differ"), std::string::npos);
}

}  // namespace
}  // namespace pyke::mpi
