// bitboard.h — bitboard constants, shifts, bit scans and the constexpr geometry tables the
// generator looks up: leaper attacks (knight, king, pawn) and the lines between two squares.
//
//   for (Bitboard b = knights; b; b = clear_lsb(b)) { Square s = lsb(b); … }
//   Bitboard line = between_squares(king, checker);   // up to and including the checker
#ifndef PYKE_MOVEGEN_BITBOARD_H_
#define PYKE_MOVEGEN_BITBOARD_H_

#include <array>
#include <bit>
#include <cstddef>

#include "movegen/types.h"

namespace pyke {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank2 = kRank1 << 8;
constexpr Bitboard kRank3 = kRank1 << 16;
constexpr Bitboard kRank4 = kRank1 << 24;
constexpr Bitboard kRank5 = kRank1 << 32;
constexpr Bitboard kRank6 = kRank1 << 40;
constexpr Bitboard kRank7 = kRank1 << 48;
constexpr Bitboard kRank8 = kRank1 << 56;

constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

PYKE_INLINE constexpr int popcount(Bitboard b) { return std::popcount(b); }
PYKE_INLINE constexpr Square lsb(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
PYKE_INLINE constexpr Bitboard clear_lsb(Bitboard b) { return b & (b - 1); }
PYKE_INLINE constexpr bool more_than_one(Bitboard b) { return clear_lsb(b) != 0; }

// Compass directions as square offsets. Shifting a bitboard drops what falls off the board.
enum Direction : int8_t {
  kNorth = 8,
  kSouth = -8,
  kEast = 1,
  kWest = -1,
  kNorthEast = 9,
  kNorthWest = 7,
  kSouthEast = -7,
  kSouthWest = -9,
};

template <Direction D>
PYKE_INLINE constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == kNorth) return b << 8;
  if constexpr (D == kSouth) return b >> 8;
  if constexpr (D == kEast) return (b & ~kFileH) << 1;
  if constexpr (D == kWest) return (b & ~kFileA) >> 1;
  if constexpr (D == kNorthEast) return (b & ~kFileH) << 9;
  if constexpr (D == kNorthWest) return (b & ~kFileA) << 7;
  if constexpr (D == kSouthEast) return (b & ~kFileH) >> 7;
  if constexpr (D == kSouthWest) return (b & ~kFileA) >> 9;
}

// Pawn geometry seen from colour C: forward is north for White, south for Black.
template <Color C>
constexpr Direction kForward = C == kWhite ? kNorth : kSouth;
template <Color C>
constexpr Direction kForwardEast = C == kWhite ? kNorthEast : kSouthEast;
template <Color C>
constexpr Direction kForwardWest = C == kWhite ? kNorthWest : kSouthWest;
template <Color C>
constexpr Bitboard kPromotionRank = C == kWhite ? kRank8 : kRank1;
// Pawns that reach this rank by a single push may push once more.
template <Color C>
constexpr Bitboard kDoublePushRank = C == kWhite ? kRank3 : kRank6;

namespace detail {

// The square reached from s by (df, dr), or -1 off the board.
constexpr int step(int s, int df, int dr) {
  const int f = s % 8 + df, r = s / 8 + dr;
  return (f >= 0 && f < 8 && r >= 0 && r < 8) ? r * 8 + f : -1;
}

template <std::size_t N>
constexpr std::array<Bitboard, 64> leaper_table(const int (&steps)[N][2]) {
  std::array<Bitboard, 64> table{};
  for (int s = 0; s < 64; ++s)
    for (const auto& st : steps)
      if (int t = step(s, st[0], st[1]); t >= 0) table[s] |= Bitboard{1} << t;
  return table;
}

constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int kWhitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
constexpr int kBlackPawnSteps[2][2] = {{-1, -1}, {1, -1}};

// Squares strictly after `from` towards `to` up to and including `to`, when the two share a
// rank, file or diagonal; otherwise just `to` (a knight or pawn check is blocked by nothing).
constexpr std::array<std::array<Bitboard, 64>, 64> make_between_table() {
  std::array<std::array<Bitboard, 64>, 64> table{};
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      table[a][b] = Bitboard{1} << b;
      const int df = b % 8 - a % 8, dr = b / 8 - a / 8;
      if (a == b || !(df == 0 || dr == 0 || df == dr || df == -dr)) continue;
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      for (int s = step(a, sf, sr); s != b; s = step(s, sf, sr)) table[a][b] |= Bitboard{1} << s;
    }
  }
  return table;
}

// The whole line (edge to edge) through a and b when they are aligned, else 0.
constexpr std::array<std::array<Bitboard, 64>, 64> make_line_table() {
  std::array<std::array<Bitboard, 64>, 64> table{};
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const int df = b % 8 - a % 8, dr = b / 8 - a / 8;
      if (a == b || !(df == 0 || dr == 0 || df == dr || df == -dr)) continue;
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      Bitboard line = Bitboard{1} << a;
      for (int s = step(a, sf, sr); s >= 0; s = step(s, sf, sr)) line |= Bitboard{1} << s;
      for (int s = step(a, -sf, -sr); s >= 0; s = step(s, -sf, -sr)) line |= Bitboard{1} << s;
      table[a][b] = line;
    }
  }
  return table;
}

}  // namespace detail

inline constexpr std::array<Bitboard, 64> kKnightAttacks =
    detail::leaper_table(detail::kKnightSteps);
inline constexpr std::array<Bitboard, 64> kKingAttacks = detail::leaper_table(detail::kKingSteps);
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    detail::leaper_table(detail::kWhitePawnSteps), detail::leaper_table(detail::kBlackPawnSteps)};
inline constexpr auto kBetween = detail::make_between_table();
inline constexpr auto kLine = detail::make_line_table();

PYKE_INLINE constexpr Bitboard knight_attacks(Square s) { return kKnightAttacks[s]; }
PYKE_INLINE constexpr Bitboard king_attacks(Square s) { return kKingAttacks[s]; }
// Squares a pawn of colour c on s attacks.
PYKE_INLINE constexpr Bitboard pawn_attacks(Color c, Square s) { return kPawnAttacks[c][s]; }
PYKE_INLINE constexpr Bitboard between_squares(Square from, Square to) {
  return kBetween[from][to];
}
PYKE_INLINE constexpr Bitboard line_through(Square a, Square b) { return kLine[a][b]; }

// All squares attacked by a set of pawns of colour C.
template <Color C>
PYKE_INLINE constexpr Bitboard pawn_attacks_set(Bitboard pawns) {
  return shift<kForwardEast<C>>(pawns) | shift<kForwardWest<C>>(pawns);
}

// All squares a knight standing on any square of `b` attacks (equally: the squares from which a
// knight attacks a square of `b`).
PYKE_INLINE constexpr Bitboard knight_attacks_set(Bitboard b) {
  const Bitboard one_file = shift<kEast>(b) | shift<kWest>(b);
  const Bitboard two_files = shift<kEast>(shift<kEast>(b)) | shift<kWest>(shift<kWest>(b));
  return (one_file << 16) | (one_file >> 16) | (two_files << 8) | (two_files >> 8);
}

// All squares a king standing on any square of `b` attacks (equally: the squares from which a king
// attacks a square of `b`).
PYKE_INLINE constexpr Bitboard king_attacks_set(Bitboard b) {
  const Bitboard sideways = shift<kEast>(b) | shift<kWest>(b);
  const Bitboard row = b | sideways;
  return sideways | (row << 8) | (row >> 8);
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_BITBOARD_H_
