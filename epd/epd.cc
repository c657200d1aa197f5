#include "epd/epd.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace pyke::epd {
namespace {

absl::Status malformed(absl::string_view what) { return absl::InvalidArgumentError(what); }

// A short excerpt of input for an error message.
std::string quoted(absl::string_view text) {
  constexpr size_t kMax = 60;
  return absl::StrCat("'", text.substr(0, kMax), text.size() > kMax ? "…" : "", "'");
}

bool all_digits(absl::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Splits at the `;` that are not inside double quotes.
absl::StatusOr<std::vector<absl::string_view>> split_operations(absl::string_view line) {
  std::vector<absl::string_view> parts;
  bool in_quotes = false;
  size_t start = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') in_quotes = !in_quotes;
    if (line[i] == ';' && !in_quotes) {
      parts.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  if (in_quotes) return malformed("a quoted string is not closed");
  parts.push_back(line.substr(start));
  return parts;
}

// `"text"` -> text.
absl::StatusOr<std::string> unquote(absl::string_view opcode, absl::string_view operand) {
  if (operand.size() < 2 || operand.front() != '"' || operand.back() != '"') {
    return malformed(absl::StrCat("'", opcode, "' needs a quoted string, not ", quoted(operand)));
  }
  return std::string(operand.substr(1, operand.size() - 2));
}

bool is_comment_opcode(absl::string_view opcode) {
  return opcode.size() == 2 && opcode[0] == 'c' && absl::ascii_isdigit(opcode[1]);
}

// `D<depth> <count>` into record.counts.
absl::Status add_count(absl::string_view opcode, absl::string_view operand, Record& record) {
  int depth = 0;
  const absl::string_view depth_text = opcode.substr(1);
  if (!all_digits(depth_text) || !absl::SimpleAtoi(depth_text, &depth)) {
    return malformed(absl::StrCat("bad depth in ", quoted(opcode), " (expected D1, D2, …)"));
  }
  absl::uint128 nodes = 0;
  if (!all_digits(operand) || !absl::SimpleAtoi(operand, &nodes)) {
    return malformed(absl::StrCat(opcode, ": count ", quoted(operand),
                                  " is not a non-negative whole number below 2^128"));
  }
  if (!record.counts.emplace(depth, nodes).second) {
    return malformed(absl::StrCat(opcode, " is given twice"));
  }
  return absl::OkStatus();
}

absl::Status add_operation(absl::string_view operation, Record& record) {
  operation = absl::StripAsciiWhitespace(operation);
  if (operation.empty()) return absl::OkStatus();  // `;;` or a trailing `;`
  const size_t blank = operation.find_first_of(" \t");
  const absl::string_view opcode = operation.substr(0, blank);
  const absl::string_view operand =
      blank == absl::string_view::npos ? "" : absl::StripAsciiWhitespace(operation.substr(blank));
  if (opcode.size() >= 2 && opcode[0] == 'D' && absl::ascii_isdigit(opcode[1])) {
    return add_count(opcode, operand, record);
  }
  if (opcode == "id" || is_comment_opcode(opcode)) {
    absl::StatusOr<std::string> text = unquote(opcode, operand);
    if (!text.ok()) return text.status();
    if (opcode == "id") {
      record.id = *std::move(text);
    } else {
      record.comments[opcode[1] - '0'] = *std::move(text);
    }
    return absl::OkStatus();
  }
  return malformed(absl::StrCat("unknown operation ", quoted(operation),
                                " (expected D<depth> <count>, id \"…\" or c0 \"…\")"));
}

bool is_blank_or_comment(absl::string_view line) {
  line = absl::StripAsciiWhitespace(line);
  return line.empty() || line.front() == '#';
}

}  // namespace

absl::StatusOr<Record> parse_line(absl::string_view line) {
  absl::StatusOr<std::vector<absl::string_view>> parts = split_operations(line);
  if (!parts.ok()) return parts.status();
  Record record;
  record.fen = std::string(absl::StripAsciiWhitespace((*parts)[0]));
  if (record.fen.empty()) return malformed("no FEN before the first ';'");
  for (size_t i = 1; i < parts->size(); ++i) {
    if (absl::Status s = add_operation((*parts)[i], record); !s.ok()) return s;
  }
  if (record.counts.empty()) {
    return malformed("no perft counts (expected '<FEN> ;D1 <count> ;D2 <count> …')");
  }
  return record;
}

absl::StatusOr<std::vector<Record>> parse(absl::string_view text, absl::string_view source) {
  std::vector<Record> records;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    if (is_blank_or_comment(line)) continue;
    absl::StatusOr<Record> record = parse_line(line);
    if (!record.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", number, ": ", record.status().message()));
    }
    record->line = number;
    records.push_back(*std::move(record));
  }
  return records;
}

absl::StatusOr<std::string> read_text(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return absl::InvalidArgumentError(absl::StrCat("cannot read ", path, ": it is a directory"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(absl::StrCat("cannot read ", path, ": ", std::strerror(errno)));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat("error while reading ", path));
  return text.str();
}

absl::StatusOr<std::vector<Record>> read_file(const std::string& path) {
  absl::StatusOr<std::string> text = read_text(path);
  if (!text.ok()) return text.status();
  return parse(*text, path);
}

}  // namespace pyke::epd
