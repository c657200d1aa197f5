// Perft's depth-2 kernel, count_last_two_plies (its calm and steady shortcuts included), against
// the plain count — every legal move made, the child's replies counted with count_legal_moves —
// for every slider backend compiled into the build (and, where AVX-512 counts setwise, each
// backend on the scalar counting path too). The positions: seeded random games from the start
// position, Kiwipete and Chess960 starts, and the random, Chess960 and published suites.
#include <cstdint>
#include <cstdio>
#include <random>
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

namespace pyke {
namespace {

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

using KernelFn = uint64_t (*)(const Position&);
struct Backend {
  std::string name;
  KernelFn count;
};

// Every backend compiled in, each on the build's counting path, and on the scalar one too where
// that differs (AVX-512 builds count knights and sliders setwise).
std::vector<Backend> compiled_backends() {
  std::vector<Backend> backends;
  for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
    if (!slider_backend_compiled(b)) continue;
    with_slider_backend(b, [&]<class S>() {
      backends.push_back({std::string(slider_backend_name(b)), &kernel<S>});
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
  EXPECT_EQ(backends.size(), static_cast<size_t>(slider_backends * (kHasSetwiseCount ? 2 : 1)));
}

// Games of random legal moves (seeded: the same games every run), each position on the way
// checked, until mate, stalemate or the ply limit.
TEST(LastTwoPlies, RandomGames) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      kKiwipete,
      // Chess960 starts: BBQNNRKR (number 0), QRKRBBNN and RNKBBQNR.
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
      "qrkrbbnn/pppppppp/8/8/8/8/PPPPPPPP/QRKRBBNN w KQkq - 0 1",
      "rnkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/RNKBBQNR w KQkq - 0 1",
  };
  constexpr int kGamesPerStart = 400;
  constexpr int kMaxPlies = 160;
  std::mt19937_64 rng(20240601);
  Checker checker;
  for (const char* fen : starts) {
    absl::StatusOr<Position> start = Position::from_fen(fen);
    ASSERT_TRUE(start.ok()) << fen << ": " << start.status();
    for (int game = 0; game < kGamesPerStart; ++game) {
      Position pos = *start;
      for (int ply = 0; ply < kMaxPlies; ++ply) {
        checker.check(pos);
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        pos = pos.after_legal(moves[static_cast<int>(rng() % static_cast<uint64_t>(moves.size()))]);
      }
    }
  }
  EXPECT_EQ(checker.failures, 0);
  EXPECT_GT(checker.positions, 200000);
  EXPECT_GT(checker.in_check, 5000) << "the games should reach positions in check";
  std::printf("%d positions, %d in check\n", checker.positions, checker.in_check);
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
