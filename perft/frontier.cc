#include "perft/frontier.h"

#include <algorithm>
#include <unordered_map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "movegen/zobrist.h"
#include "perft/internal/kernel.h"
#include "perft/perft.h"

namespace pyke::perft {
namespace {

struct KeyHash {
  size_t operator()(Key key) const { return static_cast<size_t>(low_half(key)); }
};

// The distinct positions of one ply, with their paths per root move.
class Level {
 public:
  // Adds `paths` paths from root move `root` to `pos`.
  void add(const Position& pos, int root, uint64_t paths) {
    std::vector<size_t>& same_key = index_[zobrist_key(pos)];
    for (size_t i : same_key) {
      if (units_[i].pos == pos) return add_paths(units_[i], root, paths);
    }
    same_key.push_back(units_.size());
    units_.push_back({pos, 0, {{root, paths}}});
  }

  std::vector<WorkUnit>& units() { return units_; }

 private:
  static void add_paths(WorkUnit& unit, int root, uint64_t paths) {
    for (auto& [r, n] : unit.roots) {
      if (r == root) {
        n += paths;
        return;
      }
    }
    unit.roots.emplace_back(root, paths);
  }

  std::vector<WorkUnit> units_;
  std::unordered_map<Key, std::vector<size_t>, KeyHash> index_;
};

}  // namespace

absl::StatusOr<Frontier> make_frontier(const Position& root, int depth, int ply,
                                       uint64_t max_paths) {
  if (absl::Status s = check_depth(depth); !s.ok()) return s;
  if (ply < 1 || ply > depth) {
    return absl::OutOfRangeError(
        absl::StrCat("frontier ply ", ply, " is out of range: 1 to the depth (", depth, ")"));
  }
  Frontier frontier;
  frontier.ply = ply;
  Level level;
  internal::for_each_child(root, [&](const Position& child, Move move) {
    level.add(child, static_cast<int>(frontier.root_moves.size()), 1);
    frontier.root_moves.push_back(move);
  });
  frontier.paths = frontier.root_moves.size();
  for (int p = 2; p <= ply; ++p) {
    Level next;
    uint64_t paths = 0;
    for (const WorkUnit& unit : level.units()) {
      internal::for_each_child(unit.pos, [&](const Position& child, Move) {
        for (const auto& [r, n] : unit.roots) {
          next.add(child, r, n);
          paths += n;
        }
      });
    }
    if (paths > max_paths) {
      return absl::ResourceExhaustedError(absl::StrCat("a frontier at ply ", p, " has ", paths,
                                                       " paths, more than ", max_paths,
                                                       ": choose a shallower frontier"));
    }
    frontier.paths = paths;
    level = std::move(next);
  }
  frontier.units = std::move(level.units());
  for (WorkUnit& unit : frontier.units) {
    unit.depth = depth - ply;
    std::sort(unit.roots.begin(), unit.roots.end());
  }
  return frontier;
}

int default_frontier_ply(int depth) { return std::clamp(depth - 4, 1, 4); }

}  // namespace pyke::perft
