// table.h — the playing engine's transposition table: one 16-byte entry per slot, indexed by the
// high half of //movegen's 128-bit Zobrist key and checked with 48 more bits of the low half.
// Distinct from //tt (the perft table): a search stores scores, bounds and best moves.
//
//   TranspositionTable table;
//   absl::Status s = table.resize(64);           // MB
//   if (const TableEntry* e = table.probe(key)) { Move m = e->move; … }
//   table.store(key, depth, score, bound, move);
//   table.new_search();                          // ages the entries of earlier searches
#ifndef PYKE_PLAY_TABLE_H_
#define PYKE_PLAY_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "movegen/move.h"
#include "movegen/zobrist.h"

namespace pyke::play {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TableEntry {
  uint64_t check = 0;  // the key bits not used for the index (0: empty)
  int16_t score = 0;   // mate scores relative to this node (see search.cc)
  int16_t eval = 0;
  Move move;
  int8_t depth = 0;
  uint8_t bound_and_age = 0;  // Bound in bits 0-1, the search's age in bits 2-7

  Bound bound() const { return static_cast<Bound>(bound_and_age & 3); }
};
static_assert(sizeof(TableEntry) == 16);

class TranspositionTable {
 public:
  static constexpr size_t kMaxMegabytes = 65536;

  TranspositionTable() { (void)resize(16); }

  // A table of `megabytes` (1 … kMaxMegabytes), rounded down to a power of two entries, empty.
  // On failure (out of memory) the table stays as it was.
  absl::Status resize(size_t megabytes);
  size_t megabytes() const { return megabytes_; }

  void clear();
  void new_search() { age_ = static_cast<uint8_t>((age_ + 1) & 63); }

  // The entry for `key`, or null.
  const TableEntry* probe(Key key) const;
  void store(Key key, int depth, int score, int eval, Bound bound, Move move);

  // Permille of the first thousand entries written by the current search (UCI hashfull).
  int hashfull() const;

 private:
  size_t index(Key key) const { return static_cast<size_t>(high_half(key)) & mask_; }
  static uint64_t check(Key key) { return low_half(key) | 1; }

  std::vector<TableEntry> entries_;
  size_t mask_ = 0;
  size_t megabytes_ = 0;
  uint8_t age_ = 0;
};

}  // namespace pyke::play

#endif  // PYKE_PLAY_TABLE_H_
