// table.cc — the playing engine's transposition table (table.h).
//
//   table.store(key, 5, 31, 31, Bound::kExact, move);
#include "play/table.h"

#include <algorithm>
#include <new>

#include "absl/strings/str_cat.h"

namespace pyke::play {

absl::Status TranspositionTable::resize(size_t megabytes) {
  if (megabytes < 1 || megabytes > kMaxMegabytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("Hash takes one value from 1 to ", kMaxMegabytes, " (MB)"));
  }
  size_t entries = 1;
  while (entries * 2 * sizeof(TableEntry) <= megabytes * 1024 * 1024) entries *= 2;
  try {
    std::vector<TableEntry> fresh(entries);
    entries_.swap(fresh);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "cannot allocate ", megabytes, " MB; the hash table stays at ", megabytes_, " MB"));
  }
  mask_ = entries - 1;
  megabytes_ = megabytes;
  return absl::OkStatus();
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), TableEntry{});
  age_ = 0;
}

const TableEntry* TranspositionTable::probe(Key key) const {
  const TableEntry& e = entries_[index(key)];
  return e.check == check(key) ? &e : nullptr;
}

void TranspositionTable::store(Key key, int depth, int score, int eval, Bound bound, Move move) {
  TableEntry& e = entries_[index(key)];
  const uint64_t c = check(key);
  const bool same = e.check == c;
  // Keep a deeper entry of this search for the same position unless the new one is exact.
  if (same && (e.bound_and_age >> 2) == age_ && depth < e.depth - 2 && bound != Bound::kExact) {
    return;
  }
  if (same && move == Move::none()) move = e.move;  // keep the known best move
  e.check = c;
  e.score = static_cast<int16_t>(score);
  e.eval = static_cast<int16_t>(eval);
  e.move = move;
  e.depth = static_cast<int8_t>(std::clamp(depth, -1, 127));
  e.bound_and_age = static_cast<uint8_t>(static_cast<int>(bound) | age_ << 2);
}

int TranspositionTable::hashfull() const {
  const size_t n = std::min<size_t>(1000, entries_.size());
  int used = 0;
  for (size_t i = 0; i < n; ++i) {
    used += entries_[i].check != 0 && (entries_[i].bound_and_age >> 2) == age_;
  }
  return static_cast<int>(used * 1000 / n);
}

}  // namespace pyke::play
