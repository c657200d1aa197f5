// What one probe of the perft table costs in tables from twice the size of a large L3 cache up to
// 16 GB: the price every depth-2 child of hashed perft pays (perft/internal/kernel.h prefetches the
// buckets of a node's children together, then probes them one by one). Run with
//   bazel run //tt:table_bench
// (pinned with taskset for the one-thread rows, unpinned for the two-thread ones) and compare rows
// of one run only (timings here are noisy).
//
// Each iteration is one node: kChildren random keys (their buckets prefetched back to back, as
// the kernel does), then `work` steps of arithmetic standing for the counting done meanwhile
// (independent of the probes), then a probe of each key and a store where it misses (every
// one: the keys are fresh). Each row's `items_per_second` counts probes
// (1e9 over it is the time per probe in ns). BM_WorkAlone times the arithmetic alone, counted
// per probe the same way: where the two rows' times per probe add up, the arithmetic hid none of
// the probes' memory time.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "movegen/zobrist.h"
#include "tt/table.h"

namespace pyke::tt {
namespace {

// Children probed per node: start-position perft 10 probes 2.58 G depth-2 children below 96.5 M
// depth-3 nodes it counts (docs/log.md), 26.8 a node.
constexpr int kChildren = 27;

// `steps` dependent rounds of xor-shift-multiply (which the compiler cannot reassociate): work
// the out-of-order core could run while prefetches fly.
uint64_t arithmetic(uint64_t x, int64_t steps) {
  for (int64_t i = 0; i < steps; ++i) {
    x ^= x >> 33;
    x = x * 0xff51afd7ed558ccd + static_cast<uint64_t>(i);
  }
  return x;
}

// Where each call's keys start: fresh ones every call, so that every probe misses and stores,
// whichever call, repetition or row came before on the same table. A hit would read the same
// bucket; perft's stores go to buckets its probes have just read.
uint64_t fresh_seed() {
  static std::atomic<uint64_t> calls{0};
  uint64_t state = calls.fetch_add(1, std::memory_order_relaxed);
  return splitmix64(state);
}

// One table at a time, kept between the calls Google Benchmark makes for one size (a 16 GB
// table takes seconds to make), and shared by the threads of a threaded run. Null, with the
// reason in `error`, when it cannot be made.
PerftTable* table_of(size_t megabytes, std::string& error) {
  static std::mutex mutex;
  static std::unique_ptr<PerftTable> table;  // guarded by mutex
  const std::lock_guard<std::mutex> lock(mutex);
  if (table == nullptr || table->megabytes() != megabytes) {
    table.reset();
    absl::StatusOr<std::unique_ptr<PerftTable>> made = PerftTable::create(megabytes);
    if (!made.ok()) {
      error = made.status().ToString();
      return nullptr;
    }
    table = *std::move(made);
  }
  return table.get();
}

// Args: table size in MiB, steps of arithmetic per node. The label says how the table's pages
// are backed (huge pages change what a probe costs).
void BM_ProbeChildren(benchmark::State& state) {
  std::string error;
  PerftTable* table = table_of(static_cast<size_t>(state.range(0)), error);
  if (table == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int64_t work = state.range(1);
  uint64_t seed = fresh_seed(), found = 0, worked = 0;
  Key keys[kChildren];
  for (auto _ : state) {
    for (Key& key : keys) {
      key = next_random_key(seed);  // drawn as Zobrist keys are: the bucket from the high half
      table->prefetch(key);
    }
    // Independent of the probes: nothing in it waits for their loads.
    worked = arithmetic(worked, work);
    for (const Key key : keys) {
      uint64_t nodes = 0;
      if (table->probe(key, nodes)) {
        found += nodes;
      } else {
        table->store(key, 2, static_cast<uint64_t>(key) >> 40);
      }
    }
  }
  benchmark::DoNotOptimize(found);
  benchmark::DoNotOptimize(worked);
  state.SetItemsProcessed(state.iterations() * kChildren);
  state.SetLabel(absl::StrCat(table->huge_page_bytes() >> 20, " MiB on huge pages, ",
                              table->huge_page_source()));
}
BENCHMARK(BM_ProbeChildren)
    ->ArgNames({"MiB", "work"})
    ->ArgsProduct({{64, 1024, 4096, 16384}, {0, 750}})
    ->Unit(benchmark::kMicrosecond);
// Two threads probing one 16 GB table at once, as hashed perft 10 on two cores does. Timed by the
// wall clock: `items_per_second` is the two threads' probes together (run it unpinned).
BENCHMARK(BM_ProbeChildren)
    ->ArgNames({"MiB", "work"})
    ->ArgsProduct({{16384}, {0, 750}})
    ->Threads(2)
    ->UseRealTime()
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
