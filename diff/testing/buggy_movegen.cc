#include "diff/testing/buggy_movegen.h"

#include <algorithm>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "diff/movegen_source.h"
#include "movegen/bitboard.h"
#include "movegen/movegen.h"

namespace pyke::diff::testing {
namespace {

bool contains(const std::vector<Move>& moves, Move move) {
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// `pos` without the piece on `removed`, or an error when that is no valid position (say, a rook
// whose castling right would be left without it).
absl::StatusOr<Position> without_piece(const Position& pos, Square removed) {
  std::string placement;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square sq = make_square(file, rank);
      const Piece piece = sq == removed ? kNoPiece : pos.piece_on(sq);
      if (piece == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty > 0) placement += static_cast<char>('0' + empty);
      empty = 0;
      placement += "PNBRQKpnbrqk"[piece];
    }
    if (empty > 0) placement += static_cast<char>('0' + empty);
    if (rank > 0) placement += '/';
  }
  const std::string fen = pos.to_fen();
  return Position::from_fen(placement + fen.substr(fen.find(' ')));
}

bool slides_along(PieceType type, Square a, Square b) {
  const bool straight = file_of(a) == file_of(b) || rank_of(a) == rank_of(b);
  return type == kQueen || (type == kRook) == straight;
}

bool is_legal(const Position& pos, Move move) { return legal_moves(pos).contains(move); }

// The moves `wanted` accepts that would be legal with the enemy slider on `slider` gone, and are
// not legal with it: the moves a generator that overlooks that slider's line makes.
template <class Wanted>
void add_moves_blind_to(const Position& pos, Square slider, const MoveList& legal, Wanted wanted,
                        std::vector<Move>& moves) {
  const absl::StatusOr<Position> without = without_piece(pos, slider);
  if (!without.ok()) return;
  for (Move move : legal_moves(*without)) {
    if (wanted(move) && !legal.contains(move) && !contains(moves, move)) moves.push_back(move);
  }
}

// Whether `bug` adds illegal moves (which buggy_perft counts as one node each).
bool adds_illegal_moves(Bug bug) {
  return bug == Bug::kPinnedPieceMoves || bug == Bug::kEnPassantIntoCheck ||
         bug == Bug::kKingAlongCheckLine;
}

// The illegal moves `bug` makes by overlooking the line of the enemy slider on `slider`.
void add_moves_overlooking(const Position& pos, Square slider, Bug bug, const MoveList& legal,
                           std::vector<Move>& moves) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const bool on_its_line = slides_along(type_of(pos.piece_on(slider)), king, slider);
  const Bitboard between = between_squares(king, slider) & ~square_bb(slider);
  const Bitboard blockers = between & pos.occupied();
  switch (bug) {
    case Bug::kPinnedPieceMoves: {
      // A piece pinned to its king by the slider leaves the pin line.
      if (!on_its_line || between == 0 || popcount(blockers) != 1 ||
          (blockers & pos.pieces(us)) == 0) {
        return;
      }
      const Square pinned = lsb(blockers);
      const Bitboard pin_line = line_through(king, slider);
      add_moves_blind_to(
          pos, slider, legal,
          [&](Move m) { return m.from() == pinned && (pin_line & square_bb(m.to())) == 0; }, moves);
      return;
    }
    case Bug::kEnPassantIntoCheck:
      // An en passant capture uncovers the slider's attack on the king.
      if (pos.en_passant_square() == kNoSquare) return;
      add_moves_blind_to(
          pos, slider, legal, [](Move m) { return m.kind() == MoveKind::kEnPassant; }, moves);
      return;
    case Bug::kKingAlongCheckLine: {
      // The slider checks along a line; the king steps to the square next to it on the far side.
      if (!on_its_line || blockers != 0) return;
      const Bitboard beyond =
          line_through(king, slider) & king_attacks(king) & ~between_squares(king, slider);
      if (beyond == 0) return;
      add_moves_blind_to(
          pos, slider, legal,
          [&](Move m) { return m.from() == king && (beyond & square_bb(m.to())) != 0; }, moves);
      return;
    }
    default:
      return;
  }
}

}  // namespace

absl::StatusOr<Bug> parse_bug(absl::string_view name) {
  if (name == "none") return Bug::kNone;
  if (name == "no-en-passant") return Bug::kNoEnPassant;
  if (name == "pinned-piece-moves") return Bug::kPinnedPieceMoves;
  if (name == "no-castling") return Bug::kNoCastling;
  if (name == "no-under-promotion") return Bug::kNoUnderPromotion;
  if (name == "en-passant-into-check") return Bug::kEnPassantIntoCheck;
  if (name == "king-along-check-line") return Bug::kKingAlongCheckLine;
  return absl::InvalidArgumentError(absl::StrCat("unknown bug '", name, "'"));
}

std::vector<Move> buggy_moves(const Position& pos, Bug bug) {
  const MoveList legal = legal_moves(pos);
  std::vector<Move> moves;
  for (Move move : legal) {
    if (bug == Bug::kNoEnPassant && move.kind() == MoveKind::kEnPassant) continue;
    if (bug == Bug::kNoCastling && move.kind() == MoveKind::kCastling) continue;
    if (bug == Bug::kNoUnderPromotion && move.kind() == MoveKind::kPromotion &&
        move.promotion() != kQueen) {
      continue;
    }
    moves.push_back(move);
  }
  if (adds_illegal_moves(bug)) {
    for (Bitboard b = pos.sliders(~pos.side_to_move()); b; b = clear_lsb(b)) {
      add_moves_overlooking(pos, lsb(b), bug, legal, moves);
    }
  }
  return moves;
}

uint64_t buggy_perft(const Position& pos, int depth, Bug bug) {
  if (depth == 0) return 1;
  const std::vector<Move> moves = buggy_moves(pos, bug);
  if (depth == 1) return moves.size();
  uint64_t nodes = 0;
  for (Move move : moves) {
    if (adds_illegal_moves(bug) && !is_legal(pos, move)) {
      ++nodes;  // cannot be played: one node
      continue;
    }
    Position child = pos;
    if (!child.play(move).ok()) continue;  // cannot happen: only legal moves get here
    nodes += buggy_perft(child, depth - 1, bug);
  }
  return nodes;
}

Divide buggy_divide(const Position& pos, int depth, Bug bug) {
  Divide divide;
  for (Move move : buggy_moves(pos, bug)) {
    uint64_t nodes = 1;
    if (!adds_illegal_moves(bug) || is_legal(pos, move)) {
      Position child = pos;
      if (!child.play(move).ok()) continue;  // cannot happen: only legal moves get here
      nodes = buggy_perft(child, depth - 1, bug);
    }
    divide[to_uci(move)] = nodes;
  }
  return divide;
}

absl::StatusOr<Divide> BuggySource::divide(const std::vector<std::string>& moves, int depth) {
  absl::StatusOr<Position> pos = position_after(root_, moves);
  if (!pos.ok()) return pos.status();
  return buggy_divide(*pos, depth, bug_);
}

}  // namespace pyke::diff::testing
