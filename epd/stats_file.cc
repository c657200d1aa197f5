#include "epd/stats_file.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "epd/epd.h"

namespace pyke::epd {
namespace {

constexpr int kMaxStatsDepth = 99;

bool all_digits(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!absl::ascii_isdigit(c)) return false;
  }
  return true;
}

absl::StatusOr<StatsRow> parse_row(absl::string_view line) {
  const std::vector<absl::string_view> fields = absl::StrSplit(line, '\t');
  const int expected = 2 + kStatsColumnCount;
  if (fields.size() != static_cast<size_t>(expected) &&
      fields.size() != static_cast<size_t>(expected + 1)) {
    return absl::InvalidArgumentError(absl::StrCat(
        fields.size(), " tab-separated fields; expected ", expected,
        " (FEN, depth, nodes, captures, ep, castles, promotions, checks, discovery checks, double "
        "checks, checkmates) and optionally a source"));
  }
  StatsRow row;
  row.fen = std::string(absl::StripAsciiWhitespace(fields[0]));
  if (row.fen.empty()) return absl::InvalidArgumentError("the FEN field is empty");
  const absl::string_view depth = absl::StripAsciiWhitespace(fields[1]);
  if (!all_digits(depth) || !absl::SimpleAtoi(depth, &row.depth) || row.depth > kMaxStatsDepth) {
    return absl::InvalidArgumentError(
        absl::StrCat("depth '", depth, "' is not a whole number from 0 to ", kMaxStatsDepth));
  }
  for (int c = 0; c < kStatsColumnCount; ++c) {
    const absl::string_view text = absl::StripAsciiWhitespace(fields[2 + c]);
    if (text == "-") continue;
    absl::uint128 count = 0;
    if (!all_digits(text) || !absl::SimpleAtoi(text, &count)) {
      return absl::InvalidArgumentError(absl::StrCat("column ", 3 + c, ": '", text,
                                                     "' is not a whole number below 2^128 or '-'"));
    }
    row.columns[c] = count;
  }
  if (!row.columns[0]) return absl::InvalidArgumentError("column 3: the node count is missing");
  if (fields.size() > static_cast<size_t>(expected)) {
    row.source = std::string(absl::StripAsciiWhitespace(fields[expected]));
  }
  return row;
}

}  // namespace

absl::StatusOr<std::vector<StatsRow>> parse_stats(absl::string_view text,
                                                  absl::string_view source) {
  std::vector<StatsRow> rows;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    absl::ConsumeSuffix(&line, "\r");
    const absl::string_view stripped = absl::StripAsciiWhitespace(line);
    if (stripped.empty() || stripped[0] == '#') continue;
    absl::StatusOr<StatsRow> row = parse_row(line);
    if (!row.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", number, ": ", row.status().message()));
    }
    row->line = number;
    rows.push_back(*std::move(row));
  }
  return rows;
}

absl::StatusOr<std::vector<StatsRow>> read_stats_file(const std::string& path) {
  absl::StatusOr<std::string> text = read_text(path);
  if (!text.ok()) return text.status();
  return parse_stats(*text, path);
}

}  // namespace pyke::epd
