#include "tt/table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pyke::tt {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;
// data = nodes << 22 | check << 6 | depth: 42 bits of count, 16 check bits, 6 bits of depth.
constexpr int kNodesShift = 22;
constexpr uint64_t kNodesLimit = uint64_t{1} << (64 - kNodesShift);
constexpr uint64_t kCheckMask = uint64_t{0xFFFF} << 6;
constexpr uint64_t kDepthMask = 63;

// The 16 bits of the key's low half that an entry keeps, in their place in `data`.
uint64_t check_bits(Key key) { return (low_half(key) << 6) & kCheckMask; }

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

// Calls `fill(begin, end)` on `threads` slices of [0, count), each on its own thread (the
// calling thread when there is one slice, or the table is small).
template <class Fill>
void for_each_slice(size_t count, int threads, Fill fill) {
  constexpr size_t kMinSlice = size_t{1} << 16;  // 2 MB of buckets: smaller is not worth a thread
  const size_t slices = std::max<size_t>(1, std::min<size_t>(threads, count / kMinSlice));
  if (slices == 1) return fill(0, count);
  std::vector<std::thread> pool;
  for (size_t s = 0; s < slices; ++s) {
    pool.emplace_back(fill, count * s / slices, count * (s + 1) / slices);
  }
  for (std::thread& t : pool) t.join();
}

void write(PerftTable::Entry& e, uint64_t key_xor_data, uint64_t data) {
  e.key_xor_data.store(key_xor_data, std::memory_order_relaxed);
  e.data.store(data, std::memory_order_relaxed);
}

bool entry_matches(uint64_t key_xor_data, uint64_t data, Key key) {
  return data != 0 && (key_xor_data ^ data) == high_half(key) &&
         (data & kCheckMask) == check_bits(key);
}

}  // namespace

absl::StatusOr<std::unique_ptr<PerftTable>> PerftTable::create(size_t megabytes, int threads) {
  if (megabytes == 0) return absl::InvalidArgumentError("hash size must be at least 1 MB");
  const size_t limit = std::min(kMaxMegabytes, physical_memory_megabytes());
  if (megabytes > limit) {
    return absl::InvalidArgumentError(
        absl::StrCat("hash size ", megabytes, " MB is more than this machine's ", limit, " MB"));
  }
  absl::StatusOr<std::unique_ptr<PerftTable>> table =
      create_with_buckets((megabytes << 20) / sizeof(Bucket), threads);
  if (table.ok()) (*table)->megabytes_ = megabytes;
  return table;
}

absl::StatusOr<std::unique_ptr<PerftTable>> PerftTable::create_with_buckets(size_t bucket_count,
                                                                             int threads) {
  if (bucket_count == 0) return absl::InvalidArgumentError("a table needs at least one bucket");
  const size_t megabytes = bucket_count * sizeof(Bucket) >> 20;
  // Aligned to 2 MB and advised as huge pages, so that random probes into a large table do not
  // miss the TLB on nearly every access (measured here: start position perft 8 with 4096 MB went
  // from 17.6 s to 11.1 s, with 256 MB from 9.8 s to 8.6 s).
  const size_t bytes = (bucket_count * sizeof(Bucket) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (memory != nullptr) madvise(memory, bytes, MADV_HUGEPAGE);
  if (memory == nullptr) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate a hash table of ", megabytes, " MB"));
  }
  auto* buckets = static_cast<Bucket*>(memory);
  // Constructing the buckets touches every page once, here rather than during the search, and
  // each thread touches the slice it constructs.
  for_each_slice(bucket_count, threads, [buckets](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) new (&buckets[i]) Bucket{};
  });
  return std::unique_ptr<PerftTable>(new PerftTable(buckets, bucket_count, megabytes));
}

PerftTable::~PerftTable() { std::free(buckets_); }

void PerftTable::clear(int threads) {
  for_each_slice(bucket_count_, threads, [this](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      for (Entry* e : {&buckets_[i].deepest, &buckets_[i].recent}) {
        e->key_xor_data.store(0, std::memory_order_relaxed);
        e->data.store(0, std::memory_order_relaxed);
      }
    }
  });
}

bool PerftTable::probe(Key key, uint64_t& nodes) const {
  const Bucket& bucket = buckets_[index(key)];
  for (const Entry* e : {&bucket.deepest, &bucket.recent}) {
    const uint64_t data = e->data.load(std::memory_order_relaxed);
    if (entry_matches(e->key_xor_data.load(std::memory_order_relaxed), data, key)) {
      nodes = data >> kNodesShift;
      return true;
    }
  }
  return false;
}

void PerftTable::store(Key key, int depth, uint64_t nodes) {
  if (nodes >= kNodesLimit) return;  // too big to keep; such nodes are few and near the root
  Bucket& bucket = buckets_[index(key)];
  const uint64_t data = nodes << kNodesShift | check_bits(key) | static_cast<uint64_t>(depth);
  const uint64_t high = high_half(key);
  const uint64_t deepest_data = bucket.deepest.data.load(std::memory_order_relaxed);
  if ((deepest_data & kDepthMask) > static_cast<uint64_t>(depth)) {
    write(bucket.recent, high ^ data, data);
    return;
  }
  // The new result is at least as deep: it takes the first slot, the old one moves to the second.
  write(bucket.recent, bucket.deepest.key_xor_data.load(std::memory_order_relaxed), deepest_data);
  write(bucket.deepest, high ^ data, data);
}

}  // namespace pyke::tt
