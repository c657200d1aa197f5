#include "tt/move_stats_table.h"

#include <new>

#include "absl/status/status.h"
#include "tt/internal/memory.h"

namespace pyke::tt {

absl::StatusOr<std::unique_ptr<MoveStatsTable>> MoveStatsTable::create(size_t megabytes,
                                                                       int threads) {
  if (absl::Status s = internal::check_megabytes(megabytes, kMaxMegabytes); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<MoveStatsTable>> table =
      create_with_buckets((megabytes << 20) / sizeof(Bucket), threads);
  if (table.ok()) (*table)->megabytes_ = megabytes;
  return table;
}

absl::StatusOr<std::unique_ptr<MoveStatsTable>> MoveStatsTable::create_with_buckets(
    size_t bucket_count, int threads) {
  if (bucket_count == 0) return absl::InvalidArgumentError("a table needs at least one bucket");
  const size_t megabytes = bucket_count * sizeof(Bucket) >> 20;
  absl::StatusOr<internal::HugeMapping> mapping =
      internal::map_huge_pages(bucket_count * sizeof(Bucket), megabytes);
  if (!mapping.ok()) return mapping.status();
  auto* buckets = static_cast<Bucket*>(mapping->memory);
  // Four 64-byte lines a bucket: slices of a quarter as many buckets touch as much memory.
  internal::for_each_slice(bucket_count * 4, threads, [buckets](size_t begin, size_t end) {
    for (size_t i = (begin + 3) / 4; i < (end + 3) / 4; ++i) new (&buckets[i]) Bucket{};
  });
  return std::unique_ptr<MoveStatsTable>(new MoveStatsTable(*mapping, bucket_count, megabytes));
}

MoveStatsTable::~MoveStatsTable() { internal::unmap(mapping_); }

void MoveStatsTable::clear(int threads) {
  Bucket* buckets = buckets_;
  internal::for_each_slice(bucket_count_ * 4, threads, [buckets](size_t begin, size_t end) {
    for (size_t i = (begin + 3) / 4; i < (end + 3) / 4; ++i) {
      for (Entry& e : buckets[i].entries) {
        // Even and advanced: a reader that raced with the old contents sees a changed number.
        e.sequence.store(e.sequence.load(std::memory_order_relaxed) + 2, std::memory_order_relaxed);
        e.depth.store(0, std::memory_order_relaxed);
      }
    }
  });
}

bool MoveStatsTable::probe(Key key, Counters& counters) const {
  const Bucket& bucket = buckets_[index(key)];
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
  Bucket& bucket = buckets_[index(key)];
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
