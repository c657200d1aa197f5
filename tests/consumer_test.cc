// Proves //movegen's general API is enough for another engine: with the public headers only, it
// plays a game by choosing moves from the legal-move list until mate, stalemate or 200 plies.
#include <cstdint>
#include <string>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

// A toy engine: prefer a move that mates, then a capture of the most valuable piece, then the
// move leaving the opponent fewest replies. Deterministic, so the game is the same every run.
Move choose(const Position& pos) {
  static constexpr int kValue[] = {1, 3, 3, 5, 9, 0, 0};
  Move best = Move::none();
  int best_score = INT32_MIN;
  for (Move move : legal_moves(pos)) {
    Position child = pos;
    if (!child.play(move).ok()) return Move::none();  // cannot happen: the move is from the list
    const int replies = legal_move_count(child);
    const Piece victim = pos.piece_on(move.to());
    int score = -replies;
    if (replies == 0 && child.in_check()) score = 1'000'000;
    if (victim != kNoPiece) score += 100 * kValue[type_of(victim)];
    if (score > best_score) best_score = score, best = move;
  }
  return best;
}

TEST(Consumer, PlaysAGameFromTheLegalMoveList) {
  Position pos = Position::start();
  int plies = 0;
  std::string game;
  for (; plies < 200; ++plies) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    const Move move = choose(pos);
    ASSERT_TRUE(moves.contains(move));
    // The move survives a round trip through its UCI text.
    absl::StatusOr<Move> parsed = parse_uci_move(pos, to_uci(move));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    ASSERT_EQ(*parsed, move);
    game += to_uci(move) + " ";
    ASSERT_TRUE(pos.play(move).ok());
    ASSERT_TRUE(pos.validate().ok()) << game << "\n" << pos.validate();
    absl::StatusOr<Position> reparsed = Position::from_fen(pos.to_fen());
    ASSERT_TRUE(reparsed.ok()) << pos.to_fen() << ": " << reparsed.status();
    ASSERT_EQ(*reparsed, pos);
  }
  EXPECT_GT(plies, 10) << game;
  std::printf("game of %d plies: %s\nfinal position: %s\n", plies, game.c_str(),
              pos.to_fen().c_str());
}

}  // namespace
}  // namespace pyke
