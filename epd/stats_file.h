// stats_file.h — reads files of perft statistics: one row per position and depth with the nine
// columns of perft/stats.h, tab-separated, as the Chess Programming Wiki's tables publish them.
//
//   # fen	depth	nodes	captures	ep	castles	promotions	checks
//   discovery_checks
//   double_checks	checkmates rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1	3
//   8902	34	0	0	0	12	0	0	0
//
//   absl::StatusOr<std::vector<pyke::epd::StatsRow>> rows =
//       pyke::epd::read_stats_file("tests/data/perft_stats.tsv");
//   for (const pyke::epd::StatsRow& r : *rows) {
//     if (r.columns[6]) { … }   // discovery checks, when the row publishes them
//   }
//
// A row has the FEN, the depth (0 … 99), nine counts each a whole number below 2^128 or `-`
// (not published), and optionally one more field (where the row comes from), which is kept as
// text. Blank lines and lines starting with `#` are skipped. Anything else is an error naming the
// line and what is wrong. Text only, like epd.h: the FEN is not parsed here.
#ifndef PYKE_EPD_STATS_FILE_H_
#define PYKE_EPD_STATS_FILE_H_

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace pyke::epd {

inline constexpr int kStatsColumnCount = 9;

struct StatsRow {
  std::string fen;
  int depth = 0;
  // nodes, captures, ep, castles, promotions, checks, discovery checks, double checks,
  // checkmates; nullopt where the row has `-`.
  std::array<std::optional<absl::uint128>, kStatsColumnCount> columns;
  std::string source;  // the optional last field, or empty
  int line = 0;        // 1-based
};

// Parses a whole file's text; `source` names it in error messages ("<source>:<line>: …").
absl::StatusOr<std::vector<StatsRow>> parse_stats(absl::string_view text, absl::string_view source);

// Reads and parses a file.
absl::StatusOr<std::vector<StatsRow>> read_stats_file(const std::string& path);

}  // namespace pyke::epd

#endif  // PYKE_EPD_STATS_FILE_H_
