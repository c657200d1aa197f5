// buggy_movegen.h — Pyke's move generator with one deliberate bug, for testing `pyke diff`.
//
//   std::vector<Move> moves = buggy_moves(pos, Bug::kNoCastling);   // legal moves minus castling
//   Divide d = buggy_divide(pos, 3, Bug::kNoEnPassant);
//
// Bugs real generators have had. Two leave legal moves out: kNoEnPassant, kNoCastling,
// kNoUnderPromotion (promotions to the queen only). Three add illegal ones, which are never
// played (each counts as one node at any depth): kPinnedPieceMoves (a piece pinned to its king
// leaves the pin line), kEnPassantIntoCheck (an en passant capture that uncovers an attack on the
// king, as when both pawns leave a rank a rook watches), kKingAlongCheckLine (the king steps away
// from a checking slider along its line, to a square the slider sees only through the king).
#ifndef PYKE_DIFF_TESTING_BUGGY_MOVEGEN_H_
#define PYKE_DIFF_TESTING_BUGGY_MOVEGEN_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "diff/perft_source.h"
#include "movegen/move.h"
#include "movegen/position.h"

namespace pyke::diff::testing {

enum class Bug {
  kNone,
  kNoEnPassant,
  kPinnedPieceMoves,
  kNoCastling,
  kNoUnderPromotion,
  kEnPassantIntoCheck,
  kKingAlongCheckLine,
};

// "none", "no-en-passant", "pinned-piece-moves", "no-castling", "no-under-promotion",
// "en-passant-into-check", "king-along-check-line".
absl::StatusOr<Bug> parse_bug(absl::string_view name);

// The generator's moves with the bug: legal moves filtered, or with illegal ones added.
std::vector<Move> buggy_moves(const Position& pos, Bug bug);

// Perft and divide over buggy_moves.
uint64_t buggy_perft(const Position& pos, int depth, Bug bug);
Divide buggy_divide(const Position& pos, int depth, Bug bug);

// A PerftSource over buggy_divide, from `root`.
class BuggySource : public PerftSource {
 public:
  BuggySource(const Position& root, Bug bug) : root_(root), bug_(bug) {}
  absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) override;

 private:
  Position root_;
  Bug bug_;
};

}  // namespace pyke::diff::testing

#endif  // PYKE_DIFF_TESTING_BUGGY_MOVEGEN_H_
