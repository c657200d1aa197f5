// Chess960 castling with the king and its rook on every pair of files: castling out of check,
// through an attacked square or onto one is refused, and an attacked square that only the rook
// crosses does not stop it. The expected answer comes from a model written here from the rules
// (the king's path is every file from its square to the g- or c-file), not from the generator.
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

// A FEN rank of 8 squares with the given pieces (file -> letter) and digits for the gaps.
std::string rank_text(const std::string& squares) {
  std::string text;
  int empty = 0;
  for (char ch : squares) {
    if (ch == '.') {
      ++empty;
      continue;
    }
    if (empty) text += std::to_string(empty);
    empty = 0;
    text += ch;
  }
  if (empty) text += std::to_string(empty);
  return text;
}

TEST(Chess960Castling, EveryKingAndRookFileWithAnAttackerOnEveryFile) {
  int checked = 0;
  for (int king = 1; king <= 6; ++king) {
    for (int rook = 0; rook < 8; ++rook) {
      if (rook == king) continue;
      const bool kingside = rook > king;
      const int king_to = kingside ? 6 : 2, rook_to = kingside ? 5 : 3;
      // attacker = -1: no attacker; otherwise a black rook on that file, rank 5.
      for (int attacker = -1; attacker < 8; ++attacker) {
        std::string first(8, '.');
        first[king] = 'K';
        first[rook] = 'R';
        std::string fifth(8, '.');
        if (attacker >= 0) fifth[attacker] = 'r';
        // The black king stays out of the way on the eighth rank, off the white rook's file.
        std::string eighth(8, '.');
        eighth[(rook + 4) % 8] = 'k';
        const std::string fen =
            absl::StrCat(rank_text(eighth), "/8/8/", rank_text(fifth), "/8/8/8/", rank_text(first),
                         " w ", std::string(1, 'A' + rook), " - 0 1");
        absl::StatusOr<Position> pos = Position::from_fen(fen);
        ASSERT_TRUE(pos.ok()) << fen << ": " << pos.status();

        // The model: the king may not start, pass or end on an attacked square.
        const int low = std::min(king, king_to), high = std::max(king, king_to);
        const bool king_path_attacked = attacker >= low && attacker <= high;
        // A black rook on the castling rook's destination file blocks nothing on rank 1 (rank 1
        // holds only the king and rook), so only the king's path matters.
        const bool expected = !king_path_attacked;

        const Move castle =
            Move::make(make_square(king, 0), make_square(rook, 0), MoveKind::kCastling);
        EXPECT_EQ(legal_moves(*pos).contains(castle), expected)
            << fen << " (attacker on file " << attacker << ", rook to " << rook_to << ")";
        if (expected) {
          // Played, king and rook stand on their destinations, and nothing else moved.
          Position after = *pos;
          ASSERT_TRUE(after.play(castle).ok()) << fen;
          EXPECT_EQ(after.piece_on(make_square(king_to, 0)), kWhiteKing) << fen;
          EXPECT_EQ(after.piece_on(make_square(rook_to, 0)), kWhiteRook) << fen;
          EXPECT_EQ(popcount(after.pieces(kWhite)), 2) << fen;
          EXPECT_EQ(after.castling_rights(), 0) << fen;
          EXPECT_EQ(
              to_uci(castle, /*chess960=*/true),
              absl::StrCat(square_name(make_square(king, 0)), square_name(make_square(rook, 0))));
          absl::StatusOr<Move> parsed = parse_uci_move(*pos, to_uci(castle, true), true);
          ASSERT_TRUE(parsed.ok()) << fen << ": " << parsed.status();
          EXPECT_EQ(*parsed, castle);
        }
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 6 * 7 * 9);
}

TEST(Chess960Castling, StandardNotationIsTheKingsTwoSquareMove) {
  absl::StatusOr<Position> pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  absl::StatusOr<Move> standard = parse_uci_move(*pos, "e1g1");
  ASSERT_TRUE(standard.ok()) << standard.status();
  EXPECT_EQ(*standard, Move::make(kE1, kH1, MoveKind::kCastling));
  absl::StatusOr<Move> chess960 = parse_uci_move(*pos, "e1h1", /*chess960=*/true);
  ASSERT_TRUE(chess960.ok()) << chess960.status();
  EXPECT_EQ(*chess960, *standard);
  EXPECT_FALSE(parse_uci_move(*pos, "e1h1").ok()) << "standard notation: e1h1 is no move";
  EXPECT_FALSE(parse_uci_move(*pos, "e1g1", true).ok()) << "Chess960 notation: e1g1 is no move";
}

}  // namespace
}  // namespace pyke
