// The move bound of material.h rests on per-piece maxima and on the reachability rule; these
// tests check each against the real attack tables and real positions.
#include "movegen/material.h"

#include <algorithm>
#include <type_traits>

#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

template <class Attacks>
int most_moves_on_empty_board(Attacks attacks) {
  int most = 0;
  for (int s = 0; s < 64; ++s) most = std::max(most, popcount(attacks(static_cast<Square>(s))));
  return most;
}

TEST(MoveBound, PerPieceMaximaAreTheEmptyBoardMobility) {
  EXPECT_EQ(kMaxQueenMoves,
            most_moves_on_empty_board([](Square s) { return queen_attacks(s, 0); }));
  EXPECT_EQ(kMaxRookMoves, most_moves_on_empty_board([](Square s) { return rook_attacks(s, 0); }));
  EXPECT_EQ(kMaxBishopMoves,
            most_moves_on_empty_board([](Square s) { return bishop_attacks(s, 0); }));
  EXPECT_EQ(kMaxKnightMoves, most_moves_on_empty_board(knight_attacks));
  EXPECT_EQ(kMaxKingMoves, most_moves_on_empty_board(king_attacks) + 2);  // two castlings
  // A pawn: at most two captures and a push, each promoting to four pieces.
  EXPECT_EQ(kMaxPawnMoves, (popcount(pawn_attacks(kWhite, kE7)) + 1) * 4);
}

TEST(MoveBound, TheBestArmyIsNineQueensAndTheRestOfTheStartingSet) {
  EXPECT_TRUE(is_reachable(Material{0, 2, 2, 2, 9}));
  EXPECT_FALSE(is_reachable(Material{0, 2, 2, 2, 10}));
  EXPECT_FALSE(is_reachable(Material{1, 2, 2, 2, 9}));
  EXPECT_FALSE(is_reachable(Material{9, 0, 0, 0, 0}));
  EXPECT_TRUE(is_reachable(Material{5, 0, 5, 1, 1}));  // three bishops promoted, three pawns gone
  EXPECT_EQ(kMaxLegalMoves, move_bound(Material{0, 2, 2, 2, 9}));
  EXPECT_EQ(MoveList::kCapacity, kMaxLegalMoves);
}

TEST(MoveBound, HoldsForTheMostMobilePositionKnown) {
  // 218 legal moves, the most known in a reachable position (nine queens, no pawns).
  absl::StatusOr<Position> pos =
      Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(legal_move_count(*pos), 218);
  EXPECT_EQ(legal_moves(*pos).size(), 218);
}

TEST(MoveBound, SixtyFourBitLineIsTheLastDepthWhoseBoundFits) {
  unsigned __int128 leaves = 1;
  for (int d = 0; d < kMaxDepthWithin64Bits; ++d) leaves *= kMaxLegalMoves;
  EXPECT_LE(leaves, static_cast<unsigned __int128>(UINT64_MAX));
  EXPECT_GT(leaves * kMaxLegalMoves, static_cast<unsigned __int128>(UINT64_MAX));
}

TEST(Position, HasNoKinglessDefaultAndRefusesIllegalMoves) {
  static_assert(!std::is_default_constructible_v<Position>);
  Position pos = Position::start();
  const Position before = pos;
  EXPECT_FALSE(pos.play(Move::make(kE4, kE5)).ok()) << "from an empty square";
  EXPECT_FALSE(pos.play(Move::make(kE7, kE5)).ok()) << "the other side's piece";
  EXPECT_FALSE(pos.play(Move::make(kE1, kE2)).ok()) << "onto its own piece";
  EXPECT_EQ(pos, before);
  EXPECT_TRUE(pos.play(Move::make(kE2, kE4)).ok());
  EXPECT_NE(pos, before);
}

}  // namespace
}  // namespace pyke
