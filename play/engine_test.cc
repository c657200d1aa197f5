// engine_test.cc — the playing engine over UCI: a transcript (play/testdata/transcript.*),
// `stop` during `go infinite`, `go movetime` within its time, repetitions through the
// `position … moves` history (play/testdata/repetition.txt), and a legal bestmove in every
// position of the published perft suite at `go depth 3`.
//
//   bazel test //play:engine_test
#include "play/engine.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "tests/test_data.h"

namespace pyke::play {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> lines_of(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

// The move of the last `bestmove` line, or "" when there is none.
std::string last_bestmove(const std::string& out) {
  std::string best;
  for (const std::string& line : lines_of(out)) {
    if (absl::StartsWith(line, "bestmove ")) best = line.substr(9);
  }
  return best;
}

// The score of the last `info … score …` line ("cp 12", "mate -3").
std::string last_score(const std::string& out) {
  std::string score;
  for (const std::string& line : lines_of(out)) {
    std::vector<std::string> t = absl::StrSplit(line, ' ');
    for (size_t i = 0; i + 2 < t.size(); ++i) {
      if (t[i] == "score") score = t[i + 1] + " " + t[i + 2];
    }
  }
  return score;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(PlayEngine, TranscriptMatchesExpectedLines) {
  std::ostringstream out;
  {
    Engine engine(out);
    std::istringstream in(read_file("play/testdata/transcript.in"));
    ASSERT_FALSE(in.str().empty());
    engine.run(in);
  }
  // Search info lines carry times and node counts: the transcript checks everything else.
  std::string kept;
  for (const std::string& line : lines_of(out.str())) {
    if (!absl::StartsWith(line, "info depth")) kept += line + "\n";
  }
  const std::string expected = read_file("play/testdata/transcript.expected");
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(kept, expected);
  // Every search printed at least one full info line.
  EXPECT_TRUE(absl::StrContains(out.str(), " seldepth ")) << out.str();
  EXPECT_TRUE(absl::StrContains(out.str(), " hashfull ")) << out.str();
  EXPECT_TRUE(absl::StrContains(out.str(), " nps ")) << out.str();
}

TEST(PlayEngine, StopEndsAnInfiniteSearchQuickly) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("position startpos moves e2e4 e7e5");
  engine.handle_line("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto before = Clock::now();
  engine.handle_line("stop");  // returns once the bestmove is written
  const auto took = Clock::now() - before;
  EXPECT_LT(took, std::chrono::milliseconds(50));
  absl::StatusOr<Position> pos = play_uci_moves(Position::start(), {"e2e4", "e7e5"});
  ASSERT_TRUE(pos.ok());
  EXPECT_TRUE(parse_uci_move(*pos, last_bestmove(out.str())).ok()) << out.str();
}

TEST(PlayEngine, QuitEndsAnInfiniteSearchQuickly) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto before = Clock::now();
  EXPECT_FALSE(engine.handle_line("quit"));
  EXPECT_LT(Clock::now() - before, std::chrono::milliseconds(50));
  EXPECT_FALSE(last_bestmove(out.str()).empty());
}

TEST(PlayEngine, MovetimeIsKept) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("position startpos");
  const auto before = Clock::now();
  engine.handle_line("go movetime 300");
  engine.wait_for_search();
  const auto took = Clock::now() - before;
  EXPECT_LE(took, std::chrono::milliseconds(300));
  EXPECT_TRUE(parse_uci_move(Position::start(), last_bestmove(out.str())).ok()) << out.str();
}

TEST(PlayEngine, ClockIsKept) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("position startpos moves d2d4");
  const auto before = Clock::now();
  engine.handle_line("go wtime 1000 btime 200 winc 0 binc 0");
  engine.wait_for_search();
  EXPECT_LT(Clock::now() - before, std::chrono::milliseconds(200 - 30));
  EXPECT_FALSE(last_bestmove(out.str()).empty());
}

TEST(PlayEngine, RepetitionsThroughPositionHistory) {
  const auto rows = read_rows("play/testdata/repetition.txt", '|');
  ASSERT_GE(rows.size(), 2u);
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 3u);
    std::ostringstream out;
    Engine engine(out);
    engine.handle_line("position " + row[0]);
    engine.handle_line("go depth 6");
    engine.wait_for_search();
    ASSERT_FALSE(absl::StrContains(out.str(), "error")) << out.str();
    if (row[1] != "-") EXPECT_EQ(last_bestmove(out.str()), row[1]) << row[0];
    const std::string score = last_score(out.str());
    if (absl::StartsWith(row[2], "below ")) {
      int limit = 0, cp = 0;
      ASSERT_TRUE(absl::SimpleAtoi(row[2].substr(6), &limit));
      ASSERT_TRUE(absl::StartsWith(score, "cp ")) << score;
      ASSERT_TRUE(absl::SimpleAtoi(score.substr(3), &cp));
      EXPECT_LT(cp, limit) << row[0];
    } else {
      EXPECT_EQ(score, row[2]) << row[0];
    }
  }
}

TEST(PlayEngine, LegalBestmoveInEveryPublishedPosition) {
  const auto rows = read_rows("tests/data/published.epd", ';');
  ASSERT_GE(rows.size(), 100u);
  std::ostringstream out;
  Engine engine(out);
  for (const auto& row : rows) {
    absl::StatusOr<Position> pos = Position::from_fen(row[0]);
    ASSERT_TRUE(pos.ok()) << row[0];
    out.str("");
    engine.handle_line("ucinewgame");
    engine.handle_line("position fen " + row[0]);
    engine.handle_line("go depth 3");
    engine.wait_for_search();
    const std::string best = last_bestmove(out.str());
    const bool chess960 = chess960_notation(*pos, false);
    if (legal_moves(*pos).empty()) {
      EXPECT_EQ(best, "0000") << row[0];
    } else {
      EXPECT_TRUE(parse_uci_move(*pos, best, chess960).ok()) << row[0] << ": " << best;
    }
  }
}

}  // namespace
}  // namespace pyke::play
