#include "tt/move_stats_table.h"

#include <utility>

#include "tt/internal/buckets.h"

namespace pyke::tt {

absl::StatusOr<std::unique_ptr<MoveStatsTable>> MoveStatsTable::create(size_t megabytes,
                                                                       int threads) {
  absl::StatusOr<internal::Buckets<Bucket>> buckets =
      internal::Buckets<Bucket>::create_megabytes(megabytes, kMaxMegabytes, threads);
  if (!buckets.ok()) return buckets.status();
  return std::unique_ptr<MoveStatsTable>(new MoveStatsTable(std::move(*buckets)));
}

absl::StatusOr<std::unique_ptr<MoveStatsTable>> MoveStatsTable::create_with_buckets(
    size_t bucket_count, int threads) {
  absl::StatusOr<internal::Buckets<Bucket>> buckets =
      internal::Buckets<Bucket>::create(bucket_count, threads);
  if (!buckets.ok()) return buckets.status();
  return std::unique_ptr<MoveStatsTable>(new MoveStatsTable(std::move(*buckets)));
}

void MoveStatsTable::clear(int threads) {
  buckets_.for_each(threads, [](Bucket& bucket) {
    for (Entry& e : bucket.entries) {
      // Even and advanced: a reader that raced with the old contents sees a changed number.
      e.sequence.store(e.sequence.load(std::memory_order_relaxed) + 2, std::memory_order_relaxed);
      e.depth.store(0, std::memory_order_relaxed);
    }
  });
}

bool MoveStatsTable::probe(Key key, Counters& counters) const {
  const Bucket& bucket = buckets_.of(key);
  const uint64_t high = high_half(key), low = low_half(key);
  for (const Entry& e : bucket.entries) {
    const uint64_t before = e.sequence.load(std::memory_order_acquire);
    if (before & 1) continue;
    if (e.key_high.load(std::memory_order_relaxed) != high ||
        e.key_low.load(std::memory_order_relaxed) != low ||
        e.depth.load(std::memory_order_relaxed) == 0) {
      continue;
    }
    Counters read;
    for (int c = 0; c < kCounters; ++c) read[c] = e.counters[c].load(std::memory_order_relaxed);
    // Every read above happens before the second look at the sequence number.
    std::atomic_thread_fence(std::memory_order_acquire);
    if (e.sequence.load(std::memory_order_relaxed) != before) continue;
    counters = read;
    return true;
  }
  return false;
}

void MoveStatsTable::store(Key key, int depth, const Counters& counters) {
  Bucket& bucket = buckets_.of(key);
  const uint64_t kept = bucket.entries[0].depth.load(std::memory_order_relaxed);
  Entry& e = static_cast<uint64_t>(depth) >= kept ? bucket.entries[0] : bucket.entries[1];
  uint64_t sequence = e.sequence.load(std::memory_order_relaxed);
  if ((sequence & 1) ||
      !e.sequence.compare_exchange_strong(sequence, sequence + 1, std::memory_order_acquire)) {
    return;  // another thread is writing this entry: skipping a store is always safe
  }
  // The odd number is visible before any field changes (acquire above orders the CAS before
  // these stores on this thread; the release below publishes them with the even number).
  std::atomic_thread_fence(std::memory_order_release);
  e.key_high.store(high_half(key), std::memory_order_relaxed);
  e.key_low.store(low_half(key), std::memory_order_relaxed);
  e.depth.store(static_cast<uint64_t>(depth), std::memory_order_relaxed);
  for (int c = 0; c < kCounters; ++c) e.counters[c].store(counters[c], std::memory_order_relaxed);
  e.sequence.store(sequence + 2, std::memory_order_release);
}

}  // namespace pyke::tt
