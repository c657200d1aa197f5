// Every slider backend agrees with the ray-walking reference on every square and every pattern of
// relevant blockers (each subset of the squares between the slider and the board's edge, with
// the rest of the board empty and full), and on random boards.
#include "movegen/attacks.h"

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "movegen/slider_reference.h"

namespace pyke {
namespace {

std::vector<Bitboard> sample_occupancies() {
  std::vector<Bitboard> occupancies = {0, ~Bitboard{0}, kFileA | kRank1, 0x55AA55AA55AA55AAULL};
  std::mt19937_64 rng(20261129);
  for (int i = 0; i < 3000; ++i) {
    // Sparse, medium and dense boards.
    occupancies.push_back(rng() & rng() & rng());
    occupancies.push_back(rng() & rng());
    occupancies.push_back(rng());
  }
  return occupancies;
}

using SliderFunction = Bitboard (*)(Square, Bitboard);

// Every subset of the relevant blockers of a slider on `sq`, walked with the carry-rippler.
void expect_every_blocker_pattern(SliderFunction slider, SliderFunction reference_slider,
                                  const int (&rays)[4][2], Square sq) {
  const Bitboard mask = reference::relevant_occupancy(sq, rays);
  int patterns = 0;
  Bitboard subset = 0;
  do {
    for (Bitboard occ : {subset, subset | ~mask}) {
      ASSERT_EQ(slider(sq, occ), reference_slider(sq, occ))
          << "square " << int(sq) << " occ " << occ;
    }
    ++patterns;
    subset = (subset - mask) & mask;
  } while (subset != 0);
  ASSERT_EQ(patterns, 1 << popcount(mask));
}

void expect_matches_reference(SliderFunction rook, SliderFunction bishop) {
  const auto occupancies = sample_occupancies();
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    expect_every_blocker_pattern(rook, reference::rook_attacks, reference::kRookRays, sq);
    expect_every_blocker_pattern(bishop, reference::bishop_attacks, reference::kBishopRays, sq);
    for (Bitboard occ : occupancies) {
      ASSERT_EQ(rook(sq, occ), reference::rook_attacks(sq, occ))
          << "square " << s << " occ " << occ;
      ASSERT_EQ(bishop(sq, occ), reference::bishop_attacks(sq, occ))
          << "square " << s << " occ " << occ;
    }
  }
}

TEST(SliderAttacks, HyperbolaBackendMatchesReference) {
  expect_matches_reference(hyperbola_backend::rook_attacks, hyperbola_backend::bishop_attacks);
}

TEST(SliderAttacks, MagicBackendMatchesReference) {
  expect_matches_reference(magic_backend::rook_attacks, magic_backend::bishop_attacks);
}

// Each magic square's block is exactly 2^popcount(mask) slots, packed without gaps.
TEST(SliderAttacks, MagicBlocksArePacked) {
  uint32_t rook = 0, bishop = 0;
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(magic_backend::kRookEntries[s].offset, rook);
    EXPECT_EQ(magic_backend::kBishopEntries[s].offset, bishop);
    rook += uint32_t{1} << (64 - magic_backend::kRookEntries[s].shift);
    bishop += uint32_t{1} << (64 - magic_backend::kBishopEntries[s].shift);
  }
  EXPECT_EQ(rook, magic_backend::kRookTable.size());
  EXPECT_EQ(bishop, magic_backend::kBishopTable.size());
}

// The policy types and the run-time switch reach the same functions.
TEST(SliderAttacks, RuntimeBackendSwitchRoundTrips) {
  const SliderBackend before = slider_backend();
  for (SliderBackend b : {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
    set_slider_backend(b);
    const SliderBackend now = slider_backend();
    EXPECT_EQ(now == b, slider_backend_compiled(b)) << slider_backend_name(b);
    const SliderBackend entered = with_slider_backend(now, []<class S>() { return S::kBackend; });
    EXPECT_EQ(entered, now);
    EXPECT_EQ(with_slider_backend(now, []<class S>() { return rook_attacks<S>(kE4, 0); }),
              reference::rook_attacks(kE4, 0));
  }
  set_slider_backend(before);
}

#if PYKE_HAS_PEXT
TEST(SliderAttacks, PextBackendMatchesReference) {
  expect_matches_reference(pext_backend::rook_attacks, pext_backend::bishop_attacks);
}
#endif

// A build that uses PEXT must run on a CPU that has it (a binary copied to another machine).
TEST(SliderAttacks, ThisCpuRunsTheBackendTheBuildChose) {
  __builtin_cpu_init();
  if (BuildSliders::kBackend == SliderBackend::kPext) {
    EXPECT_TRUE(__builtin_cpu_supports("bmi2")) << "built for PEXT, running without BMI2";
  } else {
    EXPECT_EQ(BuildSliders::kBackend, SliderBackend::kMagic);
  }
}

TEST(LeaperTables, KnightAndKingCountsFromCornersAndCentre) {
  EXPECT_EQ(popcount(knight_attacks(kA1)), 2);
  EXPECT_EQ(popcount(knight_attacks(kE4)), 8);
  EXPECT_EQ(popcount(king_attacks(kH8)), 3);
  EXPECT_EQ(popcount(king_attacks(kD5)), 8);
  EXPECT_EQ(pawn_attacks(kWhite, kE4), square_bb(kD5) | square_bb(kF5));
  EXPECT_EQ(pawn_attacks(kBlack, kA5), square_bb(kB4));
}

// The setwise knight and king reach of a set is the union of its squares' table entries (every
// single square, then random sets).
template <class Table, class Set>
void expect_set_is_union(Table table, Set set) {
  const auto union_of = [&](Bitboard b) {
    Bitboard reach = 0;
    for (; b; b = clear_lsb(b)) reach |= table(lsb(b));
    return reach;
  };
  for (int s = 0; s < 64; ++s) {
    const Bitboard b = square_bb(static_cast<Square>(s));
    EXPECT_EQ(set(b), union_of(b)) << s;
  }
  std::mt19937_64 rng(20261201);
  for (int i = 0; i < 1000; ++i) {
    const Bitboard b = rng() & rng();  // about one square in four
    EXPECT_EQ(set(b), union_of(b)) << b;
  }
}

TEST(LeaperTables, KnightSetIsTheUnionOfItsSquares) {
  expect_set_is_union([](Square s) { return knight_attacks(s); },
                      [](Bitboard b) { return knight_attacks_set(b); });
}

TEST(LeaperTables, KingSetIsTheUnionOfItsSquares) {
  expect_set_is_union([](Square s) { return king_attacks(s); },
                      [](Bitboard b) { return king_attacks_set(b); });
}

TEST(Between, RunsFromExclusiveToInclusive) {
  EXPECT_EQ(between_squares(kE1, kE4), square_bb(kE2) | square_bb(kE3) | square_bb(kE4));
  EXPECT_EQ(between_squares(kA1, kC3), square_bb(kB2) | square_bb(kC3));
  EXPECT_EQ(between_squares(kE1, kF3), square_bb(kF3));  // not aligned: only the target
}

}  // namespace
}  // namespace pyke
