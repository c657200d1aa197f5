// engine_client.h — another perft engine as a PerftSource, driven through a pipe.
//
//   absl::StatusOr<std::unique_ptr<PerftSource>> sf =
//       start_uci_engine("stockfish", kStartFen, std::chrono::seconds(60));
//   absl::StatusOr<Divide> d = (*sf)->divide({"e2e4"}, 4);
//
// Two protocols:
//  * UCI: `sh -c CMD` runs once; `uci`/`uciok`, `isready`/`readyok`, then per divide
//    `position fen <FEN> moves …` and `go perft N`, answered by divide lines and
//    `Nodes searched: N` (as Stockfish prints them). Lines starting with `info` are skipped.
//    Statistics (`pyke diff --stats`): `go perft N stats`, then `isready`; the rows of a move and
//    nine counts before `readyok` (count/report.h). Asked once at depth 1 first: an engine
//    that answers nothing within 5 s, or prints no rows, has none.
//  * perftree: `CMD DEPTH "FEN" "MOVES"` runs once per divide (the convention of the perftree
//    tool: moves as one space-separated argument, left out when there are none); it prints the
//    divide lines, a blank line and the total, and exits with status 0.
// Divide lines may be written `e2e4: 20`, `e2e4 20` or `e2e4 - 20`. Anything else — a line that
// is neither, a total that is not the sum of the lines, an engine that exits or says nothing
// within the time limit — is an error that quotes the line or says what happened.
// The program must ignore SIGPIPE (see subprocess.h).
#ifndef PYKE_DIFF_ENGINE_CLIENT_H_
#define PYKE_DIFF_ENGINE_CLIENT_H_

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "diff/perft_source.h"

namespace pyke::diff {

// `e2e4: 20`, `e2e4 20`, `e2e4 - 20` -> ("e2e4", 20); nullopt for any other line.
std::optional<std::pair<std::string, absl::uint128>> parse_divide_line(absl::string_view line);

// Starts a UCI engine (`sh -c command`) and shakes hands; divides are asked from `root_fen`.
// With `chess960`, the engine is sent `setoption name UCI_Chess960 value true` first, so that it
// reads and writes castling as the king taking its rook.
absl::StatusOr<std::unique_ptr<PerftSource>> start_uci_engine(const std::string& command,
                                                              const std::string& root_fen,
                                                              std::chrono::seconds timeout,
                                                              bool chess960 = false);

// A perftree-convention script; nothing runs until the first divide.
std::unique_ptr<PerftSource> perftree_engine(const std::string& command,
                                             const std::string& root_fen,
                                             std::chrono::seconds timeout);

}  // namespace pyke::diff

#endif  // PYKE_DIFF_ENGINE_CLIENT_H_
