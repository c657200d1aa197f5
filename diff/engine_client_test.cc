// The engine clients against real processes: the fixture engine (//diff/testing, one bug per
// run) over UCI and the perftree convention, and small shell commands that misbehave (exit, say
// nothing, close their input). Usage: engine_client_test PATH_TO_FIXTURE_ENGINE
#include "diff/engine_client.h"

#include <signal.h>

#include <string>

#include "diff/find_difference.h"
#include "diff/movegen_source.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "tests/positions.h"

namespace pyke::diff {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string fixture;  // path of the fixture engine, from the command line

constexpr std::chrono::seconds kTimeout(20);

std::string fixture_with(const std::string& bug) { return fixture + " --bug=" + bug; }

TEST(ParseDivideLine, AcceptsTheThreeCommonForms) {
  for (const char* line : {"e2e4: 20", "e2e4 20", "e2e4 - 20", "  e2e4:\t20  "}) {
    const auto entry = parse_divide_line(line);
    ASSERT_TRUE(entry.has_value()) << line;
    EXPECT_EQ(entry->first, "e2e4");
    EXPECT_EQ(entry->second, absl::uint128(20));
  }
  const auto promotion = parse_divide_line("a7b8q: 61885021521585529237");
  ASSERT_TRUE(promotion.has_value());
  EXPECT_EQ(promotion->second, absl::MakeUint128(3, 6544789300456874389u));
}

TEST(ParseDivideLine, RejectsOtherLines) {
  for (const char* line : {"", "e2e4", "e2e4: x", "e2e4: -3", "e9e4: 20", "e2e4x: 3",
                           "Nodes searched: 20", "e2e4: 20 30", "info depth 1"}) {
    EXPECT_FALSE(parse_divide_line(line).has_value()) << line;
  }
}

TEST(UciEngine, ACorrectEngineAgreesWithPyke) {
  absl::StatusOr<std::unique_ptr<PerftSource>> engine =
      start_uci_engine(fixture_with("none"), kKiwipete, kTimeout);
  ASSERT_TRUE(engine.ok()) << engine.status();
  MovegenSource pyke(*Position::from_fen(kKiwipete), nullptr);
  for (const std::vector<std::string>& moves :
       {std::vector<std::string>{}, std::vector<std::string>{"e1g1", "h3g2"}}) {
    absl::StatusOr<Divide> theirs = (*engine)->divide(moves, 2);
    ASSERT_TRUE(theirs.ok()) << theirs.status();
    EXPECT_EQ(*theirs, *pyke.divide(moves, 2));
  }
}

TEST(UciEngine, AnEngineThatNeverCastlesIsCaught) {
  const Position root = *Position::from_fen(kKiwipete);
  absl::StatusOr<std::unique_ptr<PerftSource>> engine =
      start_uci_engine(fixture_with("no-castling"), kKiwipete, kTimeout);
  ASSERT_TRUE(engine.ok()) << engine.status();
  MovegenSource pyke(root, nullptr);
  absl::StatusOr<DiffResult> r = find_difference(root, {}, 2, pyke, **engine, nullptr);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->missing, ElementsAre("e1c1", "e1g1"));
}

absl::Status divide_error(const std::string& command, std::chrono::seconds timeout = kTimeout) {
  absl::StatusOr<std::unique_ptr<PerftSource>> engine =
      start_uci_engine(command, std::string(kStartFen), timeout);
  if (!engine.ok()) return engine.status();
  absl::StatusOr<Divide> divide = (*engine)->divide({}, 2);
  return divide.ok() ? absl::OkStatus() : divide.status();
}

TEST(UciEngine, GarbageIsQuoted) {
  const absl::Status s = divide_error(fixture_with("garbage"));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_THAT(s.message(), HasSubstr("'perft? what is a perft?'"));
}

TEST(UciEngine, AnEngineThatExitsIsReported) {
  const absl::Status s = divide_error(fixture_with("exit"));
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_THAT(s.message(), HasSubstr("exit status 3"));
}

TEST(UciEngine, AMissingProgramIsReported) {
  const absl::Status s = divide_error("/nonexistent/engine");
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_THAT(s.message(), HasSubstr("did not answer 'uci'"));
  EXPECT_THAT(s.message(), HasSubstr("exit status 127"));
}

TEST(UciEngine, ASilentEngineTimesOut) {
  const absl::Status s = divide_error("sleep 30", std::chrono::seconds(1));
  EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
  EXPECT_THAT(s.message(), HasSubstr("within 1 s"));
}

TEST(UciEngine, AnEngineThatClosesItsInputGivesAnErrorNotSigpipe) {
  // Closes stdin, then answers the handshake; the next write meets a closed pipe.
  const absl::Status s = divide_error("exec 0<&-; echo uciok; echo readyok; sleep 30");
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_THAT(s.message(), HasSubstr("Broken pipe"));
}

TEST(PerftreeEngine, ACorrectScriptAgreesWithPyke) {
  std::unique_ptr<PerftSource> engine = perftree_engine(fixture_with("none"), kKiwipete, kTimeout);
  MovegenSource pyke(*Position::from_fen(kKiwipete), nullptr);
  for (const std::vector<std::string>& moves :
       {std::vector<std::string>{}, std::vector<std::string>{"e1g1", "h3g2"}}) {
    absl::StatusOr<Divide> theirs = engine->divide(moves, 2);
    ASSERT_TRUE(theirs.ok()) << theirs.status();
    EXPECT_EQ(*theirs, *pyke.divide(moves, 2));
  }
}

TEST(PerftreeEngine, FindsTheMissingEnPassant) {
  const char* fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
  const Position root = *Position::from_fen(fen);
  std::unique_ptr<PerftSource> engine =
      perftree_engine(fixture_with("no-en-passant"), fen, kTimeout);
  MovegenSource pyke(root, nullptr);
  absl::StatusOr<DiffResult> r = find_difference(root, {}, 3, pyke, *engine, nullptr);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->difference.has_value());
  EXPECT_THAT(r->difference->path, ElementsAre("d7d5"));
  EXPECT_THAT(r->difference->missing, ElementsAre("e5d6"));
}

TEST(PerftreeEngine, AFailingScriptIsReported) {
  std::unique_ptr<PerftSource> engine =
      perftree_engine("echo 'e2e4 1'; echo; echo 1; exit 4; :", std::string(kStartFen), kTimeout);
  absl::StatusOr<Divide> divide = engine->divide({}, 1);
  ASSERT_FALSE(divide.ok());
  EXPECT_THAT(divide.status().message(), HasSubstr("exit status 4"));
}

}  // namespace
}  // namespace pyke::diff

int main(int argc, char** argv) {
  ::testing::InitGoogleMock(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: engine_client_test FIXTURE_ENGINE\n");
    return 2;
  }
  pyke::diff::fixture = argv[1];
  signal(SIGPIPE, SIG_IGN);  // as `pyke diff` does: a dead engine must be an error, not a crash
  return RUN_ALL_TESTS();
}
