// Perft's depth-2 kernel, count_last_two_plies (its calm and steady shortcuts included), against
// the plain count — every legal move made, the child's replies counted with count_legal_moves —
// for every slider backend compiled into the build (and, where AVX-512 counts setwise, each
// backend on the scalar counting path too, and count_depth2_node, which picks among them). The
// positions: seeded random games from the start position, Kiwipete, Chess960 starts and
// endgames, and the random, Chess960 and published suites.
#include "perft/internal/last_two_plies.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/internal/kernel.h"
#include "tests/positions.h"
#include "tests/random_games.h"

namespace pyke {
namespace {

using perft::internal::count_depth2_node;
using perft::internal::count_last_two_plies;

// The ground truth: every child made, its replies counted in full.
uint64_t replies_of_every_move(const Position& pos) {
  uint64_t total = 0;
  for (Move move : legal_moves(pos)) {
    const Position child = pos.after_legal(move);
    total +=
        static_cast<uint64_t>(child.side_to_move() == kWhite ? count_legal_moves<kWhite>(child)
                                                             : count_legal_moves<kBlack>(child));
  }
  return total;
}

template <class Sliders>
uint64_t kernel(const Position& pos) {
  return pos.side_to_move() == kWhite ? count_last_two_plies<kWhite, Sliders>(pos)
                                      : count_last_two_plies<kBlack, Sliders>(pos);
}

// The depth-2 node as perft runs it: with or without calm moves, setwise or piece by piece, as
// the material decides.
template <class Sliders>
uint64_t node(const Position& pos) {
  return pos.side_to_move() == kWhite ? count_depth2_node<kWhite, Sliders>(pos)
                                      : count_depth2_node<kBlack, Sliders>(pos);
}

using KernelFn = uint64_t (*)(const Position&);
struct Backend {
  std::string name;
  KernelFn count;
};

// Every backend compiled in, each on the build's counting path, and on the scalar one too where
// that differs (AVX-512 builds count knights and sliders setwise), and each as perft's depth-2
// node picks its path.
std::vector<Backend> compiled_backends() {
  std::vector<Backend> backends;
  for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
    if (!slider_backend_compiled(b)) continue;
    with_slider_backend(b, [&]<class S>() {
      backends.push_back({std::string(slider_backend_name(b)), &kernel<S>});
      backends.push_back({std::string(slider_backend_name(b)) + " node", &node<S>});
      if constexpr (kHasSetwiseCount) {
        backends.push_back(
            {std::string(slider_backend_name(b)) + " scalar", &kernel<CountingPath<S, false>>});
      }
    });
  }
  return backends;
}

struct Checker {
  std::vector<Backend> backends = compiled_backends();
  int positions = 0, in_check = 0, failures = 0;

  void check(const Position& pos) {
    ++positions;
    in_check += pos.in_check();
    const uint64_t expected = replies_of_every_move(pos);
    for (const Backend& backend : backends) {
      const uint64_t got = backend.count(pos);
      if (got != expected && ++failures <= 10) {
        ADD_FAILURE() << backend.name << ": " << pos.to_fen() << " depth 2: kernel " << got
                      << ", every move made " << expected;
      }
    }
  }
};

TEST(LastTwoPlies, EveryCompiledBackendIsChecked) {
  const std::vector<Backend> backends = compiled_backends();
  const int slider_backends = slider_backend_compiled(SliderBackend::kPext) ? 3 : 2;
  EXPECT_EQ(backends.size(), static_cast<size_t>(slider_backends * (kHasSetwiseCount ? 3 : 2)));
}

TEST(LastTwoPlies, RandomGames) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      kKiwipete,
      // Chess960 starts: BBQNNRKR (number 0), QRKRBBNN and RNKBBQNR.
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
      "qrkrbbnn/pppppppp/8/8/8/8/PPPPPPPP/QRKRBBNN w KQkq - 0 1",
      "rnkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/RNKBBQNR w KQkq - 0 1",
  };
  Checker checker;
  play_random_games(starts, {.games_per_start = 400, .max_plies = 160, .seed = 20240601},
                    [&](const Position& pos, int) { checker.check(pos); });
  EXPECT_EQ(checker.failures, 0);
  EXPECT_GT(checker.positions, 200000);
  EXPECT_GT(checker.in_check, 5000) << "the games should reach positions in check";
  std::printf("%d positions, %d in check\n", checker.positions, checker.in_check);
}

// The same from endgames, where the depth-2 node counts piece by piece or without calm moves,
// and a king without sliders beside it steps without being moved (king_steps.h), and a lone
// slider moves without being moved (lone_slider.h).
TEST(LastTwoPlies, RandomEndgames) {
  const char* const starts[] = {
      kCpwPosition3,
      "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
      "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
      "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
      "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
      "4k3/pp3ppp/2n5/8/8/5N2/PPP2PPP/4K3 w - - 0 1",
      "r3k3/pppp4/8/8/8/8/4PPPP/4K3 w q - 0 1",
      "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
      "8/5pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 1",
      "3k4/8/8/8/8/8/2R5/3K3r w - - 0 1",
      "4k3/1pp2p2/2n5/8/3B4/8/2P2PP1/4K3 w - - 0 1",
  };
  Checker checker;
  play_random_games(starts, {.games_per_start = 200, .max_plies = 100, .seed = 20261205},
                    [&](const Position& pos, int) { checker.check(pos); });
  EXPECT_EQ(checker.failures, 0);
  EXPECT_GT(checker.positions, 50000);
}

void check_suite(const std::string& path, int at_least) {
  const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(path);
  ASSERT_TRUE(records.ok()) << path << ": " << records.status();
  Checker checker;
  for (const epd::Record& record : *records) {
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    ASSERT_TRUE(pos.ok()) << path << " line " << record.line << ": " << pos.status();
    checker.check(*pos);
  }
  EXPECT_EQ(checker.failures, 0) << path;
  EXPECT_GE(checker.positions, at_least) << path;
}

TEST(LastTwoPlies, RandomSuite) { check_suite("tests/data/perft_random.epd", 6000); }
TEST(LastTwoPlies, Chess960Suite) { check_suite("tests/data/chess960_xfen.epd", 1000); }
TEST(LastTwoPlies, PublishedSuite) { check_suite("tests/data/published.epd", 100); }

}  // namespace
}  // namespace pyke
