#include "perft/estimate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"
#include "movegen/zobrist.h"
#include "perft/frontier.h"
#include "perft/internal/instances.h"
#include "perft/perft.h"

namespace pyke::perft {
namespace {

using Clock = std::chrono::steady_clock;

// Frontiers of more paths than this take seconds to build and weigh: a shallower ply is chosen.
constexpr uint64_t kMaxDefaultFrontierPaths = uint64_t{1} << 22;
constexpr int kDefaultExactPlies = 2;
constexpr int kMaxDefaultFrontierPly = 4;

// A uniform number in [0, 1), 53 bits.
long double uniform(uint64_t& state) {
  return static_cast<long double>(splitmix64(state) >> 11) * 0x1.0p-53L;
}

// A uniform index in [0, n): n < 2^32, so the bias of the multiply-shift is below 2^-32 per draw
// in the worst case and far below for the small n of move lists (n ≤ 323: < 2^-55).
int uniform_index(uint64_t& state, int n) {
  return static_cast<int>((static_cast<unsigned __int128>(splitmix64(state)) * n) >> 64);
}

// The stream of thread `t` for `seed`: a splitmix64 state of its own.
uint64_t stream_state(uint64_t seed, int t) {
  uint64_t s = seed ^ (0xD1B54A32D192ED03ULL * static_cast<uint64_t>(t + 1));
  return splitmix64(s);
}

Estimate exact_estimate(int depth, long double count) {
  Estimate e;
  e.depth = depth;
  e.mean = count;
  e.exact = true;
  return e;
}

}  // namespace

void SampleStats::add(long double x) {
  ++n;
  const long double delta = x - mean;
  mean += delta / static_cast<long double>(n);
  m2 += delta * (x - mean);
}

void SampleStats::merge(const SampleStats& other) {
  if (other.n == 0) return;
  if (n == 0) {
    *this = other;
    return;
  }
  const long double na = static_cast<long double>(n), nb = static_cast<long double>(other.n);
  const long double delta = other.mean - mean;
  const long double total = na + nb;
  mean += delta * nb / total;
  m2 += other.m2 + delta * delta * na * nb / total;
  n += other.n;
}

absl::uint128 rounded_count(long double x) {
  if (!(x > 0)) return 0;
  if (x >= 0x1.0p128L) return absl::Uint128Max();
  return absl::uint128(std::floor(x + 0.5L));
}

absl::StatusOr<std::unique_ptr<Estimator>> Estimator::create(const Position& root, int depth,
                                                             int frontier_ply, int exact_plies) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  std::unique_ptr<Estimator> e(new Estimator());
  e->depth_ = depth;
  const int k = exact_plies >= 0 ? exact_plies : std::min(kDefaultExactPlies, depth);
  if (k > depth) {
    return absl::InvalidArgumentError(absl::StrCat("exact plies ", k, " exceed the depth ", depth));
  }
  int f = frontier_ply;
  if (f < 0) {
    // Leave at least one random ply (when the depth allows any), and a frontier that is quick
    // to build.
    f = std::clamp(depth - k - 1, 0, kMaxDefaultFrontierPly);
    while (f > 1) {
      absl::StatusOr<absl::uint128> paths = perft(root, f);
      if (paths.ok() && *paths <= kMaxDefaultFrontierPaths) break;
      --f;
    }
  }
  if (f + k > depth) {
    return absl::InvalidArgumentError(
        absl::StrCat("frontier ply ", f, " and exact plies ", k, " exceed the depth ", depth));
  }
  e->frontier_ply_ = f;
  e->exact_plies_ = k;
  e->random_plies_ = depth - f - k;
  if (depth == k) {  // nothing to sample: count it
    e->exact_ = true;
    e->exact_count_ = static_cast<long double>(internal::count_plain(root, depth));
    return e;
  }

  // The frontier, and each position's weight: its paths times its perft 2 (1 when fewer plies
  // remain), a cheap stand-in for the size of its subtree.
  std::vector<uint64_t> paths;
  if (f == 0) {
    e->positions_.push_back(root);
    paths.push_back(1);
  } else {
    absl::StatusOr<Frontier> frontier = make_frontier(root, depth, f);
    if (!frontier.ok()) return frontier.status();
    for (const WorkUnit& unit : frontier->units) {
      e->positions_.push_back(unit.pos);
      paths.push_back(unit.paths());
    }
  }
  const int remaining = depth - f;
  std::vector<long double> weight(e->positions_.size());
  long double total = 0;
  for (size_t i = 0; i < weight.size(); ++i) {
    const long double size =
        static_cast<long double>(internal::count_plain(e->positions_[i], std::min(remaining, 2)));
    weight[i] = static_cast<long double>(paths[i]) * size;
    total += weight[i];
  }
  if (total == 0) {  // every frontier position is a dead end: no leaves at all
    e->exact_ = true;
    e->exact_count_ = 0;
    return e;
  }
  e->value_.resize(weight.size());
  e->cumulative_.resize(weight.size());
  long double sum = 0;
  for (size_t i = 0; i < weight.size(); ++i) {
    // A zero weight means no moves two plies on, so no leaves below: never picked, value unused.
    e->value_[i] = weight[i] > 0 ? static_cast<long double>(paths[i]) * total / weight[i] : 0;
    sum += weight[i];
    e->cumulative_[i] = sum / total;
  }
  e->cumulative_.back() = 1;
  return e;
}

size_t Estimator::pick(long double u) const {
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  return std::min<size_t>(it - cumulative_.begin(), cumulative_.size() - 1);
}

long double Estimator::sample(uint64_t& state) const {
  const size_t i = pick(uniform(state));
  Position pos = positions_[i];
  long double value = value_[i];
  for (int ply = 0; ply < random_plies_; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) return 0;
    value *= moves.size();
    pos = pos.after_legal(moves[uniform_index(state, moves.size())]);
  }
  return value * static_cast<long double>(internal::count_plain(pos, exact_plies_));
}

absl::StatusOr<Estimate> Estimator::run(const EstimateOptions& options) const {
  if (absl::Status s = check_threads(options.threads); !s.ok()) return s;
  if (options.samples == 0 && !(options.seconds > 0)) {
    return absl::InvalidArgumentError("an estimate needs a limit: samples or seconds");
  }
  Estimate shape;
  shape.depth = depth_;
  shape.frontier_ply = frontier_ply_;
  shape.frontier_positions = positions_.size();
  shape.random_plies = random_plies_;
  shape.exact_plies = exact_plies_;
  if (exact_) {
    Estimate e = exact_estimate(depth_, exact_count_);
    e.frontier_ply = frontier_ply_;
    e.exact_plies = exact_plies_;
    return e;
  }

  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline =
      options.seconds > 0 ? start + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(options.seconds))
                          : Clock::time_point::max();
  const std::atomic<bool> never{false};
  const std::atomic<bool>* stop = options.stop != nullptr ? options.stop : &never;

  // Each thread publishes its statistics into its slot now and then, for progress.
  struct Shared {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<SampleStats> slots;
    int running = 0;
  } shared;
  const int threads = options.threads;
  shared.slots.resize(threads);
  shared.running = threads;

  const auto work = [&](int t) {
    uint64_t state = stream_state(options.seed, t);
    uint64_t quota = 0;  // 0: until the deadline
    if (options.samples > 0) {
      quota = options.samples / threads + (static_cast<uint64_t>(t) < options.samples % threads);
    }
    SampleStats local;
    const bool by_samples = options.samples > 0;
    while (true) {
      if (by_samples && local.n >= quota) break;
      if ((local.n & 15) == 0) {
        if (stop->load(std::memory_order_relaxed) || Clock::now() >= deadline) break;
        if ((local.n & 1023) == 0) {
          std::lock_guard<std::mutex> lock(shared.mutex);
          shared.slots[t] = local;
        }
      }
      local.add(sample(state));
    }
    std::lock_guard<std::mutex> lock(shared.mutex);
    shared.slots[t] = local;
    --shared.running;
    shared.changed.notify_one();
  };

  const auto merged = [&]() {  // with shared.mutex held
    SampleStats all;
    for (const SampleStats& s : shared.slots) all.merge(s);
    Estimate e = shape;
    e.mean = all.mean;
    e.samples = all.n;
    e.standard_error = all.n > 1 ? std::sqrt(all.variance() / static_cast<long double>(all.n)) : 0;
    e.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return e;
  };

  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
  Estimate result;
  {
    std::unique_lock<std::mutex> lock(shared.mutex);
    while (shared.running > 0) {
      shared.changed.wait_for(lock, std::chrono::milliseconds(options.progress_interval_ms),
                              [&] { return shared.running == 0; });
      if (shared.running > 0 && options.progress) {
        const Estimate now = merged();
        lock.unlock();
        options.progress(now);
        lock.lock();
      }
    }
    result = merged();
  }
  for (std::thread& t : pool) t.join();
  if (options.stop != nullptr && options.stop->load()) {
    return absl::CancelledError("the estimate was stopped");
  }
  return result;
}

absl::StatusOr<Estimate> estimate(const Position& root, int depth, const EstimateOptions& options) {
  absl::StatusOr<std::unique_ptr<Estimator>> estimator =
      Estimator::create(root, depth, options.frontier_ply, options.exact_plies);
  if (!estimator.ok()) return estimator.status();
  return (*estimator)->run(options);
}

}  // namespace pyke::perft
