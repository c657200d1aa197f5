// move_stats_table.h — the table of perft statistics: remembers the nine counters (perft/stats.h)
// below a (position, depth) pair, as PerftTable remembers the count.
//
//   absl::StatusOr<std::unique_ptr<MoveStatsTable>> table = MoveStatsTable::create(1024);
//   table->store(key, depth, counters);
//   MoveStatsTable::Counters counters; if (table->probe(key, counters)) { … }
//
// A second table rather than wider entries in PerftTable: an entry here is 104 bytes (the key,
// the depth, a sequence number and nine 64-bit counters), one there 16, and the plain table's
// speed depends on four entries sharing a cache line.
//
// Layout: 256-byte buckets (four cache lines) of two 128-byte entries, chosen by the key's high
// half as in PerftTable. An entry keeps the whole 128-bit key (the caller has folded the depth in),
// so a probe checks 128 bits besides the bucket index. Way 0 keeps the deeper result: a store
// replaces it when it is at least as deep; otherwise way 1, which always takes the newest.
//
// Threads share the table without locks: each entry has a sequence number, odd while a writer
// fills it. A writer takes the entry by raising the number to odd (a compare-and-swap; a writer
// that loses the race stores nothing), writes, and raises it to even; a reader accepts what it
// read only when the number was even and unchanged around its reads, so a torn entry is a miss.
#ifndef PYKE_TT_MOVE_STATS_TABLE_H_
#define PYKE_TT_MOVE_STATS_TABLE_H_

#include <array>
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

class MoveStatsTable {
 public:
  static constexpr size_t kMaxMegabytes = size_t{1} << 20;  // 1 TiB
  static constexpr int kWays = 2;
  static constexpr int kCounters = 9;
  using Counters = std::array<uint64_t, kCounters>;

  // A zeroed table of `megabytes` MiB rounded down to whole buckets, constructed by `threads`
  // threads. Errors as PerftTable::create.
  static absl::StatusOr<std::unique_ptr<MoveStatsTable>> create(size_t megabytes, int threads = 1);
  // A table of exactly `buckets` buckets (at least 1), for tests that want collisions.
  static absl::StatusOr<std::unique_ptr<MoveStatsTable>> create_with_buckets(size_t buckets,
                                                                             int threads = 1);

  MoveStatsTable(const MoveStatsTable&) = delete;
  MoveStatsTable& operator=(const MoveStatsTable&) = delete;

  // Forgets every entry, with `threads` threads (not while a count runs).
  void clear(int threads = 1);

  size_t bucket_count() const { return buckets_.count(); }
  size_t megabytes() const { return buckets_.megabytes(); }
  size_t huge_page_bytes() const { return buckets_.huge_page_bytes(); }
  // "1 GB pages" or "transparent_hugepage: MODE", as PerftTable::huge_page_source.
  std::string huge_page_source() const { return buckets_.huge_page_source(); }

  // `key` must already include the depth (the caller folds kZobrist.depth[depth] in).
  bool probe(Key key, Counters& counters) const;
  void store(Key key, int depth, const Counters& counters);
  void prefetch(Key key) const {
    const char* bucket = reinterpret_cast<const char*>(&buckets_.of(key));
    for (size_t line = 0; line < internal::Buckets<Bucket>::kLines; ++line) {
      __builtin_prefetch(bucket + 64 * line);  // every cache line of the bucket
    }
  }

  struct alignas(128) Entry {
    std::atomic<uint64_t> sequence;  // odd while a writer fills the entry
    std::atomic<uint64_t> key_high;
    std::atomic<uint64_t> key_low;
    std::atomic<uint64_t> depth;  // 0: empty
    std::array<std::atomic<uint64_t>, kCounters> counters;
  };
  struct Bucket {
    Entry entries[kWays];
  };
  static_assert(sizeof(Bucket) == 256);

 private:
  explicit MoveStatsTable(internal::Buckets<Bucket> buckets) : buckets_(std::move(buckets)) {}

  internal::Buckets<Bucket> buckets_;
};

}  // namespace pyke::tt

#endif  // PYKE_TT_MOVE_STATS_TABLE_H_
