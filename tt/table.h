// table.h — the perft transposition table: remembers the count below a (position, depth) pair.
//
//   absl::StatusOr<std::unique_ptr<PerftTable>> table = PerftTable::create(/*megabytes=*/256);
//   table->store(key, depth, nodes);
//   uint64_t nodes; if (table->probe(key, depth, nodes)) { … }
//
// Layout: 32-byte buckets of two 16-byte entries. The first entry keeps the deepest result seen
// (the most work saved), the second is always replaced. A bucket is chosen by the key's high half
// (high × buckets / 2^64), so any whole number of buckets works.
//
// Each entry stores `high ^ data` and `data`, where data = nodes (42 bits) | 16 bits of the key's
// low half | depth (6 bits). A probe accepts an entry only if the two words XOR back to the high
// half and the 16 low bits match: 80 bits of key are checked. The XOR also makes entries safe to
// read while another thread writes them (a torn entry fails the check and reads as a miss),
// without locks. Counts of 2^42 or more are not stored (few nodes, all near the root).
#ifndef PYKE_TT_TABLE_H_
#define PYKE_TT_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "tt/zobrist.h"

namespace pyke::tt {

// The machine's physical memory in MiB (kMaxMegabytes when the system does not say).
size_t physical_memory_megabytes();

// `pages` pages of `page_size` bytes in whole MiB, rounded down.
size_t megabytes_of_pages(uint64_t pages, uint64_t page_size);

class PerftTable {
 public:
  // The largest size `create` accepts when the machine has that much memory.
  static constexpr size_t kMaxMegabytes = size_t{1} << 20;  // 1 TiB

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

  ~PerftTable();
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  // Forgets every entry, with `threads` threads.
  void clear(int threads = 1);

  size_t bucket_count() const { return bucket_count_; }
  size_t megabytes() const { return megabytes_; }

  // `key` must already include the depth (the caller folds kZobrist.depth[depth] in).
  bool probe(Key key, uint64_t& nodes) const;
  void store(Key key, int depth, uint64_t nodes);
  void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }

  // One remembered count. Public only so that the table's helpers can name it.
  struct Entry {
    std::atomic<uint64_t> key_xor_data;  // the key's high half ^ data
    std::atomic<uint64_t> data;          // nodes << 22 | 16 bits of the key's low half << 6 | depth
  };
  struct alignas(32) Bucket {
    Entry deepest;
    Entry recent;
  };
  static_assert(sizeof(Bucket) == 32);

 private:
  PerftTable(Bucket* buckets, size_t bucket_count, size_t megabytes)
      : buckets_(buckets), bucket_count_(bucket_count), megabytes_(megabytes) {}

  size_t index(Key key) const {
    return static_cast<size_t>(
        (static_cast<unsigned __int128>(high_half(key)) * bucket_count_) >> 64);
  }

  Bucket* buckets_;
  size_t bucket_count_;
  size_t megabytes_;
};

}  // namespace pyke::tt

#endif  // PYKE_TT_TABLE_H_
