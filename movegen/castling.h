// castling.h — castling described by the squares involved, not by the e1/h1 of standard chess.
//
// A castling right names a king square, a rook square and where both end up. `CastlingRules`
// holds the four rights of a game plus the masks the generator needs (squares that must be empty,
// squares the king crosses, and which rights a move from or to each square destroys). Standard
// chess uses `kStandardCastling`; Chess960 can build its own rules without touching the generator.
#ifndef PYKE_MOVEGEN_CASTLING_H_
#define PYKE_MOVEGEN_CASTLING_H_

#include <array>
#include <cstdint>

#include "movegen/bitboard.h"
#include "movegen/types.h"

namespace pyke {

// One bit per right, in FEN order K Q k q.
enum CastlingRight : uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
  kAllCastling = 15,
};

constexpr CastlingRight castling_right(Color c, bool kingside) {
  return static_cast<CastlingRight>((kingside ? 1 : 2) << (2 * c));
}

struct CastlingPath {
  Square king_from, king_to, rook_from, rook_to;
  Bitboard must_be_empty;  // every square king and rook cross or land on, except their own
  Bitboard king_crosses;   // squares the king stands on or passes: none may be attacked
};

struct CastlingRules {
  std::array<CastlingPath, 4> paths;  // indexed by log2 of the CastlingRight
  // rights_kept[s]: the rights that survive a move from or to square s (one AND per square).
  std::array<uint8_t, 64> rights_kept;
};

constexpr int castling_index(CastlingRight r) { return r == 1 ? 0 : r == 2 ? 1 : r == 4 ? 2 : 3; }

constexpr CastlingPath make_castling_path(Square king_from, Square king_to, Square rook_from,
                                          Square rook_to) {
  CastlingPath p{king_from, king_to, rook_from, rook_to, 0, 0};
  const Bitboard kr = square_bb(king_from) | square_bb(rook_from);
  p.king_crosses = between_squares(king_from, king_to) | square_bb(king_from);
  p.must_be_empty = (between_squares(king_from, king_to) | between_squares(rook_from, rook_to) |
                     square_bb(king_to) | square_bb(rook_to)) & ~kr;
  return p;
}

// Rules for any king and rook placement on the back ranks (standard chess or Chess960).
constexpr CastlingRules make_castling_rules(Square white_king, Square white_kingside_rook,
                                            Square white_queenside_rook) {
  CastlingRules rules{};
  for (Color c : {kWhite, kBlack}) {
    const int back = c == kWhite ? 0 : 56;
    const auto at = [back](Square s) { return static_cast<Square>(file_of(s) + back); };
    rules.paths[castling_index(castling_right(c, true))] =
        make_castling_path(at(white_king), at(kG1), at(white_kingside_rook), at(kF1));
    rules.paths[castling_index(castling_right(c, false))] =
        make_castling_path(at(white_king), at(kC1), at(white_queenside_rook), at(kD1));
  }
  rules.rights_kept.fill(kAllCastling);
  for (int i = 0; i < 4; ++i) {
    const uint8_t right = static_cast<uint8_t>(1 << i);
    rules.rights_kept[rules.paths[i].king_from] &= static_cast<uint8_t>(~right);
    rules.rights_kept[rules.paths[i].rook_from] &= static_cast<uint8_t>(~right);
  }
  return rules;
}

inline constexpr CastlingRules kStandardCastling = make_castling_rules(kE1, kH1, kA1);

}  // namespace pyke

#endif  // PYKE_MOVEGEN_CASTLING_H_
