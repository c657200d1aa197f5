// see.h — static exchange evaluation: what a capture wins or loses once every piece that attacks
// its square has taken back in turn, least valuable first.
//
//   if (see_at_least(pos, move, 0)) { /* the capture does not lose material */ }
//   int gain = static_exchange(pos, move);   // e.g. 320 for a knight taken for free
//
// Pins are ignored (as is usual for SEE); x-ray attackers behind sliders join as the pieces in
// front of them leave. Values are kSeeValue (centipawns); a king may take only as the last capture.
#ifndef PYKE_MOVEGEN_SEE_H_
#define PYKE_MOVEGEN_SEE_H_

#include <array>

#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

// Piece values for exchanges, by PieceType (the king's is larger than any material).
inline constexpr std::array<int, 6> kSeeValue = {100, 320, 330, 500, 950, 20000};

// Every piece of either colour that attacks `s` with the given occupancy.
Bitboard attackers_to(const Position& pos, Square s, Bitboard occupied);

// Whether the exchange that `move` starts wins at least `threshold` centipawns for the mover.
// `move` must be legal; a castling counts 0.
bool see_at_least(const Position& pos, Move move, int threshold);

// The value of the exchange that `move` starts, for the mover (exact to within the values).
int static_exchange(const Position& pos, Move move);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_SEE_H_
