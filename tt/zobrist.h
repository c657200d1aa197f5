// zobrist.h — Zobrist keys of positions, generated at compile time with splitmix64.
//
// A position's key XORs one 64-bit key per piece on its square, one for the castling rights, one
// for the en passant file (when capturing there is possible) and one when Black is to move. The
// perft table folds in the remaining depth too (`kZobrist.depth`), since counts differ by depth.
//
//   uint64_t key = zobrist_key(pos);                      // from scratch
//   uint64_t next = child_key(key, pos, pos_after_move);  // incremental: XOR what changed
#ifndef PYKE_TT_ZOBRIST_H_
#define PYKE_TT_ZOBRIST_H_

#include <cstdint>

#include "movegen/position.h"
#include "movegen/types.h"

namespace pyke::tt {

struct ZobristKeys {
  uint64_t piece[12][64];  // [Piece][Square]
  uint64_t castling[16];   // [CastlingRight bits]
  uint64_t en_passant_file[8];
  uint64_t black_to_move;
  uint64_t depth[64];  // [remaining depth], folded in by the table
};

namespace detail {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys keys{};
  uint64_t state = 0x50594B4550455246ULL;  // any fixed seed: the keys must not change between runs
  for (auto& piece : keys.piece)
    for (uint64_t& k : piece) k = splitmix64(state);
  // Castling rights hash as the XOR of one key per right, so removing a right is one XOR.
  uint64_t right_keys[4] = {};
  for (uint64_t& k : right_keys) k = splitmix64(state);
  for (int rights = 0; rights < 16; ++rights)
    for (int i = 0; i < 4; ++i)
      if (rights & (1 << i)) keys.castling[rights] ^= right_keys[i];
  for (uint64_t& k : keys.en_passant_file) k = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  for (uint64_t& k : keys.depth) k = splitmix64(state);
  return keys;
}

}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

// The key of a position, computed from scratch.
uint64_t zobrist_key(const Position& pos);

// The key of `child` given the key of `parent`: XORs the keys of every square whose piece changed
// (found by comparing the twelve piece boards), and of the changed rights, en passant and side.
// Exact for any two positions, so it needs no knowledge of the move.
inline uint64_t child_key(uint64_t parent_key, const Position& parent, const Position& child) {
  uint64_t key = parent_key ^ kZobrist.black_to_move;
  for (Color c : {kWhite, kBlack}) {
    for (int t = kPawn; t <= kKing; ++t) {
      const auto type = static_cast<PieceType>(t);
      for (Bitboard changed = parent.pieces(c, type) ^ child.pieces(c, type); changed;
           changed = clear_lsb(changed)) {
        key ^= kZobrist.piece[make_piece(c, type)][lsb(changed)];
      }
    }
  }
  key ^= kZobrist.castling[parent.castling_rights()] ^ kZobrist.castling[child.castling_rights()];
  if (parent.en_passant_square() != kNoSquare) {
    key ^= kZobrist.en_passant_file[file_of(parent.en_passant_square())];
  }
  if (child.en_passant_square() != kNoSquare) {
    key ^= kZobrist.en_passant_file[file_of(child.en_passant_square())];
  }
  return key;
}

}  // namespace pyke::tt

#endif  // PYKE_TT_ZOBRIST_H_
