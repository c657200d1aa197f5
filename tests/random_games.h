// random_games.h — seeded games of random legal moves, for the tests that check a property in
// every position such games reach (the shortcuts of perft's last two plies, the statistics).
// The same seed plays the same games on every run and every machine.
//
//   const char* const starts[] = {kCpwPosition3, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"};
//   play_random_games(starts, {.games_per_start = 200, .max_plies = 100, .seed = 1},
//                     [&](const Position& pos, int ply) { check(pos); });
#ifndef PYKE_TESTS_RANDOM_GAMES_H_
#define PYKE_TESTS_RANDOM_GAMES_H_

#include <cstdint>
#include <random>
#include <span>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {

struct RandomGames {
  int games_per_start = 0;
  int max_plies = 0;  // a game also ends at mate or stalemate
  uint64_t seed = 0;
};

// Plays `games.games_per_start` games from each start (FENs), calling `visit(pos, ply)` on every
// position on the way, the start's included, until mate, stalemate or the ply limit. A start that
// does not parse is a test failure.
template <class Visit>
void play_random_games(std::span<const char* const> starts, const RandomGames& games,
                       Visit&& visit) {
  std::mt19937_64 rng(games.seed);
  for (const char* fen : starts) {
    const absl::StatusOr<Position> start = Position::from_fen(fen);
    if (!start.ok()) {
      ADD_FAILURE() << fen << ": " << start.status();
      continue;
    }
    for (int game = 0; game < games.games_per_start; ++game) {
      Position pos = *start;
      for (int ply = 0; ply < games.max_plies; ++ply) {
        visit(static_cast<const Position&>(pos), ply);
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        pos = pos.after_legal(moves[static_cast<int>(rng() % static_cast<uint64_t>(moves.size()))]);
      }
    }
  }
}

}  // namespace pyke

#endif  // PYKE_TESTS_RANDOM_GAMES_H_
