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
// `kZobrist`, the keys of the default seed, is computed at compile time; a key set from any other
// seed is a value (`make_zobrist_keys(seed)`, constexpr too) that a hashed perft takes with its
// table, so that a count can be repeated under independent keys (perft.h, Options::keys).
//
//   Key key = zobrist_key(pos);                      // from scratch, default keys
//   Key next = child_key(key, pos, pos_after_move);  // incremental: XOR what changed
//   ZobristKeys other = make_zobrist_keys(42);
//   Key key42 = zobrist_key(pos, other);             // the same under other keys
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

// The seed of the default keys (kZobrist): any fixed number, "PYKEPERF" in ASCII.
inline constexpr uint64_t kDefaultZobristSeed = 0x50594B4550455246ULL;

// The keys drawn from `seed`, in a fixed order: pieces, castling rooks, en passant files, side,
// depths. make_zobrist_keys(kDefaultZobristSeed) is kZobrist.
constexpr ZobristKeys make_zobrist_keys(uint64_t seed) {
  ZobristKeys keys{};
  uint64_t state = seed;
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

inline constexpr ZobristKeys kZobrist = make_zobrist_keys(kDefaultZobristSeed);

// The seed of a second, independent key set for re-counting under other keys (`--verify
// rekey`): the next splitmix64 number after `seed`, so it differs from it and is the same on
// every run and every machine.
constexpr uint64_t rekey_seed(uint64_t seed) { return splitmix64(seed); }

// `keys` with every key ANDed with `mask`: for tests only, which need keys weak enough that
// distinct positions share them (masked to 8 bits, a hashed perft goes wrong at once).
constexpr ZobristKeys masked_keys(ZobristKeys keys, Key mask) {
  for (auto& piece : keys.piece)
    for (Key& k : piece) k &= mask;
  for (auto& right : keys.castling_rook)
    for (Key& k : right) k &= mask;
  for (Key& k : keys.en_passant_file) k &= mask;
  keys.black_to_move &= mask;
  for (Key& k : keys.depth) k &= mask;
  return keys;
}

// The castling part of a key: one key per right in `rights`, by the file of its rook in `rules`.
inline Key castling_key(uint8_t rights, const CastlingRules& rules,
                        const ZobristKeys& keys = kZobrist) {
  Key key = 0;
  for (; rights; rights &= rights - 1) {
    const int i = __builtin_ctz(rights);
    key ^= keys.castling_rook[i][file_of(rules.paths[i].rook_from)];
  }
  return key;
}

// The key of a position, computed from scratch.
Key zobrist_key(const Position& pos, const ZobristKeys& keys = kZobrist);

// The key of `child` given the key of `parent`: XORs the keys of every square whose piece changed
// (found by comparing the twelve piece boards), and of the changed rights, en passant and side.
// Exact for any two positions, so it needs no knowledge of the move.
PYKE_INLINE Key child_key(Key parent_key, const Position& parent, const Position& child,
                          const ZobristKeys& keys = kZobrist) {
  Key key = parent_key ^ keys.black_to_move;
  for (Color c : {kWhite, kBlack}) {
    for (int t = kPawn; t <= kKing; ++t) {
      const auto type = static_cast<PieceType>(t);
      for (Bitboard changed = parent.pieces(c, type) ^ child.pieces(c, type); changed;
           changed = clear_lsb(changed)) {
        key ^= keys.piece[make_piece(c, type)][lsb(changed)];
      }
    }
  }
  // A move only ever removes rights, and the rules (rook files) are the parent's.
  key ^= castling_key(parent.castling_rights() ^ child.castling_rights(), parent.castling_rules(),
                      keys);
  if (parent.en_passant_square() != kNoSquare) {
    key ^= keys.en_passant_file[file_of(parent.en_passant_square())];
  }
  if (child.en_passant_square() != kNoSquare) {
    key ^= keys.en_passant_file[file_of(child.en_passant_square())];
  }
  return key;
}

}  // namespace pyke

#endif  // PYKE_MOVEGEN_ZOBRIST_H_
