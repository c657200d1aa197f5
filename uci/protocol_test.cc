// protocol_test.cc — the shared UCI protocol layer: command splitting, `position` with its move
// history, `setoption` values, and the errors that leave everything unchanged.
//
//   bazel test //uci:protocol_test
#include "uci/protocol.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "movegen/movegen.h"

namespace pyke::uci {
namespace {

TEST(Protocol, SplitsCommandFromArguments) {
  absl::StatusOr<CommandLine> line = split_command("  go   depth 5 \t");
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->command, "go");
  EXPECT_EQ(line->args, "depth 5");
  EXPECT_FALSE(split_command("go\x01").ok());
  EXPECT_FALSE(split_command(std::string(kMaxLineLength + 1, 'a')).ok());
  EXPECT_TRUE(split_command("   ")->command.empty());
}

TEST(Protocol, PositionKeepsTheMoveHistory) {
  absl::StatusOr<PositionCommand> pos = parse_position("startpos moves g1f3 g8f6 f3g1 f6g8", false);
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->moves.size(), 4u);
  EXPECT_EQ(pos->start, Position::start());
  EXPECT_EQ(pos->position.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
  EXPECT_EQ(to_uci(pos->moves[2]), "f3g1");
}

TEST(Protocol, PositionErrorsNameTheProblem) {
  EXPECT_FALSE(parse_position("", false).ok());
  EXPECT_FALSE(parse_position("startpos moves e2e5", false).ok());
  EXPECT_FALSE(parse_position("startpos e2e4", false).ok());
  EXPECT_FALSE(parse_position("fen 8/8/8 w - - 0 1", false).ok());
}

TEST(Protocol, SetOptionValues) {
  absl::StatusOr<OptionCommand> option = parse_setoption("name Move Overhead value 30");
  ASSERT_TRUE(option.ok());
  EXPECT_EQ(option->name, "move overhead");
  EXPECT_EQ(option_integer(*option, "Move Overhead", 0, 5000).value(), 30);
  EXPECT_FALSE(option_integer(*option, "Move Overhead", 0, 10).ok());
  EXPECT_FALSE(option_bool(*option, "X").ok());
  EXPECT_FALSE(parse_setoption("Hash value 3").ok());
  EXPECT_FALSE(parse_setoption("name Hash")->value.has_value());
}

TEST(Protocol, RunLinesSkipsOverlongLines) {
  std::istringstream in(std::string(kMaxLineLength + 5, 'x') + "\nisready\nquit\nnever\n");
  std::vector<std::string> seen;
  std::string written;
  run_lines(
      in,
      [&](absl::string_view line) {
        seen.emplace_back(line);
        return line != "quit";
      },
      [&](absl::string_view text) { written.append(text.data(), text.size()); });
  EXPECT_EQ(seen, (std::vector<std::string>{"isready", "quit"}));
  EXPECT_NE(written.find("info string error: line longer than"), std::string::npos);
}

}  // namespace
}  // namespace pyke::uci
