// bench.cc — `pyke_play bench` (bench.h).
//
//   pyke_play bench    # … then "Nodes searched: N" and "Nodes/second: M"
#include "play/bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "absl/strings/str_format.h"
#include "movegen/keyed_position.h"
#include "movegen/position.h"
#include "play/search.h"
#include "play/table.h"

namespace pyke::play {
namespace {

// Openings, middlegames with tactics, and endgames (pawn races, rook endings, a mating net).
constexpr const char* kBenchFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "2r3k1/pp3ppp/4p3/3n4/3P4/P3BN2/1P3PPP/2R3K1 b - - 0 25",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/8/2pP4/8/5K2/8 b - d3 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
};

}  // namespace

BenchResult run_bench(std::ostream& out, int depth) {
  BenchResult result;
  const auto start = std::chrono::steady_clock::now();
  std::atomic<bool> stop{false};
  for (const char* fen : kBenchFens) {
    TranspositionTable table;
    Searcher searcher(table);
    Limits limits;
    limits.depth = depth;
    const SearchResult r = searcher.run(KeyedPosition(*Position::from_fen(fen)), {}, limits, stop,
                                        [](const SearchInfo&) {});
    result.nodes += r.nodes;
    out << absl::StrFormat("%-70s %10d nodes\n", fen, r.nodes);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << absl::StrFormat("\nNodes searched: %d\nTime: %.3f s\nNodes/second: %.0f\n", result.nodes,
                         result.seconds, result.nodes / std::max(result.seconds, 1e-9));
  return result;
}

}  // namespace pyke::play
