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
  EXPECT_NE(zobrist_key(*black), start);
  EXPECT_NE(zobrist_key(*no_castle), start);
}

}  // namespace
}  // namespace pyke::tt
