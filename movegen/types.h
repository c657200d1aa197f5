// types.h — the vocabulary of the move generator: colours, piece types, squares, bitboards.
//
// Squares are numbered a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63, so "one rank up" is +8 and a
// bitboard's bit n is square n. Everything here is constexpr and header-only.
//
//   Square s = make_square(File::kE, Rank::k4);   // e4
//   Bitboard b = square_bb(s);
#ifndef PYKE_MOVEGEN_TYPES_H_
#define PYKE_MOVEGEN_TYPES_H_

#include <cstdint>

// Forces inlining of the small helpers that sit in the perft hot path: a call there costs more
// than the helper itself.
#define PYKE_INLINE inline __attribute__((always_inline))

namespace pyke {

using Bitboard = uint64_t;

enum Color : uint8_t { kWhite = 0, kBlack = 1 };

constexpr Color operator~(Color c) { return static_cast<Color>(c ^ 1); }

// Piece types in the order the Position stores their bitboards.
enum PieceType : uint8_t { kPawn = 0, kKnight, kBishop, kRook, kQueen, kKing, kNoPieceType };

constexpr int kPieceTypeCount = 6;

// A coloured piece, for board lookups: kWhitePawn … kWhiteKing, kBlackPawn … kBlackKing.
enum Piece : uint8_t {
  kWhitePawn = 0,
  kWhiteKnight,
  kWhiteBishop,
  kWhiteRook,
  kWhiteQueen,
  kWhiteKing,
  kBlackPawn,
  kBlackKnight,
  kBlackBishop,
  kBlackRook,
  kBlackQueen,
  kBlackKing,
  kNoPiece
};

constexpr Piece make_piece(Color c, PieceType t) { return static_cast<Piece>(c * 6 + t); }
constexpr Color color_of(Piece p) { return static_cast<Color>(p >= kBlackPawn); }
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(p % 6); }

// clang-format off
enum Square : uint8_t {
  kA1, kB1, kC1, kD1, kE1, kF1, kG1, kH1,
  kA2, kB2, kC2, kD2, kE2, kF2, kG2, kH2,
  kA3, kB3, kC3, kD3, kE3, kF3, kG3, kH3,
  kA4, kB4, kC4, kD4, kE4, kF4, kG4, kH4,
  kA5, kB5, kC5, kD5, kE5, kF5, kG5, kH5,
  kA6, kB6, kC6, kD6, kE6, kF6, kG6, kH6,
  kA7, kB7, kC7, kD7, kE7, kF7, kG7, kH7,
  kA8, kB8, kC8, kD8, kE8, kF8, kG8, kH8,
  kNoSquare
};
// clang-format on

enum class File : uint8_t { kA, kB, kC, kD, kE, kF, kG, kH };
enum class Rank : uint8_t { k1, k2, k3, k4, k5, k6, k7, k8 };

constexpr Square make_square(File f, Rank r) {
  return static_cast<Square>(static_cast<int>(r) * 8 + static_cast<int>(f));
}
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(int s) { return s >= 0 && s < 64; }

constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

// A rank as seen by a colour: relative_rank(kBlack, 7th rank) is its 2nd rank.
constexpr int relative_rank(Color c, int rank) { return c == kWhite ? rank : 7 - rank; }

}  // namespace pyke

#endif  // PYKE_MOVEGEN_TYPES_H_
