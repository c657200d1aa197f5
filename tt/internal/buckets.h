// buckets.h — the buckets of a table: one mapping on huge pages (memory.h), constructed and
// cleared by several threads, and the bucket a key chooses. Internal to //tt: PerftTable (64-byte
// buckets of four counts) and MoveStatsTable (256-byte buckets of two sets of statistics) each
// hold one, and differ only in what a bucket holds and how it is probed and replaced.
//
//   absl::StatusOr<Buckets<Bucket>> b = Buckets<Bucket>::create_megabytes(1024, kMax, threads);
//   Bucket& bucket = b->of(key);                          // chosen by the key's high half
//   b->for_each(threads, [](Bucket& bucket) { … });       // clear, each thread a slice
#ifndef PYKE_TT_INTERNAL_BUCKETS_H_
#define PYKE_TT_INTERNAL_BUCKETS_H_

#include <algorithm>
#include <cstddef>
#include <new>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/zobrist.h"
#include "tt/internal/memory.h"

namespace pyke::tt::internal {

template <class Bucket>
class Buckets {
 public:
  // 64-byte cache lines a bucket spans: the threads that construct and clear the table are given
  // slices of lines, so that each touches as much memory whatever the bucket's size.
  static constexpr size_t kLines = sizeof(Bucket) / 64;
  static_assert(sizeof(Bucket) % 64 == 0 && alignof(Bucket) <= 4096);

  // `megabytes` MiB (checked: at least 1, at most `max_megabytes` and the machine's memory) of
  // whole buckets, each constructed, by `threads` threads.
  static absl::StatusOr<Buckets> create_megabytes(size_t megabytes, size_t max_megabytes,
                                                  int threads) {
    if (absl::Status s = check_megabytes(megabytes, max_megabytes); !s.ok()) return s;
    absl::StatusOr<Buckets> buckets = create((megabytes << 20) / sizeof(Bucket), threads);
    if (buckets.ok()) buckets->megabytes_ = megabytes;
    return buckets;
  }

  // Exactly `count` buckets (at least 1), for tests that want collisions.
  static absl::StatusOr<Buckets> create(size_t count, int threads) {
    if (count == 0) return absl::InvalidArgumentError("a table needs at least one bucket");
    const size_t megabytes = count * sizeof(Bucket) >> 20;
    absl::StatusOr<HugeMapping> mapping = map_huge_pages(count * sizeof(Bucket), megabytes);
    if (!mapping.ok()) return mapping.status();
    Buckets buckets(*mapping, count, megabytes);
    // Constructing the buckets touches every page once, here rather than during the search, and
    // each thread touches the slice it constructs.
    buckets.for_each(threads, [](Bucket& bucket) { new (&bucket) Bucket{}; });
    return buckets;
  }

  Buckets(Buckets&& other) noexcept
      : memory_(std::exchange(other.memory_, nullptr)),
        count_(other.count_),
        mapping_(std::exchange(other.mapping_, HugeMapping{})),
        megabytes_(other.megabytes_) {}
  Buckets& operator=(Buckets&&) = delete;
  ~Buckets() {
    if (memory_ != nullptr) unmap(mapping_);
  }

  // The bucket `key` belongs to: its high half picks it (bucket_index).
  Bucket& of(Key key) const { return memory_[bucket_index(high_half(key), count_)]; }
  Bucket& at(size_t index) const { return memory_[index]; }

  // Calls `visit(bucket)` on every bucket, `threads` threads each a slice.
  template <class Visit>
  void for_each(int threads, Visit visit) const {
    Bucket* memory = memory_;
    for_each_slice(count_ * kLines, threads, [memory, &visit](size_t begin, size_t end) {
      for (size_t i = (begin + kLines - 1) / kLines; i < (end + kLines - 1) / kLines; ++i) {
        visit(memory[i]);
      }
    });
  }

  size_t count() const { return count_; }
  size_t megabytes() const { return megabytes_; }
  // Bytes of the buckets that the kernel backs with huge pages right now (memory.h).
  size_t huge_page_bytes() const {
    return std::min(count_ * sizeof(Bucket), internal::huge_page_bytes(mapping_));
  }
  // "1 GB pages" or "transparent_hugepage: MODE" (memory.h).
  std::string huge_page_source() const { return internal::huge_page_source(mapping_); }

 private:
  Buckets(HugeMapping mapping, size_t count, size_t megabytes)
      : memory_(static_cast<Bucket*>(mapping.memory)),
        count_(count),
        mapping_(mapping),
        megabytes_(megabytes) {}

  Bucket* memory_;
  size_t count_;
  HugeMapping mapping_;
  size_t megabytes_;
};

}  // namespace pyke::tt::internal

#endif  // PYKE_TT_INTERNAL_BUCKETS_H_
