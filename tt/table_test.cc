// The table keeps and finds counts, checks every key bit it claims to, replaces the shallowest
// and oldest entry, reads torn entries as misses, survives threads racing on one bucket, and
// refuses absurd sizes; the statistics table keeps and forgets its nine counters; the buckets
// under both are constructed and cleared once each by any number of threads; Zobrist keys made
// incrementally equal keys made from scratch.
#include "tt/table.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "tests/positions.h"
#include "tt/internal/buckets.h"
#include "tt/move_stats_table.h"

namespace pyke::tt {
namespace {

// A key in bucket `bucket` of a table of 2^`log2_buckets` buckets, with the given low half and
// stored check bits (the lowest 16 of the high half).
Key make_key(uint64_t bucket, int log2_buckets, uint64_t low, uint64_t check = 0,
             uint64_t middle = 0) {
  const uint64_t top = log2_buckets == 0 ? 0 : bucket << (64 - log2_buckets);
  return Key{top | middle << 16 | check} << 64 | low;
}

TEST(PerftTable, StoresAndFindsACount) {
  auto table = PerftTable::create(1);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ((*table)->bucket_count(), (1u << 20) / 64);
  uint64_t nodes = 0;
  EXPECT_FALSE((*table)->probe(0x1234, nodes));
  EXPECT_TRUE((*table)->store(0x1234, 3, 8902));
  ASSERT_TRUE((*table)->probe(0x1234, nodes));
  EXPECT_EQ(nodes, 8902u);
  EXPECT_FALSE((*table)->probe(0x1235, nodes));
  (*table)->clear();
  EXPECT_FALSE((*table)->probe(0x1234, nodes));
}

TEST(PerftTable, ABucketIsOneCacheLineOfFourEntries) {
  EXPECT_EQ(sizeof(PerftTable::Bucket), 64u);
  EXPECT_EQ(alignof(PerftTable::Bucket), 64u);
  EXPECT_EQ(PerftTable::kWays, 4);
  auto table = PerftTable::create(64);
  ASSERT_TRUE(table.ok());
  EXPECT_EQ((*table)->bucket_count(), (size_t{64} << 20) / 64);
}

TEST(PerftTable, ZeroCountsAreStoredToo) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  uint64_t nodes = 1;
  (*table)->store(0, 2, 0);  // a mate two plies deep: no leaves; key 0 and count 0 still work
  ASSERT_TRUE((*table)->probe(0, nodes));
  EXPECT_EQ(nodes, 0u);
}

TEST(PerftTable, ReplacesTheShallowestThenTheOldest) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  uint64_t nodes = 0;
  t.store(1, 2, 102);
  t.store(2, 5, 502);
  t.store(3, 2, 103);
  t.store(4, 3, 304);  // the bucket is full: 1 (d2), 2 (d5), 3 (d2), 4 (d3)
  for (Key k : {1, 2, 3, 4}) EXPECT_TRUE(t.probe(k, nodes)) << static_cast<int>(k);
  t.store(5, 4, 405);  // evicts 1: the shallowest, and older than 3
  EXPECT_FALSE(t.probe(1, nodes));
  t.store(6, 2, 106);  // evicts 3: now the only entry of depth 2
  EXPECT_FALSE(t.probe(3, nodes));
  t.store(7, 2, 107);  // evicts 6, the shallowest (with depth 2 and 2 the oldest)
  EXPECT_FALSE(t.probe(6, nodes));
  for (auto [k, want] : {std::pair<Key, uint64_t>{2, 502}, {4, 304}, {5, 405}, {7, 107}}) {
    ASSERT_TRUE(t.probe(k, nodes)) << static_cast<int>(k);
    EXPECT_EQ(nodes, want);
  }
}

TEST(PerftTable, KeepsTheMostRecentResultsOfADepth) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  uint64_t nodes = 0;
  for (Key k = 1; k <= 10; ++k) t.store(k, 2, 100 + static_cast<uint64_t>(k));
  for (Key k = 1; k <= 6; ++k) EXPECT_FALSE(t.probe(k, nodes)) << static_cast<int>(k);
  for (Key k = 7; k <= 10; ++k) {
    ASSERT_TRUE(t.probe(k, nodes)) << static_cast<int>(k);
    EXPECT_EQ(nodes, 100 + static_cast<uint64_t>(k));
  }
}

TEST(PerftTable, ANewResultIsAlwaysStored) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  uint64_t nodes = 0;
  for (Key k = 1; k <= 4; ++k) t.store(k, 9, 1000);
  EXPECT_TRUE(t.store(5, 2, 30));  // shallower than all four: evicts the oldest deep one
  EXPECT_TRUE(t.probe(5, nodes));
  EXPECT_FALSE(t.probe(1, nodes));
  for (Key k = 2; k <= 4; ++k) EXPECT_TRUE(t.probe(k, nodes));
}

TEST(PerftTable, ChecksEveryStoredKeyBitAndTheBucketBits) {
  // 2^3 buckets: the top 3 bits of the high half choose the bucket, the lowest 16 are stored with
  // the count, and the low half is stored whole: 3 + 16 + 64 = 83 bits checked. The 45 bits in
  // between are the only ones a probe cannot tell apart.
  constexpr int kLog2Buckets = 3;
  auto table = PerftTable::create_with_buckets(size_t{1} << kLog2Buckets);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  const Key key = make_key(5, kLog2Buckets, 0x0123456789ABCDEF, 0xBEEF, 0x1234567);
  ASSERT_TRUE(t.store(key, 4, 197281));
  uint64_t nodes = 0;
  ASSERT_TRUE(t.probe(key, nodes));
  EXPECT_EQ(nodes, 197281u);
  int checked = 0;
  for (int bit = 0; bit < 128; ++bit) {
    const bool found = t.probe(key ^ (Key{1} << bit), nodes);
    const int high_bit = bit - 64;
    const bool unchecked = high_bit >= PerftTable::kCheckBits && high_bit < 64 - kLog2Buckets;
    EXPECT_EQ(found, unchecked) << "bit " << bit;
    checked += !found;
  }
  EXPECT_EQ(checked, PerftTable::kStoredKeyBits + kLog2Buckets);
  EXPECT_EQ(PerftTable::kStoredKeyBits, 80);
}

TEST(PerftTable, ChecksTheStoredBitsInAOneBucketTable) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  const Key key = Key{0xABCDEF} << 64 | 0x12345;
  (*table)->store(key, 4, 4085603);
  uint64_t nodes = 0;
  EXPECT_TRUE((*table)->probe(key, nodes));
  EXPECT_EQ(nodes, 4085603u);
  // Same bucket, other low bits, or other stored high bits: a different position.
  EXPECT_FALSE((*table)->probe(key ^ (Key{1} << 10), nodes));
  EXPECT_FALSE((*table)->probe(key ^ (Key{1} << 63), nodes));
  EXPECT_FALSE((*table)->probe(key ^ (Key{1} << 64), nodes));
  EXPECT_FALSE((*table)->probe(key ^ (Key{1} << 79), nodes));
}

// A torn entry: the XOR word of one write with the data word of another. It must read as a miss
// for both keys (and for any other), whatever the counts and check bits.
TEST(PerftTable, ATornEntryReadsAsAMiss) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  uint64_t state = 12345;
  for (int trial = 0; trial < 2000; ++trial) {
    t.clear();
    const Key a = next_random_key(state);
    Key b = next_random_key(state);
    // Half the trials: b shares a's stored check bits, so only the XOR word can tell.
    if (trial % 2 == 0) b = (b & ~(Key{0xFFFF} << 64)) | (a & (Key{0xFFFF} << 64));
    const uint64_t na = splitmix64(state) >> 30, nb = splitmix64(state) >> 30;
    const int da = 2 + trial % 7, db = 2 + trial % 5;
    // Each key's entry as its own write would leave it…
    t.store(a, da, na);
    PerftTable::Entry& slot = t.bucket_for_testing(a).entries[PerftTable::kWays - 1];
    const uint64_t a_xor = slot.key_xor_data.load(), a_data = slot.data.load();
    t.store(b, db, nb);
    const uint64_t b_xor = slot.key_xor_data.load(), b_data = slot.data.load();
    ASSERT_NE(a_data, b_data);
    uint64_t nodes = 0;
    // …then forge the mixes, alone in the bucket.
    for (auto [x, d] : {std::pair{a_xor, b_data}, std::pair{b_xor, a_data}}) {
      t.clear();
      slot.key_xor_data.store(x);
      slot.data.store(d);
      EXPECT_FALSE(t.probe(a, nodes)) << "trial " << trial;
      EXPECT_FALSE(t.probe(b, nodes)) << "trial " << trial;
    }
    // A half-written entry (one word still zero) is a miss too.
    for (auto [x, d] : {std::pair{b_xor, uint64_t{0}}, std::pair{uint64_t{0}, b_data}}) {
      t.clear();
      slot.key_xor_data.store(x);
      slot.data.store(d);
      EXPECT_FALSE(t.probe(b, nodes)) << "trial " << trial;
    }
    // The genuine words read back.
    slot.key_xor_data.store(b_xor);
    slot.data.store(b_data);
    ASSERT_TRUE(t.probe(b, nodes));
    EXPECT_EQ(nodes, nb);
  }
}

TEST(PerftTable, ThreadsWritingOneBucketNeverReadAWrongCount) {
  // Every key's count is a function of the key, so any hit can be checked. Four threads store
  // and probe keys that all share two buckets, racing on the same entries.
  auto table = PerftTable::create_with_buckets(2);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  const auto count_of = [](Key key) {
    return static_cast<uint64_t>(key * 0x9E3779B97F4A7C15ULL) >> 24;
  };
  std::atomic<int> wrong{0}, hits{0};
  std::vector<std::thread> threads;
  for (int id = 0; id < 4; ++id) {
    threads.emplace_back([&, id] {
      uint64_t state = 77 + id;
      for (int i = 0; i < 200000; ++i) {
        const Key key = next_random_key(state) % 64 + 1;  // 64 keys, stores evict each other
        const Key full = key * 0x0101010101010101ULL << 64 | key;
        uint64_t nodes = 0;
        if (t.probe(full, nodes)) {
          hits.fetch_add(1, std::memory_order_relaxed);
          if (nodes != count_of(key)) wrong.fetch_add(1, std::memory_order_relaxed);
        } else {
          t.store(full, 2 + static_cast<int>(key % 5), count_of(key));
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(hits.load(), 0);
}

TEST(PerftTable, CountsTooBigToKeepAreNotStored) {
  auto table = PerftTable::create_with_buckets(4);
  ASSERT_TRUE(table.ok());
  uint64_t nodes = 0;
  EXPECT_FALSE((*table)->store(77, 12, uint64_t{1} << 50));
  EXPECT_FALSE((*table)->probe(77, nodes));
  EXPECT_FALSE((*table)->store(78, 12, uint64_t{1} << PerftTable::kNodesBits));
  EXPECT_FALSE((*table)->probe(78, nodes));
  const uint64_t largest = (uint64_t{1} << PerftTable::kNodesBits) - 1;
  EXPECT_TRUE((*table)->store(79, 63, largest));
  ASSERT_TRUE((*table)->probe(79, nodes));
  EXPECT_EQ(nodes, largest);
}

TEST(PerftTable, SaysWhetherHugePagesTook) {
  auto table = PerftTable::create(8);
  ASSERT_TRUE(table.ok());
  // Whether the kernel grants huge pages depends on the machine; the answer must be sane.
  EXPECT_LE((*table)->huge_page_bytes(), size_t{8} << 20);
  const std::string mode = PerftTable::huge_page_mode();
  EXPECT_TRUE(mode == "always" || mode == "madvise" || mode == "never" || mode == "unknown")
      << mode;
  if (mode == "never") EXPECT_EQ((*table)->huge_page_bytes(), 0u);
}

// A table of 1 GB or more takes 1 GB pages when the system has them reserved and free (free
// ones are read here, as the kernel counts them); otherwise transparent huge pages, as above.
TEST(PerftTable, TakesReservedGigabytePagesWhenFree) {
  std::ifstream in("/sys/kernel/mm/hugepages/hugepages-1048576kB/free_hugepages");
  size_t free_pages = 0;
  const bool known = static_cast<bool>(in >> free_pages);
  auto table = PerftTable::create(1536);  // one and a half: the mapping rounds up to 2 GB
  ASSERT_TRUE(table.ok()) << table.status();
  const std::string source = (*table)->huge_page_source();
  if (known && free_pages >= 2) {
    EXPECT_EQ(source, "1 GB pages");
    EXPECT_EQ((*table)->huge_page_bytes(), size_t{1536} << 20) << "the table's share only";
  } else {
    EXPECT_EQ(source, "transparent_hugepage: " + PerftTable::huge_page_mode());
    EXPECT_LE((*table)->huge_page_bytes(), size_t{1536} << 20);
  }
  // Either way the memory is a working table: every bucket zeroed, stores read back.
  uint64_t nodes = 0;
  EXPECT_FALSE((*table)->probe(12345, nodes));
  ASSERT_TRUE((*table)->store(12345, 5, 678));
  ASSERT_TRUE((*table)->probe(12345, nodes));
  EXPECT_EQ(nodes, 678u);
}

// Buckets of 1 and of 4 cache lines, visited by 1 to 7 threads: for_each slices cache lines, so
// a slice boundary inside a bucket must give that bucket to exactly one thread.
template <size_t Bytes>
struct alignas(64) CountingBucket {
  std::atomic<int> visits{0};
  char padding[Bytes - sizeof(std::atomic<int>)];
};

template <class Bucket>
void expect_each_bucket_visited_once(size_t count) {
  for (int threads : {1, 2, 3, 7}) {
    auto buckets = internal::Buckets<Bucket>::create(count, threads);
    ASSERT_TRUE(buckets.ok()) << buckets.status();
    buckets->for_each(threads, [](Bucket& b) { b.visits.fetch_add(1); });
    for (size_t i = 0; i < count; ++i) {
      ASSERT_EQ(buckets->at(i).visits.load(), 1) << "bucket " << i << ", " << threads << " threads";
    }
  }
}

TEST(Buckets, ThreadsVisitEveryBucketOnce) {
  // Slices are at least 2^15 cache lines: these make several, and uneven ones.
  expect_each_bucket_visited_once<CountingBucket<64>>((size_t{1} << 17) + 5);
  expect_each_bucket_visited_once<CountingBucket<256>>((size_t{1} << 15) + 3);
  expect_each_bucket_visited_once<CountingBucket<256>>(1);
}

TEST(Buckets, AKeyChoosesItsBucketByItsHighHalf) {
  auto buckets = internal::Buckets<CountingBucket<64>>::create(4, 1);
  ASSERT_TRUE(buckets.ok());
  EXPECT_EQ(&buckets->of(make_key(0, 2, 7)), &buckets->at(0));
  EXPECT_EQ(&buckets->of(make_key(3, 2, 7)), &buckets->at(3));
  EXPECT_EQ(buckets->megabytes(), 0u);
  EXPECT_FALSE(internal::Buckets<CountingBucket<64>>::create(0, 1).ok());
}

TEST(MoveStatsTable, StoresFindsAndForgetsTheCounters) {
  for (int threads : {1, 3}) {
    auto table = MoveStatsTable::create(64, threads);
    ASSERT_TRUE(table.ok()) << table.status();
    EXPECT_EQ((*table)->megabytes(), 64u);
    EXPECT_EQ((*table)->bucket_count(), (size_t{64} << 20) / 256);
    const MoveStatsTable::Counters stored = {197281, 1576, 0, 0, 0, 469, 8, 0, 12};
    MoveStatsTable::Counters found{};
    EXPECT_FALSE((*table)->probe(0x1234, found));
    (*table)->store(0x1234, 4, stored);
    ASSERT_TRUE((*table)->probe(0x1234, found));
    EXPECT_EQ(found, stored);
    EXPECT_FALSE((*table)->probe(0x1235, found));
    (*table)->clear(threads);
    EXPECT_FALSE((*table)->probe(0x1234, found));
  }
  EXPECT_FALSE(MoveStatsTable::create(0).ok());
}

TEST(PerftTable, ClearedByThreadsForgetsEveryEntry) {
  auto table = PerftTable::create(8, 3);
  ASSERT_TRUE(table.ok());
  const size_t buckets = (*table)->bucket_count();
  for (size_t b = 0; b < buckets; b += 97) (*table)->store(make_key(b, 17, b + 1), 2, b);
  uint64_t nodes = 0;
  ASSERT_TRUE((*table)->probe(make_key(97, 17, 98), nodes));
  (*table)->clear(3);
  for (size_t b = 0; b < buckets; b += 97) {
    ASSERT_FALSE((*table)->probe(make_key(b, 17, b + 1), nodes)) << "bucket " << b;
  }
}

TEST(PhysicalMemory, IsTheRealSizeNotRoundedToFourGigabytes) {
  // This machine: 6,170,880 pages of 4 KiB = 24,105 MiB (once reported as 20,480).
  EXPECT_EQ(megabytes_of_pages(6170880, 4096), 24105u);
  EXPECT_EQ(megabytes_of_pages(786432, 4096), 3072u);  // 3 GiB (once reported as 0)
  EXPECT_EQ(megabytes_of_pages(1, 4096), 0u);
  EXPECT_EQ(megabytes_of_pages(512, 2 << 20), 1024u);  // huge pages
  const size_t here = physical_memory_megabytes();
  EXPECT_GT(here, 0u);
  EXPECT_TRUE(PerftTable::create(1).ok()) << "a 1 MB table fits on any machine";
}

TEST(PerftTable, RefusesAbsurdSizesWithAClearError) {
  EXPECT_FALSE(PerftTable::create(0).ok());
  auto huge = PerftTable::create(PerftTable::kMaxMegabytes + 1);
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.status().message().find("MB"), absl::string_view::npos) << huge.status();
  EXPECT_FALSE(PerftTable::create(size_t{1} << 40).ok());  // would overflow a byte count
  EXPECT_FALSE(PerftTable::create_with_buckets(0).ok());
}

TEST(Zobrist, IncrementalKeysEqualKeysFromScratch) {
  for (const char* fen :
       {kKiwipete, kCpwPosition4, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}) {
    absl::StatusOr<Position> root = Position::from_fen(fen);
    ASSERT_TRUE(root.ok());
    const Key root_key = zobrist_key(*root);
    for (Move m : legal_moves(*root)) {
      Position child = *root;
      ASSERT_TRUE(child.play(m).ok());
      const Key key = child_key(root_key, *root, child);
      ASSERT_EQ(key, zobrist_key(child)) << fen << " " << to_uci(m);
      for (Move m2 : legal_moves(child)) {
        Position grandchild = child;
        ASSERT_TRUE(grandchild.play(m2).ok());
        ASSERT_EQ(child_key(key, child, grandchild), zobrist_key(grandchild))
            << fen << " " << to_uci(m) << " " << to_uci(m2);
      }
    }
  }
}

TEST(Zobrist, SeededKeysAreTheDefaultKeysForTheDefaultSeedAndIncrementalForAnySeed) {
  // The default seed gives the built-in keys exactly (a table filled by an older build stays
  // valid, and published figures keep their keys).
  constexpr ZobristKeys again = make_zobrist_keys(kDefaultZobristSeed);
  static_assert(again.piece[0][0] == kZobrist.piece[0][0] && again.depth[63] == kZobrist.depth[63]);
  EXPECT_EQ(std::memcmp(&again, &kZobrist, sizeof(ZobristKeys)), 0);
  // The first key drawn from the default seed, as it has always been.
  uint64_t state = 0x50594B4550455246ULL;
  EXPECT_EQ(kZobrist.piece[0][0], next_random_key(state));

  const ZobristKeys other = make_zobrist_keys(42);
  EXPECT_NE(other.piece[0][0], kZobrist.piece[0][0]);
  absl::StatusOr<Position> root = Position::from_fen(kKiwipete);
  ASSERT_TRUE(root.ok());
  const Key root_key = zobrist_key(*root, other);
  EXPECT_NE(root_key, zobrist_key(*root));
  for (Move m : legal_moves(*root)) {
    Position child = *root;
    ASSERT_TRUE(child.play(m).ok());
    ASSERT_EQ(child_key(root_key, *root, child, other), zobrist_key(child, other)) << to_uci(m);
  }
}

TEST(Zobrist, SideCastlingAndEnPassantChangeTheKey) {
  const Key start = zobrist_key(Position::start());
  auto black = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  auto no_castle = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1");
  ASSERT_TRUE(black.ok()) << black.status();
  ASSERT_TRUE(no_castle.ok()) << no_castle.status();
  EXPECT_NE(zobrist_key(*black), start);
  EXPECT_NE(zobrist_key(*no_castle), start);

  // The same board with and without an en passant capture available (black's d4 pawn may take
  // on e3), and with the capture possible on another file.
  auto ep = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  auto no_ep = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto other_ep =
      Position::from_fen("rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1");
  ASSERT_TRUE(ep.ok()) << ep.status();
  ASSERT_TRUE(no_ep.ok()) << no_ep.status();
  ASSERT_TRUE(other_ep.ok()) << other_ep.status();
  ASSERT_NE(ep->en_passant_square(), kNoSquare);
  ASSERT_EQ(no_ep->en_passant_square(), kNoSquare);
  EXPECT_NE(zobrist_key(*ep), zobrist_key(*no_ep));
  EXPECT_NE(zobrist_key(*other_ep), zobrist_key(*no_ep));
  EXPECT_NE(zobrist_key(*ep), zobrist_key(*other_ep));
}

}  // namespace
}  // namespace pyke::tt
