// material.h — which armies a game can reach, and what that bounds: the most legal moves a
// position can have, and so the deepest perft whose count surely fits 64 bits.
//
//   Material m = pos.material(kWhite);
//   if (!is_reachable(m)) { /* more promoted pieces than missing pawns */ }
//   static_assert(kMaxLegalMoves == 323);
//
// The chess: a side starts with 8 pawns, 2 knights, 2 bishops, 2 rooks and a queen, and gains
// pieces only by promoting a pawn. So it never has more than 8 pawns, and every piece beyond the
// starting set (a second queen, a third rook, …) stands for a pawn that has left the board:
// promoted pieces ≤ 8 − pawns. Pyke refuses positions that break this (fen.cc), and that makes
// the move bound below a proof rather than a belief.
//
// The bound: no piece has more moves than it has on an empty board from its best square —
// queen 27, rook 14, bishop 13, knight 8, king 8 plus two castlings, a pawn 12 (on the seventh
// rank: a push and two captures, each promoting to one of four pieces). Maximising the sum over
// every reachable army gives 323 (nine queens, two rooks, two bishops, two knights and the king).
// The true maximum is believed to be 218, but 323 is what can be shown in a few lines of code.
#ifndef PYKE_MOVEGEN_MATERIAL_H_
#define PYKE_MOVEGEN_MATERIAL_H_

#include <algorithm>
#include <cstdint>

namespace pyke {

// One side's pieces, king excluded (there is always exactly one).
struct Material {
  int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
};

// The starting army, king excluded.
inline constexpr Material kStartingMaterial = {8, 2, 2, 2, 1};

// Pieces beyond the starting set: each one was a pawn once.
constexpr int promoted_pieces(const Material& m) {
  return std::max(0, m.knights - kStartingMaterial.knights) +
         std::max(0, m.bishops - kStartingMaterial.bishops) +
         std::max(0, m.rooks - kStartingMaterial.rooks) +
         std::max(0, m.queens - kStartingMaterial.queens);
}

// True when a game can produce this army: at most 8 pawns, and no more promoted pieces than
// pawns that are gone.
constexpr bool is_reachable(const Material& m) {
  return m.pawns >= 0 && m.pawns <= kStartingMaterial.pawns &&
         promoted_pieces(m) <= kStartingMaterial.pawns - m.pawns;
}

// The most moves each piece can have (see the header comment).
inline constexpr int kMaxPawnMoves = 12, kMaxKnightMoves = 8, kMaxBishopMoves = 13,
                     kMaxRookMoves = 14, kMaxQueenMoves = 27, kMaxKingMoves = 8 + 2;

constexpr int move_bound(const Material& m) {
  return m.pawns * kMaxPawnMoves + m.knights * kMaxKnightMoves + m.bishops * kMaxBishopMoves +
         m.rooks * kMaxRookMoves + m.queens * kMaxQueenMoves + kMaxKingMoves;
}

// The largest move_bound over every reachable army, found by trying them all (each loop stops
// as soon as its army is out of reach: more pieces only add promotions).
constexpr int max_move_bound() {
  int best = 0;
  for (Material m; m.pawns <= 8; ++m.pawns) {
    for (m.knights = 0; is_reachable(m); ++m.knights) {
      for (m.bishops = 0; is_reachable(m); ++m.bishops) {
        for (m.rooks = 0; is_reachable(m); ++m.rooks) {
          for (m.queens = 0; is_reachable(m); ++m.queens) best = std::max(best, move_bound(m));
          m.queens = 0;
        }
        m.rooks = 0;
      }
      m.bishops = 0;
    }
    m.knights = 0;
  }
  return best;
}

// No position Pyke accepts has more legal moves than this.
inline constexpr int kMaxLegalMoves = max_move_bound();
static_assert(kMaxLegalMoves == 323);

// The deepest perft whose count fits 64 bits in every accepted position: the largest d with
// kMaxLegalMoves^d ≤ 2^64 − 1 (323^7 ≈ 3.7·10^17 fits; 323^8 ≈ 1.2·10^20 does not).
constexpr int max_depth_within_64_bits() {
  int depth = 0;
  unsigned __int128 leaves = 1;
  while (leaves * kMaxLegalMoves <= UINT64_MAX) {
    leaves *= kMaxLegalMoves;
    ++depth;
  }
  return depth;
}
inline constexpr int kMaxDepthWithin64Bits = max_depth_within_64_bits();
static_assert(kMaxDepthWithin64Bits == 7);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_MATERIAL_H_
