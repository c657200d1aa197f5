// zobrist.h — Zobrist keys of positions, generated at compile time with splitmix64.
//
// A position's key XORs one key per piece on its square, one per castling right held (chosen by
// the file of that right's rook, so two Chess960 positions that differ only in which rooks may
// castle never share a key), one for the en passant file (when capturing there is possible) and one
// when Black is to move. The perft table (//tt) folds in the remaining depth too
// (`kZobrist.depth`), since counts differ by depth. Keys are 128 bits: the table indexes with the
// high half's top bits and checks 80 more bits (tt/table.h), because 64-bit keys would make a deep
// hashed perft wrong with real probability. One definition for every engine in the monorepo: //tt
// (perft) and //play (search) both use it;
// //play keeps it incrementally through KeyedPosition (keyed_position.h).
//
//   Key key = zobrist_key(pos);                      // from scratch
//   Key next = child_key(key, pos, pos_after_move);  // incremental: XOR what changed
#ifndef PYKE_MOVEGEN_ZOBRIST_H_
#define PYKE_MOVEGEN_ZOBRIST_H_

#include <cstdint>

#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke {

using Key = unsigned __int128;

constexpr uint64_t high_half(Key key) { return static_cast<uint64_t>(key >> 64); }
constexpr uint64_t low_half(Key key) { return static_cast<uint64_t>(key); }

struct ZobristKeys {
  Key piece[12][64];        // [Piece][Square]
  Key castling_rook[4][8];  // [castling_index of the right][file of its rook]
  Key en_passant_file[8];
  Key black_to_move;
  Key depth[64];  // [remaining depth], folded in by the table
};

// The generator the keys come from: splitmix64, one 64-bit number per call, advancing `state`.
// Anything that needs keys like Pyke's (tests of the table, say) draws them here.
//
//   uint64_t state = 1;
//   Key k = next_random_key(state);   // 128 bits: two draws
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr Key next_random_key(uint64_t& state) {
  const Key high = splitmix64(state);
  return high << 64 | splitmix64(state);
}

namespace detail {

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys keys{};
  uint64_t state = 0x50594B4550455246ULL;  // any fixed seed: the keys must not change between runs
  for (auto& piece : keys.piece)
    for (Key& k : piece) k = next_random_key(state);
  // Castling rights hash as the XOR of one key per right, so removing a right is one XOR.
  for (auto& right : keys.castling_rook)
    for (Key& k : right) k = next_random_key(state);
  for (Key& k : keys.en_passant_file) k = next_random_key(state);
  keys.black_to_move = next_random_key(state);
  for (Key& k : keys.depth) k = next_random_key(state);
  return keys;
}

}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

// The castling part of a key: one key per right in `rights`, by the file of its rook in `rules`.
inline Key castling_key(uint8_t rights, const CastlingRules& rules) {
  Key key = 0;
  for (; rights; rights &= rights - 1) {
    const int i = __builtin_ctz(rights);
    key ^= kZobrist.castling_rook[i][file_of(rules.paths[i].rook_from)];
  }
  return key;
}

// The key of a position, computed from scratch.
Key zobrist_key(const Position& pos);

// The key of `child` given the key of `parent`: XORs the keys of every square whose piece changed
// (found by comparing the twelve piece boards), and of the changed rights, en passant and side.
// Exact for any two positions, so it needs no knowledge of the move.
PYKE_INLINE Key child_key(Key parent_key, const Position& parent, const Position& child) {
  Key key = parent_key ^ kZobrist.black_to_move;
  for (Color c : {kWhite, kBlack}) {
    for (int t = kPawn; t <= kKing; ++t) {
      const auto type = static_cast<PieceType>(t);
      for (Bitboard changed = parent.pieces(c, type) ^ child.pieces(c, type); changed;
           changed = clear_lsb(changed)) {
        key ^= kZobrist.piece[make_piece(c, type)][lsb(changed)];
      }
    }
  }
  // A move only ever removes rights, and the rules (rook files) are the parent's.
  key ^= castling_key(parent.castling_rights() ^ child.castling_rights(), parent.castling_rules());
  if (parent.en_passant_square() != kNoSquare) {
    key ^= kZobrist.en_passant_file[file_of(parent.en_passant_square())];
  }
  if (child.en_passant_square() != kNoSquare) {
    key ^= kZobrist.en_passant_file[file_of(child.en_passant_square())];
  }
  return key;
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_ZOBRIST_H_
