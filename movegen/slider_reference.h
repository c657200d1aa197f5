// slider_reference.h — the plain, obviously correct way to compute sliding attacks: walk each ray
// until it leaves the board or hits a piece. Too slow for the hot path; it builds the fast tables
// at compile time and is the oracle the backends are tested against.
#ifndef PYKE_MOVEGEN_SLIDER_REFERENCE_H_
#define PYKE_MOVEGEN_SLIDER_REFERENCE_H_

#include "movegen/bitboard.h"

namespace pyke::reference {

constexpr int kRookRays[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopRays[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// Squares a slider on s attacks along `rays`; a blocker's square is included.
constexpr Bitboard ray_attacks(Square s, Bitboard occupied, const int (&rays)[4][2]) {
  Bitboard attacks = 0;
  for (const auto& ray : rays) {
    for (int t = detail::step(s, ray[0], ray[1]); t >= 0; t = detail::step(t, ray[0], ray[1])) {
      attacks |= Bitboard{1} << t;
      if (occupied & (Bitboard{1} << t)) break;
    }
  }
  return attacks;
}

constexpr Bitboard rook_attacks(Square s, Bitboard occupied) {
  return ray_attacks(s, occupied, kRookRays);
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return ray_attacks(s, occupied, kBishopRays);
}

// The squares whose occupancy matters for a slider on s: its rays without the board's edge
// (a piece on the last square of a ray changes nothing).
constexpr Bitboard relevant_occupancy(Square s, const int (&rays)[4][2]) {
  Bitboard mask = 0;
  for (const auto& ray : rays) {
    for (int t = detail::step(s, ray[0], ray[1]); t >= 0 && detail::step(t, ray[0], ray[1]) >= 0;
         t = detail::step(t, ray[0], ray[1])) {
      mask |= Bitboard{1} << t;
    }
  }
  return mask;
}

}  // namespace pyke::reference

#endif  // PYKE_MOVEGEN_SLIDER_REFERENCE_H_
