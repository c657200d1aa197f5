// The statistics kernels (perft/stats.h) against two oracles: the published rows of
// tests/data/perft_stats.tsv, and a slow reference that makes every leaf move and asks the
// position (tests/stats_reference.h) on the published, random and Chess960 suites.
//
// Flags: --max_nodes=N, --min_nodes=N (the rows of the data file counted), --threads=N,
// --hash_megabytes=N (0: a one-bucket table), --reference_depth=N and --reference_stride=N (the
// leaf-by-leaf checks: to depth N, on every N-th position of what the fast test takes).
#include "perft/stats.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "epd/epd.h"
#include "epd/stats_file.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/cache.h"
#include "perft/internal/counted.h"
#include "perft/internal/kernel.h"
#include "perft/perft.h"
#include "tests/positions.h"
#include "tests/random_games.h"
#include "tests/stats_reference.h"
#include "tt/move_stats_table.h"

ABSL_FLAG(std::string, stats_file, "tests/data/perft_stats.tsv", "published statistics");
ABSL_FLAG(uint64_t, max_nodes, 200'000'000, "largest row of the statistics file to count");
ABSL_FLAG(uint64_t, min_nodes, 0, "smallest row of the statistics file to count");
ABSL_FLAG(int, threads, 2, "threads of the threaded runs");
ABSL_FLAG(uint64_t, hash_megabytes, 0, "a table of this size for the hashed runs (0: one bucket)");
ABSL_FLAG(int, reference_depth, 3, "deepest depth checked leaf by leaf against the reference");
ABSL_FLAG(int, reference_stride, 1,
          "every N-th position of the suites is checked (times the default)");

namespace pyke {
namespace {

using perft::Stats;

std::string describe(const Stats& s) {
  std::string text;
  for (int c = 0; c < Stats::kColumns; ++c) {
    text += std::string(perft::kStatsColumns[c]) + "=" + perft::count_text(s.column(c)) + " ";
  }
  return text;
}

// The three ways to count: plain on one thread, a shared table (one bucket unless a size is
// given: nearly every store evicts another), and threads sharing it.
struct Counter {
  std::string name;
  perft::StatsOptions options;
};

std::vector<Counter> counters(tt::MoveStatsTable* table) {
  perft::StatsOptions plain, hashed, threaded;
  hashed.table = table;
  threaded.threads = absl::GetFlag(FLAGS_threads);
  threaded.table = table;
  return {{"plain", plain}, {"hashed", hashed}, {"threads+hashed", threaded}};
}

std::unique_ptr<tt::MoveStatsTable> make_table() {
  const uint64_t megabytes = absl::GetFlag(FLAGS_hash_megabytes);
  absl::StatusOr<std::unique_ptr<tt::MoveStatsTable>> table =
      megabytes > 0 ? tt::MoveStatsTable::create(megabytes, absl::GetFlag(FLAGS_threads))
                    : tt::MoveStatsTable::create_with_buckets(1);
  EXPECT_TRUE(table.ok()) << table.status();
  return table.ok() ? *std::move(table) : nullptr;
}

TEST(Stats, EveryPublishedRowWithinTheBudget) {
  const absl::StatusOr<std::vector<epd::StatsRow>> rows =
      epd::read_stats_file(absl::GetFlag(FLAGS_stats_file));
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_GE(rows->size(), 50u);
  std::unique_ptr<tt::MoveStatsTable> table = make_table();
  ASSERT_NE(table, nullptr);
  int checked = 0;
  for (const epd::StatsRow& row : *rows) {
    if (*row.columns[0] > absl::GetFlag(FLAGS_max_nodes) ||
        *row.columns[0] < absl::GetFlag(FLAGS_min_nodes)) {
      continue;
    }
    const absl::StatusOr<Position> pos = Position::from_fen(row.fen);
    ASSERT_TRUE(pos.ok()) << "line " << row.line << ": " << pos.status();
    for (const Counter& counter : counters(table.get())) {
      const absl::StatusOr<Stats> got = perft::perft_stats(*pos, row.depth, counter.options);
      ASSERT_TRUE(got.ok()) << got.status();
      for (int c = 0; c < Stats::kColumns; ++c) {
        if (!row.columns[c]) continue;  // not published
        EXPECT_EQ(got->column(c), *row.columns[c])
            << counter.name << ", line " << row.line << " depth " << row.depth << ": column "
            << perft::kStatsColumns[c] << " of " << row.fen;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// Every position of `suite` (every `stride`-th line) to `depth` against the reference.
// The kernels on `pos` to `depth`, all three ways, against the reference; `where` and `fen` name
// the position in a failure.
void expect_reference_stats(const Position& pos, int depth, tt::MoveStatsTable* table,
                            const std::string& where, const std::string& fen) {
  const Stats expected = reference_stats(pos, depth);
  for (const Counter& counter : counters(table)) {
    const absl::StatusOr<Stats> got = perft::perft_stats(pos, depth, counter.options);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(*got, expected) << counter.name << ", " << where << " depth " << depth << ": " << fen
                              << "\n got  " << describe(*got) << "\n want " << describe(expected);
  }
}

void check_suite_against_reference(const std::string& suite, int stride) {
  stride *= absl::GetFlag(FLAGS_reference_stride);
  const int depth = absl::GetFlag(FLAGS_reference_depth);
  const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(suite);
  ASSERT_TRUE(records.ok()) << records.status();
  std::unique_ptr<tt::MoveStatsTable> table = make_table();
  ASSERT_NE(table, nullptr);
  int checked = 0;
  for (size_t i = 0; i < records->size(); i += stride) {
    const epd::Record& r = (*records)[i];
    const absl::StatusOr<Position> pos = Position::from_fen(r.fen);
    ASSERT_TRUE(pos.ok()) << pos.status();
    for (int d = 1; d <= depth; ++d) {
      expect_reference_stats(*pos, d, table.get(), suite + " line " + std::to_string(r.line),
                             r.fen);
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(Stats, PublishedSuiteLeafByLeaf) {
  check_suite_against_reference("tests/data/published.epd", 1);
}
TEST(Stats, RandomSuiteLeafByLeaf) {
  check_suite_against_reference("tests/data/perft_random.epd", 23);
}
TEST(Stats, OpenedAndBlockedKingLinesLeafByLeaf) {
  check_suite_against_reference("tests/data/stats_lines.epd", 1);
}
// Random games, each position on the way checked to depth 3 (its children are depth-2 nodes,
// where calm moves are left unmade) on the three ways: the arrangements of a line out of a king,
// the piece that opens it and the pawn, knight or rook next on it that no fixed suite holds
// all of. The starts are endings with pawns that run to promotion, and middlegames.
TEST(Stats, RandomGamesLeafByLeaf) {
  const char* const starts[] = {
      kCpwPosition3,
      "8/5pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 1",     // rook and pawns
      "4k3/pp1n1pp1/8/8/8/8/PP1N1PP1/4K3 w - - 0 1",  // knights and pawns
      "1k6/1pp2p2/8/8/8/8/2P2PP1/3BK3 w - - 0 1",     // bishop against pawns
      "4k3/1P3nP1/8/8/8/8/1p3Np1/4K3 w - - 0 1",      // pawns one step from promoting
      "3rk3/1P4P1/8/8/8/8/1p4p1/3RK3 w - - 0 1",      // the same with rooks
      kKiwipete,
      "qrkrbbnn/pppppppp/8/8/8/8/PPPPPPPP/QRKRBBNN w KQkq - 0 1",  // Chess960
  };
  const int games = 12 / absl::GetFlag(FLAGS_reference_stride), kMaxPlies = 120, kEvery = 3;
  std::unique_ptr<tt::MoveStatsTable> table = make_table();
  ASSERT_NE(table, nullptr);
  int checked = 0;
  play_random_games(starts, {.games_per_start = games, .max_plies = kMaxPlies, .seed = 0x57a75},
                    [&](const Position& pos, int ply) {
                      if (ply % kEvery != 0) return;
                      expect_reference_stats(pos, 3, table.get(), "a random game", pos.to_fen());
                      ++checked;
                    });
  EXPECT_GT(checked, 1500 / absl::GetFlag(FLAGS_reference_stride));
  std::printf("%d positions checked\n", checked);
}

TEST(Stats, Chess960LeafByLeaf) {
  check_suite_against_reference("tests/data/chess960_xfen.epd", 7);
  check_suite_against_reference("tests/data/chess960_shredder.epd", 11);
}

// Builds with AVX-512 classify plain pieces setwise; the generator path that other builds take
// is run here too, on the same positions, against the reference.
TEST(Stats, BothLeafParentPathsAgreeWithTheReference) {
  // The generator path: ScalarPath in AVX-512 builds, where the kernels compile it too; elsewhere
  // the build's own path is the generator's.
  using Scalar = std::conditional_t<kHasSetwiseCount, ScalarPath<BuildSliders>, BuildSliders>;
  const absl::StatusOr<std::vector<epd::Record>> records =
      epd::read_file("tests/data/published.epd");
  ASSERT_TRUE(records.ok()) << records.status();
  const std::atomic<bool> never{false};
  perft::internal::StopAwareCache<perft::internal::NoCache<perft::internal::LeafStats>> cache(
      perft::internal::NoCache<perft::internal::LeafStats>{}, &never);
  for (size_t i = 0; i < records->size(); i += 3) {
    const absl::StatusOr<Position> pos = Position::from_fen((*records)[i].fen);
    ASSERT_TRUE(pos.ok());
    for (int d = 1; d <= 3; ++d) {
      const Stats expected = reference_stats(*pos, d);
      EXPECT_EQ((perft::internal::count_with_sliders<decltype(cache), Scalar>(*pos, d, cache, 0)),
                expected)
          << "generator path, line " << (*records)[i].line << " depth " << d;
      EXPECT_EQ(
          (perft::internal::count_with_sliders<decltype(cache), BuildSliders>(*pos, d, cache, 0)),
          expected)
          << "build's path, line " << (*records)[i].line << " depth " << d;
    }
  }
}

// The kernel's own nodes agree with plain perft's, per root move.
TEST(Stats, DivideSumsAndAgreesWithPerft) {
  const absl::StatusOr<Position> pos = Position::from_fen(kKiwipete);
  ASSERT_TRUE(pos.ok());
  const auto entries = perft::divide_stats(*pos, 4);
  ASSERT_TRUE(entries.ok()) << entries.status();
  const auto plain = perft::divide(*pos, 4);
  ASSERT_TRUE(plain.ok());
  ASSERT_EQ(entries->size(), plain->size());
  for (size_t i = 0; i < entries->size(); ++i) {
    EXPECT_EQ((*entries)[i].move, (*plain)[i].move);
    EXPECT_EQ((*entries)[i].stats.nodes, (*plain)[i].nodes);
  }
  const absl::StatusOr<Stats> total = perft::perft_stats(*pos, 4);
  ASSERT_TRUE(total.ok());
  EXPECT_EQ(perft::divide_stats_total(*entries), *total);
  EXPECT_EQ(total->discovered_checks, 42u);
}

TEST(Stats, DepthZeroIsOneNodeAndNoMove) {
  const absl::StatusOr<Stats> s = perft::perft_stats(Position::start(), 0);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(*s, perft::depth_zero_stats());
  EXPECT_EQ(s->nodes, 1u);
  EXPECT_EQ(s->captures, 0u);
}

TEST(Stats, BadArgumentsAreErrors) {
  EXPECT_FALSE(perft::perft_stats(Position::start(), -1).ok());
  EXPECT_FALSE(perft::perft_stats(Position::start(), perft::kMaxDepth + 1).ok());
  EXPECT_FALSE(perft::divide_stats(Position::start(), 0).ok());
  perft::StatsOptions options;
  options.threads = 0;
  EXPECT_FALSE(perft::perft_stats(Position::start(), 3, options).ok());
}

TEST(Stats, AStoppedCountIsCancelled) {
  std::atomic<bool> stop{true};
  perft::StatsOptions options;
  options.stop = &stop;
  const absl::StatusOr<Stats> s = perft::perft_stats(Position::start(), 6, options);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace pyke

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  absl::ParseCommandLine(argc, argv);
  return RUN_ALL_TESTS();
}
