// estimate.h — a Monte-Carlo estimate of a perft count too large to count: unbiased, with its
// standard error and a 95 % interval, so that an exact count from elsewhere can be checked
// against it.
//
//   perft::EstimateOptions options;
//   options.seconds = 60;
//   options.threads = 2;
//   absl::StatusOr<perft::Estimate> e = perft::estimate(Position::start(), 15, options);
//   // e->mean ≈ 2.0151e21, e->low() … e->high() its 95 % interval
//
// The method (docs/using.md has the measurements). The tree is counted exactly down to a
// frontier `frontier_ply` plies below the root (perft/frontier.h: transpositions merged), and
// the last `exact_plies` plies above the leaves are counted exactly too, by the kernels (a perft
// 2 costs about a microsecond). Only the plies between are sampled. One sample picks a frontier
// position at random, with probability proportional to the paths that reach it times its
// perft 2 (importance sampling: big subtrees are picked more often), then walks down
// `random_plies` plies choosing one legal move uniformly at each (Knuth's estimator), then counts
// the last `exact_plies` exactly. Its value is
//
//     (number of legal moves at each random ply, multiplied) × exact count at the bottom
//       × paths to the frontier position / probability of picking it,
//
// whose expectation is exactly the perft count. The estimate is the mean of independent samples;
// its standard error is the samples' standard deviation over √n, and the interval is
// mean ± 1.96 standard errors. Threads draw from independent splitmix64 streams seeded from
// `seed` and their means and variances are merged (Chan's formula). Values reach 10^23 and
// beyond, so they are `long double` (64-bit mantissa), and printed counts are rounded from it.
#ifndef PYKE_PERFT_ESTIMATE_H_
#define PYKE_PERFT_ESTIMATE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "movegen/position.h"

namespace pyke::perft {

// Running statistics of samples: count, mean and sum of squared deviations (Welford).
struct SampleStats {
  uint64_t n = 0;
  long double mean = 0;
  long double m2 = 0;

  void add(long double x);
  void merge(const SampleStats& other);  // Chan et al.'s parallel formula
  long double variance() const { return n > 1 ? m2 / static_cast<long double>(n - 1) : 0; }
};

struct Estimate {
  int depth = 0;
  long double mean = 0;            // the estimate of perft(depth)
  long double standard_error = 0;  // 0 when the count was exact (no random plies)
  uint64_t samples = 0;
  double seconds = 0;
  bool exact = false;  // the tree was shallow enough to count: mean is the count

  // The method's shape, as chosen.
  int frontier_ply = 0;
  uint64_t frontier_positions = 0;  // distinct positions at the frontier
  int random_plies = 0;
  int exact_plies = 0;

  long double half_width() const { return 1.96L * standard_error; }  // of the 95 % interval
  long double low() const { return mean > half_width() ? mean - half_width() : 0; }
  long double high() const { return mean + half_width(); }
  // half_width() / mean (0 for a mean of 0).
  long double relative_half_width() const { return mean > 0 ? half_width() / mean : 0; }
};

// A long double rounded to the nearest whole number, as a 128-bit count (saturating).
absl::uint128 rounded_count(long double x);

// Progress while sampling: the estimate so far.
using EstimateProgress = std::function<void(const Estimate&)>;

struct EstimateOptions {
  int threads = 1;       // 1 … kMaxThreads
  uint64_t seed = 1;     // the same seed, samples and threads give the same estimate
  uint64_t samples = 0;  // stop after this many samples in all (0: no limit)
  double seconds = 0;    // stop after this long (0: no limit); one of the two limits is needed
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  EstimateProgress progress;                // called from the calling thread
  int progress_interval_ms = 500;

  // The method (see above); -1 chooses: exact_plies 2, frontier_ply up to 4 (fewer when the
  // frontier would pass 4 million paths), leaving at least one random ply.
  int frontier_ply = -1;
  int exact_plies = -1;
};

// Samples a perft of one position to one depth: the frontier is built once, runs draw from it.
class Estimator {
 public:
  // Errors: a depth out of range (0 … kMaxDepth), or a method that does not fit the depth.
  static absl::StatusOr<std::unique_ptr<Estimator>> create(const Position& root, int depth,
                                                           int frontier_ply = -1,
                                                           int exact_plies = -1);

  // Samples under `options` (its method fields are ignored: they were given to create).
  // Errors: a bad thread count, no limit, CancelledError when stopped.
  absl::StatusOr<Estimate> run(const EstimateOptions& options) const;

  int frontier_ply() const { return frontier_ply_; }
  int random_plies() const { return random_plies_; }
  int exact_plies() const { return exact_plies_; }

 private:
  Estimator() = default;

  // One sample's value, drawing from `state`.
  long double sample(uint64_t& state) const;
  // The frontier position a uniform number u in [0, 1) picks.
  size_t pick(long double u) const;

  int depth_ = 0;
  int frontier_ply_ = 0;
  int random_plies_ = 0;
  int exact_plies_ = 0;
  bool exact_ = false;  // nothing to sample: exact_count_ is the count
  long double exact_count_ = 0;
  std::vector<Position> positions_;      // distinct frontier positions
  std::vector<long double> value_;       // paths to position i / probability of picking it
  std::vector<long double> cumulative_;  // probabilities, summed: pick by binary search
};

// Estimator::create and run in one call.
absl::StatusOr<Estimate> estimate(const Position& root, int depth, const EstimateOptions& options);

}  // namespace pyke::perft

#endif  // PYKE_PERFT_ESTIMATE_H_
