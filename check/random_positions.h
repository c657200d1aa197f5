// random_positions.h — positions drawn at random, reproducibly from a seed, for testing a move
// generator where no corpus reaches: positions of random games, whose moves lean towards those
// generators get wrong (en passant, promotions and under-promotions, captures, checks, double pawn
// pushes beside an enemy pawn) and whose positions are drawn where castling, en passant or a
// promotion is possible or the king is in check; and sparse endgames of kings and a few pieces
// placed at random.
//
//   check::RandomPositions draw(/*seed=*/42);
//   for (int i = 0; i < 1000; ++i) {
//     const Position pos = draw.next();   // the same 1000 positions for seed 42, everywhere
//     …
//   }
//
// Every position is one Position::from_fen accepts (reachable armies, the side not to move not
// in check), so every count Pyke gives for it is exact. The draws are splitmix64's
// (movegen/zobrist.h) bounded by rejection, not a std:: distribution, whose results differ
// between standard libraries: a seed names the same positions on every compiler and CPU.
#ifndef PYKE_CHECK_RANDOM_POSITIONS_H_
#define PYKE_CHECK_RANDOM_POSITIONS_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "movegen/move.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke::check {

// The Chess960 start position numbered `index` in Scharnagl's scheme (0 … 959; 518 is the
// standard start), castling rights on both rooks of each side. An error outside 0 … 959.
absl::StatusOr<Position> chess960_start(int index);

// How much likelier than a quiet move a random game is to play `move` (legal in `pos`): each
// kind of move that generators are known to get wrong adds weight.
int move_weight(const Position& pos, Move move);

// How much likelier than a plain position a game's position is to be drawn: one where the side to
// move may castle, take en passant or promote, or is in check (`moves`: its legal moves).
int position_weight(const Position& pos, const MoveList& moves);

struct RandomOptions {
  bool chess960 = false;     // games start from one of the 960 starts, drawn like the rest
  int endgame_percent = 25;  // the share of sparse endgames; the rest come from random games
  int max_plies = 100;       // a game's length is drawn from 1 … max_plies
};

class RandomPositions {
 public:
  explicit RandomPositions(uint64_t seed, RandomOptions options = {});

  // The next position.
  Position next();

 private:
  // A number drawn uniformly from 0 … n-1 (n ≥ 1).
  uint64_t below(uint64_t n);
  // An index into `weights` (not all 0), drawn with probability proportional to its weight.
  size_t pick(const std::vector<int>& weights);
  // A position of a random game: its moves drawn by move_weight, the position by position_weight.
  Position from_game();
  Position sparse_endgame();

  uint64_t state_;
  RandomOptions options_;
};

}  // namespace pyke::check

#endif  // PYKE_CHECK_RANDOM_POSITIONS_H_
