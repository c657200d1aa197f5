// game_test.cc — the referee's rules: illegal moves refused, and every way a game ends.
//
//   bazel test //tools/referee:game_test
#include "tools/referee/game.h"

#include "gtest/gtest.h"

namespace pyke::referee {
namespace {

Game from(const char* fen) { return Game(*Position::from_fen(fen)); }

TEST(Game, RefusesIllegalMovesAndKeepsThePosition) {
  Game game(Position::start());
  EXPECT_FALSE(game.play("e2e5").ok());
  EXPECT_FALSE(game.play("xyz").ok());
  EXPECT_EQ(game.position(), Position::start());
  EXPECT_EQ(game.play("e2e4").value(), Outcome::kOngoing);
}

TEST(Game, Checkmate) {
  Game game(Position::start());
  for (const char* m : {"f2f3", "e7e5", "g2g4"}) ASSERT_EQ(game.play(m).value(), Outcome::kOngoing);
  EXPECT_EQ(game.play("d8h4").value(), Outcome::kCheckmate);
}

TEST(Game, Stalemate) {
  Game game = from("k7/8/1Q6/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(game.play("a1b1").value(), Outcome::kStalemate);
}

TEST(Game, ThreefoldRepetition) {
  Game game(Position::start());
  const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
  for (const char* m : moves) ASSERT_EQ(game.play(m).value(), Outcome::kOngoing) << m;
  EXPECT_EQ(game.play("f6g8").value(), Outcome::kRepetition);
}

TEST(Game, FiftyMoves) {
  Game game = from("k7/8/8/8/8/8/8/KR6 w - - 99 80");
  EXPECT_EQ(game.play("b1b2").value(), Outcome::kFiftyMoves);
}

TEST(Game, InsufficientMaterial) {
  Game game = from("k7/8/8/8/8/8/1r6/KN6 w - - 0 1");
  EXPECT_EQ(game.play("a1b2").value(), Outcome::kInsufficient);
  Game bishops = from("k7/8/8/8/8/8/8/KB3b2 w - - 0 1");  // b1 and f1: both light squares
  EXPECT_EQ(bishops.outcome(), Outcome::kInsufficient);
}

}  // namespace
}  // namespace pyke::referee
