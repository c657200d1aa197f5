// memory.h — the memory under a table: one mapping, 2 MB-aligned, advised as huge pages, and
// touched by several threads at once. Internal to //tt: PerftTable and MoveStatsTable use it.
//
//   absl::StatusOr<HugeMapping> m = map_huge_pages(bytes, /*megabytes=*/1024);
//   for_each_slice(count, threads, [&](size_t begin, size_t end) { /* construct [begin, end) */ });
//   size_t backed = huge_page_bytes(*m);   // what the kernel backs with huge pages now
//   size_t b = bucket_index(high_half(key), bucket_count);
//   unmap(*m);
#ifndef PYKE_TT_INTERNAL_MEMORY_H_
#define PYKE_TT_INTERNAL_MEMORY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace pyke::tt::internal {

struct HugeMapping {
  void* memory = nullptr;
  size_t bytes = 0;  // a whole number of huge pages
};

// The bucket that a key's high half chooses among `buckets` (any whole number of them):
// high × buckets / 2^64, so that the key's top bits pick it.
inline size_t bucket_index(uint64_t high, size_t buckets) {
  return static_cast<size_t>((static_cast<unsigned __int128>(high) * buckets) >> 64);
}

// Checks a requested table size: at least 1 MB, at most `max_megabytes` and the machine's memory.
absl::Status check_megabytes(size_t megabytes, size_t max_megabytes);

// At least `bytes` of zeroed memory (untouched), 2 MB-aligned and advised as huge pages, so that
// random probes into a large table do not miss the TLB on nearly every access. `megabytes` names
// the size in the error when the mapping fails.
absl::StatusOr<HugeMapping> map_huge_pages(size_t bytes, size_t megabytes);

void unmap(const HugeMapping& mapping);

// Bytes of `mapping` that the kernel backs with transparent huge pages right now (read from
// /proc/self/smaps; 0 when it cannot tell).
size_t huge_page_bytes(const HugeMapping& mapping);

// Calls `fill(begin, end)` on `threads` slices of [0, count), each on its own thread (the
// calling thread when there is one slice, or the table is small), so that on a NUMA machine a
// table's pages spread over the nodes of the threads that will probe it (first touch).
template <class Fill>
void for_each_slice(size_t count, int threads, Fill fill) {
  constexpr size_t kMinSlice = size_t{1} << 15;  // 2 MB of 64-byte buckets: less is not worth it
  const size_t slices = std::max<size_t>(1, std::min<size_t>(threads, count / kMinSlice));
  if (slices == 1) return fill(0, count);
  std::vector<std::thread> pool;
  for (size_t s = 0; s < slices; ++s) {
    pool.emplace_back(fill, count * s / slices, count * (s + 1) / slices);
  }
  for (std::thread& t : pool) t.join();
}

}  // namespace pyke::tt::internal

#endif  // PYKE_TT_INTERNAL_MEMORY_H_
