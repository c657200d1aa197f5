#include "cli/diff.h"

#include <signal.h>

#include <chrono>
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "console/command_line.h"
#include "console/fail.h"
#include "diff/engine_client.h"
#include "diff/find_difference.h"
#include "diff/movegen_source.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
#include "tt/table.h"

ABSL_FLAG(std::string, engine, "",
          "diff: the other engine's command line, run with `sh -c` (so it may hold arguments)");
ABSL_FLAG(std::string, engine_protocol, "uci",
          "diff: `uci` (go perft) or `perftree` (CMD DEPTH FEN MOVES, once per divide)");
ABSL_FLAG(int, engine_timeout, 60, "diff: seconds allowed for each answer of the engine");

namespace pyke {
namespace {

constexpr int kAgree = 0;
constexpr int kDifferent = 1;

int fail(const absl::Status& status) { return console::fail("pyke", status); }

std::string moves_text(const std::vector<std::string>& moves) {
  return moves.empty() ? "none" : absl::StrJoin(moves, " ");
}

std::string where(const std::vector<std::string>& path) {
  return path.empty() ? "at the root" : absl::StrCat("after ", absl::StrJoin(path, " "));
}

// "depth 3 after e2e4: pyke 9771632 nodes, engine 9771500; 2 moves differ, first d7d5 (pyke 1,
// engine 2)"
void print_level(const diff::Level& level) {
  std::cout << absl::StrFormat("depth %d %s: pyke %d nodes, engine %d", level.depth,
                               where(level.path), level.reference_total, level.engine_total);
  if (!level.count_differs.empty()) {
    const std::string& first = level.count_differs.front();
    const size_t n = level.count_differs.size();
    std::cout << absl::StrFormat("; %d %s, first %s (pyke %d, engine %d)", n,
                                 n == 1 ? "move differs" : "moves differ", first,
                                 level.reference.at(first), level.engine.at(first));
  }
  std::cout << std::endl;
}

void print_difference(const diff::Difference& d) {
  using Kind = diff::Difference::Kind;
  switch (d.kind) {
    case Kind::kMoveLists:
      std::cout << "\nThe move lists differ " << where(d.path) << ".\n";
      break;
    case Kind::kCounts:
      std::cout << "\nSame moves " << where(d.path)
                << ", but the engine does not count each as 1 at depth 1: "
                << moves_text(d.count_differs) << "\n";
      break;
    case Kind::kInconsistent:
      std::cout << "\nThe engine contradicts itself: one level up it counted " << where(d.path)
                << " differently, but its divide here agrees with Pyke's.\n";
      break;
  }
  std::cout << "Path: " << (d.path.empty() ? "(the start position)" : absl::StrJoin(d.path, " "))
            << "\nFEN: " << d.fen
            << "\nMissing in the engine (legal here): " << moves_text(d.missing)
            << "\nListed by the engine but not legal here: " << moves_text(d.illegal) << std::endl;
}

absl::StatusOr<std::unique_ptr<diff::PerftSource>> start_engine(const std::string& root_fen,
                                                                bool chess960) {
  const std::string command = absl::GetFlag(FLAGS_engine);
  const std::string protocol = absl::GetFlag(FLAGS_engine_protocol);
  const int seconds = absl::GetFlag(FLAGS_engine_timeout);
  if (command.empty()) return absl::InvalidArgumentError("diff needs --engine \"COMMAND\"");
  if (seconds < 1) return absl::InvalidArgumentError("--engine_timeout must be 1 or more");
  const std::chrono::seconds timeout(seconds);
  if (protocol == "uci") return diff::start_uci_engine(command, root_fen, timeout, chess960);
  if (protocol == "perftree") return diff::perftree_engine(command, root_fen, timeout);
  return absl::InvalidArgumentError(
      absl::StrCat("--engine_protocol is uci or perftree, not '", protocol, "'"));
}

absl::StatusOr<int> parse_depth(const char* text) {
  absl::StatusOr<int> depth = request::parse_depth(text);
  if (depth.ok() && *depth < 1)
    return absl::InvalidArgumentError("diff needs a depth of at least 1");
  return depth;
}

}  // namespace

// After the node counts agreed: the statistics, when the engine prints them.
int diff_stats(const Position& root, const std::vector<std::string>& moves, int depth,
               diff::PerftSource& pyke, diff::PerftSource& engine, bool chess960) {
  absl::StatusOr<diff::StatsDiffResult> result =
      diff::find_stats_difference(root, moves, depth, pyke, engine, chess960);
  if (!result.ok()) return fail(result.status());
  if (!result->engine_has_stats) {
    std::cout << "The engine prints no statistics for 'go perft N stats': nodes only compared.\n";
    return kAgree;
  }
  if (!result->difference) {
    std::cout << "Every statistics column agrees.\n";
    return kAgree;
  }
  const diff::StatsDifference& d = *result->difference;
  std::cout << "\nThe statistics differ: below " << d.move << " at depth " << d.depth << ", "
            << perft::kStatsColumns[d.column] << ": Pyke " << perft::count_text(d.reference)
            << ", the engine " << perft::count_text(d.engine) << "\n";
  if (d.depth == 1) {
    std::cout << "The leaf move " << d.move << " is classified differently ("
              << perft::kStatsColumns[d.column] << ")\n";
  }
  std::cout << "Path: " << (d.path.empty() ? "(the root)" : absl::StrJoin(d.path, " ")) << "\n"
            << "FEN: " << d.fen << "\n";
  return kDifferent;
}

int diff_command(const std::vector<char*>& args, const std::string& fen, uint64_t hash_megabytes,
                 bool chess960, int threads, bool stats) {
  console::enter_bazel_working_directory();
  signal(SIGPIPE, SIG_IGN);  // a dead engine makes writes fail with EPIPE instead of killing us
  if (args.size() < 3) {
    return fail(absl::InvalidArgumentError(
        "usage: pyke diff --engine \"CMD\" [--fen FEN] DEPTH [MOVE ...]"));
  }
  absl::StatusOr<int> depth = parse_depth(args[2]);
  if (!depth.ok()) return fail(depth.status());
  // The moves are played by find_difference, which descends from the position itself.
  absl::StatusOr<request::Root> parsed = request::parse_root(fen, {}, chess960);
  if (!parsed.ok()) return fail(parsed.status());
  const Position* root = &parsed->position;
  chess960 = parsed->chess960;
  if (absl::Status s = perft::check_threads(threads); !s.ok()) return fail(s);
  const std::vector<std::string> moves(args.begin() + 3, args.end());
  // Checked before the engine is started.
  if (absl::Status s = diff::position_after(*root, moves, chess960).status(); !s.ok()) {
    return fail(s);
  }
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
      request::make_table<tt::PerftTable>(hash_megabytes, threads);
  if (!table.ok()) return fail(table.status());
  absl::StatusOr<std::unique_ptr<diff::PerftSource>> engine =
      start_engine(root->to_fen(), chess960);
  if (!engine.ok()) return fail(engine.status());

  diff::MovegenSource pyke(*root, table->get(), chess960, threads);
  absl::StatusOr<diff::DiffResult> result =
      diff::find_difference(*root, moves, *depth, pyke, **engine, print_level, chess960);
  if (!result.ok()) return fail(result.status());
  if (!result->difference) {
    std::cout << "\nEvery count agrees.\n";
    return stats ? diff_stats(*root, moves, *depth, pyke, **engine, chess960) : kAgree;
  }
  print_difference(*result->difference);
  return kDifferent;
}

}  // namespace pyke
