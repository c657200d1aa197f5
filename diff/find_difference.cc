#include "diff/find_difference.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "diff/movegen_source.h"
#include "perft/stats.h"

namespace pyke::diff {
namespace {

absl::uint128 total(const Divide& divide) {
  absl::uint128 sum = 0;
  for (const auto& [move, nodes] : divide) sum += nodes;
  return sum;
}

// Keys of `a` that `b` lacks, in order.
std::vector<std::string> only_in(const Divide& a, const Divide& b) {
  std::vector<std::string> moves;
  for (const auto& [move, nodes] : a) {
    if (!b.contains(move)) moves.push_back(move);
  }
  return moves;
}

std::vector<std::string> count_differs(const Divide& reference, const Divide& engine) {
  std::vector<std::string> moves;
  for (const auto& [move, nodes] : reference) {
    const auto it = engine.find(move);
    if (it != engine.end() && it->second != nodes) moves.push_back(move);
  }
  return moves;
}

}  // namespace

absl::StatusOr<DiffResult> find_difference(const Position& root, std::vector<std::string> moves,
                                           int depth, PerftSource& reference, PerftSource& engine,
                                           const std::function<void(const Level&)>& on_level,
                                           bool chess960) {
  if (depth < 1) return absl::InvalidArgumentError("diff needs a depth of at least 1");
  DiffResult result;
  for (; depth >= 1; --depth) {
    absl::StatusOr<Position> pos = position_after(root, moves, chess960);
    if (!pos.ok()) return pos.status();
    absl::StatusOr<Divide> ours = reference.divide(moves, depth);
    if (!ours.ok()) return ours.status();
    absl::StatusOr<Divide> theirs = engine.divide(moves, depth);
    if (!theirs.ok()) return theirs.status();

    Level level{.path = moves,
                .depth = depth,
                .reference_total = total(*ours),
                .engine_total = total(*theirs),
                .count_differs = count_differs(*ours, *theirs),
                .reference = *ours,
                .engine = *theirs};
    result.levels.push_back(level);
    if (on_level) on_level(level);

    Difference difference{
        .path = moves,
        .fen = pos->to_fen(chess960 ? CastlingNotation::kShredder : CastlingNotation::kXFen),
        .depth = depth,
        .missing = only_in(*ours, *theirs),
        .illegal = only_in(*theirs, *ours),
        .count_differs = level.count_differs};
    if (!difference.missing.empty() || !difference.illegal.empty()) {
      result.difference = std::move(difference);
      return result;
    }
    if (level.count_differs.empty()) {
      // Agreement at the root is the good outcome; below it, the engine contradicts itself.
      if (moves.size() > result.levels.front().path.size()) {
        difference.kind = Difference::Kind::kInconsistent;
        result.difference = std::move(difference);
      }
      return result;
    }
    if (depth == 1) {
      difference.kind = Difference::Kind::kCounts;
      result.difference = std::move(difference);
      return result;
    }
    moves.push_back(level.count_differs.front());
  }
  return result;
}

absl::StatusOr<StatsDiffResult> find_stats_difference(const Position& root,
                                                      std::vector<std::string> moves, int depth,
                                                      PerftSource& reference, PerftSource& engine,
                                                      bool chess960) {
  if (depth < 1) return absl::InvalidArgumentError("diff needs a depth of at least 1");
  StatsDiffResult result;
  for (; depth >= 1; --depth) {
    absl::StatusOr<std::optional<StatsDivide>> theirs = engine.stats_divide(moves, depth);
    if (!theirs.ok()) return theirs.status();
    if (!theirs->has_value()) {
      result.engine_has_stats = false;
      return result;
    }
    absl::StatusOr<std::optional<StatsDivide>> ours = reference.stats_divide(moves, depth);
    if (!ours.ok()) return ours.status();
    if (!ours->has_value()) return absl::InternalError("the reference has no statistics");
    std::optional<StatsDifference> found;
    for (const auto& [move, stats] : **ours) {
      const auto it = (*theirs)->find(move);
      if (it == (*theirs)->end()) {
        return absl::InvalidArgumentError(absl::StrCat("the engine's statistics lack the move ",
                                                       move, " (its divide listed it)"));
      }
      for (int c = 0; c < perft::Stats::kColumns && !found; ++c) {
        if (stats.column(c) != it->second.column(c)) {
          absl::StatusOr<Position> pos = position_after(root, moves, chess960);
          if (!pos.ok()) return pos.status();
          found = StatsDifference{
              moves,
              pos->to_fen(chess960 ? CastlingNotation::kShredder : CastlingNotation::kXFen),
              depth,
              move,
              c,
              stats.column(c),
              it->second.column(c)};
        }
      }
      if (found) break;
    }
    // None here, below a level that differed: the engine's deeper counts contradict its own
    // shallower ones; the level above stays the answer.
    if (!found) return result;
    result.difference = *found;
    if (depth == 1) return result;
    moves.push_back(found->move);
  }
  return result;
}

}  // namespace pyke::diff
