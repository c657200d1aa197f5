// eval.h — the playing engine's static evaluation, in centipawns for the side to move.
//
//   int score = evaluate(pos);   // > 0: the side to move stands better
//
// Tapered piece-square tables (a middlegame and an endgame value per piece and square, blended
// by how much material is left), a bishop-pair bonus, a small tempo bonus, and a mop-up term that
// drives a lone king to the edge so that won endgames without pawns get mated. Positions no side
// can win by material (K v K, K+minor v K) score 0.
#ifndef PYKE_PLAY_EVAL_H_
#define PYKE_PLAY_EVAL_H_

#include "movegen/position.h"

namespace pyke::play {

// Scores at or above this magnitude are mates (kMateScore - plies to mate).
inline constexpr int kMateScore = 32000;
inline constexpr int kMateBound = kMateScore - 1000;

int evaluate(const Position& pos);

// Middlegame value of a piece type (move ordering, pruning margins).
int piece_value(PieceType type);

}  // namespace pyke::play

#endif  // PYKE_PLAY_EVAL_H_
