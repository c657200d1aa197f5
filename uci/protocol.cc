// protocol.cc — the UCI protocol layer (protocol.h): lines, commands, `position`, `setoption`.
//
//   absl::StatusOr<PositionCommand> pos = parse_position("fen 8/8/8/8/8/8/8/K1k5 w - - 0 1",
//   false);
#include "uci/protocol.h"

#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/movegen.h"

namespace pyke::uci {
namespace {

bool is_text(absl::string_view line) {
  for (unsigned char ch : line) {
    if (ch < 0x20 && ch != '\t') return false;
    if (ch == 0x7F) return false;
  }
  return true;
}

}  // namespace

void run_lines(std::istream& in, const std::function<bool(absl::string_view line)>& handle,
               const std::function<void(absl::string_view text)>& write) {
  // std::cin is tied to std::cout: every read would flush std::cout from this thread, outside the
  // engine's output lock, while a worker thread may be writing it. The engines flush every line
  // themselves, so the tie is not needed while they run.
  std::ostream* const tied = in.tie(nullptr);
  // Reads into a bounded buffer, so that a gigantic line costs no more memory than a long one.
  std::vector<char> buffer(kMaxLineLength + 2);
  while (true) {
    in.getline(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    if (in.bad()) break;
    const std::streamsize extracted = in.gcount();
    if (in.fail() && !in.eof()) {  // filled the buffer without reaching the newline
      in.clear();
      in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      write(absl::StrCat("info string error: line longer than ", kMaxLineLength, " characters\n"));
      continue;
    }
    if (in.eof() && extracted == 0) break;
    // gcount counts the newline when one was read (that is, when not at end of input).
    const size_t length = static_cast<size_t>(extracted) - (in.eof() ? 0 : 1);
    if (!handle(absl::string_view(buffer.data(), length))) break;
    if (in.eof()) break;
  }
  in.tie(tied);
}

std::string error_line(const absl::Status& status) {
  return absl::StrCat("info string error: ", status.message(), "\n");
}

absl::StatusOr<CommandLine> split_command(absl::string_view line) {
  if (line.size() > kMaxLineLength) {
    return absl::InvalidArgumentError(
        absl::StrCat("line longer than ", kMaxLineLength, " characters"));
  }
  line = absl::StripAsciiWhitespace(line);
  if (!is_text(line)) return absl::InvalidArgumentError("line holds control or binary bytes");
  const size_t space = line.find_first_of(" \t");
  CommandLine result;
  result.command = line.substr(0, space);
  result.args =
      space == absl::string_view::npos ? "" : absl::StripAsciiWhitespace(line.substr(space));
  return result;
}

std::vector<absl::string_view> words(absl::string_view text) {
  return absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
}

std::string quote(absl::string_view text) {
  constexpr size_t kMax = 40;
  return absl::StrCat("'", text.substr(0, kMax), text.size() > kMax ? "…" : "", "'");
}

absl::StatusOr<PositionCommand> parse_position(absl::string_view args, bool chess960) {
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.empty()) return absl::InvalidArgumentError("position needs startpos or fen <FEN>");
  size_t next = 1;
  absl::StatusOr<Position> pos = Position::start();
  if (tokens[0] == "startpos") {
    pos = Position::start();
  } else if (tokens[0] == "fen") {
    while (next < tokens.size() && tokens[next] != "moves") ++next;
    const std::vector<absl::string_view> fen_fields(tokens.begin() + 1, tokens.begin() + next);
    pos = Position::from_fen(absl::StrJoin(fen_fields, " "));
    if (!pos.ok()) return pos.status();
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("position needs startpos or fen <FEN>, not ", quote(tokens[0])));
  }
  PositionCommand result{*pos, {}, *pos};
  if (next < tokens.size()) {
    if (tokens[next] != "moves") {
      return absl::InvalidArgumentError(
          absl::StrCat("expected 'moves' after startpos, not ", quote(tokens[next])));
    }
    for (++next; next < tokens.size(); ++next) {
      absl::StatusOr<Move> move = parse_uci_move(result.position, tokens[next], chess960);
      if (!move.ok()) return move.status();
      if (absl::Status s = result.position.play(*move); !s.ok()) return s;
      result.moves.push_back(*move);
    }
  }
  return result;
}

absl::StatusOr<OptionCommand> parse_setoption(absl::string_view args) {
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.size() < 2 || tokens[0] != "name") {
    return absl::InvalidArgumentError("expected setoption name <name> value <value>");
  }
  size_t value_at = 1;
  while (value_at < tokens.size() && tokens[value_at] != "value") ++value_at;
  OptionCommand option;
  option.name = absl::AsciiStrToLower(absl::StrJoin(
      std::vector<absl::string_view>(tokens.begin() + 1, tokens.begin() + value_at), " "));
  if (value_at < tokens.size()) {
    option.value = absl::StrJoin(
        std::vector<absl::string_view>(tokens.begin() + value_at + 1, tokens.end()), " ");
  }
  return option;
}

absl::StatusOr<int64_t> option_integer(const OptionCommand& option, absl::string_view display,
                                       int64_t min, int64_t max) {
  int64_t value = 0;
  if (!option.value || !absl::SimpleAtoi(*option.value, &value) || value < min || value > max) {
    return absl::InvalidArgumentError(
        absl::StrCat(display, " takes one value from ", min, " to ", max));
  }
  return value;
}

absl::StatusOr<bool> option_bool(const OptionCommand& option, absl::string_view display) {
  if (!option.value || (*option.value != "true" && *option.value != "false")) {
    return absl::InvalidArgumentError(absl::StrCat(display, " takes one value: true or false"));
  }
  return *option.value == "true";
}

}  // namespace pyke::uci
