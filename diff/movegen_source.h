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

// `root` after `moves` (UCI text; castling as the king taking its rook with `chess960`); an error
// names the first malformed or illegal move.
absl::StatusOr<Position> position_after(const Position& root, const std::vector<std::string>& moves,
                                        bool chess960 = false);

class MovegenSource : public PerftSource {
 public:
  // `table` (not owned) may be null. Moves are read and written in Chess960 notation with
  // `chess960`; the divide runs on `threads` threads.
  MovegenSource(const Position& root, tt::PerftTable* table, bool chess960 = false, int threads = 1)
      : root_(root), table_(table), chess960_(chess960), threads_(threads) {}

  absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) override;
  // Counted without the table (it holds node counts only).
  absl::StatusOr<std::optional<StatsDivide>> stats_divide(const std::vector<std::string>& moves,
                                                          int depth) override;

 private:
  Position root_;
  tt::PerftTable* table_;
  bool chess960_;
  int threads_;
};

}  // namespace pyke::diff

#endif  // PYKE_DIFF_MOVEGEN_SOURCE_H_
