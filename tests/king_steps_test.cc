// A quiet king step off the opponent king's lines (perft/internal/king_steps.h) leaves the
// opponent exactly the replies KingStepReplies counts without making it: checked against making
// the step and counting the child's moves, for every such step in seeded random games from
// endgames with and without sliders, and in hand-made positions for each way a step changes the
// replies, in check or not. Where the shortcut must stand aside (our king on a line of theirs that
// a slider of ours moves along, a pinned pawn or checker of theirs, their castling right), it
// says so.
#include "perft/internal/king_steps.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "tests/random_games.h"

namespace pyke {
namespace {

using perft::internal::KingStepReplies;

// The opponent's replies counted the ordinary way: movegen's count of the legal moves.
uint64_t moves_of(const Position& pos) { return static_cast<uint64_t>(legal_move_count(pos)); }

struct Steps {
  bool applies = false;
  int checked = 0, changed = 0, in_check = 0, failures = 0;
};

// Every quiet king step of `pos` through the shortcut, against the step made: the variant the
// kernel takes for a side with sliders or without.
template <Color Us, bool BesideSliders>
Steps check_steps_of(const Position& pos) {
  KingStepReplies<Us, BuildSliders, BesideSliders> steps(pos, create_masks<Us>(pos));
  Steps result{steps.applies() && steps.ready()};
  if (!result.applies) return result;
  const bool in_check = pos.in_check();
  const uint64_t after_null = in_check ? 0 : moves_of(pos.after_null_move());
  for (Move move : legal_moves(pos)) {
    if (move.from() != pos.king_square(Us) || !steps.is_quiet_step(move)) continue;
    const uint64_t expected = moves_of(pos.after_legal(move));
    const uint64_t got = steps.replies_after(move.to());
    ++result.checked;
    result.changed += !in_check && expected != after_null;
    result.in_check += in_check;
    if (got != expected && ++result.failures <= 5) {
      ADD_FAILURE() << pos.to_fen() << " " << to_uci(move) << ": shortcut " << got << ", move made "
                    << expected;
    }
  }
  return result;
}

template <Color Us>
Steps check_steps_of(const Position& pos) {
  return pos.sliders(Us) ? check_steps_of<Us, true>(pos) : check_steps_of<Us, false>(pos);
}

Steps check_steps(const Position& pos) {
  return pos.side_to_move() == kWhite ? check_steps_of<kWhite>(pos) : check_steps_of<kBlack>(pos);
}

Steps check_fen(const std::string& fen) {
  const absl::StatusOr<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.ok() ? check_steps(*pos) : Steps{};
}

// Games of random legal moves (seeded), every position on the way checked.
TEST(KingSteps, RandomEndgames) {
  const char* const starts[] = {
      "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",               // king and pawn against king
      "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",       // locked pawns
      "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",                // a pawn about to promote
      "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",             // queen and knight against king
      "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",             // en passant pin
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",           // en passant check
      "4k3/pp3ppp/2n5/8/8/5N2/PPP2PPP/4K3 w - - 0 1",  // knights and pawns
      "r3k3/pppp4/8/8/8/8/4PPPP/4K3 w q - 0 1",        // their castling right
      "4k3/1ppp4/8/8/8/8/1PPP4/4K2R b K - 0 1",        // their castling right and rook
      "8/1p1k4/1P6/8/2pK4/8/2P5/8 w - - 0 1",          // kings among blocked pawns
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",     // rooks and pawns (CPW position 3)
      "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",            // Lucena
      "3k4/8/8/8/8/8/2R5/3K3r w - - 0 1",              // rooks, one king in check
      "8/5pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 1",      // rooks and pawns
      "4k3/1pp2p2/2n5/8/3B4/8/2P2PP1/4K3 w - - 0 1",   // bishop against knight
      "6k1/5ppp/8/3q4/8/8/2Q2PPP/6K1 w - - 0 1",       // queens
      "3rk3/8/8/2b5/8/3N4/3PB3/2R1K3 w - - 0 1",       // two sliders a side
  };
  int positions = 0, applied = 0, checked = 0, changed = 0, in_check = 0, failures = 0;
  play_random_games(starts, {.games_per_start = 300, .max_plies = 120, .seed = 20261205},
                    [&](const Position& pos, int) {
                      const Steps steps = check_steps(pos);
                      ++positions;
                      applied += steps.applies;
                      checked += steps.checked;
                      changed += steps.changed;
                      in_check += steps.in_check;
                      failures += steps.failures;
                    });
  std::printf(
      "%d positions, the shortcut applied in %d: %d steps, %d of them changing replies, %d in "
      "check\n",
      positions, applied, checked, changed, in_check);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(applied, positions / 4)
      << "the games should reach positions where the shortcut applies";
  EXPECT_GT(checked, 100000);
  // Steps after which the replies differ from a null move's: the cases the shortcut exists for.
  EXPECT_GT(changed, checked / 10);
  EXPECT_GT(in_check, checked / 50) << "the games should reach steps out of check";
}

// Each way a step changes their replies, in a position of its own (with other changes besides,
// at times): some step there leaves them other replies than a null move would (or, in check,
// some step is taken), and the shortcut counts them.
TEST(KingSteps, EachChange) {
  const char* const cases[] = {
      // Their king may not step next to ours: Kd4-e5 takes d6, e6 and f6 from the king on e7.
      "8/4k3/8/8/3K4/8/8/8 w - - 0 1",
      // The square our king leaves frees their pawn's push: the king on d3 blocks d4-d3.
      "4k3/8/8/8/3p4/3K4/8/8 w - - 0 1",
      // And a double push: the king on d6 blocks d7-d6 and d7-d5.
      "4k3/3p4/3K4/8/8/8/8/8 w - - 0 1",
      // The square it takes blocks one: Kc5-d6 stops d7-d6 and d7-d5.
      "4k3/3p4/8/2K5/8/8/8/8 w - - 0 1",
      // Their pawn about to promote, blocked by our king: freed by Kb1-a2, it promotes four ways.
      "8/8/8/8/8/4k3/1p6/1K6 w - - 0 1",
      // Their king may take our pawn on e4 once our king no longer guards it.
      "8/8/8/8/3kP3/5K2/8/8 w - - 0 1",
      // Out of check, where the square our king leaves is one a piece of theirs reached.
      // The rook's file runs on past e4 once the king steps off it: e3, e2 and e1.
      "4r1k1/8/8/8/4K3/8/8/8 w - - 0 1",
      // The bishop's diagonal runs on past d4: c5, b6 and a7.
      "6k1/8/8/8/3K4/8/8/6b1 w - - 0 1",
      // The knight may go to e3 once the king has left it.
      "6k1/8/8/3n4/8/4K3/8/8 w - - 0 1",
      // The pawn on d4 no longer takes on e3: the square is empty.
      "6k1/8/8/8/3p4/4K3/8/8 w - - 0 1",
      // Two checks, a rook's and a knight's.
      "4r1k1/8/8/8/8/3n4/8/4K3 w - - 0 1",
      // A queen checking along a diagonal, which runs on to e1; her file and rank do not change.
      "6k1/8/8/8/1q6/8/3K4/8 w - - 0 1",
      // With sliders of ours. Our rook's rank runs on through c2 once Kc2-b3: their king on e1
      // may no longer step to d2, e2 or f2.
      "8/8/8/8/8/8/R1K5/4k3 w - - 0 1",
      // Our king's new square cuts our rook's rank: after Kc2-d3 their king on f4 may step to f3
      // and g3.
      "8/8/8/8/5k2/R7/2K5/8 w - - 0 1",
      // A knight of theirs pinned by our bishop stays pinned, whatever our king's step takes
      // from their king.
      "8/8/8/3k4/4n3/8/2K3B1/8 w - - 0 1",
      // Their rook, pinned along our rook's file, keeps moving along it only; Kf7-g7 gives their
      // king e7.
      "3k4/5K2/3r4/8/8/8/8/3R4 w - - 0 1",
      // Out of check with a rook of ours: their bishop's diagonal runs on past our king.
      "6k1/8/8/8/3K4/8/1R6/6b1 w - - 0 1",
  };
  for (const char* fen : cases) {
    const Steps steps = check_fen(fen);
    EXPECT_TRUE(steps.applies) << fen;
    // `changed` counts steps taken out of check only; in check, `in_check` counts them all.
    EXPECT_GT(steps.changed + steps.in_check, 0) << fen;
    EXPECT_EQ(steps.failures, 0) << fen;
  }
}

// A step onto one of their king's lines that a slider of ours moves along is made, not counted:
// it could block a line of ours (and break a pin) that the shortcut does not follow.
TEST(KingSteps, StepsOntoTheirLinesAreMade) {
  // Our rook on a1, their king on e8: Kd2-e2 and Kd2-e3 and Kd2-d1 … e-file and eighth rank.
  const absl::StatusOr<Position> pos = Position::from_fen("4k3/8/8/8/8/8/3K4/R7 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  KingStepReplies<kWhite, BuildSliders, true> steps(*pos, create_masks<kWhite>(*pos));
  ASSERT_TRUE(steps.applies() && steps.ready());
  int on_lines = 0, off_lines = 0;
  for (Move move : legal_moves(*pos)) {
    if (move.from() != pos->king_square(kWhite)) continue;
    const bool on_line = rook_rays(pos->king_square(kBlack)) >> move.to() & 1;
    EXPECT_EQ(steps.is_quiet_step(move), !on_line) << to_uci(move);
    on_lines += on_line;
    off_lines += !on_line;
  }
  EXPECT_GT(on_lines, 0);
  EXPECT_GT(off_lines, 0);
}

// Where a step could change more than the shortcut counts, it stands aside.
TEST(KingSteps, StandsAside) {
  // Our king stands on a line of their king along which a slider of ours moves: a step could
  // uncover it.
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").applies);
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").applies);
  EXPECT_FALSE(check_fen("8/8/7B/8/8/2k5/8/4K3 w - - 0 1").applies);
  // The same line without a slider of ours of that kind: a bishop does not move along the file.
  EXPECT_TRUE(check_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").applies);
  // A pawn of theirs pinned by our bishop.
  EXPECT_FALSE(check_fen("8/8/8/3k4/4p3/8/6B1/K7 w - - 0 1").applies);
  // A checker of theirs pinned by our rook: its line past our king would be cut short.
  EXPECT_FALSE(check_fen("4k3/8/8/4b3/8/8/1K6/4R3 w - - 0 1").applies);
  // The variant for a side without sliders refuses a side with one.
  {
    const absl::StatusOr<Position> pos = Position::from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    ASSERT_TRUE(pos.ok());
    EXPECT_FALSE(
        (KingStepReplies<kWhite, BuildSliders, false>(*pos, create_masks<kWhite>(*pos)).applies()));
  }
  // They may castle: the squares their king crosses matter.
  EXPECT_FALSE(check_fen("r3k3/8/8/8/8/8/8/4K3 w q - 0 1").applies);
  // Only pawns, knights and kings, no castling of theirs: it applies.
  EXPECT_TRUE(check_fen("4k3/8/8/8/8/2n5/3P4/2N1K3 w - - 0 1").applies);
}

}  // namespace
}  // namespace pyke
