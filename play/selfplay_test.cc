// selfplay_test.cc — short games of the engine against itself, one Engine per side over UCI,
// from the openings in play/testdata/selfplay_openings.txt; //movegen checks every bestmove
// legal, and the game ends only by mate, stalemate or the ply limit.
//
//   bazel test //play:selfplay_test
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "play/engine.h"
#include "tests/test_data.h"
#include "uci/protocol.h"

namespace pyke::play {
namespace {

constexpr int kPlies = 40;

TEST(SelfPlay, EveryMoveIsLegal) {
  const auto rows = read_rows("play/testdata/selfplay_openings.txt", '\n');
  ASSERT_GE(rows.size(), 3u);
  for (const auto& row : rows) {
    absl::StatusOr<uci::PositionCommand> opening = uci::parse_position(row[0], false);
    ASSERT_TRUE(opening.ok()) << row[0];
    std::ostringstream out[2];
    Engine white(out[0]), black(out[1]);
    std::vector<std::string> moves;
    for (Move m : opening->moves) moves.push_back(to_uci(m));
    const std::string prefix =
        absl::StartsWith(row[0], "fen ") ? row[0].substr(0, row[0].find(" moves")) : "startpos";
    Position pos = opening->position;
    int plies = 0;
    for (; plies < kPlies && !legal_moves(pos).empty(); ++plies) {
      const int side = pos.side_to_move() == kWhite ? 0 : 1;
      Engine& engine = side == 0 ? white : black;
      out[side].str("");
      const std::string command =
          "position " + prefix + (moves.empty() ? "" : " moves " + absl::StrJoin(moves, " "));
      engine.handle_line(command);
      engine.handle_line("go nodes 3000");
      engine.wait_for_search();
      const std::string text = out[side].str();
      ASSERT_FALSE(absl::StrContains(text, "error")) << command << "\n" << text;
      const size_t at = text.rfind("bestmove ");
      ASSERT_NE(at, std::string::npos) << text;
      const std::string best(absl::StripAsciiWhitespace(text.substr(at + 9)));
      absl::StatusOr<Move> move = parse_uci_move(pos, best);
      ASSERT_TRUE(move.ok()) << command << ": " << best;
      ASSERT_TRUE(pos.play(*move).ok());
      moves.push_back(best);
    }
    EXPECT_GT(plies, 0) << row[0];
  }
}

}  // namespace
}  // namespace pyke::play
