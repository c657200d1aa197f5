// find_difference.h — the `pyke diff` algorithm: compare two divides and descend into the first
// root move whose count differs, one ply lower each time, until the two move lists differ.
//
//   MovegenSource pyke(root, nullptr);
//   UciEngine& other = …;
//   absl::StatusOr<DiffResult> r = find_difference(root, {}, 5, pyke, other, print_level);
//   if (r.ok() && r->difference) { r->difference->fen, ->missing, ->illegal … }
//
// The reference source (Pyke) decides which moves are legal. At each level both divides are
// taken; if the move lists differ, that position is the answer. Otherwise the first move (in UCI
// text order) with different counts is played and the search goes one ply deeper; at depth 1 the
// counts are all 1, so a difference there is a difference of move lists.
#ifndef PYKE_DIFF_FIND_DIFFERENCE_H_
#define PYKE_DIFF_FIND_DIFFERENCE_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "diff/perft_source.h"
#include "movegen/position.h"

namespace pyke::diff {

// One compared position on the way down.
struct Level {
  std::vector<std::string> path;  // moves from the root
  int depth = 0;
  absl::uint128 reference_total = 0;
  absl::uint128 engine_total = 0;
  std::vector<std::string> count_differs;  // moves both list, with different counts (sorted)
  Divide reference;
  Divide engine;
};

// Where the two sources disagree.
struct Difference {
  enum class Kind {
    kMoveLists,     // the lists of moves differ: see missing and illegal
    kCounts,        // same moves, different counts at depth 1 (an engine that counts oddly)
    kInconsistent,  // the engine's divide here agrees, but one level up it counted differently
  };
  Kind kind = Kind::kMoveLists;
  std::vector<std::string> path;  // moves from the root to this position
  std::string fen;                // this position
  int depth = 0;
  std::vector<std::string> missing;  // legal here, not listed by the engine
  std::vector<std::string> illegal;  // listed by the engine, not legal here
  std::vector<std::string> count_differs;
};

struct DiffResult {
  std::vector<Level> levels;
  std::optional<Difference> difference;  // none: every count agreed
};

// Compares `engine` with `reference` from the position `root` + `moves`, to `depth` (>= 1).
// `moves` must be legal. `on_level` (may be null) is called after each level is compared.
// Errors come from either source, or name an illegal starting move. With `chess960`, moves are
// written with castling as the king taking its rook, and FENs in Shredder-FEN.
absl::StatusOr<DiffResult> find_difference(const Position& root, std::vector<std::string> moves,
                                           int depth, PerftSource& reference, PerftSource& engine,
                                           const std::function<void(const Level&)>& on_level,
                                           bool chess960 = false);

// Where two sources whose node counts agree classify leaf moves differently (perft/stats.h).
struct StatsDifference {
  std::vector<std::string> path;  // moves from the root to the position below
  std::string fen;                // the position whose divide differs
  int depth = 0;                  // of that divide; at 1, `move` is the leaf move itself
  std::string move;               // the first root move (in text order) whose statistics differ
  int column = 0;                 // its first differing column (perft::kStatsColumns)
  absl::uint128 reference = 0, engine = 0;
};

struct StatsDiffResult {
  bool engine_has_stats = true;  // false: the engine printed no statistics; nothing compared
  std::optional<StatsDifference> difference;  // none: every column agreed
};

// Compares statistics from `root` + `moves` to `depth` (>= 1): at each level the first root move
// whose statistics differ is played, until depth 1, where the leaf move classified differently
// is named. Meant to run after find_difference found the node counts equal. Errors as
// find_difference's, and a source whose move lists differ.
absl::StatusOr<StatsDiffResult> find_stats_difference(const Position& root,
                                                      std::vector<std::string> moves, int depth,
                                                      PerftSource& reference, PerftSource& engine,
                                                      bool chess960 = false);

}  // namespace pyke::diff

#endif  // PYKE_DIFF_FIND_DIFFERENCE_H_
