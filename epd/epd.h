// epd.h — reads perft suites in EPD form: one position per line with its perft counts.
//
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//
//   absl::StatusOr<std::vector<pyke::epd::Record>> records =
//       pyke::epd::read_file("tests/data/published.epd");
//   if (!records.ok()) return records.status();   // "published.epd:12: …" names line and problem
//   for (const pyke::epd::Record& r : *records) {
//     for (const auto& [depth, nodes] : r.counts) { … }   // nodes is an absl::uint128
//   }
//
// Accepted: `;D1 20 ;D2 400` and `;D1 20;D2 400` (any blanks around `;`), a trailing `;`,
// `id "…"` and EPD comment operations `c0 "…"` … `c9 "…"` (quoted text may hold `;`), blank
// lines, and lines whose first non-blank character is `#`. Counts may exceed 2^64 (the start
// position's perft 14 does). Nothing here knows chess: the FEN is kept as text, and the caller
// parses it (so a reader of this file need not link the move generator).
//
// Everything else is an error whose message names the line and what is wrong; nothing aborts.
#ifndef PYKE_EPD_EPD_H_
#define PYKE_EPD_EPD_H_

#include <map>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace pyke::epd {

// One line of a suite.
struct Record {
  std::string fen;                      // as written, blanks at the ends removed
  std::map<int, absl::uint128> counts;  // depth -> expected perft count; never empty
  std::string id;                       // the `id "…"` operation's text, or empty
  std::map<int, std::string> comments;  // the `c0 "…"` … `c9 "…"` operations' text, by digit
  int line = 0;                         // 1-based line number in its file
};

// Parses one line that is neither blank nor a comment. Errors say what is wrong (without the
// line number, which the caller adds).
absl::StatusOr<Record> parse_line(absl::string_view line);

// Parses a whole suite. `source` names it in error messages ("<source>:<line>: …"). The first
// malformed line is the error; an empty suite is not an error.
absl::StatusOr<std::vector<Record>> parse(absl::string_view text, absl::string_view source);

// The whole of a file as text; errors name the path (a directory, a missing or unreadable file).
absl::StatusOr<std::string> read_text(const std::string& path);

// Reads and parses a file. NotFound / PermissionDenied-style errors name the path.
absl::StatusOr<std::vector<Record>> read_file(const std::string& path);

}  // namespace pyke::epd

#endif  // PYKE_EPD_EPD_H_
