// A quiet move of a side's only slider off its lines through the enemy king
// (perft/internal/lone_slider.h) leaves the opponent exactly the replies LoneSliderReplies counts
// without making it: checked against making the move and counting the child's moves, for every
// such move in seeded random games from rook, bishop and queen endings, and in hand-made
// positions for each way such a move changes the replies. Where the shortcut must stand aside
// (two sliders, their castling right, a move onto their king's lines, a capture), it does.
#include "perft/internal/lone_slider.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "tests/positions.h"
#include "tests/random_games.h"

namespace pyke {
namespace {

using perft::internal::LoneSliderReplies;

// The opponent's replies counted the ordinary way: movegen's count of the legal moves.
uint64_t moves_of(const Position& pos) { return static_cast<uint64_t>(legal_move_count(pos)); }

struct Moves {
  bool applies = false;
  int checked = 0;   // slider moves counted unmade
  int changed = 0;   // of them, those after which the replies differ from a null move's
  int declined = 0;  // slider moves left to be made
  int failures = 0;
};

template <Color Us, PieceType P>
bool unmade(const LoneSliderReplies<Us>& slider, Move move) {
  return slider.template is_unmade<P>(move);
}

// Every move of our lone slider through the shortcut where it takes it, against the move made:
// each target alone, and all of them together (as the kernel counts them).
template <Color Us>
Moves check_moves_of(const Position& pos) {
  const LoneSliderReplies<Us> slider(pos);
  Moves result{slider.applies()};
  if (!slider.applies()) return result;
  const Bitboard sliders =
      pos.pieces(Us) & (pos.pieces(kBishop) | pos.pieces(kRook) | pos.pieces(kQueen));
  const Square from = lsb(sliders);
  const PieceType type = type_of(pos.piece_on(from));
  const bool in_check = pos.in_check();
  const uint64_t after_null = in_check ? 0 : moves_of(pos.after_null_move());
  Bitboard targets = 0;
  uint64_t expected_total = 0;
  for (Move move : legal_moves(pos)) {
    if (move.from() != from) continue;
    const bool taken = type == kBishop ? unmade<Us, kBishop>(slider, move)
                       : type == kRook ? unmade<Us, kRook>(slider, move)
                                       : unmade<Us, kQueen>(slider, move);
    if (!taken) {
      ++result.declined;
      continue;
    }
    const uint64_t expected = moves_of(pos.after_legal(move));
    const uint64_t got = slider.replies_to(square_bb(move.to()));
    targets |= square_bb(move.to());
    expected_total += expected;
    ++result.checked;
    result.changed += !in_check && expected != after_null;
    if (got != expected && ++result.failures <= 5) {
      ADD_FAILURE() << pos.to_fen() << " " << to_uci(move) << ": shortcut " << got << ", move made "
                    << expected;
    }
  }
  const uint64_t total = slider.replies_to(targets);
  if (total != expected_total && ++result.failures <= 5) {
    ADD_FAILURE() << pos.to_fen() << ": shortcut " << total << " for all " << popcount(targets)
                  << " targets, moves made " << expected_total;
  }
  return result;
}

Moves check_moves(const Position& pos) {
  return pos.side_to_move() == kWhite ? check_moves_of<kWhite>(pos) : check_moves_of<kBlack>(pos);
}

Moves check_fen(const std::string& fen) {
  const absl::StatusOr<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.ok() ? check_moves(*pos) : Moves{};
}

// Games of random legal moves (seeded), every position on the way checked.
TEST(LoneSlider, RandomEndgames) {
  const char* const starts[] = {
      kCpwPosition3,
      "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",           // Lucena: rook and pawn against rook
      "8/5pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 1",     // rooks and pawns
      "3k4/8/8/8/8/8/2R5/3K3r w - - 0 1",             // in check
      "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",            // en passant pin
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",          // en passant check
      "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",            // queen and knight against king
      "4k3/1pp2p2/2n5/8/3B4/8/2P2PP1/4K3 w - - 0 1",  // bishop against knight, with pawns
      "r3k3/pppp4/8/8/8/8/4PPPP/3QK3 w q - 0 1",      // their castling right, our queen
      "4k3/1P3nP1/8/8/8/8/1p3Np1/R3K3 b Q - 0 1",     // promotions beside a castling right
  };
  int positions = 0, applied = 0, checked = 0, changed = 0, declined = 0, failures = 0;
  play_random_games(starts, {.games_per_start = 300, .max_plies = 120, .seed = 20261205},
                    [&](const Position& pos, int) {
                      const Moves moves = check_moves(pos);
                      ++positions;
                      applied += moves.applies;
                      checked += moves.checked;
                      changed += moves.changed;
                      declined += moves.declined;
                      failures += moves.failures;
                    });
  std::printf(
      "%d positions, the shortcut applied in %d: %d moves counted unmade (%d changing replies), "
      "%d made\n",
      positions, applied, checked, changed, declined);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(applied, positions / 4) << "the games should reach positions with one slider";
  EXPECT_GT(checked, 100000);
  // Moves after which the replies differ from a null move's: the cases the shortcut exists for.
  EXPECT_GT(changed, checked / 4);
  EXPECT_GT(declined, checked / 20) << "the games should reach moves the shortcut declines";
}

// Each way such a move changes their replies, in a position of its own (with other changes
// besides, at times): some move there leaves them other replies than a null move would, and the
// shortcut counts them.
TEST(LoneSlider, EachChange) {
  const char* const cases[] = {
      // Their king's squares: Rb1-b7 takes the seventh rank from the king on e8.
      "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1",
      // Their pawn pushes through the square the rook leaves: d3 blocks d4-d3.
      "7k/8/8/8/3p4/3R4/8/4K3 w - - 0 1",
      // And is blocked by the square it takes: Rc6-d6 stops d7-d6 and d7-d5.
      "7k/3p4/2R5/8/8/8/8/4K3 w - - 0 1",
      // Their pawn takes the rook on its new square: Rh3-e3 lands where the pawn on d4 takes.
      "6k1/8/8/8/3p4/7R/8/4K3 w - - 0 1",
      // Their pawn promotes once the rook leaves b1, four ways, or takes it on a1 or c1, four ways.
      "7k/8/8/8/8/8/1p6/1R2K3 w - - 0 1",
      // Their rook's file opens when our bishop leaves it, and shortens where it lands.
      "r6k/8/8/8/B7/8/8/4K3 w - - 0 1",
      // Their king takes our rook once it lands beside it undefended (Rb5-d5, next to e6 but on
      // none of its lines).
      "8/8/4k3/1R6/8/8/8/K7 w - - 0 1",
      // A pin released: the rook on e4 pins the knight on e6 to the king on e8; off the file the
      // knight moves.
      "4k3/8/4n3/8/4R3/8/8/K7 w - - 0 1",
  };
  for (const char* fen : cases) {
    const Moves moves = check_fen(fen);
    EXPECT_TRUE(moves.applies) << fen;
    EXPECT_GT(moves.changed, 0) << fen;
    EXPECT_EQ(moves.failures, 0) << fen;
  }
  // In check, a block counted unmade: the rook on h1 checks the king on d1, and Re2-e1 blocks.
  const Moves blocks = check_fen("3k4/8/8/8/8/8/4R3/3K3r w - - 0 1");
  EXPECT_TRUE(blocks.applies);
  EXPECT_GT(blocks.checked, 0);
  EXPECT_EQ(blocks.failures, 0);
}

// Where a move could change more than the shortcut counts, it is made.
TEST(LoneSlider, StandsAside) {
  // Two sliders (one may uncover the other), a rook and a queen, two bishops.
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1").applies);
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/8/R2QK3 w - - 0 1").applies);
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").applies);
  // No slider at all (king_steps.h serves that side).
  EXPECT_FALSE(check_fen("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1").applies);
  // They may castle: the squares their king crosses matter.
  EXPECT_FALSE(check_fen("r3k3/8/8/8/8/8/8/1R2K3 w q - 0 1").applies);
  // Onto a file or rank through their king (a check) and captures: made.
  const absl::StatusOr<Position> pos = Position::from_fen("4k3/8/8/8/8/8/1p6/1R4K1 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  const LoneSliderReplies<kWhite> slider(*pos);
  ASSERT_TRUE(slider.applies());
  EXPECT_FALSE(slider.is_unmade<kRook>(Move::make(kB1, kB2)));  // takes the pawn
  EXPECT_FALSE(slider.is_unmade<kRook>(Move::make(kB1, kE1)));  // the e-file: check
  EXPECT_TRUE(slider.is_unmade<kRook>(Move::make(kB1, kD1)));
  // A bishop onto a diagonal through their king, a queen onto either kind of line.
  const absl::StatusOr<Position> bishop = Position::from_fen("4k3/8/8/8/8/8/8/3B2K1 w - - 0 1");
  ASSERT_TRUE(bishop.ok());
  const LoneSliderReplies<kWhite> lone_bishop(*bishop);
  EXPECT_FALSE(lone_bishop.is_unmade<kBishop>(Move::make(kD1, kA4)));  // a4-e8
  EXPECT_FALSE(lone_bishop.is_unmade<kBishop>(Move::make(kD1, kH5)));  // h5-e8
  EXPECT_TRUE(lone_bishop.is_unmade<kBishop>(Move::make(kD1, kC2)));
  const absl::StatusOr<Position> queen = Position::from_fen("4k3/8/8/8/8/8/8/3Q2K1 w - - 0 1");
  ASSERT_TRUE(queen.ok());
  const LoneSliderReplies<kWhite> lone_queen(*queen);
  EXPECT_FALSE(lone_queen.is_unmade<kQueen>(Move::make(kD1, kA4)));  // a diagonal through e8
  EXPECT_FALSE(lone_queen.is_unmade<kQueen>(Move::make(kD1, kE1)));  // the e-file
  EXPECT_TRUE(lone_queen.is_unmade<kQueen>(Move::make(kD1, kD3)));
  // Every move of such positions is made or counted, and the counted ones are exact.
  EXPECT_EQ(check_fen("4k3/8/8/8/8/8/1p6/1R4K1 w - - 0 1").failures, 0);
  const Moves on_lines = check_fen("4k3/8/8/8/8/8/8/1R4K1 w - - 0 1");
  EXPECT_GT(on_lines.declined, 0) << "Rb1-b8 and Rb1-e1 lie on lines through e8";
  EXPECT_EQ(on_lines.failures, 0);
}

}  // namespace
}  // namespace pyke
