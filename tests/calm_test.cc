// A calm quiet move (calm.h) leaves the opponent exactly the replies it has after a null move,
// and a steady one the null move's king moves, with its other pieces counted under the null
// move's masks, in every position of the published, random and Chess960 suites and one move
// after each published one; and for_each_legal_move_except_calm leaves out exactly the calm
// moves, which it counts, and hands exactly the steady ones to its second visitor. Perft over
// the suites (perft_suite_test) checks the kernel that uses both.
#include "perft/internal/calm.h"

#include <algorithm>
#include <string>
#include <vector>

#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

using perft::internal::calm_squares;
using perft::internal::CalmSquares;
using perft::internal::for_each_legal_move_except_calm;

std::vector<Position> suite_positions(const std::string& path, size_t at_least) {
  const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(path);
  EXPECT_TRUE(records.ok()) << path << ": " << records.status();
  std::vector<Position> positions;
  if (!records.ok()) return positions;
  for (const epd::Record& record : *records) {
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    EXPECT_TRUE(pos.ok()) << path << " line " << record.line << ": " << pos.status();
    if (pos.ok()) positions.push_back(*pos);
  }
  EXPECT_GE(positions.size(), at_least) << path;
  return positions;
}

// A move with no capture, promotion, castling or en passant, and no double push after which the
// opponent may take en passant.
bool is_plain_quiet(const Position& pos, Move move) {
  if (move.kind() != MoveKind::kNormal || pos.piece_on(move.to()) != kNoPiece) return false;
  const bool pawn = type_of(pos.piece_on(move.from())) == kPawn;
  if (!(pawn && (move.from() ^ move.to()) == 16)) return true;
  return pos.after_legal(move).en_passant_square() == kNoSquare;
}

bool both_in(Bitboard squares, Move move) {
  return (squares >> move.from() & 1) && (squares >> move.to() & 1);
}

bool is_calm(const CalmSquares& calm, const Position& pos, Move move) {
  return is_plain_quiet(pos, move) && both_in(calm.of(type_of(pos.piece_on(move.from()))), move);
}

bool is_steady(const CalmSquares& calm, const Position& pos, Move move) {
  return is_plain_quiet(pos, move) &&
         both_in(calm.steady_of(type_of(pos.piece_on(move.from()))), move);
}

struct Tally {
  int positions = 0, quiet = 0, calm = 0, steady = 0;
};

template <Color Us>
CalmSquares calm_of(const Position& pos) {
  return calm_squares<Us>(pos);
}

// The replies after a steady move: the null move's king moves, and the other pieces' moves of
// the child counted with the null move's masks (check and pins).
template <Color Them>
int steady_replies(const Position& null, const Position& child) {
  const MaskSet m = create_masks<Them>(null);
  MoveTally tally;
  tally.scalar += static_cast<uint64_t>(count_king_moves(king_moves<Them>(null, m)));
  add_non_king_moves<Them>(child, m, tally);
  return static_cast<int>(tally.total());
}

// Every calm move of `pos` leads to as many replies as the null move, and every steady one to
// the replies steady_replies counts; the generator leaves out exactly the calm moves and hands
// exactly the steady ones to its second visitor.
void check_position(const Position& pos, Tally& tally) {
  if (pos.in_check()) return;
  ++tally.positions;
  const bool white = pos.side_to_move() == kWhite;
  const CalmSquares calm = white ? calm_of<kWhite>(pos) : calm_of<kBlack>(pos);
  const Position null = pos.after_null_move();
  const int null_replies = legal_move_count(null);
  std::vector<Move> expected_visits, expected_steady_visits;
  int expected_skipped = 0;
  for (Move move : legal_moves(pos)) {
    tally.quiet += is_plain_quiet(pos, move);
    if (!is_calm(calm, pos, move)) {
      if (!is_steady(calm, pos, move)) {
        expected_visits.push_back(move);
      } else {
        expected_steady_visits.push_back(move);
        ++tally.steady;
        Position child = pos;
        ASSERT_TRUE(child.play(move).ok());
        EXPECT_EQ(legal_move_count(child),
                  white ? steady_replies<kBlack>(null, child) : steady_replies<kWhite>(null, child))
            << pos.to_fen() << " steady move " << to_uci(move);
      }
      continue;
    }
    ++tally.calm;
    ++expected_skipped;
    Position child = pos;
    ASSERT_TRUE(child.play(move).ok());
    EXPECT_EQ(legal_move_count(child), null_replies) << pos.to_fen() << " move " << to_uci(move);
  }

  std::vector<Move> visits, steady_visits;
  const auto visit = [&](auto, Move move) { visits.push_back(move); };
  const auto visit_steady = [&](auto, Move move) { steady_visits.push_back(move); };
  const int skipped = white ? for_each_legal_move_except_calm<kWhite>(
                                  pos, create_masks<kWhite>(pos), calm, visit, visit_steady)
                            : for_each_legal_move_except_calm<kBlack>(
                                  pos, create_masks<kBlack>(pos), calm, visit, visit_steady);
  EXPECT_EQ(skipped, expected_skipped) << pos.to_fen();
  const auto bits = [](Move a, Move b) { return a.raw() < b.raw(); };
  for (auto* moves : {&visits, &expected_visits, &steady_visits, &expected_steady_visits}) {
    std::sort(moves->begin(), moves->end(), bits);
  }
  EXPECT_EQ(visits, expected_visits) << pos.to_fen();
  EXPECT_EQ(steady_visits, expected_steady_visits) << pos.to_fen();
}

// The test would pass with no calm or steady squares at all; these shares say the sets are not
// empty.
void expect_many_calm(const Tally& tally, int min_percent) {
  ASSERT_GT(tally.quiet, 0);
  EXPECT_GE(100 * tally.calm, min_percent * tally.quiet)
      << tally.calm << " calm of " << tally.quiet << " quiet moves in " << tally.positions
      << " positions";
  EXPECT_GE(100 * tally.steady, min_percent * tally.quiet)
      << tally.steady << " steady (not calm) of " << tally.quiet << " quiet moves";
}

TEST(Calm, PublishedPositionsAndTheirChildren) {
  Tally tally;
  for (const Position& root : suite_positions("tests/data/published.epd", 100)) {
    check_position(root, tally);
    for (Move move : legal_moves(root)) {
      Position child = root;
      ASSERT_TRUE(child.play(move).ok());
      check_position(child, tally);
    }
  }
  expect_many_calm(tally, 10);
}

TEST(Calm, RandomPositions) {
  Tally tally;
  for (const Position& pos : suite_positions("tests/data/perft_random.epd", 6000)) {
    check_position(pos, tally);
  }
  expect_many_calm(tally, 10);
}

TEST(Calm, Chess960Positions) {
  Tally tally;
  for (const Position& pos : suite_positions("tests/data/chess960_xfen.epd", 1000)) {
    check_position(pos, tally);
  }
  expect_many_calm(tally, 10);
}

}  // namespace
}  // namespace pyke
