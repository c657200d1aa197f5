#include "tt/table.h"

#include <unistd.h>

#include <string>
#include <utility>

#include "tt/internal/buckets.h"
#include "tt/internal/memory.h"

namespace pyke::tt {
namespace {

constexpr uint64_t kNodesLimit = uint64_t{1} << PerftTable::kNodesBits;

}  // namespace

size_t physical_memory_megabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return PerftTable::kMaxMegabytes;  // unknown: no limit
  return megabytes_of_pages(static_cast<uint64_t>(pages), static_cast<uint64_t>(page_size));
}

size_t megabytes_of_pages(uint64_t pages, uint64_t page_size) {
  // Multiply first, in 128 bits: dividing the page count by 2^20 first would drop up to 4 GiB.
  return static_cast<size_t>((static_cast<unsigned __int128>(pages) * page_size) >> 20);
}

namespace {

// Writers store the XOR word first and readers load `data` first; with relaxed atomics neither
// order is guaranteed, and neither is needed: any mix of two writes fails the XOR check.
void write(PerftTable::Entry& e, uint64_t key_xor_data, uint64_t data) {
  e.key_xor_data.store(key_xor_data, std::memory_order_relaxed);
  e.data.store(data, std::memory_order_relaxed);
}

// How much an entry is worth keeping: its depth (0 for an empty entry). Replacing the smallest
// count instead (MPerft's rule) lost slightly more depth-2 results at perft 9 with 1 GB
// (110.4 against 109.5 million recounted).
uint64_t worth(uint64_t data) { return data & PerftTable::kDepthMask; }

}  // namespace

absl::StatusOr<std::unique_ptr<PerftTable>> PerftTable::create(size_t megabytes, int threads) {
  absl::StatusOr<internal::Buckets<Bucket>> buckets =
      internal::Buckets<Bucket>::create_megabytes(megabytes, kMaxMegabytes, threads);
  if (!buckets.ok()) return buckets.status();
  return std::unique_ptr<PerftTable>(new PerftTable(std::move(*buckets)));
}

absl::StatusOr<std::unique_ptr<PerftTable>> PerftTable::create_with_buckets(size_t bucket_count,
                                                                            int threads) {
  absl::StatusOr<internal::Buckets<Bucket>> buckets =
      internal::Buckets<Bucket>::create(bucket_count, threads);
  if (!buckets.ok()) return buckets.status();
  return std::unique_ptr<PerftTable>(new PerftTable(std::move(*buckets)));
}

void PerftTable::clear(int threads) {
  buckets_.for_each(threads, [](Bucket& bucket) {
    for (Entry& e : bucket.entries) write(e, 0, 0);
  });
}

bool PerftTable::store(Key key, int depth, uint64_t nodes) {
  if (nodes >= kNodesLimit) return false;  // too big to keep; such nodes are few, near the root
  Bucket& bucket = buckets_.of(key);
  const uint64_t data = nodes << kNodesShift | check_bits(key) | static_cast<uint64_t>(depth);
  const uint64_t key_xor_data = low_half(key) ^ data;
  // The victim: the least worth keeping, the oldest (first) among equals.
  int victim = 0;
  uint64_t victim_worth = ~uint64_t{0};
  for (int w = 0; w < kWays; ++w) {
    const uint64_t d = bucket.entries[w].data.load(std::memory_order_relaxed);
    const uint64_t value = worth(d);
    if (value < victim_worth) {
      victim = w;
      victim_worth = value;
    }
  }
  // Entries after the victim move up one place and the new one goes last, so that the bucket
  // stays in the order of storing. (A reader racing with the move may miss an entry: a miss is
  // always safe.)
  for (int w = victim; w + 1 < kWays; ++w) {
    Entry& to = bucket.entries[w];
    const Entry& from = bucket.entries[w + 1];
    write(to, from.key_xor_data.load(std::memory_order_relaxed),
          from.data.load(std::memory_order_relaxed));
  }
  write(bucket.entries[kWays - 1], key_xor_data, data);
  return true;
}

std::string PerftTable::huge_page_mode() { return internal::transparent_huge_page_mode(); }

}  // namespace pyke::tt
