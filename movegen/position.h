// position.h — a chess position as bitboards, cheap to copy (80 bytes).
//
// Pyke makes moves by copying: `position.play(move)` checks legality, `after_legal(move)` trusts
// the caller; the generator's and perft's hot loops make them with the mover known at compile
// time (make_move() in movegen/internal/make_move.h). There is no undo.
//
//   absl::StatusOr<Position> pos = Position::from_fen("8/8/8/KPp4r/8/8/8/8 w - c6 0 1");
//   if (!pos.ok()) { /* pos.status().message() says what is wrong and where */ }
//   Bitboard white_pawns = pos->pieces(kWhite, kPawn);
//
// Every Position a caller can hold is valid: the only ways to get one are `start()`, `from_fen`
// (which checks) and `play` (which refuses an illegal move), so there is no kingless default.
//
// Invariants (checked by `validate`, kept by every move): one king per side, an army a game can
// reach (material.h), colours and piece types partition the occupied squares, the side not to move
// is not in check, castling rights match kings and rooks on their squares, and an en passant square
// is stored only when a pawn of the side to move could capture there.
#ifndef PYKE_MOVEGEN_POSITION_H_
#define PYKE_MOVEGEN_POSITION_H_

#include <cassert>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/material.h"
#include "movegen/move.h"
#include "movegen/types.h"

namespace pyke {

// How to_fen writes castling rights: X-FEN (standard FEN for standard positions) or Shredder-FEN.
enum class CastlingNotation { kXFen, kShredder };

inline constexpr absl::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  // The standard start position.
  static Position start();

  // Parses Forsyth–Edwards Notation (six fields; the two move counters may be omitted). Rejects
  // anything that is not a legal, reachable-looking position: see fen.cc for the full list.
  //
  // The castling field may be standard (KQkq), X-FEN (KQkq for the outermost rook on that side,
  // the rook's file letter otherwise, e.g. `Bb`) or Shredder-FEN (file letters only, `HAha`):
  // Chess960 positions parse in either. `*file_letters`, when given, tells whether the field used
  // file letters (Shredder-FEN or an X-FEN inner rook), which asks for Chess960 move notation.
  static absl::StatusOr<Position> from_fen(absl::string_view fen, bool* file_letters = nullptr);
  std::string to_fen(CastlingNotation notation = CastlingNotation::kXFen) const;

  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  // The pieces of `c` that move along lines: bishops, rooks and queens.
  Bitboard sliders(Color c) const {
    return by_color_[c] & (by_type_[kBishop] | by_type_[kRook] | by_type_[kQueen]);
  }
  Bitboard occupied() const { return by_color_[kWhite] | by_color_[kBlack]; }
  Square king_square(Color c) const { return lsb(pieces(c, kKing)); }
  // The piece on `s`, or kNoPiece: constant time (six bit tests, no branch on the piece).
  Piece piece_on(Square s) const {
    const Bitboard b = occupied() >> s & 1;
    const int type = static_cast<int>(by_type_[kKnight] >> s & 1) * kKnight +
                     static_cast<int>(by_type_[kBishop] >> s & 1) * kBishop +
                     static_cast<int>(by_type_[kRook] >> s & 1) * kRook +
                     static_cast<int>(by_type_[kQueen] >> s & 1) * kQueen +
                     static_cast<int>(by_type_[kKing] >> s & 1) * kKing;
    const int color = static_cast<int>(by_color_[kBlack] >> s & 1);
    return b ? static_cast<Piece>(color * 6 + type) : kNoPiece;
  }
  Material material(Color c) const;

  Color side_to_move() const { return side_; }
  // The square a pawn would capture onto en passant, or kNoSquare. Stored only when an enemy
  // pawn stands ready to capture (it may still be illegal: the generator checks that).
  Square en_passant_square() const { return ep_square_; }
  uint8_t castling_rights() const { return castling_; }  // CastlingRight bits
  const CastlingRules& castling_rules() const { return kCastlingRules[castling_rules_index_]; }
  // True when the castling king and rooks stand where standard chess puts them (e, a and h
  // files); false for Chess960 positions that castle from other squares.
  bool has_standard_castling() const { return castling_rules_index_ == kStandardCastlingIndex; }
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }

  // True when the side to move is in check.
  bool in_check() const;

  // Plays `move` if it is legal here; otherwise an error naming it, and the position is unchanged.
  // Costs a move generation: callers with moves from the generator use `after_legal` (below),
  // hot loops make_move() (movegen/internal/make_move.h).
  absl::Status play(Move move);

  // The position after `move`, which must be legal here (a move from the generator): no check,
  // no move generation. For searches that play moves they generated; `play` checks.
  Position after_legal(Move move) const;

  // The position with the side to move passing (a "null move", for null-move pruning): the other
  // side moves, the en passant square is gone, the halfmove clock counts on. Only valid when the
  // side to move is not in check (the result would leave a king in check otherwise).
  Position after_null_move() const;

  // Checks the invariants listed above; OK or a message naming the first one broken.
  absl::Status validate() const;

  bool operator==(const Position&) const = default;

 private:
  friend class FenParser;

  // An empty board, for FenParser to fill in and check: never handed out.
  Position() = default;

  template <Color Us, PieceType Mover, bool MoveCounters>
  Position make(Move move) const;

  // Copy-make with colour and mover known at compile time, for the generator's and perft's hot
  // loops: not part of the public API, it is declared and defined in movegen/internal/make_move.h.
  template <Color Us, PieceType Mover, bool MoveCounters>
  friend Position make_move(const Position& pos, Move move);

  Bitboard by_type_[kPieceTypeCount] = {};
  Bitboard by_color_[2] = {};
  uint16_t castling_rules_index_ = kStandardCastlingIndex;  // into kCastlingRules
  Square ep_square_ = kNoSquare;
  uint8_t castling_ = 0;
  Color side_ = kWhite;
  uint16_t halfmove_clock_ = 0;
  uint16_t fullmove_number_ = 1;
};

// Inline: perft's depth-2 nodes count the replies after a null move (calm.h).
inline Position Position::after_null_move() const {
  assert(!in_check());
  Position next = *this;
  next.side_ = ~side_;
  next.ep_square_ = kNoSquare;
  ++next.halfmove_clock_;
  if (side_ == kBlack) ++next.fullmove_number_;
  return next;
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_POSITION_H_
