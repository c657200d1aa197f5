// table.h — the perft transposition table: remembers the count below a (position, depth) pair.
//
//   absl::StatusOr<std::unique_ptr<PerftTable>> table = PerftTable::create(/*megabytes=*/256);
//   table->store(key, depth, nodes);
//   uint64_t nodes; if (table->probe(key, nodes)) { … }
//
// Layout: 64-byte buckets (one cache line, so one memory access per probe) of four 16-byte
// entries. A bucket is chosen by the key's high half (high × buckets / 2^64), so any whole number
// of buckets works.
//
// Each entry stores `low ^ data` and `data`, where low is the key's low half and data =
// nodes (42 bits) | the low 16 bits of the key's high half | depth (6 bits). A probe accepts an
// entry only if the two words XOR back to the low half and the 16 bits match: 80 bits are
// checked, plus the log2(buckets) bits of the high half that chose the bucket (disjoint from the
// 16 stored ones up to 2^48 buckets), so 80 + log2(buckets) bits in all (104 for 1 GB). The XOR
// also makes entries safe to read while another thread writes them (a torn entry fails the check
// and reads as a miss), without locks. Counts of 2^42 or more are not stored (few nodes, all near
// the root).
//
// Replacement: a store overwrites the shallowest entry of its bucket (an empty one counts as
// depth 0), the oldest among equally shallow ones; entries stay in the order they were stored, so
// each depth keeps its most recent results. A new result is always stored.
#ifndef PYKE_TT_TABLE_H_
#define PYKE_TT_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "movegen/zobrist.h"
#include "tt/internal/buckets.h"

namespace pyke::tt {

// The machine's physical memory in MiB (kMaxMegabytes when the system does not say).
size_t physical_memory_megabytes();

// `pages` pages of `page_size` bytes in whole MiB, rounded down.
size_t megabytes_of_pages(uint64_t pages, uint64_t page_size);

class PerftTable {
 public:
  // The largest size `create` accepts when the machine has that much memory.
  static constexpr size_t kMaxMegabytes = size_t{1} << 20;  // 1 TiB

  static constexpr int kWays = 4;        // entries per bucket
  static constexpr int kNodesBits = 42;  // counts of 2^42 or more are not stored
  static constexpr int kCheckBits = 16;  // bits of the high half stored next to the count
  static constexpr int kStoredKeyBits = 64 + kCheckBits;  // checked besides the bucket index

  // A zeroed table of `megabytes` MiB rounded down to whole buckets. Errors: 0 MB, more than
  // kMaxMegabytes or than the machine's physical memory, or an allocation that fails.
  //
  // `threads` threads construct and clear it, each its own slice, so that on a NUMA machine its
  // pages are spread over the nodes of the threads that will probe it (first touch).
  static absl::StatusOr<std::unique_ptr<PerftTable>> create(size_t megabytes, int threads = 1);

  // A table of exactly `buckets` buckets (at least 1), for tests that need one small enough to
  // collide on almost every store.
  static absl::StatusOr<std::unique_ptr<PerftTable>> create_with_buckets(size_t buckets,
                                                                         int threads = 1);

  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  // Forgets every entry, with `threads` threads.
  void clear(int threads = 1);

  size_t bucket_count() const { return buckets_.count(); }
  size_t megabytes() const { return buckets_.megabytes(); }

  // Bytes of the table that the kernel backs with transparent huge pages right now (read from
  // /proc/self/smaps; 0 when it cannot tell).
  size_t huge_page_bytes() const { return buckets_.huge_page_bytes(); }
  // The system's transparent huge page mode, as /sys/kernel/mm/transparent_hugepage/enabled
  // marks it ("always", "madvise" or "never"; "unknown" when it cannot be read).
  static std::string huge_page_mode();
  // Where the table's huge pages come from: "1 GB pages" (create takes them for a table of 1 GB
  // or more when the system has enough reserved and free), else "transparent_hugepage: MODE".
  std::string huge_page_source() const { return buckets_.huge_page_source(); }

  // `key` must already include the depth (the caller folds its key set's depth[depth] in).
  PYKE_INLINE bool probe(Key key, uint64_t& nodes) const {
    const Bucket& bucket = buckets_.of(key);
    const uint64_t check = check_bits(key), low = low_half(key);
    for (const Entry& e : bucket.entries) {
      const uint64_t data = e.data.load(std::memory_order_relaxed);
      if ((data & kCheckMask) == check && data != 0 &&
          (e.key_xor_data.load(std::memory_order_relaxed) ^ data) == low) {
        nodes = data >> kNodesShift;
        return true;
      }
    }
    return false;
  }
  // False when the count is too big to keep (2^42 or more).
  bool store(Key key, int depth, uint64_t nodes);
  void prefetch(Key key) const { __builtin_prefetch(&buckets_.of(key)); }

  // One remembered count. Public only so that the table's helpers can name it.
  struct Entry {
    std::atomic<uint64_t> key_xor_data;  // the key's low half ^ data
    std::atomic<uint64_t> data;          // nodes << 22 | check bits << 6 | depth
  };
  struct alignas(64) Bucket {
    Entry entries[kWays];  // in the order they were stored, oldest first
  };
  static_assert(sizeof(Bucket) == 64);

  // The bucket `key` belongs to, for tests that forge torn entries.
  Bucket& bucket_for_testing(Key key) { return buckets_.of(key); }

  // data = nodes << kNodesShift | check << kCheckShift | depth.
  static constexpr int kCheckShift = 6;
  static constexpr int kNodesShift = kCheckShift + kCheckBits;
  static_assert(kNodesShift + kNodesBits == 64);
  static constexpr uint64_t kDepthMask = (uint64_t{1} << kCheckShift) - 1;
  static constexpr uint64_t kCheckMask = ((uint64_t{1} << kCheckBits) - 1) << kCheckShift;

  // The key bits an entry keeps besides its low half, in their place in `data`: the lowest
  // kCheckBits of the high half (the bucket index uses its highest bits).
  static constexpr uint64_t check_bits(Key key) {
    return (high_half(key) << kCheckShift) & kCheckMask;
  }

 private:
  explicit PerftTable(internal::Buckets<Bucket> buckets) : buckets_(std::move(buckets)) {}

  internal::Buckets<Bucket> buckets_;
};

}  // namespace pyke::tt

#endif  // PYKE_TT_TABLE_H_
