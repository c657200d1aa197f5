// keyed_position.h — a Position with its Zobrist key, kept incrementally as moves are played.
//
// The key lives beside the Position, not in it, so the perft kernels (which copy Positions by
// the billion and hash only when a table is on) pay nothing for it. A search plays moves
// through this wrapper and reads the key for its table and for repetitions:
//
//   KeyedPosition pos(Position::start());
//   KeyedPosition child = pos.after(move);       // move from the generator: no legality check
//   absl::Status s = pos.play(move);             // any move: checked, unchanged on error
//   if (child.key() == pos.key()) { … }
#ifndef PYKE_MOVEGEN_KEYED_POSITION_H_
#define PYKE_MOVEGEN_KEYED_POSITION_H_

#include "absl/status/status.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"

namespace pyke {

class KeyedPosition {
 public:
  explicit KeyedPosition(const Position& pos) : pos_(pos), key_(zobrist_key(pos)) {}

  const Position& position() const { return pos_; }
  Key key() const { return key_; }

  // The position after the legal `move` (one the generator produced), key updated by XOR.
  KeyedPosition after(Move move) const {
    const Position next = pos_.after_legal(move);
    return KeyedPosition(next, child_key(key_, pos_, next));
  }

  // The side to move passes (null-move pruning); not allowed in check.
  KeyedPosition after_null_move() const {
    const Position next = pos_.after_null_move();
    return KeyedPosition(next, child_key(key_, pos_, next));
  }

  // Plays `move` if it is legal; otherwise an error, and nothing changes.
  absl::Status play(Move move) {
    const Position before = pos_;
    if (absl::Status s = pos_.play(move); !s.ok()) return s;
    key_ = child_key(key_, before, pos_);
    return absl::OkStatus();
  }

 private:
  KeyedPosition(const Position& pos, Key key) : pos_(pos), key_(key) {}

  Position pos_;
  Key key_;
};

}  // namespace pyke

#endif  // PYKE_MOVEGEN_KEYED_POSITION_H_
