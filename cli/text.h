// text.h — how `pyke` writes for people and for programs: counts with thousands separators on a
// terminal, and JSON.
//
//   grouped_count(absl::uint128(16342189013))   // "16,342,189,013"
//   json_string("a \"b\"")                      // "\"a \\\"b\\\"\""
//
// JSON: every count is written as a JSON integer in full digits, however large (a perft count may
// pass 2^64). JSON numbers have no size limit and Python's json module reads them exactly;
// JavaScript's JSON.parse rounds integers above 2^53, so read Pyke's output there with a
// big-integer parser. Times are seconds as decimal fractions.
#ifndef PYKE_CLI_TEXT_H_
#define PYKE_CLI_TEXT_H_

#include <string>

#include "absl/numeric/int128.h"
#include "absl/strings/string_view.h"

namespace pyke {

// The decimal digits of `n` in groups of three, separated by commas.
std::string grouped_count(absl::uint128 n);

// A JSON string literal: `text` in quotes, with quotes, backslashes and control characters
// escaped.
std::string json_string(absl::string_view text);

}  // namespace pyke

#endif  // PYKE_CLI_TEXT_H_
