#include "tt/table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace pyke::tt {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;
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

// Calls `fill(begin, end)` on `threads` slices of [0, count), each on its own thread (the
// calling thread when there is one slice, or the table is small).
template <class Fill>
void for_each_slice(size_t count, int threads, Fill fill) {
  constexpr size_t kMinSlice = size_t{1} << 15;  // 2 MB of buckets: smaller is not worth a thread
  const size_t slices = std::max<size_t>(1, std::min<size_t>(threads, count / kMinSlice));
  if (slices == 1) return fill(0, count);
  std::vector<std::thread> pool;
  for (size_t s = 0; s < slices; ++s) {
    pool.emplace_back(fill, count * s / slices, count * (s + 1) / slices);
  }
  for (std::thread& t : pool) t.join();
}

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
  // Mapped on its own, 2 MB-aligned and advised as huge pages, so that random probes into a large
  // table do not miss the TLB on nearly every access (huge_page_bytes() tells whether the kernel
  // took the advice).
  const size_t bytes = (bucket_count * sizeof(Bucket) + kHugePage - 1) / kHugePage * kHugePage;
  void* mapped =
      mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate a hash table of ", megabytes, " MB"));
  }
  // Trim the mapping to a 2 MB-aligned range of `bytes`.
  const auto start = reinterpret_cast<uintptr_t>(mapped);
  const uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(mapped, aligned - start);
  if (const uintptr_t tail = start + kHugePage - aligned; tail > 0) {
    munmap(reinterpret_cast<void*>(aligned + bytes), tail);
  }
  void* memory = reinterpret_cast<void*>(aligned);
  madvise(memory, bytes, MADV_HUGEPAGE);
  auto* buckets = static_cast<Bucket*>(memory);
  // Constructing the buckets touches every page once, here rather than during the search, and
  // each thread touches the slice it constructs.
  for_each_slice(bucket_count, threads, [buckets](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) new (&buckets[i]) Bucket{};
  });
  return std::unique_ptr<PerftTable>(new PerftTable(buckets, bucket_count, bytes, megabytes));
}

PerftTable::~PerftTable() { munmap(buckets_, bytes_); }

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

std::string PerftTable::huge_page_mode() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  if (!std::getline(in, line)) return "unknown";
  const size_t open = line.find('['), close = line.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return "unknown";
  return line.substr(open + 1, close - open - 1);
}

size_t PerftTable::huge_page_bytes() const {
  std::ifstream in("/proc/self/smaps");
  const auto begin = reinterpret_cast<uintptr_t>(buckets_), end = begin + bytes_;
  bool inside = false;
  size_t kilobytes = 0;
  std::string line;
  while (std::getline(in, line)) {
    // A mapping's header: "7f0000000000-7f0040000000 rw-p 00000000 00:00 0 …".
    const size_t dash = line.find('-'), space = line.find(' ');
    uint64_t from = 0, to = 0;
    if (dash != std::string::npos && space != std::string::npos && dash < space &&
        absl::SimpleHexAtoi(line.substr(0, dash), &from) &&
        absl::SimpleHexAtoi(line.substr(dash + 1, space - dash - 1), &to)) {
      inside = from < end && begin < to;
      continue;
    }
    absl::string_view rest = line;
    uint64_t value = 0;
    if (inside && absl::ConsumePrefix(&rest, "AnonHugePages:") &&
        absl::SimpleAtoi(absl::StripSuffix(absl::StripAsciiWhitespace(rest), " kB"), &value)) {
      kilobytes += value;
    }
  }
  return std::min(bytes_, kilobytes << 10);
}

}  // namespace pyke::tt
