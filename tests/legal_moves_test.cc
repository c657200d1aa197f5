// The exact legal-move lists of the positions where move generators go wrong: checks, double
// checks, pins, every en passant case, promotions, castling through or out of check, and castling
// rights lost when a rook is captured.
#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

std::vector<std::string> sorted_moves(const std::string& fen) {
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  if (!pos.ok()) return {};
  std::vector<std::string> moves;
  for (Move m : legal_moves(*pos)) moves.push_back(to_uci(m));
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(static_cast<int>(moves.size()), legal_move_count(*pos)) << fen;
  return moves;
}

using Moves = std::vector<std::string>;

TEST(LegalMoves, EnPassantThatExposesTheKingAlongTheRankIsIllegal) {
  // Both pawns leave the fifth rank; the rook on h5 would then attack a5.
  // (The 8/8/8/KPp4r/8/8/8/8 with a black king added: every side needs one.)
  EXPECT_EQ(sorted_moves("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"),
            (Moves{"a5a4", "a5a6", "a5b6", "b5b6"}));  // b4 is covered by the c5 pawn
}

TEST(LegalMoves, EnPassantCapturesTheCheckingPawn) {
  // Black just played d7-d5 with check to the king on e4; e5xd6 removes the checker.
  EXPECT_EQ(sorted_moves("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1"),
            (Moves{"e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5", "e5d6"}));
}

TEST(LegalMoves, EnPassantOfADiagonallyPinnedPawnIsIllegal) {
  // The e5 pawn is pinned by the bishop on h8 against the king on a1: e5xd6 would leave the
  // diagonal, and so would any push.
  const Moves moves = sorted_moves("7b/8/8/3pP3/8/8/8/K6k w - d6 0 1");
  EXPECT_EQ(moves, (Moves{"a1a2", "a1b1", "a1b2"}));
}

TEST(LegalMoves, DoubleCheckAllowsOnlyKingMoves) {
  // Rook e8 and knight f3 both check the king on e1.
  EXPECT_EQ(sorted_moves("4r2k/8/8/8/8/5n2/3P4/R3K3 w Q - 0 1"), (Moves{"e1d1", "e1f1", "e1f2"}));
}

TEST(LegalMoves, SingleCheckIsBlockedCapturedOrEvaded) {
  // Bishop b4 checks e1: block on c3/d2, capture with the a3 pawn, or move the king.
  EXPECT_EQ(sorted_moves("4k3/8/8/8/1b6/P7/8/4K1N1 w - - 0 1"),
            (Moves{"a3b4", "e1d1", "e1e2", "e1f1", "e1f2"}));
}

TEST(LegalMoves, PinnedPiecesMoveOnlyAlongThePin) {
  // Rook d2 pinned on the d-file by d8: it may slide d3…d8, not sideways. The knight on c2 is
  // pinned by the bishop on a4 and cannot move at all.
  const Moves moves = sorted_moves("3r3k/8/8/8/b7/8/2NR4/3K4 w - - 0 1");
  for (const std::string& m : moves) {
    EXPECT_NE(m.substr(0, 2), "c2") << m;
    if (m.substr(0, 2) == "d2") EXPECT_EQ(m[2], 'd') << m;
  }
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(),
                          [](const std::string& m) { return m.substr(0, 2) == "d2"; }),
            6);
}

TEST(LegalMoves, KingCannotStepBackAlongTheCheckingRay) {
  EXPECT_EQ(sorted_moves("8/8/8/8/r3K3/8/8/7k w - - 0 1"),
            (Moves{"e4d3", "e4d5", "e4e3", "e4e5", "e4f3", "e4f5"}));
}

TEST(LegalMoves, PromotionsAndUnderpromotionsWithCapture) {
  EXPECT_EQ(sorted_moves("1n5k/P7/8/8/8/8/8/7K w - - 0 1"),
            (Moves{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r", "h1g1",
                   "h1g2", "h1h2"}));
}

TEST(LegalMoves, CastlingThroughAnAttackedSquareIsIllegal) {
  // The bishop on b5 attacks f1: no kingside castling; queenside is free.
  const Moves moves = sorted_moves("r3k2r/8/8/1b6/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 0);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 1);
}

TEST(LegalMoves, NoCastlingOutOfCheck) {
  const Moves moves = sorted_moves("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 0);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 0);
}

TEST(LegalMoves, QueensideCastlingMayPassAnAttackedB1) {
  // b1 is attacked by the rook on b8, but the king never crosses it.
  const Moves moves = sorted_moves("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1c1"), 1);
}

TEST(LegalMoves, CapturingARookRemovesItsCastlingRight) {
  absl::StatusOr<Position> pos = Position::from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  absl::StatusOr<Move> capture = parse_uci_move(*pos, "g2h1");
  ASSERT_TRUE(capture.ok()) << capture.status();
  ASSERT_TRUE(pos->play(*capture).ok());
  EXPECT_EQ(pos->castling_rights(), kWhiteQueenside | kBlackKingside | kBlackQueenside);
  EXPECT_EQ(pos->to_fen(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
}

TEST(LegalMoves, CheckmateAndStalemateHaveNoMoves) {
  EXPECT_TRUE(sorted_moves("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").empty());  // back-rank mate
  EXPECT_TRUE(sorted_moves("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").empty());     // stalemate
}

TEST(ParseUciMove, NamesTheBadMoveInTheError) {
  const Position start = Position::start();
  for (const char* text : {"", "e2", "e2e9", "i2i4", "e2e4x", "e7e8k", "e2e4e2e4"}) {
    absl::StatusOr<Move> move = parse_uci_move(start, text);
    EXPECT_FALSE(move.ok()) << text;
    EXPECT_NE(move.status().message().find("malformed"), absl::string_view::npos) << text;
  }
  absl::StatusOr<Move> illegal = parse_uci_move(start, "e2e5");
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.status().message().find("illegal move 'e2e5'"), absl::string_view::npos);
}

TEST(ParseUciMove, CastlingIsTheKingsMove) {
  absl::StatusOr<Position> pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  absl::StatusOr<Move> castle = parse_uci_move(*pos, "e1g1");
  ASSERT_TRUE(castle.ok()) << castle.status();
  EXPECT_EQ(castle->kind(), MoveKind::kCastling);
  ASSERT_TRUE(pos->play(*castle).ok());
  EXPECT_EQ(pos->to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

}  // namespace
}  // namespace pyke
