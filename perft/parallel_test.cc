// Threaded perft against single-threaded plain perft (an independent route through the
// kernels): every thread count gives the same divide, with and without a shared table, with
// tables small enough that threads overwrite each other's entries constantly; more threads than
// work; stopping; progress.
#include <atomic>
#include <chrono>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "tests/positions.h"
#include "tt/table.h"

namespace pyke::perft {
namespace {

constexpr const char* kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    kKiwipete,
    kCpwPosition3,
    kCpwPosition4,
};

Position position(const char* fen) {
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.value_or(Position::start());
}

void expect_same_divide(const std::vector<DivideEntry>& got, const std::vector<DivideEntry>& want,
                        const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].move, want[i].move) << what;
    EXPECT_EQ(got[i].nodes, want[i].nodes) << what << " " << to_uci(got[i].move);
  }
}

TEST(Parallel, EveryThreadCountGivesThePlainDivide) {
  for (const char* fen : kPositions) {
    const Position pos = position(fen);
    for (int depth : {1, 2, 4}) {
      absl::StatusOr<std::vector<DivideEntry>> want = perft::divide(pos, depth);
      ASSERT_TRUE(want.ok());
      for (int threads : {1, 2, 3, 4, 8}) {
        Options options;
        options.threads = threads;
        absl::StatusOr<std::vector<DivideEntry>> got = divide(pos, depth, options);
        ASSERT_TRUE(got.ok()) << got.status();
        expect_same_divide(*got, *want, absl::StrCat(fen, " depth ", depth, " threads ", threads));
      }
    }
  }
}

TEST(Parallel, ThreadsShareTablesOfEverySizeExactly) {
  // One bucket: every store evicts another thread's entry; 64 and 4096: some survive.
  for (size_t buckets : {size_t{1}, size_t{64}, size_t{4096}}) {
    absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
        tt::PerftTable::create_with_buckets(buckets);
    ASSERT_TRUE(table.ok());
    for (const char* fen : kPositions) {
      const Position pos = position(fen);
      const absl::uint128 want = *perft::perft(pos, 5);
      for (int threads : {1, 4, 8}) {
        Options options;
        options.threads = threads;
        options.table = table->get();
        absl::StatusOr<absl::uint128> got = perft(pos, 5, options);
        ASSERT_TRUE(got.ok()) << got.status();
        EXPECT_EQ(*got, want) << fen << " buckets " << buckets << " threads " << threads;
      }
    }
  }
}

TEST(Parallel, MoreThreadsThanWork) {
  // Two legal moves (the king is in check); depth 1 and 2 give a handful of units.
  const Position pos = position("4k3/8/8/8/8/8/3q4/K7 w - - 0 1");
  for (int depth : {1, 2, 3}) {
    Options options;
    options.threads = 64;
    absl::StatusOr<absl::uint128> got = perft(pos, depth, options);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(*got, *perft::perft(pos, depth)) << "depth " << depth;
  }
  // Mate: no root moves at all.
  const Position mated = position("4k3/8/8/8/8/8/5PPP/3r2K1 w - - 0 1");
  Options options;
  options.threads = 8;
  absl::StatusOr<std::vector<DivideEntry>> entries = divide(mated, 3, options);
  ASSERT_TRUE(entries.ok());
  EXPECT_TRUE(entries->empty());
  EXPECT_EQ(*perft(mated, 0, options), 1);
}

TEST(Parallel, BadThreadCountsAndDepthsAreErrors) {
  Options options;
  for (int threads : {0, -1, kMaxThreads + 1}) {
    options.threads = threads;
    EXPECT_EQ(perft(Position::start(), 3, options).status().code(), absl::StatusCode::kOutOfRange);
  }
  options.threads = 2;
  EXPECT_FALSE(divide(Position::start(), 0, options).ok());
  EXPECT_FALSE(perft(Position::start(), perft::kMaxDepth + 1, options).ok());
}

TEST(Parallel, StopEndsACountQuicklyAndTheTableStaysExact) {
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = tt::PerftTable::create(16);
  ASSERT_TRUE(table.ok());
  std::atomic<bool> stop{false};
  Options options;
  options.threads = 2;
  options.table = table->get();
  options.stop = &stop;
  absl::StatusOr<absl::uint128> result;
  std::chrono::steady_clock::time_point stopped_at;
  std::thread counter([&] { result = perft(Position::start(), 12, options); });  // hours
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  stopped_at = std::chrono::steady_clock::now();
  stop = true;
  counter.join();
  const auto took = std::chrono::steady_clock::now() - stopped_at;
  EXPECT_EQ(result.status().code(), absl::StatusCode::kCancelled) << result.status();
  EXPECT_LT(took, std::chrono::milliseconds(100));

  // Whatever the stopped count stored is exact: the same table now gives the right total.
  options.stop = nullptr;
  absl::StatusOr<absl::uint128> again = perft(Position::start(), 6, options);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, 119060324);
}

TEST(Parallel, ProgressCountsRootMovesUpToAll) {
  Options options;
  options.threads = 3;
  options.progress_interval_ms = 1;
  int last_done = -1, calls = 0;
  absl::uint128 last_nodes = 0;
  options.progress = [&](int done, int total, absl::uint128 nodes) {
    EXPECT_EQ(total, 20);
    EXPECT_GE(done, last_done);
    EXPECT_GE(nodes, last_nodes);
    last_done = done;
    last_nodes = nodes;
    ++calls;
  };
  absl::StatusOr<absl::uint128> got = perft(Position::start(), 5, options);
  ASSERT_TRUE(got.ok());
  EXPECT_GT(calls, 0);
  EXPECT_EQ(last_done, 20);
  EXPECT_EQ(last_nodes, *got);
}

TEST(Parallel, AvailableCpusIsAtLeastOne) {
  EXPECT_GE(available_cpus(), 1);
  EXPECT_LE(available_cpus(), kMaxThreads);
}

}  // namespace
}  // namespace pyke::perft
