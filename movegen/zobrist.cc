// zobrist.cc — the key of a position from scratch (zobrist.h has the keys and the incremental
// update).
//
//   Key key = zobrist_key(Position::start());
#include "movegen/zobrist.h"

namespace pyke {

Key zobrist_key(const Position& pos, const ZobristKeys& keys) {
  Key key = pos.side_to_move() == kBlack ? keys.black_to_move : 0;
  for (Bitboard b = pos.occupied(); b; b = clear_lsb(b)) {
    key ^= keys.piece[pos.piece_on(lsb(b))][lsb(b)];
  }
  key ^= castling_key(pos.castling_rights(), pos.castling_rules(), keys);
  if (pos.en_passant_square() != kNoSquare) {
    key ^= keys.en_passant_file[file_of(pos.en_passant_square())];
  }
  return key;
}

}  // namespace pyke
