// RandomPositions against what it promises: the same positions for the same seed, only positions
// Pyke accepts, sparse endgames in the share asked for, and games that reach the moves
// generators get wrong far more often than unbiased play would. Chess960 starts against the
// rules of their placement (an oracle of their own: bishops on opposite colours, the king between
// the rooks) and Scharnagl's numbering (518 is the standard start).
#include "check/random_positions.h"

#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/bitboard.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::check {
namespace {

std::vector<std::string> fens(uint64_t seed, int n, RandomOptions options = {}) {
  RandomPositions draw(seed, options);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(draw.next().to_fen(CastlingNotation::kShredder));
  return out;
}

TEST(RandomPositionsTest, TheSameSeedGivesTheSamePositions) {
  EXPECT_EQ(fens(7, 200), fens(7, 200));
  EXPECT_NE(fens(7, 200), fens(8, 200));
  // Draws do not depend on the standard library or the CPU: seed 1's first position is pinned.
  EXPECT_EQ(RandomPositions(1).next().to_fen(),
            "rnbqkbnr/3pp3/pp3p1p/2p3p1/2P5/3PP1PP/PPK2P2/RNBQ1BNR w kq - 0 8");
}

TEST(RandomPositionsTest, EveryPositionIsOnePykeAccepts) {
  for (bool chess960 : {false, true}) {
    RandomPositions draw(3, {.chess960 = chess960});
    for (int i = 0; i < 500; ++i) {
      const Position pos = draw.next();
      ASSERT_TRUE(pos.validate().ok()) << pos.to_fen() << ": " << pos.validate();
      const absl::StatusOr<Position> again =
          Position::from_fen(pos.to_fen(CastlingNotation::kShredder));
      ASSERT_TRUE(again.ok()) << pos.to_fen() << ": " << again.status();
    }
  }
}

TEST(RandomPositionsTest, SparseEndgamesInTheShareAskedFor) {
  for (int percent : {0, 25, 100}) {
    RandomPositions draw(11, {.endgame_percent = percent});
    int sparse = 0;
    for (int i = 0; i < 1000; ++i) {
      const Position pos = draw.next();
      // A game of at most 100 plies from the start keeps more than seven men.
      if (popcount(pos.occupied()) <= 7) ++sparse;
    }
    EXPECT_NEAR(sparse, percent * 10, 60) << percent << " %";
  }
}

// How many of `n` positions have a legal move of each kind that generators get wrong.
struct Kinds {
  int castling = 0, en_passant = 0, under_promotion = 0, in_check = 0;
};

Kinds kinds_in(RandomPositions& draw, int n) {
  Kinds k;
  for (int i = 0; i < n; ++i) {
    const Position pos = draw.next();
    bool castling = false, en_passant = false, under_promotion = false;
    for (Move move : legal_moves(pos)) {
      castling |= move.kind() == MoveKind::kCastling;
      en_passant |= move.kind() == MoveKind::kEnPassant;
      under_promotion |= move.kind() == MoveKind::kPromotion && move.promotion() != kQueen;
    }
    k.castling += castling;
    k.en_passant += en_passant;
    k.under_promotion += under_promotion;
    k.in_check += pos.in_check();
  }
  return k;
}

TEST(RandomPositionsTest, GamesLeanTowardsTheMovesGeneratorsGetWrong) {
  // Of 2000 positions from games: with every move and position weighted 1, castling is possible
  // in 58, en passant in 6, an under-promotion in 6, and 40 are in check (seed 5). The weights
  // must raise each well above that.
  RandomPositions draw(5, {.endgame_percent = 0});
  const Kinds k = kinds_in(draw, 2000);
  std::cout << "of 2000: castling " << k.castling << ", en passant " << k.en_passant
            << ", under-promotion " << k.under_promotion << ", in check " << k.in_check << "\n";
  EXPECT_GT(k.castling, 120);
  EXPECT_GT(k.en_passant, 120);
  EXPECT_GT(k.under_promotion, 80);
  EXPECT_GT(k.in_check, 250);
}

TEST(RandomPositionsTest, MoveWeightsFavourTheRareKinds) {
  // White may castle, take en passant, promote and give check here.
  const absl::StatusOr<Position> pos =
      Position::from_fen("r3k3/1P6/8/3pP3/8/8/8/R3K2R w KQq d6 0 1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  int quiet = 0, castling = 0, en_passant = 0, promotion = 0;
  for (Move move : legal_moves(*pos)) {
    const int w = move_weight(*pos, move);
    switch (move.kind()) {
      case MoveKind::kCastling:
        castling = std::max(castling, w);
        break;
      case MoveKind::kEnPassant:
        en_passant = std::max(en_passant, w);
        break;
      case MoveKind::kPromotion:
        promotion = std::max(promotion, w);
        break;
      case MoveKind::kNormal:
        if (move.from() != kE5 && !is_capture(*pos, move) && !gives_check(*pos, move)) {
          quiet = std::max(quiet, w);  // a rook's or the king's quiet move
        }
        break;
    }
  }
  EXPECT_EQ(quiet, 1);
  EXPECT_GT(castling, quiet);
  EXPECT_GT(en_passant, castling);
  EXPECT_GT(promotion, quiet);
}

TEST(Chess960StartTest, FollowsTheRulesAndScharnaglsNumbering) {
  std::set<std::string> seen;
  for (int index = 0; index < 960; ++index) {
    const absl::StatusOr<Position> pos = chess960_start(index);
    ASSERT_TRUE(pos.ok()) << index << ": " << pos.status();
    const std::string fen = pos->to_fen(CastlingNotation::kShredder);
    const std::string rank = fen.substr(fen.rfind('/') + 1, 8);
    const size_t b1 = rank.find('B'), b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << fen << ": bishops on squares of one colour";
    const size_t r1 = rank.find('R'), r2 = rank.rfind('R'), k = rank.find('K');
    EXPECT_TRUE(r1 < k && k < r2) << fen << ": the king is not between its rooks";
    seen.insert(rank);
  }
  EXPECT_EQ(seen.size(), 960u);
  EXPECT_EQ(chess960_start(518)->to_fen(CastlingNotation::kXFen),
            Position::start().to_fen(CastlingNotation::kXFen));
  EXPECT_EQ(chess960_start(0)->to_fen(CastlingNotation::kShredder).substr(0, 8), "bbqnnrkr");
  EXPECT_FALSE(chess960_start(960).ok());
  EXPECT_FALSE(chess960_start(-1).ok());
}

}  // namespace
}  // namespace pyke::check
