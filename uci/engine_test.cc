// UCI transcripts against the Engine library: the handshake, positions with and without moves,
// divide totals with and without the hash table, and every class of bad line followed by a good
// command that still works.
#include "uci/engine.h"

#include <chrono>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "perft/perft.h"
#include "tests/positions.h"

namespace pyke::uci {
namespace {

// Feeds `input` to a fresh engine and returns everything it wrote.
std::string transcript(const std::string& input) {
  std::ostringstream out;
  Engine engine(out);
  std::istringstream in(input);
  engine.run(in);
  return out.str();
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(Uci, Handshake) {
  const std::string out = transcript("uci\nisready\n");
  EXPECT_TRUE(contains(out, "id name Pyke")) << out;
  EXPECT_TRUE(contains(out, "id author")) << out;
  EXPECT_TRUE(contains(out, "option name Hash type spin default 0 min 0 max")) << out;
  EXPECT_TRUE(contains(out, "uciok\nreadyok\n")) << out;
}

TEST(Uci, GoPerftPrintsASortedDivideAndTheTotal) {
  const std::string out = transcript("position startpos\ngo perft 3\n");
  EXPECT_TRUE(out.rfind("a2a3: 380\n", 0) == 0) << out;  // sorted: a2a3 comes first
  EXPECT_TRUE(contains(out, "h2h4: 420\n\nNodes searched: 8902\n")) << out;
}

TEST(Uci, PositionWithMovesAndFen) {
  const Position after = [] {
    std::ostringstream sink;
    Engine e(sink);
    e.handle_line("position startpos moves e2e4 e7e5 g1f3");
    return e.position();
  }();
  EXPECT_EQ(after.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

  const std::string out =
      transcript(absl::StrCat("position fen ", kKiwipete, " moves e1g1\nd\ngo perft 2\n"));
  EXPECT_TRUE(
      contains(out, "Fen: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"))
      << out;
  auto child =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
  ASSERT_TRUE(child.ok());
  EXPECT_TRUE(contains(out, "Nodes searched: " + perft::count_text(*perft::perft(*child, 2))))
      << out;
}

TEST(Uci, HashedPerftAgreesAndCanBeResizedAndCleared) {
  const std::string out = transcript(
      "setoption name Hash value 16\nposition startpos\ngo perft 5\nucinewgame\ngo perft 5\n"
      "setoption name hash value 0\ngo perft 5\n");
  size_t count = 0;
  for (size_t at = out.find("Nodes searched: 4865609"); at != std::string::npos;
       at = out.find("Nodes searched: 4865609", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 3u) << out;
  EXPECT_FALSE(contains(out, "error")) << out;
}

TEST(Uci, ZobristSeedChangesTheKeysNotTheCounts) {
  const std::string out = transcript(
      "uci\nsetoption name Hash value 4\nsetoption name Threads value 2\ngo perft 5\n"
      "setoption name ZobristSeed value 42\ngo perft 5\n"
      "setoption name zobristseed value 18446744073709551615\ngo perft 5\n");
  EXPECT_TRUE(contains(out, "option name ZobristSeed type string default 5789741557033030214"))
      << out;
  size_t count = 0;
  for (size_t at = out.find("Nodes searched: 4865609"); at != std::string::npos;
       at = out.find("Nodes searched: 4865609", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 3u) << out;
  EXPECT_FALSE(contains(out, "error")) << out;
  std::ostringstream sink;
  Engine engine(sink);
  engine.handle_line("setoption name ZobristSeed value 7");
  EXPECT_EQ(engine.zobrist_seed(), 7u);
}

struct BadLine {
  const char* line;
  const char* message_part;
};

class UciBadLine : public ::testing::TestWithParam<BadLine> {};

TEST_P(UciBadLine, ReportsAnErrorAndChangesNothing) {
  const std::string out = transcript("position startpos moves e2e4\n" +
                                     std::string(GetParam().line) + "\nisready\nd\n");
  EXPECT_TRUE(contains(out, "info string error: ")) << out;
  EXPECT_TRUE(contains(out, GetParam().message_part)) << out;
  EXPECT_TRUE(contains(out, "readyok\n")) << out;
  EXPECT_TRUE(contains(out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
      << out;
}

INSTANTIATE_TEST_SUITE_P(
    EveryClass, UciBadLine,
    ::testing::Values(
        BadLine{"fly me to the moon", "unknown command 'fly'"},
        BadLine{"position", "position needs"},
        BadLine{"position somewhere", "position needs startpos or fen"},
        BadLine{"position fen 8/8/8/8 w - - 0 1", "bad FEN"},
        BadLine{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
                "illegal move 'e2e5'"},
        BadLine{"position startpos moves e2e4 e7e5 zz", "malformed move 'zz'"},
        BadLine{"position startpos e2e4", "expected 'moves'"},
        BadLine{"go perft", "go perft takes one depth"},
        BadLine{"go perft x", "go perft takes one depth"},
        BadLine{"go perft 3 4", "go perft takes one depth"}, BadLine{"go perft 99", "out of range"},
        BadLine{"go perft -1", "out of range"}, BadLine{"go depth 5", "use go perft"},
        BadLine{"setoption name Hash value -5", "Hash takes one value"},
        BadLine{"setoption name Hash value 99999999999999999999", "Hash takes one value"},
        BadLine{"setoption name Hash value 1048576000", "Hash takes one value"},
        BadLine{"setoption name Threads value 0", "Threads takes one value from 1 to 1024"},
        BadLine{"setoption name Threads value 1025", "Threads takes one value"},
        BadLine{"setoption name Threads value two", "Threads takes one value"},
        BadLine{"setoption name Contempt value 2", "unknown option"},
        BadLine{"setoption name ZobristSeed value -1", "ZobristSeed takes a whole number"},
        BadLine{"setoption name ZobristSeed value 18446744073709551616",
                "ZobristSeed takes a whole number"},
        BadLine{"setoption name ZobristSeed", "ZobristSeed takes a whole number"},
        BadLine{"setoption", "expected setoption name"},
        BadLine{"\x01\x02\xff\xfe junk", "control or binary bytes"},
        BadLine{"go perft 1\x7f", "control or binary bytes"}));

TEST(Uci, OverlongLineIsRejectedAndTheLoopGoesOn) {
  const std::string out =
      transcript("position startpos moves " + std::string(100000, 'a') + "\nisready\nd\n");
  EXPECT_TRUE(contains(out, "info string error: line longer than")) << out.substr(0, 200);
  EXPECT_TRUE(contains(out, "readyok\nFen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")) << out;
}

TEST(Uci, QuitStopsAndEndOfInputWithoutNewlineIsHandled) {
  EXPECT_EQ(transcript("isready\nquit\nisready\n"), "readyok\n");
  EXPECT_EQ(transcript("isready"), "readyok\n");
  EXPECT_EQ(transcript(""), "");
  EXPECT_EQ(transcript("\r\n\n   \nisready\r\n"), "readyok\n");
}

TEST(Uci, HugeHashIsAClearErrorNotACrash) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("setoption name Hash value 1048576");  // 1 TiB: more than this machine has
  EXPECT_TRUE(contains(out.str(), "info string error: hash size")) << out.str();
  engine.handle_line("go perft 2");
  engine.wait_for_count();
  EXPECT_TRUE(contains(out.str(), "Nodes searched: 400")) << out.str();
}

TEST(Uci, FailedResizeKeepsTheOldTable) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("setoption name Hash value 4");
  ASSERT_EQ(engine.hash_megabytes(), 4u) << out.str();
  engine.handle_line("setoption name Hash value 1048576");  // 1 TiB: refused
  EXPECT_TRUE(contains(out.str(), "the hash table stays at 4 MB")) << out.str();
  EXPECT_EQ(engine.hash_megabytes(), 4u);
  engine.handle_line("setoption name Hash value 0");
  EXPECT_EQ(engine.hash_megabytes(), 0u);
}

}  // namespace
}  // namespace pyke::uci

namespace pyke::uci {
namespace {

TEST(Uci, ThreadsChangeBetweenCountsAndCountsStayExact) {
  const std::string out = transcript(
      "uci\nposition startpos\nsetoption name Threads value 4\ngo perft 5\n"
      "setoption name Threads value 1\ngo perft 5\nsetoption name Hash value 4\n"
      "setoption name Threads value 3\ngo perft 5\n");
  EXPECT_TRUE(contains(out, "option name Threads type spin default 1 min 1 max 1024")) << out;
  size_t count = 0;
  for (size_t at = out.find("Nodes searched: 4865609"); at != std::string::npos;
       at = out.find("Nodes searched: 4865609", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 3u) << out;
}

TEST(Uci, IsreadyIsAnsweredAndStopEndsACountWithinATenthOfASecond) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("setoption name Threads value 2");
  engine.handle_line("go perft 11");  // hours
  engine.handle_line("isready");      // answered while the count runs
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto before = std::chrono::steady_clock::now();
  engine.handle_line("stop");
  const auto took = std::chrono::steady_clock::now() - before;
  EXPECT_LT(took, std::chrono::milliseconds(100));
  const std::string text = out.str();
  EXPECT_TRUE(contains(text, "readyok\n")) << text;
  EXPECT_TRUE(contains(text, "info string perft stopped")) << text;
  EXPECT_FALSE(contains(text, "Nodes searched")) << text;
  // The engine still counts afterwards.
  engine.handle_line("go perft 3");
  engine.wait_for_count();
  EXPECT_TRUE(contains(out.str(), "Nodes searched: 8902")) << out.str();
}

TEST(Uci, QuitLetsARunningCountFinishAndPrint) {
  // What perft scripts pipe into an engine: the divide must come out before the engine exits.
  const std::string out = transcript("position startpos\ngo perft 4\nquit\nisready\n");
  EXPECT_TRUE(contains(out, "a2a3: 8457\n")) << out;
  EXPECT_TRUE(contains(out, "\nNodes searched: 197281\n")) << out;
  EXPECT_FALSE(contains(out, "readyok")) << "nothing is read after quit: " << out;
  EXPECT_FALSE(contains(out, "perft stopped")) << out;
}

TEST(Uci, EndOfInputAfterIsreadyLetsTheCountFinish) {
  const std::string out = transcript("position startpos\ngo perft 4\nisready\n");
  EXPECT_TRUE(contains(out, "readyok\n")) << out;
  EXPECT_TRUE(contains(out, "\nNodes searched: 197281\n")) << out;
}

TEST(Uci, StopStillEndsARunningCountAtOnce) {
  std::ostringstream out;
  Engine engine(out);
  engine.handle_line("go perft 11");
  const auto before = std::chrono::steady_clock::now();
  EXPECT_TRUE(engine.handle_line("stop"));
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(100));
  EXPECT_FALSE(contains(out.str(), "Nodes searched")) << out.str();
  EXPECT_TRUE(contains(out.str(), "info string perft stopped")) << out.str();
}

// std::cin is tied to std::cout: a read would flush the output while a count's thread writes it
// (once seen as a divide printed twice). The loop unties its input; ThreadSanitizer checks it.
TEST(Uci, InputTiedToTheOutputDoesNotRaceWithTheCount) {
  std::ostringstream out;
  std::string input;
  for (int i = 0; i < 50; ++i) input += "position startpos moves e2e4\ngo perft 3\nisready\n";
  std::istringstream in(input);
  in.tie(&out);
  {
    Engine engine(out);
    engine.run(in);
  }
  EXPECT_EQ(in.tie(), &out) << "the tie is restored";
  const std::string text = out.str();
  size_t counts = 0;
  for (size_t at = text.find("Nodes searched: 13160\n"); at != std::string::npos;
       at = text.find("Nodes searched: 13160\n", at + 1)) {
    ++counts;
  }
  EXPECT_EQ(counts, 50u);
}

TEST(Uci, CommandsAfterGoWaitForTheCount) {
  // A driver that pipes everything at once still gets each count for its own position.
  const std::string out =
      transcript("position startpos\ngo perft 4\nposition startpos moves e2e4\ngo perft 3\nd\n");
  const size_t first = out.find("Nodes searched: 197281");
  const size_t second = out.find("Nodes searched: 13160");
  const size_t fen = out.find("Fen: ");
  ASSERT_NE(first, std::string::npos) << out;
  ASSERT_NE(second, std::string::npos) << out;
  EXPECT_LT(first, second);
  EXPECT_LT(second, fen);
}

}  // namespace
}  // namespace pyke::uci
