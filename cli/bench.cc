#include "cli/bench.h"

#include <chrono>
#include <cstdint>

#include "absl/strings/str_format.h"
#include "movegen/attacks.h"
#include "movegen/perft.h"
#include "movegen/position.h"
#include "perft/parallel.h"

namespace pyke {
namespace {

struct BenchCase {
  const char* name;
  const char* fen;
  int depth;
  uint64_t nodes;  // published count (Chess Programming Wiki, "Perft Results")
};

constexpr BenchCase kBenchCases[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     193690690},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5,
     164075551},
};

}  // namespace

int run_bench(std::ostream& out, int threads) {
  parallel::Options options;
  options.threads = threads;
  using Clock = std::chrono::steady_clock;
  out << absl::StrFormat("%-10s %5s %12s %9s %14s\n", "position", "depth", "nodes", "seconds",
                         "nodes/s");
  absl::uint128 total_nodes = 0;
  double total_seconds = 0;
  int wrong = 0;
  for (const BenchCase& c : kBenchCases) {
    const Position pos = *Position::from_fen(c.fen);
    const Clock::time_point start = Clock::now();
    const absl::uint128 nodes = *parallel::count(pos, c.depth, options);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    total_nodes += nodes;
    total_seconds += seconds;
    out << absl::StrFormat("%-10s %5d %12s %9.3f %14.0f", c.name, c.depth, count_text(nodes),
                           seconds, static_cast<double>(nodes) / seconds);
    if (nodes != c.nodes) {
      out << absl::StrFormat("  WRONG: expected %d", c.nodes);
      ++wrong;
    }
    out << '\n';
  }
  out << absl::StrFormat(
      "\nTotal: %s nodes in %.3f s, %.0f nodes/s (%d thread%s, slider backend: %s)\n",
      count_text(total_nodes), total_seconds, static_cast<double>(total_nodes) / total_seconds,
      threads, threads == 1 ? "" : "s",
                         kSliderBackendName);
  if (wrong) out << "ERROR: " << wrong << " wrong counts\n";
  return wrong ? 1 : 0;
}

}  // namespace pyke
