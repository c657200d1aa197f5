// castling.h — castling described by the squares involved, not by the e1/h1 of standard chess.
//
// A castling right names a king square, a rook square and where both end up: the king on the g-
// or c-file, the rook beside it on the f- or d-file, in standard chess and Chess960 alike.
// `CastlingRules` holds the four rights of a game plus the masks the generator needs (squares
// that must be empty, squares the king crosses, and which rights a move from or to each square
// destroys).
//
// Every game's rules are one entry of `kCastlingRules`, indexed by the king's file and the files
// of the kingside and queenside rooks (White's and Black's are the same in any game that starts
// from a Chess960 or standard position). A Position stores that small index, not a pointer, so it
// can be copied, handed to another thread or sent to another process as plain bytes.
//
//   const CastlingRules& rules = kCastlingRules[castling_rules_index(4, 7, 0)];  // standard
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

// Both rights of colour c, as a mask of CastlingRight bits.
constexpr uint8_t castling_rights_of(Color c) {
  return castling_right(c, true) | castling_right(c, false);
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
                     square_bb(king_to) | square_bb(rook_to)) &
                    ~kr;
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

// The index of the rules for a king on `king_file` and castling rooks on the two rook files.
constexpr uint16_t castling_rules_index(int king_file, int kingside_rook_file,
                                        int queenside_rook_file) {
  return static_cast<uint16_t>(king_file * 64 + kingside_rook_file * 8 + queenside_rook_file);
}
constexpr int king_file_of_rules(uint16_t index) { return index / 64; }
constexpr int kingside_rook_file_of_rules(uint16_t index) { return index / 8 % 8; }
constexpr int queenside_rook_file_of_rules(uint16_t index) { return index % 8; }

inline constexpr uint16_t kStandardCastlingIndex = castling_rules_index(4, 7, 0);

// Rules for every (king file, kingside rook file, queenside rook file); only the entries with
// the queenside rook left of the king and the kingside rook right of it are ever used.
inline constexpr std::array<CastlingRules, 512> kCastlingRules = [] {
  std::array<CastlingRules, 512> all{};
  for (int index = 0; index < 512; ++index) {
    all[index] = make_castling_rules(static_cast<Square>(king_file_of_rules(index)),
                                     static_cast<Square>(kingside_rook_file_of_rules(index)),
                                     static_cast<Square>(queenside_rook_file_of_rules(index)));
  }
  return all;
}();

inline constexpr const CastlingRules& kStandardCastling = kCastlingRules[kStandardCastlingIndex];

}  // namespace pyke

#endif  // PYKE_MOVEGEN_CASTLING_H_
