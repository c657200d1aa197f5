#include "tt/table.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
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

using internal::for_each_slice;

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
  if (absl::Status s = internal::check_megabytes(megabytes, kMaxMegabytes); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<PerftTable>> table =
      create_with_buckets((megabytes << 20) / sizeof(Bucket), threads);
  if (table.ok()) (*table)->megabytes_ = megabytes;
  return table;
}

absl::StatusOr<std::unique_ptr<PerftTable>> PerftTable::create_with_buckets(size_t bucket_count,
                                                                            int threads) {
  if (bucket_count == 0) return absl::InvalidArgumentError("a table needs at least one bucket");
  const size_t megabytes = bucket_count * sizeof(Bucket) >> 20;
  absl::StatusOr<internal::HugeMapping> mapping =
      internal::map_huge_pages(bucket_count * sizeof(Bucket), megabytes);
  if (!mapping.ok()) return mapping.status();
  auto* buckets = static_cast<Bucket*>(mapping->memory);
  // Constructing the buckets touches every page once, here rather than during the search, and
  // each thread touches the slice it constructs.
  for_each_slice(bucket_count, threads, [buckets](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) new (&buckets[i]) Bucket{};
  });
  return std::unique_ptr<PerftTable>(new PerftTable(*mapping, bucket_count, megabytes));
}

PerftTable::~PerftTable() { internal::unmap(mapping_); }

void PerftTable::clear(int threads) {
  for_each_slice(bucket_count_, threads, [this](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      for (Entry& e : buckets_[i].entries) write(e, 0, 0);
    }
  });
}

bool PerftTable::store(Key key, int depth, uint64_t nodes) {
  if (nodes >= kNodesLimit) return false;  // too big to keep; such nodes are few, near the root
  Bucket& bucket = buckets_[index(key)];
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

std::string PerftTable::huge_page_source() const { return internal::huge_page_source(mapping_); }

size_t PerftTable::huge_page_bytes() const {
  return std::min(bucket_count_ * sizeof(Bucket), internal::huge_page_bytes(mapping_));
}

}  // namespace pyke::tt
