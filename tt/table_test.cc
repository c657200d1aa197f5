// The table keeps and finds counts, rejects other keys, survives collisions, and refuses absurd
// sizes; Zobrist keys made incrementally equal keys made from scratch.
#include "tt/table.h"

#include <cstdint>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "tt/zobrist.h"

namespace pyke::tt {
namespace {

TEST(PerftTable, StoresAndFindsACount) {
  auto table = PerftTable::create(1);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ((*table)->bucket_count(), (1u << 20) / 32);
  uint64_t nodes = 0;
  EXPECT_FALSE((*table)->probe(0x1234, nodes));
  (*table)->store(0x1234, 3, 8902);
  ASSERT_TRUE((*table)->probe(0x1234, nodes));
  EXPECT_EQ(nodes, 8902u);
  EXPECT_FALSE((*table)->probe(0x1235, nodes));
  (*table)->clear();
  EXPECT_FALSE((*table)->probe(0x1234, nodes));
}

TEST(PerftTable, OneBucketKeepsTheDeepestAndTheLatest) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  PerftTable& t = **table;
  uint64_t nodes = 0;
  t.store(1, 5, 500);  // deepest
  t.store(2, 3, 300);  // shallower: goes to the second slot
  t.store(3, 2, 200);  // replaces the second slot
  EXPECT_TRUE(t.probe(1, nodes) && nodes == 500);
  EXPECT_FALSE(t.probe(2, nodes));
  EXPECT_TRUE(t.probe(3, nodes) && nodes == 200);
  t.store(4, 6, 600);  // deeper: takes the first slot, 1 moves to the second
  EXPECT_TRUE(t.probe(4, nodes) && nodes == 600);
  EXPECT_TRUE(t.probe(1, nodes) && nodes == 500);
  EXPECT_FALSE(t.probe(3, nodes));
}

TEST(PerftTable, ChecksTheLowHalfOfTheKeyToo) {
  auto table = PerftTable::create_with_buckets(1);
  ASSERT_TRUE(table.ok());
  const Key key = Key{0xABCDEF} << 64 | 0x12345;
  (*table)->store(key, 4, 4085603);
  uint64_t nodes = 0;
  EXPECT_TRUE((*table)->probe(key, nodes));
  EXPECT_EQ(nodes, 4085603u);
  // Same high half (same bucket, same first check word), other low bits: a different position.
  EXPECT_FALSE((*table)->probe(key ^ (Key{1} << 10), nodes));
}

TEST(PerftTable, CountsTooBigToKeepAreNotStored) {
  auto table = PerftTable::create_with_buckets(4);
  ASSERT_TRUE(table.ok());
  uint64_t nodes = 0;
  (*table)->store(77, 12, uint64_t{1} << 50);
  EXPECT_FALSE((*table)->probe(77, nodes));
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
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}) {
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
  auto other_ep = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1");
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
