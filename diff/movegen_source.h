// movegen_source.h — Pyke's own divide as a PerftSource, the reference side of `pyke diff`.
//
//   MovegenSource pyke(Position::start(), table.get());   // table may be null: no hashing
//   absl::StatusOr<Divide> d = pyke.divide({"e2e4"}, 3);
#ifndef PYKE_DIFF_MOVEGEN_SOURCE_H_
#define PYKE_DIFF_MOVEGEN_SOURCE_H_

#include "diff/perft_source.h"
#include "movegen/position.h"
#include "tt/table.h"

namespace pyke::diff {

// `root` after `moves` (UCI text); an error names the first malformed or illegal move.
absl::StatusOr<Position> position_after(const Position& root,
                                        const std::vector<std::string>& moves);

class MovegenSource : public PerftSource {
 public:
  // `table` (not owned) may be null.
  MovegenSource(const Position& root, tt::PerftTable* table) : root_(root), table_(table) {}

  absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) override;

 private:
  Position root_;
  tt::PerftTable* table_;
};

}  // namespace pyke::diff

#endif  // PYKE_DIFF_MOVEGEN_SOURCE_H_
