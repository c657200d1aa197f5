// stats_reference.h — perft statistics the slow way, as the oracle of the statistics kernels:
// every leaf move is made, and the position after it is asked what it is (in check? by which
// pieces, found by testing every piece of the mover for an attack on the king; any legal reply?).
// It shares nothing with the statistics kernels (perft/internal/kernel.h, stats_leaves.h) but
// the move generator and the attack tables.
//
//   perft::Stats s = reference_stats(Position::start(), 4);   // s.checkmates == 8
#ifndef PYKE_TESTS_STATS_REFERENCE_H_
#define PYKE_TESTS_STATS_REFERENCE_H_

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/stats.h"

namespace pyke {

// The mover's pieces that attack the king of the side to move in `pos`, piece by piece.
inline Bitboard reference_checkers(const Position& pos) {
  const Color them = pos.side_to_move(), us = ~them;
  const Bitboard king = pos.pieces(them, kKing);
  const Bitboard occupied = pos.occupied();
  Bitboard checkers = 0;
  for (Bitboard b = pos.pieces(us); b; b = clear_lsb(b)) {
    const Square s = lsb(b);
    Bitboard attacks = 0;
    switch (type_of(pos.piece_on(s))) {
      case kPawn:
        attacks = pawn_attacks(us, s);
        break;
      case kKnight:
        attacks = knight_attacks(s);
        break;
      case kBishop:
        attacks = bishop_attacks(s, occupied);
        break;
      case kRook:
        attacks = rook_attacks(s, occupied);
        break;
      case kQueen:
        attacks = queen_attacks(s, occupied);
        break;
      default:
        break;  // a king gives no check
    }
    if (attacks & king) checkers |= square_bb(s);
  }
  return checkers;
}

// The square of the piece that moved: the destination, or for a castling (king takes rook) the
// rook's landing square — found as the square the mover's rook newly stands on.
inline Square reference_moved_square(const Position& before, const Position& after, Move move) {
  if (move.kind() != MoveKind::kCastling) return move.to();
  const Color us = before.side_to_move();
  const Bitboard arrived = after.pieces(us, kRook) & ~before.pieces(us, kRook);
  return arrived ? lsb(arrived) : move.to();  // the rook may land where it stood (Chess960)
}

inline void add_reference_leaf(const Position& pos, Move move, perft::Stats& s) {
  const Position child = pos.after_legal(move);
  ++s.nodes;
  if (is_capture(pos, move)) ++s.captures;
  if (move.kind() == MoveKind::kEnPassant) ++s.en_passant;
  if (move.kind() == MoveKind::kCastling) ++s.castles;
  if (move.kind() == MoveKind::kPromotion) ++s.promotions;
  const Bitboard checkers = reference_checkers(child);
  if (checkers == 0) return;
  ++s.checks;
  if (legal_moves(child).empty()) {
    ++s.checkmates;
  } else if (popcount(checkers) >= 2) {
    ++s.double_checks;
  } else if (lsb(checkers) != reference_moved_square(pos, child, move)) {
    ++s.discovered_checks;
  }
}

inline perft::Stats reference_stats(const Position& pos, int depth) {
  perft::Stats s;
  if (depth == 0) {
    s.nodes = 1;
    return s;
  }
  for (Move move : legal_moves(pos)) {
    if (depth == 1) {
      add_reference_leaf(pos, move, s);
    } else {
      s += reference_stats(pos.after_legal(move), depth - 1);
    }
  }
  return s;
}

}  // namespace pyke

#endif  // PYKE_TESTS_STATS_REFERENCE_H_
