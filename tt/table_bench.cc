// What one probe of the perft table costs where the table is far larger than the caches: the
// price every depth-2 child of hashed perft pays (perft/internal/kernel.h prefetches the buckets
// of a node's children together, then probes them one by one). Run with
//   bazel run //tt:table_bench
// and compare rows of one run only (timings here are noisy).
//
// Each iteration is one node: kChildren random keys (their buckets prefetched back to back, as
// the kernel does), then `work` steps of arithmetic standing for the counting done meanwhile, then
// a probe of each key and a store where it misses. Each row's `items_per_second` counts probes
// (1e9 over it is the time per probe in ns). BM_WorkAlone times the arithmetic alone, counted
// per probe the same way: where the two rows' times per probe add up, the arithmetic hid none of
// the probes' memory time.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"
#include "movegen/zobrist.h"
#include "tt/table.h"

namespace pyke::tt {
namespace {

// Children probed per node: start-position perft 10 probes 2.58 G depth-2 children below 96.5 M
// depth-3 nodes it counts (docs/log.md), 26.8 a node.
constexpr int kChildren = 27;

// A well-mixed 64-bit sequence (splitmix64).
uint64_t next_half(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

// A random 128-bit key, standing for a position's Zobrist key (the bucket comes from its high
// half).
Key next_key(uint64_t& state) {
  const Key high = next_half(state);
  return high << 64 | next_half(state);
}

// `steps` dependent rounds of xor-shift-multiply (which the compiler cannot reassociate): work
// the out-of-order core could run while prefetches fly.
uint64_t arithmetic(uint64_t x, int64_t steps) {
  for (int64_t i = 0; i < steps; ++i) {
    x ^= x >> 33;
    x = x * 0xff51afd7ed558ccd + static_cast<uint64_t>(i);
  }
  return x;
}

// One table at a time, kept between the calls Google Benchmark makes for one size (a 16 GB
// table takes seconds to make), and shared by the threads of a threaded run.
PerftTable& table_of(size_t megabytes) {
  static std::mutex mutex;
  static std::unique_ptr<PerftTable> table;  // guarded by mutex
  const std::lock_guard<std::mutex> lock(mutex);
  if (table == nullptr || table->megabytes() != megabytes) {
    table.reset();
    absl::StatusOr<std::unique_ptr<PerftTable>> made = PerftTable::create(megabytes);
    if (!made.ok()) std::abort();  // a benchmark binary: no table, nothing to measure
    table = *std::move(made);
  }
  return *table;
}

// Args: table size in MiB, steps of arithmetic per node.
void BM_ProbeChildren(benchmark::State& state) {
  PerftTable& table = table_of(static_cast<size_t>(state.range(0)));
  const int64_t work = state.range(1);
  uint64_t seed = static_cast<uint64_t>(state.thread_index()) << 40, sink = 0;
  Key keys[kChildren];
  for (auto _ : state) {
    for (Key& key : keys) {
      key = next_key(seed);
      table.prefetch(key);
    }
    sink = arithmetic(sink, work);
    for (const Key key : keys) {
      uint64_t nodes = 0;
      if (table.probe(key, nodes)) {
        sink += nodes;
      } else {
        table.store(key, 2, static_cast<uint64_t>(key) >> 40);
      }
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * kChildren);
}
BENCHMARK(BM_ProbeChildren)
    ->ArgNames({"MiB", "work"})
    ->ArgsProduct({{64, 1024, 4096, 16384}, {0, 750}})
    ->Unit(benchmark::kMicrosecond);
// Two threads probing one 16 GB table, as hashed perft 10 on two cores does: per thread.
BENCHMARK(BM_ProbeChildren)
    ->ArgNames({"MiB", "work"})
    ->ArgsProduct({{16384}, {0, 750}})
    ->Threads(2)
    ->Unit(benchmark::kMicrosecond);

// The arithmetic alone, counted per probe (Arg: steps per node).
void BM_WorkAlone(benchmark::State& state) {
  uint64_t sink = 0;
  for (auto _ : state) sink = arithmetic(sink, state.range(0));
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * kChildren);
}
BENCHMARK(BM_WorkAlone)->ArgName("work")->Arg(750)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace pyke::tt
