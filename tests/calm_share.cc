// calm_share — how many of the moves at perft's depth-2 nodes are calm or steady (calm.h): the
// figures the README quotes for the start position and Kiwipete.
//
//   bazel run -c opt //tests:calm_share -- "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0
//   1" 5
//
// Walks every line of PLIES moves from FEN (the depth-2 nodes of perft PLIES+2) and sorts the
// legal moves there as the kernel does.
#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/strings/numbers.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/calm.h"

namespace pyke {
namespace {

using perft::internal::calm_squares;
using perft::internal::for_each_legal_move_except_calm;

struct Share {
  uint64_t nodes = 0, in_check = 0, moves = 0, calm = 0, steady = 0;
};

template <Color Us>
void sort_moves(const Position& pos, Share& share) {
  ++share.nodes;
  const MaskSet m = create_masks<Us>(pos);
  if (m.checkers) {
    ++share.in_check;
    share.moves += static_cast<uint64_t>(legal_move_count(pos));
    return;
  }
  uint64_t visited = 0, steady = 0;
  const int calm = for_each_legal_move_except_calm<Us>(
      pos, m, calm_squares<Us>(pos), [&](auto, Move) { ++visited; }, [&](auto, Move) { ++steady; });
  share.moves += visited + steady + static_cast<uint64_t>(calm);
  share.calm += static_cast<uint64_t>(calm);
  share.steady += steady;
}

void walk(const Position& pos, int plies, Share& share) {
  if (plies == 0) {
    if (pos.side_to_move() == kWhite)
      sort_moves<kWhite>(pos, share);
    else
      sort_moves<kBlack>(pos, share);
    return;
  }
  for (Move move : legal_moves(pos)) walk(pos.after_legal(move), plies - 1, share);
}

}  // namespace
}  // namespace pyke

int main(int argc, char** argv) {
  int plies = 0;
  if (argc != 3 || !absl::SimpleAtoi(argv[2], &plies) || plies < 0 || plies > 6) {
    std::fprintf(stderr, "usage: calm_share FEN PLIES (0 to 6)\n");
    return 2;
  }
  const absl::StatusOr<pyke::Position> pos = pyke::Position::from_fen(argv[1]);
  if (!pos.ok()) {
    std::fprintf(stderr, "calm_share: %s\n", std::string(pos.status().message()).c_str());
    return 2;
  }
  pyke::Share share;
  pyke::walk(*pos, plies, share);
  const double moves = share.moves ? static_cast<double>(share.moves) : 1.0;
  std::printf(
      "depth-2 nodes %llu (in check %llu), moves %llu: calm %llu (%.1f %%), "
      "steady %llu (%.1f %%)\n",
      static_cast<unsigned long long>(share.nodes), static_cast<unsigned long long>(share.in_check),
      static_cast<unsigned long long>(share.moves), static_cast<unsigned long long>(share.calm),
      100.0 * share.calm / moves, static_cast<unsigned long long>(share.steady),
      100.0 * share.steady / moves);
  return 0;
}
