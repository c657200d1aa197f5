// attacks.h — sliding-piece attacks (rooks, bishops, queens) for any occupancy.
//
// Two backends give identical results:
//  - PEXT (BMI2): one dense table per slider; `_pext_u64(occupied, mask[s])` gathers the relevant
//    blockers into an index. Compiled when the target CPU has BMI2 (`-march=native` on such CPUs).
//  - Portable: hyperbola quintessence (files and diagonals via a byte swap) plus a 512-entry
//    first-rank table; no magic numbers, works on any x86-64 or other 64-bit CPU.
// Both are built from constexpr tables at compile time. `pyke::rook_attacks` and friends pick the
// backend the build targets; `pext_backend` and `portable_backend` name one explicitly (tests and
// benchmarks compare them).
//
//   Bitboard a = rook_attacks(kE4, occupied);   // includes the first blocker on each ray
#ifndef PYKE_MOVEGEN_ATTACKS_H_
#define PYKE_MOVEGEN_ATTACKS_H_

#include <array>
#include <cstdint>

#include "movegen/bitboard.h"
#include "movegen/slider_reference.h"
#include "movegen/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#define PYKE_HAS_PEXT 1
#else
#define PYKE_HAS_PEXT 0
#endif

namespace pyke {

namespace portable_backend {

struct LineMasks {
  Bitboard file, diagonal, anti_diagonal;  // each without the square itself
};
extern const std::array<LineMasks, 64> kLineMasks;
// kFirstRankAttacks[inner six bits of a rank][file]: attacks along that rank, as a byte.
extern const std::array<std::array<uint8_t, 8>, 64> kFirstRankAttacks;

// Attacks along one line through s: (o - 2s) ^ reverse(reverse(o) - 2 reverse(s)).
PYKE_INLINE Bitboard line_attacks(Square s, Bitboard occupied, Bitboard line_mask) {
  const Bitboard o = occupied & line_mask;
  const Bitboard forward = o - 2 * square_bb(s);
  const Bitboard reverse = __builtin_bswap64(o) - 2 * __builtin_bswap64(square_bb(s));
  return (forward ^ __builtin_bswap64(reverse)) & line_mask;
}

PYKE_INLINE Bitboard rank_attacks(Square s, Bitboard occupied) {
  const int shift = s & 56;
  const unsigned inner = (occupied >> (shift + 1)) & 63;
  return Bitboard{kFirstRankAttacks[inner][s & 7]} << shift;
}

PYKE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) {
  return line_attacks(s, occupied, kLineMasks[s].file) | rank_attacks(s, occupied);
}

PYKE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return line_attacks(s, occupied, kLineMasks[s].diagonal) |
         line_attacks(s, occupied, kLineMasks[s].anti_diagonal);
}

}  // namespace portable_backend

#if PYKE_HAS_PEXT
namespace pext_backend {

struct SliderEntry {
  Bitboard mask;    // relevant occupancy of the square
  uint32_t offset;  // where the square's block starts in the attack table
};
extern const std::array<SliderEntry, 64> kRookEntries;
extern const std::array<SliderEntry, 64> kBishopEntries;
extern const std::array<Bitboard, 102400> kRookTable;
extern const std::array<Bitboard, 5248> kBishopTable;

PYKE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) {
  return kRookTable[kRookEntries[s].offset + _pext_u64(occupied, kRookEntries[s].mask)];
}

PYKE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return kBishopTable[kBishopEntries[s].offset + _pext_u64(occupied, kBishopEntries[s].mask)];
}

}  // namespace pext_backend
namespace active_backend = pext_backend;
#else
namespace active_backend = portable_backend;
#endif

namespace detail {
constexpr std::array<Bitboard, 64> empty_board_attacks(Bitboard (*attacks)(Square, Bitboard)) {
  std::array<Bitboard, 64> table{};
  for (int s = 0; s < 64; ++s) table[s] = attacks(static_cast<Square>(s), 0);
  return table;
}
}  // namespace detail

// What a rook or bishop on s would attack on an empty board: the lines through s.
inline constexpr std::array<Bitboard, 64> kRookRays =
    detail::empty_board_attacks(reference::rook_attacks);
inline constexpr std::array<Bitboard, 64> kBishopRays =
    detail::empty_board_attacks(reference::bishop_attacks);
PYKE_INLINE constexpr Bitboard rook_rays(Square s) { return kRookRays[s]; }
PYKE_INLINE constexpr Bitboard bishop_rays(Square s) { return kBishopRays[s]; }

// The backend this build uses, for reports: "pext" or "portable".
constexpr const char* kSliderBackendName = PYKE_HAS_PEXT ? "pext" : "portable";

PYKE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) {
  return active_backend::rook_attacks(s, occupied);
}
PYKE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return active_backend::bishop_attacks(s, occupied);
}
PYKE_INLINE Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_ATTACKS_H_
