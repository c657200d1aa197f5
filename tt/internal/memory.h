// memory.h — the memory under a table: one mapping of 1 GB pages where the system has reserved
// enough of them, else 2 MB-aligned and advised as transparent huge pages; touched by several
// threads at once. Internal to //tt: the tables' buckets (buckets.h) sit on it.
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
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace pyke::tt::internal {

struct HugeMapping {
  void* memory = nullptr;
  size_t bytes = 0;       // a whole number of huge pages
  bool gigantic = false;  // 1 GB pages from the system's reserved pool (hugetlbfs)
};

// The bucket that a key's high half chooses among `buckets` (any whole number of them):
// high × buckets / 2^64, so that the key's top bits pick it.
inline size_t bucket_index(uint64_t high, size_t buckets) {
  return static_cast<size_t>((static_cast<unsigned __int128>(high) * buckets) >> 64);
}

// Checks a requested table size: at least 1 MB, at most `max_megabytes` and the machine's memory.
absl::Status check_megabytes(size_t megabytes, size_t max_megabytes);

// At least `bytes` of zeroed memory (untouched) on huge pages, so that random probes into a large
// table do not miss the TLB on nearly every access. A table of 1 GB or more takes 1 GB pages when
// the system has that many reserved and free (as root:
// `echo 16 > /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages`): 16 of them map 16 GB,
// which transparent 2 MB pages need 8,192 TLB entries for. Otherwise the memory is 2 MB-aligned
// and advised as transparent huge pages, which the kernel may or may not grant. `megabytes` names
// the size in the error when the mapping fails.
absl::StatusOr<HugeMapping> map_huge_pages(size_t bytes, size_t megabytes);

void unmap(const HugeMapping& mapping);

// The system's transparent huge page mode, as /sys/kernel/mm/transparent_hugepage/enabled marks
// it ("always", "madvise" or "never"; "unknown" when it cannot be read).
std::string transparent_huge_page_mode();

// Where `mapping`'s huge pages come from, for a status line: "1 GB pages", or
// "transparent_hugepage: madvise" (the mode).
std::string huge_page_source(const HugeMapping& mapping);

// Bytes of `mapping` that the kernel backs with huge pages right now: all of it for 1 GB pages,
// else what /proc/self/smaps says of transparent huge pages (0 when it cannot tell).
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
