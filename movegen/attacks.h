// attacks.h — sliding-piece attacks (rooks, bishops, queens) for any occupancy.
//
// Three backends give identical results:
//  - PEXT (BMI2): one dense table per slider; `_pext_u64(occupied, mask[s])` gathers the relevant
//    blockers into an index. Compiled when the target CPU has BMI2.
//  - Magic: fancy magic bitboards, `((occupied & mask[s]) * magic[s]) >> shift[s]` indexes a
//    table of the same size as PEXT's; the multipliers are in magic_numbers.h. Any 64-bit CPU.
//  - Hyperbola quintessence: files and diagonals via a byte swap plus a 512-entry first-rank
//    table; tiny tables, more arithmetic. Any 64-bit CPU.
// All tables are built from the reference ray walker at compile time.
//
// Each backend is also a policy type (`PextSliders`, `MagicSliders`, `HyperbolaSliders`); the
// move generator's templates take one as a parameter, so a whole perft can be instantiated per
// backend and chosen once at its top (see `with_slider_backend` and perft.h) — never per lookup.
// `BuildSliders` is the build's default: PEXT where BMI2 is compiled in, unless the compiler
// targets AMD Zen 1/Zen 2 (`-march=znver1/2`, or `-march=native` there), whose PEXT is
// microcoded and slow; magic otherwise. At run time `slider_backend()` may differ (chosen from
// CPUID at start-up, see //cpu, or forced by `pyke bench --backend`).
//
//   Bitboard a = rook_attacks(kE4, occupied);                  // the build's default backend
//   Bitboard b = rook_attacks<MagicSliders>(kE4, occupied);    // one backend by name
#ifndef PYKE_MOVEGEN_ATTACKS_H_
#define PYKE_MOVEGEN_ATTACKS_H_

#include <array>
#include <cstdint>
#include <string_view>

#include "movegen/bitboard.h"
#include "movegen/slider_reference.h"
#include "movegen/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#define PYKE_HAS_PEXT 1
#else
#define PYKE_HAS_PEXT 0
#endif

// The compiler's target is a CPU whose PEXT is microcoded (AMD family 17h).
#if defined(__znver1__) || defined(__znver2__)
#define PYKE_TARGET_HAS_SLOW_PEXT 1
#else
#define PYKE_TARGET_HAS_SLOW_PEXT 0
#endif

namespace pyke {

enum class SliderBackend : uint8_t { kPext, kMagic, kHyperbola };

// "pext", "magic", "hq".
constexpr std::string_view slider_backend_name(SliderBackend b) {
  switch (b) {
    case SliderBackend::kPext:
      return "pext";
    case SliderBackend::kMagic:
      return "magic";
    case SliderBackend::kHyperbola:
      return "hq";
  }
  return "?";
}

namespace hyperbola_backend {

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

}  // namespace hyperbola_backend

namespace magic_backend {

struct MagicEntry {
  Bitboard mask;    // relevant occupancy of the square
  Bitboard magic;   // multiplier from magic_numbers.h
  uint32_t offset;  // where the square's block starts in the attack table
  uint32_t shift;   // 64 - popcount(mask)
};
extern const std::array<MagicEntry, 64> kRookEntries;
extern const std::array<MagicEntry, 64> kBishopEntries;
extern const std::array<Bitboard, 102400> kRookTable;
extern const std::array<Bitboard, 5248> kBishopTable;

PYKE_INLINE constexpr uint32_t magic_index(const MagicEntry& e, Bitboard occupied) {
  return e.offset + static_cast<uint32_t>(((occupied & e.mask) * e.magic) >> e.shift);
}

PYKE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) {
  return kRookTable[magic_index(kRookEntries[s], occupied)];
}

PYKE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return kBishopTable[magic_index(kBishopEntries[s], occupied)];
}

}  // namespace magic_backend

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
#endif

// The backends as policy types for the generator's templates.
struct MagicSliders {
  static constexpr SliderBackend kBackend = SliderBackend::kMagic;
  PYKE_INLINE static Bitboard rook(Square s, Bitboard o) {
    return magic_backend::rook_attacks(s, o);
  }
  PYKE_INLINE static Bitboard bishop(Square s, Bitboard o) {
    return magic_backend::bishop_attacks(s, o);
  }
};
struct HyperbolaSliders {
  static constexpr SliderBackend kBackend = SliderBackend::kHyperbola;
  PYKE_INLINE static Bitboard rook(Square s, Bitboard o) {
    return hyperbola_backend::rook_attacks(s, o);
  }
  PYKE_INLINE static Bitboard bishop(Square s, Bitboard o) {
    return hyperbola_backend::bishop_attacks(s, o);
  }
};
#if PYKE_HAS_PEXT
struct PextSliders {
  static constexpr SliderBackend kBackend = SliderBackend::kPext;
  PYKE_INLINE static Bitboard rook(Square s, Bitboard o) {
    return pext_backend::rook_attacks(s, o);
  }
  PYKE_INLINE static Bitboard bishop(Square s, Bitboard o) {
    return pext_backend::bishop_attacks(s, o);
  }
};
#endif

#if PYKE_HAS_PEXT && !PYKE_TARGET_HAS_SLOW_PEXT
using BuildSliders = PextSliders;
#else
using BuildSliders = MagicSliders;
#endif

// Whether this build compiled a backend in (PEXT needs BMI2 in the target).
constexpr bool slider_backend_compiled(SliderBackend b) {
  return b != SliderBackend::kPext || PYKE_HAS_PEXT;
}

// The backend the perft kernels run with now: BuildSliders' until set_slider_backend (which
// main calls once at start-up, before any thread starts). Must name a compiled backend.
SliderBackend slider_backend();
void set_slider_backend(SliderBackend backend);

// Calls `f.template operator()<S>()` with the policy type of `backend` and returns its result:
// the one place a runtime backend becomes a template argument.
template <class F>
decltype(auto) with_slider_backend(SliderBackend backend, F&& f) {
  switch (backend) {
#if PYKE_HAS_PEXT
    case SliderBackend::kPext:
      return f.template operator()<PextSliders>();
#endif
    case SliderBackend::kHyperbola:
      return f.template operator()<HyperbolaSliders>();
    default:
      return f.template operator()<MagicSliders>();
  }
}

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

template <class Sliders = BuildSliders>
PYKE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) {
  return Sliders::rook(s, occupied);
}
template <class Sliders = BuildSliders>
PYKE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return Sliders::bishop(s, occupied);
}
template <class Sliders = BuildSliders>
PYKE_INLINE Bitboard queen_attacks(Square s, Bitboard occupied) {
  return Sliders::rook(s, occupied) | Sliders::bishop(s, occupied);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_ATTACKS_H_
