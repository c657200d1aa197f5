// protocol.h — the UCI protocol layer both of the monorepo's engines speak through: reading
// bounded lines, splitting a command from its arguments, `position` and `setoption` parsing, and
// the rule that a bad line gets `info string error: …` and changes nothing. Pyke's perft commands
// (engine.h) and the playing engine (//play) sit on top of it.
//
//   run_lines(std::cin, [&](absl::string_view line) { return handle(line); },
//             [&](absl::string_view text) { write(text); });
//   absl::StatusOr<CommandLine> command = split_command(line);   // "go depth 5" → go, depth 5
//   absl::StatusOr<PositionCommand> pos = parse_position("startpos moves e2e4", false);
//   absl::StatusOr<OptionCommand> option = parse_setoption("name Hash value 64");
//   absl::StatusOr<int64_t> mb = option_integer(*option, "Hash", 1, 1024);
#ifndef PYKE_UCI_PROTOCOL_H_
#define PYKE_UCI_PROTOCOL_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/move.h"
#include "movegen/position.h"

namespace pyke::uci {

// Lines longer than this are rejected whole (a FEN and a few hundred moves fit easily).
inline constexpr size_t kMaxLineLength = 16384;

// Reads lines from `in` until end of input or until `handle` returns false (after `quit`). A line
// longer than kMaxLineLength is skipped whole and reported through `write` as an error line; it
// never costs more memory than a long line. `in` is untied from its output stream meanwhile (the
// engine flushes every line itself, and a tie would flush from the reading thread).
void run_lines(std::istream& in, const std::function<bool(absl::string_view line)>& handle,
               const std::function<void(absl::string_view text)>& write);

// `info string error: <message>` and a newline: the answer to every bad line.
std::string error_line(const absl::Status& status);

// A line split into its command word and the rest, both stripped of blanks.
struct CommandLine {
  absl::string_view command;  // empty for a blank line
  absl::string_view args;
};

// Checks a line (length, no control or binary bytes) and splits it.
absl::StatusOr<CommandLine> split_command(absl::string_view line);

// The blank-separated words of `text`.
std::vector<absl::string_view> words(absl::string_view text);

// A short, printable excerpt of user input for an error message: 'text' or 'tex…'.
std::string quote(absl::string_view text);

// `position startpos|fen <FEN> [moves m1 m2 …]`, checked whole.
struct PositionCommand {
  Position start;           // the position before the moves
  std::vector<Move> moves;  // legal, in order (the game history, for repetitions)
  Position position;        // after the moves
};
absl::StatusOr<PositionCommand> parse_position(absl::string_view args, bool chess960);

// `setoption name <name> [value <value>]`: the name lower-cased (UCI names are case-insensitive),
// the value as written (words joined by one blank), if any.
struct OptionCommand {
  std::string name;
  std::optional<std::string> value;
};
absl::StatusOr<OptionCommand> parse_setoption(absl::string_view args);

// The option's value as a whole number in [min, max]; the error names the option as `display`.
absl::StatusOr<int64_t> option_integer(const OptionCommand& option, absl::string_view display,
                                       int64_t min, int64_t max);

// The option's value as `true` or `false`.
absl::StatusOr<bool> option_bool(const OptionCommand& option, absl::string_view display);

}  // namespace pyke::uci

#endif  // PYKE_UCI_PROTOCOL_H_
