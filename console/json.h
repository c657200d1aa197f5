// json.h — how Pyke writes for programs: JSON (counts for people, with thousands separators, are
// perft::grouped_count).
//
//   json_string("a \"b\"")                      // "\"a \\\"b\\\"\""
//
// JSON: every count is written as a JSON integer in full digits, however large (a perft count may
// pass 2^64). JSON numbers have no size limit and Python's json module reads them exactly;
// JavaScript's JSON.parse rounds integers above 2^53, so read Pyke's output there with a
// big-integer parser. Times are seconds as decimal fractions.
#ifndef PYKE_CONSOLE_JSON_H_
#define PYKE_CONSOLE_JSON_H_

#include <string>

#include "absl/numeric/int128.h"
#include "absl/strings/string_view.h"
#include "perft/stats.h"

namespace pyke {

// A JSON string literal: `text` in quotes, with quotes, backslashes and control characters
// escaped.
std::string json_string(absl::string_view text);

// Perft statistics as one JSON object, the columns named as in perft::kStatsColumns:
// {"nodes": 4865609, "captures": 82719, "ep": 258, …, "checkmates": 347}.
std::string json_stats(const perft::Stats& stats);

}  // namespace pyke

#endif  // PYKE_CONSOLE_JSON_H_
