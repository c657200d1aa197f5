// search_support_test.cc — what //movegen offers a searching engine: captures and quiets split
// the legal moves exactly, KeyedPosition's incremental key equals the key from scratch (also
// after a null move), piece_on agrees with the piece boards, gives_check agrees with playing the
// move, and SEE values (movegen/testdata/see.txt). Positions: the published perft suite and
// every child of each.
//
//   bazel test //movegen:search_support_test
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "gtest/gtest.h"
#include "movegen/keyed_position.h"
#include "movegen/movegen.h"
#include "movegen/see.h"
#include "movegen/zobrist.h"
#include "tests/test_data.h"

namespace pyke {
namespace {

std::vector<Position> suite_positions() {
  std::vector<Position> positions;
  for (const auto& row : read_rows("tests/data/published.epd", ';')) {
    absl::StatusOr<Position> pos = Position::from_fen(row[0]);
    if (!pos.ok()) continue;
    positions.push_back(*pos);
    for (Move m : legal_moves(*pos)) positions.push_back(pos->after_legal(m));
  }
  return positions;
}

TEST(SearchSupport, CapturesAndQuietsSplitTheLegalMoves) {
  const std::vector<Position> positions = suite_positions();
  ASSERT_GT(positions.size(), 1000u);
  for (const Position& pos : positions) {
    const MoveList all = legal_moves(pos), captures = legal_captures(pos),
                   quiets = legal_quiets(pos);
    ASSERT_EQ(captures.size() + quiets.size(), all.size()) << pos.to_fen();
    for (Move m : captures) {
      EXPECT_TRUE(all.contains(m));
      EXPECT_TRUE(is_capture(pos, m) || m.kind() == MoveKind::kPromotion) << pos.to_fen();
    }
    for (Move m : quiets) {
      EXPECT_TRUE(all.contains(m));
      EXPECT_FALSE(is_capture(pos, m) || m.kind() == MoveKind::kPromotion) << pos.to_fen();
    }
  }
}

TEST(SearchSupport, IncrementalKeysPieceOnAndGivesCheck) {
  for (const Position& pos : suite_positions()) {
    const KeyedPosition kp(pos);
    ASSERT_EQ(kp.key(), zobrist_key(pos));
    for (int s = 0; s < 64; ++s) {
      const Square sq = static_cast<Square>(s);
      Piece expected = kNoPiece;
      for (Color c : {kWhite, kBlack}) {
        for (int t = kPawn; t <= kKing; ++t) {
          if (pos.pieces(c, static_cast<PieceType>(t)) & square_bb(sq)) {
            expected = make_piece(c, static_cast<PieceType>(t));
          }
        }
      }
      ASSERT_EQ(pos.piece_on(sq), expected) << pos.to_fen() << " " << square_name(sq);
    }
    if (!pos.in_check()) {
      const KeyedPosition null = kp.after_null_move();
      EXPECT_EQ(null.key(), zobrist_key(null.position())) << pos.to_fen();
      EXPECT_NE(null.key(), kp.key());
    }
    for (Move m : legal_moves(pos)) {
      const KeyedPosition child = kp.after(m);
      ASSERT_EQ(child.key(), zobrist_key(child.position())) << pos.to_fen() << " " << to_uci(m);
      EXPECT_EQ(gives_check(pos, m), child.position().in_check());
      Position played = pos;
      ASSERT_TRUE(played.play(m).ok());
      EXPECT_EQ(played, child.position());
    }
  }
}

TEST(SearchSupport, StaticExchangeValues) {
  const auto cases = read_rows("movegen/testdata/see.txt", '|');
  ASSERT_GE(cases.size(), 7u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.size(), 3u);
    absl::StatusOr<Position> pos = Position::from_fen(c[0]);
    ASSERT_TRUE(pos.ok()) << c[0];
    absl::StatusOr<Move> move = parse_uci_move(*pos, c[1]);
    ASSERT_TRUE(move.ok()) << c[0] << " " << c[1];
    int expected = 0;
    ASSERT_TRUE(absl::SimpleAtoi(c[2], &expected));
    EXPECT_EQ(static_exchange(*pos, *move), expected) << c[0] << " " << c[1];
    EXPECT_TRUE(see_at_least(*pos, *move, expected));
    EXPECT_FALSE(see_at_least(*pos, *move, expected + 1));
  }
}

}  // namespace
}  // namespace pyke
