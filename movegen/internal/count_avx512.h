// count_avx512.h — setwise counting of all knight and slider moves at once with AVX-512.
//
// At the last ply only the number of moves matters. Two own pieces never reach the same square
// moving in the same direction (the nearer one blocks the other), so the popcount of one
// direction's attack set equals the sum of the pieces' move counts in that direction. One
// 512-bit register holds the eight slider directions (four orthogonal lanes fed with rooks and
// queens, four diagonal lanes with bishops and queens), filled in parallel by a Kogge-Stone
// occluded fill with rotates; a second register holds the eight knight jumps. Masks (targets and
// check) are applied to all lanes at once. Pinned pieces stay on the scalar path (count.h).
//
// The AVX-512 version is compiled when the target has AVX-512F and VPOPCNTDQ, and then used by
// perft (`kHasSetwiseCount`); elsewhere a plain 64-bit version of the same lanes stands in.
#ifndef PYKE_MOVEGEN_INTERNAL_COUNT_AVX512_H_
#define PYKE_MOVEGEN_INTERNAL_COUNT_AVX512_H_

#include <array>
#include <bit>
#include <cstdint>

#include "movegen/bitboard.h"
#include "movegen/types.h"

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define PYKE_HAS_SETWISE_COUNT 1
#else
#define PYKE_HAS_SETWISE_COUNT 0
#endif

namespace pyke {

inline constexpr bool kHasSetwiseCount = PYKE_HAS_SETWISE_COUNT;

// The counting path of a kernel policy: a slider policy counts setwise (its knights' and
// sliders' moves, and the enemy's attack map for the king) exactly when the build has AVX-512
// (kHasSetwiseCount); `CountingPath<S, W>` overrides that (bench compares both, and perft counts
// sparse boards piece by piece).
template <class Sliders>
constexpr bool counts_setwise() {
  if constexpr (requires { Sliders::kSetwiseCount; }) {
    return Sliders::kSetwiseCount;
  } else {
    return kHasSetwiseCount;
  }
}

template <class Sliders, bool Setwise>
struct CountingPath : Sliders {
  static_assert(!Setwise || kHasSetwiseCount, "setwise counting needs AVX-512 in the build");
  static constexpr bool kSetwiseCount = Setwise;
};

// A slider backend on the scalar counting path (one lookup per piece, no setwise fill).
template <class Sliders>
using ScalarPath = CountingPath<Sliders, false>;

namespace setwise {

struct Step {
  int df, dr;
};
// Lanes 0–3 orthogonal (N, S, E, W), 4–7 diagonal (NE, NW, SE, SW).
inline constexpr Step kSliderSteps[8] = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                         {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
inline constexpr Step kKnightSteps[8] = {{1, 2},  {-1, 2},  {2, 1},  {-2, 1},
                                         {2, -1}, {-2, -1}, {1, -2}, {-1, -2}};

// Rotating a bitboard left by this many bits moves every square by the step…
constexpr uint64_t rotation(Step s) { return static_cast<uint64_t>((s.dr * 8 + s.df) & 63); }

// …and these are the squares such a move can really land on (the rest wrapped around an edge).
constexpr uint64_t landing_squares(Step s) {
  uint64_t mask = 0;
  for (int sq = 0; sq < 64; ++sq) {
    if (int t = detail::step(sq, s.df, s.dr); t >= 0) mask |= uint64_t{1} << t;
  }
  return mask;
}

template <class F>
constexpr std::array<uint64_t, 8> per_lane(const Step (&steps)[8], F f) {
  std::array<uint64_t, 8> lanes{};
  for (int i = 0; i < 8; ++i) lanes[i] = f(steps[i]);
  return lanes;
}

inline constexpr auto kSliderRotation = per_lane(kSliderSteps, rotation);
inline constexpr auto kSliderRotation2 =
    per_lane(kSliderSteps, [](Step s) { return (2 * rotation(s)) & 63; });
inline constexpr auto kSliderRotation4 =
    per_lane(kSliderSteps, [](Step s) { return (4 * rotation(s)) & 63; });
inline constexpr auto kSliderLanding = per_lane(kSliderSteps, landing_squares);
inline constexpr auto kKnightRotation = per_lane(kKnightSteps, rotation);
inline constexpr auto kKnightLanding = per_lane(kKnightSteps, landing_squares);

#if PYKE_HAS_SETWISE_COUNT

PYKE_INLINE __m512i load_lanes(const std::array<uint64_t, 8>& lanes) {
  return _mm512_loadu_si512(lanes.data());
}

// Per lane, the squares the knights and sliders reach in that lane's direction (the first
// blocker included), before any target mask: `slides` holds the eight slider directions,
// `jumps` the eight knight jumps.
struct LaneAttacks {
  __m512i slides, jumps;
};

PYKE_INLINE LaneAttacks lane_attacks(Bitboard knights, Bitboard orthogonal, Bitboard diagonal,
                                     Bitboard empty) {
  const __m512i r1 = load_lanes(kSliderRotation);
  const __m512i landing = load_lanes(kSliderLanding);
  // Lanes 0–3 start from the rook-likes, 4–7 from the bishop-likes.
  __m512i gen = _mm512_mask_set1_epi64(_mm512_set1_epi64(static_cast<int64_t>(orthogonal)), 0xF0,
                                       static_cast<int64_t>(diagonal));
  // Squares a slide may continue through: empty, and not wrapped around the board's edge.
  __m512i pro = _mm512_and_si512(_mm512_set1_epi64(static_cast<int64_t>(empty)), landing);
  gen = _mm512_or_si512(gen, _mm512_and_si512(pro, _mm512_rolv_epi64(gen, r1)));
  pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r1));
  const __m512i r2 = load_lanes(kSliderRotation2);
  gen = _mm512_or_si512(gen, _mm512_and_si512(pro, _mm512_rolv_epi64(gen, r2)));
  pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, r2));
  const __m512i r4 = load_lanes(kSliderRotation4);
  gen = _mm512_or_si512(gen, _mm512_and_si512(pro, _mm512_rolv_epi64(gen, r4)));
  // One more step reaches the first blocker; wrapped squares are dropped.
  return {_mm512_and_si512(_mm512_rolv_epi64(gen, r1), landing),
          _mm512_and_si512(_mm512_rolv_epi64(_mm512_set1_epi64(static_cast<int64_t>(knights)),
                                             load_lanes(kKnightRotation)),
                           load_lanes(kKnightLanding))};
}

// Moves of the unpinned knights and sliders onto `movable` squares, given the empty squares,
// left as eight per-lane counts (one slider direction and one knight jump in each lane).
PYKE_INLINE __m512i knight_and_slider_move_lanes(Bitboard knights, Bitboard orthogonal,
                                                 Bitboard diagonal, Bitboard empty,
                                                 Bitboard movable) {
  const LaneAttacks a = lane_attacks(knights, orthogonal, diagonal, empty);
  const __m512i target = _mm512_set1_epi64(static_cast<int64_t>(movable));
  return _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(a.slides, target)),
                          _mm512_popcnt_epi64(_mm512_and_si512(a.jumps, target)));
}

// The same moves, added up.
PYKE_INLINE int count_knight_and_slider_moves(Bitboard knights, Bitboard orthogonal,
                                              Bitboard diagonal, Bitboard empty, Bitboard movable) {
  return static_cast<int>(_mm512_reduce_add_epi64(
      knight_and_slider_move_lanes(knights, orthogonal, diagonal, empty, movable)));
}

// Every square the given knights and sliders attack.
PYKE_INLINE Bitboard knight_and_slider_attacks(Bitboard knights, Bitboard orthogonal,
                                               Bitboard diagonal, Bitboard empty) {
  const LaneAttacks a = lane_attacks(knights, orthogonal, diagonal, empty);
  return static_cast<Bitboard>(_mm512_reduce_or_epi64(_mm512_or_si512(a.slides, a.jumps)));
}

#else  // !PYKE_HAS_SETWISE_COUNT

// The same lane algorithm in plain 64-bit code, one lane after another. Slower than counting
// piece by piece, so builds without AVX-512 do not use it for perft; it keeps the setwise
// algorithm compiled and tested (count_test) on every CPU.
struct LaneAttacks {
  Bitboard slides[8], jumps[8];
};

inline LaneAttacks lane_attacks(Bitboard knights, Bitboard orthogonal, Bitboard diagonal,
                                Bitboard empty) {
  LaneAttacks a{};
  for (int i = 0; i < 8; ++i) {
    const int r1 = static_cast<int>(kSliderRotation[i]), r2 = static_cast<int>(kSliderRotation2[i]),
              r4 = static_cast<int>(kSliderRotation4[i]);
    Bitboard gen = i < 4 ? orthogonal : diagonal;
    Bitboard pro = empty & kSliderLanding[i];
    gen |= pro & std::rotl(gen, r1);
    pro &= std::rotl(pro, r1);
    gen |= pro & std::rotl(gen, r2);
    pro &= std::rotl(pro, r2);
    gen |= pro & std::rotl(gen, r4);
    a.slides[i] = std::rotl(gen, r1) & kSliderLanding[i];
    a.jumps[i] = std::rotl(knights, static_cast<int>(kKnightRotation[i])) & kKnightLanding[i];
  }
  return a;
}

inline int count_knight_and_slider_moves(Bitboard knights, Bitboard orthogonal, Bitboard diagonal,
                                         Bitboard empty, Bitboard movable) {
  const LaneAttacks a = lane_attacks(knights, orthogonal, diagonal, empty);
  int count = 0;
  for (int i = 0; i < 8; ++i)
    count += popcount(a.slides[i] & movable) + popcount(a.jumps[i] & movable);
  return count;
}

inline Bitboard knight_and_slider_attacks(Bitboard knights, Bitboard orthogonal, Bitboard diagonal,
                                          Bitboard empty) {
  const LaneAttacks a = lane_attacks(knights, orthogonal, diagonal, empty);
  Bitboard attacks = 0;
  for (int i = 0; i < 8; ++i) attacks |= a.slides[i] | a.jumps[i];
  return attacks;
}

#endif  // PYKE_HAS_SETWISE_COUNT

}  // namespace setwise
}  // namespace pyke

#endif  // PYKE_MOVEGEN_INTERNAL_COUNT_AVX512_H_
