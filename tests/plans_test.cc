// Every plan of a depth-2 node (perft/internal/plans.h) on every position, not only where the
// thresholds send it, in both counts: the leaves against the plain count (every legal move made,
// the child's replies counted with count_legal_moves), the statistics against the slow reference
// (tests/stats_reference.h). The node as perft runs it (count_depth2_node, which chooses among
// the plans) is checked on every slider backend compiled into the build, the plans on the
// build's own. The positions: seeded random games from the start position, Kiwipete, Chess960
// starts and endgames, and the random, Chess960 and published suites; the choice is checked to
// reach every plan of the leaves that the build can choose.
#include "perft/internal/plans.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/counted.h"
#include "perft/internal/kernel.h"
#include "perft/stats.h"
#include "tests/positions.h"
#include "tests/random_games.h"
#include "tests/stats_reference.h"

namespace pyke {
namespace {

using perft::internal::count_depth2_node;
using perft::internal::kPlans;
using perft::internal::Plan;
using perft::internal::PlanRow;

// The ground truth: every child made, its replies counted in full.
uint64_t replies_of_every_move(const Position& pos) {
  uint64_t total = 0;
  for (Move move : legal_moves(pos)) {
    const Position child = pos.after_legal(move);
    total +=
        static_cast<uint64_t>(child.side_to_move() == kWhite ? count_legal_moves<kWhite>(child)
                                                             : count_legal_moves<kBlack>(child));
  }
  return total;
}

template <Plan P>
uint64_t with_plan(const Position& pos) {
  return pos.side_to_move() == kWhite
             ? perft::internal::count_with_plan<P, kWhite, BuildSliders>(pos)
             : perft::internal::count_with_plan<P, kBlack, BuildSliders>(pos);
}

Plan chosen_plan(const Position& pos) {
  return pos.side_to_move() == kWhite ? perft::internal::choose_plan<kWhite, BuildSliders>(pos)
                                      : perft::internal::choose_plan<kBlack, BuildSliders>(pos);
}

// The depth-2 node as perft runs it: with or without calm moves, setwise or piece by piece, as
// the material decides.
template <class Sliders>
uint64_t node(const Position& pos) {
  return pos.side_to_move() == kWhite ? count_depth2_node<kWhite, Sliders>(pos)
                                      : count_depth2_node<kBlack, Sliders>(pos);
}

using KernelFn = uint64_t (*)(const Position&);
struct Backend {
  std::string name;
  KernelFn count;
};

// Every plan that counts the leaves, on the build's slider backend, and the node as perft runs it
// on every backend compiled in.
template <size_t... I>
void add_plans(std::vector<Backend>& kernels, std::index_sequence<I...>) {
  const auto add = [&]<Plan P>() {
    if constexpr (perft::internal::counts_leaves(P)) {
      kernels.push_back({"plan " + std::string(perft::internal::plan_row(P).name), &with_plan<P>});
    }
  };
  (add.template operator()<kPlans[I].plan>(), ...);
}

std::vector<Backend> compiled_backends() {
  std::vector<Backend> backends;
  add_plans(backends, std::make_index_sequence<kPlans.size()>{});
  for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
    if (!slider_backend_compiled(b)) continue;
    with_slider_backend(b, [&]<class S>() {
      backends.push_back({std::string(slider_backend_name(b)) + " node", &node<S>});
    });
  }
  return backends;
}

// How many positions the build's choice sent to each plan.
using PlanCounts = std::array<int, kPlans.size()>;

struct Checker {
  std::vector<Backend> backends = compiled_backends();
  int positions = 0, in_check = 0, failures = 0;
  PlanCounts chosen{};

  void check(const Position& pos) {
    ++positions;
    in_check += pos.in_check();
    ++chosen[static_cast<size_t>(chosen_plan(pos))];
    const uint64_t expected = replies_of_every_move(pos);
    for (const Backend& backend : backends) {
      const uint64_t got = backend.count(pos);
      if (got != expected && ++failures <= 10) {
        ADD_FAILURE() << backend.name << ": " << pos.to_fen() << " depth 2: kernel " << got
                      << ", every move made " << expected;
      }
    }
  }
};

// The table: one row per plan, at the plan's index, the names distinct, every_child last and on.
TEST(Plans, TheTableNamesEveryPlanOnce) {
  for (size_t i = 0; i < kPlans.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(kPlans[i].plan), i) << kPlans[i].name;
    for (size_t j = 0; j < i; ++j) EXPECT_NE(kPlans[i].name, kPlans[j].name);
  }
  EXPECT_EQ(kPlans.back().plan, Plan::kEveryChild);
  EXPECT_TRUE(perft::internal::plan_on(Plan::kEveryChild));
  EXPECT_EQ(
      perft::internal::plans_named("lone_slider,king_steps"),
      (1u << static_cast<int>(Plan::kLoneSlider)) | (1u << static_cast<int>(Plan::kKingSteps)));
  EXPECT_EQ(perft::internal::plans_named(""), 0u);
}

TEST(Plans, EveryPlanAndCompiledBackendIsChecked) {
  const std::vector<Backend> backends = compiled_backends();
  const int slider_backends = slider_backend_compiled(SliderBackend::kPext) ? 3 : 2;
  EXPECT_EQ(backends.size(), static_cast<size_t>(8 + slider_backends));
}

// The suites below reach every plan the build may choose: each row's condition is met somewhere.
void expect_every_plan_chosen(const PlanCounts& chosen) {
  for (const PlanRow& row : kPlans) {
    if (!perft::internal::plan_available(row.plan, perft::internal::PlanCounts::kLeaves)) continue;
    if (row.plan == Plan::kEveryChild) continue;  // taken only where the rows above are off
    if (row.plan == Plan::kSetwiseCalm && !kHasSetwiseCount) continue;
    EXPECT_GT(chosen[static_cast<size_t>(row.plan)], 0) << row.name << " is never chosen";
  }
}

PlanCounts all_chosen{};

void add_chosen(const PlanCounts& chosen) {
  for (size_t i = 0; i < chosen.size(); ++i) all_chosen[i] += chosen[i];
}

TEST(Plans, RandomGames) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      kKiwipete,
      // Chess960 starts: BBQNNRKR (number 0), QRKRBBNN and RNKBBQNR.
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
      "qrkrbbnn/pppppppp/8/8/8/8/PPPPPPPP/QRKRBBNN w KQkq - 0 1",
      "rnkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/RNKBBQNR w KQkq - 0 1",
  };
  Checker checker;
  play_random_games(starts, {.games_per_start = 400, .max_plies = 160, .seed = 20240601},
                    [&](const Position& pos, int) { checker.check(pos); });
  EXPECT_EQ(checker.failures, 0);
  EXPECT_GT(checker.positions, 200000);
  EXPECT_GT(checker.in_check, 5000) << "the games should reach positions in check";
  std::printf("%d positions, %d in check\n", checker.positions, checker.in_check);
  add_chosen(checker.chosen);
}

// The same from endgames, where the depth-2 node counts piece by piece or without calm moves,
// and a king without sliders beside it steps without being moved (king_steps.h), and a lone
// slider moves without being moved (lone_slider.h).
TEST(Plans, RandomEndgames) {
  const char* const starts[] = {
      kCpwPosition3,
      "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
      "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
      "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
      "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
      "4k3/pp3ppp/2n5/8/8/5N2/PPP2PPP/4K3 w - - 0 1",
      "r3k3/pppp4/8/8/8/8/4PPPP/4K3 w q - 0 1",
      "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
      "8/5pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 1",
      "3k4/8/8/8/8/8/2R5/3K3r w - - 0 1",
      "4k3/1pp2p2/2n5/8/3B4/8/2P2PP1/4K3 w - - 0 1",
  };
  Checker checker;
  play_random_games(starts, {.games_per_start = 200, .max_plies = 100, .seed = 20261205},
                    [&](const Position& pos, int) { checker.check(pos); });
  EXPECT_EQ(checker.failures, 0);
  EXPECT_GT(checker.positions, 50000);
  add_chosen(checker.chosen);
}

void check_suite(const std::string& path, int at_least) {
  const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(path);
  ASSERT_TRUE(records.ok()) << path << ": " << records.status();
  Checker checker;
  for (const epd::Record& record : *records) {
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    ASSERT_TRUE(pos.ok()) << path << " line " << record.line << ": " << pos.status();
    checker.check(*pos);
  }
  EXPECT_EQ(checker.failures, 0) << path;
  EXPECT_GE(checker.positions, at_least) << path;
  add_chosen(checker.chosen);
}

TEST(Plans, RandomSuite) { check_suite("tests/data/perft_random.epd", 6000); }
TEST(Plans, Chess960Suite) { check_suite("tests/data/chess960_xfen.epd", 1000); }
TEST(Plans, PublishedSuite) { check_suite("tests/data/published.epd", 100); }

// After the tests above (gtest runs a file's tests in order).
TEST(Plans, TheChoiceReachesEveryPlan) {
  expect_every_plan_chosen(all_chosen);
  for (const PlanRow& row : kPlans) {
    std::printf("%-20s chosen at %d positions\n", std::string(row.name).c_str(),
                all_chosen[static_cast<size_t>(row.plan)]);
  }
}

// The statistics' plans against the reference, at depth 2, on every fourth position of the
// suites and on random games (the reference makes every leaf move: slower).
void check_stats_plans(const Position& pos, int& failures) {
  const perft::Stats expected = reference_stats(pos, 2);
  for (const PlanRow& row : kPlans) {
    if (!perft::internal::counts_statistics(row.plan)) continue;
    const perft::Stats got = perft::internal::stats_depth2_with_plan(row.plan, pos);
    if (!(got == expected) && ++failures <= 10) {
      ADD_FAILURE() << "plan " << row.name << ": " << pos.to_fen()
                    << " depth 2: statistics differ from the reference (nodes "
                    << perft::count_text(got.nodes) << ", reference "
                    << perft::count_text(expected.nodes) << ")";
    }
  }
}

TEST(Plans, StatisticsOnTheSuites) {
  int failures = 0, positions = 0;
  for (const char* path : {"tests/data/perft_random.epd", "tests/data/chess960_xfen.epd",
                           "tests/data/published.epd"}) {
    const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(path);
    ASSERT_TRUE(records.ok()) << path << ": " << records.status();
    for (size_t i = 0; i < records->size(); i += 4) {
      const absl::StatusOr<Position> pos = Position::from_fen((*records)[i].fen);
      ASSERT_TRUE(pos.ok());
      check_stats_plans(*pos, failures);
      ++positions;
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(positions, 1500);
}

TEST(Plans, StatisticsOnRandomGames) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      kKiwipete,
      kCpwPosition3,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
  };
  int failures = 0, positions = 0;
  play_random_games(starts, {.games_per_start = 20, .max_plies = 120, .seed = 20261207},
                    [&](const Position& pos, int) {
                      check_stats_plans(pos, failures);
                      ++positions;
                    });
  EXPECT_EQ(failures, 0);
  EXPECT_GT(positions, 3000);
}

}  // namespace
}  // namespace pyke
