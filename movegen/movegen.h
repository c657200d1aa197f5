// movegen.h — the general API of Pyke's move generator, for any engine in the monorepo.
//
//   absl::StatusOr<Position> pos = Position::from_fen(fen);
//   for (Move move : legal_moves(*pos)) { … }
//   absl::StatusOr<Move> move = parse_uci_move(*pos, "e7e8q");
//   if (move.ok()) absl::Status played = pos->play(*move);   // legal: OK
//
// Only legal moves are produced; nothing is allocated. Hot loops that know the side to move at
// compile time use the templates behind this API directly (generate.h, count.h, make_move.h).
#ifndef PYKE_MOVEGEN_MOVEGEN_H_
#define PYKE_MOVEGEN_MOVEGEN_H_

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/material.h"
#include "movegen/move.h"
#include "movegen/position.h"

namespace pyke {

// A fixed-capacity list of moves. Its capacity is kMaxLegalMoves (material.h): a bound proved
// for every position Position accepts, so the generator can never fill it past the end. Debug
// builds check it anyway.
class MoveList {
 public:
  static constexpr int kCapacity = kMaxLegalMoves;

  void push_back(Move move) {
    assert(size_ < kCapacity && "more legal moves than material.h proves possible");
    moves_[size_++] = move;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move operator[](int i) const { return moves_[i]; }
  bool contains(Move move) const;

 private:
  Move moves_[kCapacity];
  int size_ = 0;
};

// Every legal move of the side to move.
MoveList legal_moves(const Position& pos);

// The legal moves split in two, from the same generator (for a search's quiescence and its
// staged move ordering): captures (en passant included) and promotions (quiet ones too), and
// every other move (castling included). Together they are exactly legal_moves(pos). The
// generator narrows its destination sets to the kind asked for, so legal_captures never makes
// the quiet moves only to drop them (quiescence calls it at every node).
MoveList legal_captures(const Position& pos);
MoveList legal_quiets(const Position& pos);

// Whether `move` is a capture (en passant included; castling, written king-takes-rook, is not).
inline bool is_capture(const Position& pos, Move move) {
  return move.kind() == MoveKind::kEnPassant ||
         (move.kind() != MoveKind::kCastling &&
          (pos.pieces(~pos.side_to_move()) & square_bb(move.to())) != 0);
}

// Whether the legal `move` puts the opponent in check.
bool gives_check(const Position& pos, Move move);

// How many legal moves the side to move has (faster than legal_moves(pos).size()).
int legal_move_count(const Position& pos);

// The legal move that UCI coordinate text names in `pos`: "e2e4", "e7e8q", castling as the
// king's move "e1g1" or, with `chess960`, as the king taking its rook "e1h1" (see to_uci). An
// error names the text when it is malformed or not a legal move here.
absl::StatusOr<Move> parse_uci_move(const Position& pos, absl::string_view text,
                                    bool chess960 = false);

// `pos` after the moves written in UCI text (see parse_uci_move); an error names the first
// malformed or illegal one.
absl::StatusOr<Position> play_uci_moves(Position pos, const std::vector<std::string>& moves,
                                        bool chess960 = false);

// Whether moves in `pos` must be written in Chess960 notation: when asked to (`chess960`), and
// always when its castling king or rooks are off the standard squares.
inline bool chess960_notation(const Position& pos, bool chess960) {
  return chess960 || !pos.has_standard_castling();
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_MOVEGEN_H_
