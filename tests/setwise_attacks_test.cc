// setwise::knight_and_slider_attacks (count_avx512.h: AVX-512 where the build has it, its plain
// 64-bit stand-in elsewhere; this test runs in both builds) against the plain definition: the
// union of knight_attacks and of the reference ray walker's rook and bishop attacks
// (slider_reference.h) with the non-empty squares as blockers. Sliders may stand on empty
// squares (calm.h draws the lines out of a set of squares that way). Seeded random sets of
// every density, every single piece on an empty and on a full board, and the empty and full
// sets. count_knight_and_slider_moves is checked on the way, against per-piece popcounts, and
// knight_and_slider_attacks (move_targets.h: a side's pieces in a position, setwise or looked up
// one by one) in the positions of seeded random games.
#include <cstdint>
#include <random>

#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/internal/move_targets.h"
#include "movegen/position.h"
#include "movegen/slider_reference.h"
#include "movegen/types.h"
#include "tests/positions.h"
#include "tests/random_games.h"

namespace pyke {
namespace {

Bitboard reference_attacks(Bitboard knights, Bitboard orthogonal, Bitboard diagonal,
                           Bitboard empty) {
  const Bitboard occupied = ~empty;
  Bitboard attacks = 0;
  for (Bitboard b = knights; b; b = clear_lsb(b)) attacks |= knight_attacks(lsb(b));
  for (Bitboard b = orthogonal; b; b = clear_lsb(b)) {
    attacks |= reference::rook_attacks(lsb(b), occupied);
  }
  for (Bitboard b = diagonal; b; b = clear_lsb(b)) {
    attacks |= reference::bishop_attacks(lsb(b), occupied);
  }
  return attacks;
}

// The moves of pieces standing on occupied squares onto `movable`, one piece at a time. (Pieces
// on occupied squares never reach a square in the same direction twice, which the setwise
// count relies on.)
int reference_moves(Bitboard knights, Bitboard orthogonal, Bitboard diagonal, Bitboard empty,
                    Bitboard movable) {
  const Bitboard occupied = ~empty;
  int moves = 0;
  for (Bitboard b = knights; b; b = clear_lsb(b))
    moves += popcount(knight_attacks(lsb(b)) & movable);
  for (Bitboard b = orthogonal; b; b = clear_lsb(b)) {
    moves += popcount(reference::rook_attacks(lsb(b), occupied) & movable);
  }
  for (Bitboard b = diagonal; b; b = clear_lsb(b)) {
    moves += popcount(reference::bishop_attacks(lsb(b), occupied) & movable);
  }
  return moves;
}

void expect_attacks(Bitboard knights, Bitboard orthogonal, Bitboard diagonal, Bitboard empty) {
  EXPECT_EQ(setwise::knight_and_slider_attacks(knights, orthogonal, diagonal, empty),
            reference_attacks(knights, orthogonal, diagonal, empty))
      << std::hex << "knights " << knights << " orthogonal " << orthogonal << " diagonal "
      << diagonal << " empty " << empty;
}

TEST(SetwiseAttacks, EmptyAndFullSets) {
  constexpr Bitboard kNone = 0, kAll = ~Bitboard{0};
  for (Bitboard empty : {kNone, kAll}) {
    expect_attacks(kNone, kNone, kNone, empty);
    expect_attacks(kAll, kNone, kNone, empty);
    expect_attacks(kNone, kAll, kNone, empty);
    expect_attacks(kNone, kNone, kAll, empty);
    expect_attacks(kAll, kAll, kAll, empty);
  }
  EXPECT_EQ(setwise::knight_and_slider_attacks(kNone, kNone, kNone, kAll), kNone);
  // Every square is attacked by something when every square holds every piece.
  EXPECT_EQ(setwise::knight_and_slider_attacks(kAll, kAll, kAll, kNone), kAll);
}

// Each piece alone on every square, on an empty board (full rays: the board's edges) and on a
// full one (only the neighbouring squares).
TEST(SetwiseAttacks, OnePieceOnEverySquare) {
  for (int s = 0; s < 64; ++s) {
    const Bitboard piece = square_bb(static_cast<Square>(s));
    for (Bitboard empty : {~Bitboard{0}, ~piece, Bitboard{0}}) {
      expect_attacks(piece, 0, 0, empty);
      expect_attacks(0, piece, 0, empty);
      expect_attacks(0, 0, piece, empty);
      expect_attacks(0, piece, piece, empty);  // a queen
    }
  }
}

// A random set with about one square in 2^k (k = 0 … 4), or a single square, or none.
Bitboard random_set(std::mt19937_64& rng) {
  const int kind = static_cast<int>(rng() % 7);
  if (kind == 5) return square_bb(static_cast<Square>(rng() % 64));
  if (kind == 6) return 0;
  Bitboard b = rng();
  for (int i = 0; i < kind; ++i) b &= rng();
  return b;
}

TEST(SetwiseAttacks, RandomSets) {
  std::mt19937_64 rng(0x5e7715e);
  for (int i = 0; i < 200000; ++i) {
    const Bitboard knights = random_set(rng), orthogonal = random_set(rng),
                   diagonal = random_set(rng), empty = ~random_set(rng);
    expect_attacks(knights, orthogonal, diagonal, empty);
    if (HasFailure()) return;
  }
}

// As in the move counter: pieces on occupied squares, the targets any set.
TEST(SetwiseAttacks, RandomMoveCounts) {
  std::mt19937_64 rng(0xc0a7);
  for (int i = 0; i < 200000; ++i) {
    const Bitboard occupied = random_set(rng) | random_set(rng);
    const Bitboard knights = random_set(rng) & occupied, orthogonal = random_set(rng) & occupied,
                   diagonal = random_set(rng) & occupied, movable = ~random_set(rng);
    ASSERT_EQ(
        setwise::count_knight_and_slider_moves(knights, orthogonal, diagonal, ~occupied, movable),
        reference_moves(knights, orthogonal, diagonal, ~occupied, movable))
        << std::hex << "knights " << knights << " orthogonal " << orthogonal << " diagonal "
        << diagonal << " occupied " << occupied << " movable " << movable;
  }
}

// A side's knights and sliders in positions of play (move_targets.h, the enemy's attack map and
// calm.h's open lines), on every backend and counting path in the build, with every knight, with
// none, and with each side's king lifted off the board as the attack map lifts it.
template <Color C, class Sliders>
void expect_side_attacks(const Position& pos, const char* path) {
  const Bitboard queens = pos.pieces(C, kQueen);
  const Bitboard orthogonal = pos.pieces(C, kRook) | queens;
  const Bitboard diagonal = pos.pieces(C, kBishop) | queens;
  for (const Bitboard knights : {pos.pieces(C, kKnight), Bitboard{0}}) {
    for (const Square lifted : {pos.king_square(kWhite), pos.king_square(kBlack)}) {
      const Bitboard occupied = pos.occupied() ^ square_bb(lifted);
      ASSERT_EQ((knight_and_slider_attacks<C, Sliders>(pos, knights, occupied)),
                reference_attacks(knights, orthogonal, diagonal, ~occupied))
          << path << " " << pos.to_fen() << " knights " << std::hex << knights;
    }
  }
}

template <class Sliders>
void expect_both_sides(const Position& pos, const char* path) {
  expect_side_attacks<kWhite, Sliders>(pos, path);
  expect_side_attacks<kBlack, Sliders>(pos, path);
}

TEST(SetwiseAttacks, ASidesKnightsAndSlidersOnEveryPath) {
  const char* const starts[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                kKiwipete, kCpwPosition3, kCpwPosition5};
  int positions = 0;
  play_random_games(starts, {.games_per_start = 40, .max_plies = 120, .seed = 0xa77ac},
                    [&](const Position& pos, int) {
                      ++positions;
                      for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic,
                                              SliderBackend::kHyperbola}) {
                        if (!slider_backend_compiled(b)) continue;
                        with_slider_backend(b, [&]<class S>() {
                          expect_both_sides<S>(pos, "build's path");
                          expect_both_sides<ScalarPath<S>>(pos, "scalar path");
                        });
                      }
                    });
  EXPECT_GT(positions, 10000);
}

}  // namespace
}  // namespace pyke
