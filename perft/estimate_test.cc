// Tests of perft/estimate.h: the estimate's 95 % interval is honest (it covers the exact count
// about 95 times in 100, over many seeds) and narrow (not trivially wide), the same seed gives
// the same estimate, shallow trees are counted exactly, and the statistics merge correctly.
#include "perft/estimate.h"

#include <cmath>
#include <memory>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/position.h"

namespace pyke::perft {
namespace {

constexpr char kKiwipete[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

struct Coverage {
  int covered = 0;
  double worst_width = 0;  // the widest relative half-width seen
  double best_width = 1e9;
};

// 200 estimates of perft `depth` of `fen`, seeds 1 … 200, `samples` samples each.
Coverage coverage(const char* fen, int depth, long double exact, uint64_t samples) {
  absl::StatusOr<Position> pos = fen ? Position::from_fen(fen) : Position::start();
  EXPECT_TRUE(pos.ok());
  absl::StatusOr<std::unique_ptr<Estimator>> estimator = Estimator::create(*pos, depth);
  EXPECT_TRUE(estimator.ok()) << estimator.status();
  EXPECT_GE((*estimator)->random_plies(), 1);
  Coverage c;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    EstimateOptions options;
    options.seed = seed;
    options.samples = samples;
    absl::StatusOr<Estimate> e = (*estimator)->run(options);
    EXPECT_TRUE(e.ok()) << e.status();
    EXPECT_EQ(e->samples, samples);
    if (e->low() <= exact && exact <= e->high()) ++c.covered;
    c.worst_width = std::max(c.worst_width, double(e->relative_half_width()));
    c.best_width = std::min(c.best_width, double(e->relative_half_width()));
  }
  return c;
}

TEST(EstimateTest, StartPositionIntervalsAreHonest) {
  const Coverage c = coverage(nullptr, 6, 119060324.0L, 2000);
  EXPECT_GE(c.covered, 180);
  EXPECT_LE(c.covered, 200);
  EXPECT_GT(c.best_width, 0.0);    // sampled, not counted
  EXPECT_LT(c.worst_width, 0.05);  // and narrow: within 5 % of the count
  std::printf("start position perft 6: %d of 200 covered, half-widths %.4f … %.4f\n", c.covered,
              c.best_width, c.worst_width);
}

TEST(EstimateTest, KiwipeteIntervalsAreHonest) {
  const Coverage c = coverage(kKiwipete, 6, 8031647685.0L, 2000);
  EXPECT_GE(c.covered, 180);
  EXPECT_LE(c.covered, 200);
  EXPECT_GT(c.best_width, 0.0);
  EXPECT_LT(c.worst_width, 0.05);
  std::printf("Kiwipete perft 6: %d of 200 covered, half-widths %.4f … %.4f\n", c.covered,
              c.best_width, c.worst_width);
}

TEST(EstimateTest, SameSeedSameEstimate) {
  EstimateOptions options;
  options.seed = 7;
  options.samples = 1000;
  options.threads = 2;
  absl::StatusOr<Estimate> a = estimate(Position::start(), 7, options);
  absl::StatusOr<Estimate> b = estimate(Position::start(), 7, options);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->mean, b->mean);
  EXPECT_EQ(a->standard_error, b->standard_error);
  options.seed = 8;
  absl::StatusOr<Estimate> c = estimate(Position::start(), 7, options);
  ASSERT_TRUE(c.ok());
  EXPECT_NE(a->mean, c->mean);
}

TEST(EstimateTest, ShallowTreesAreCounted) {
  EstimateOptions options;
  options.samples = 10;
  absl::StatusOr<Estimate> e = estimate(Position::start(), 2, options);
  ASSERT_TRUE(e.ok());
  EXPECT_TRUE(e->exact);
  EXPECT_EQ(e->mean, 400);
  EXPECT_EQ(e->standard_error, 0);
  e = estimate(Position::start(), 0, options);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->mean, 1);
}

TEST(EstimateTest, EveryMethodShapeIsUnbiasedOnAShallowTree) {
  // Perft 5 = 4865609, under shapes with many random plies too.
  for (int frontier = 0; frontier <= 2; ++frontier) {
    for (int exact = 0; exact <= 2; ++exact) {
      EstimateOptions options;
      options.samples = 20000;
      options.frontier_ply = frontier;
      options.exact_plies = exact;
      absl::StatusOr<Estimate> e = estimate(Position::start(), 5, options);
      ASSERT_TRUE(e.ok()) << e.status();
      // Five standard errors: a false alarm about once in a million runs.
      EXPECT_NEAR(double(e->mean), 4865609.0, 5 * double(e->standard_error))
          << "frontier " << frontier << ", exact " << exact;
    }
  }
}

TEST(EstimateTest, BadRequests) {
  EstimateOptions options;
  EXPECT_FALSE(estimate(Position::start(), 5, options).ok());  // no limit
  options.samples = 10;
  EXPECT_FALSE(estimate(Position::start(), 21, options).ok());
  options.threads = 0;
  EXPECT_FALSE(estimate(Position::start(), 5, options).ok());
  options.threads = 1;
  options.frontier_ply = 4;
  options.exact_plies = 2;
  EXPECT_FALSE(estimate(Position::start(), 5, options).ok());  // 4 + 2 > 5
}

TEST(SampleStatsTest, MergeEqualsOnePass) {
  SampleStats one, a, b;
  for (int i = 0; i < 100; ++i) {
    const long double x = (i * 37 % 11) * 1e20L;
    one.add(x);
    (i < 30 ? a : b).add(x);
  }
  a.merge(b);
  EXPECT_EQ(a.n, one.n);
  EXPECT_NEAR(double(a.mean / one.mean), 1.0, 1e-15);
  EXPECT_NEAR(double(a.m2 / one.m2), 1.0, 1e-12);
}

TEST(RoundedCountTest, FullDigitsBeyond64Bits) {
  EXPECT_EQ(rounded_count(6.5e22L), absl::uint128(65000) * absl::uint128(1000000000000000000ULL));
  EXPECT_EQ(rounded_count(-3), 0);
  EXPECT_EQ(rounded_count(2.5L), 3);
}

}  // namespace
}  // namespace pyke::perft
