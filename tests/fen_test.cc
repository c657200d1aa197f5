// FEN: every suite position survives a round trip, and each class of bad input is an error
// (never a crash) whose message says what is wrong.
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/position.h"

namespace pyke {
namespace {

TEST(Fen, StartPositionRoundTrips) {
  EXPECT_EQ(Position::start().to_fen(), std::string(kStartFen));
}

TEST(Fen, EverySuitePositionRoundTrips) {
  for (const char* suite : {"tests/data/published.epd", "tests/data/perft_random.epd"}) {
    const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(suite);
    ASSERT_TRUE(records.ok()) << records.status();
    ASSERT_FALSE(records->empty()) << suite;
    for (const epd::Record& c : *records) {
      absl::StatusOr<Position> pos = Position::from_fen(c.fen);
      ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.status();
      absl::StatusOr<Position> again = Position::from_fen(pos->to_fen());
      ASSERT_TRUE(again.ok()) << pos->to_fen() << ": " << again.status();
      EXPECT_EQ(*again, *pos) << c.fen;
      EXPECT_TRUE(pos->validate().ok());
    }
  }
}

// The two Chess960 files hold the same positions, line by line, in Shredder-FEN and X-FEN.
TEST(Fen, Chess960NotationsReadTheSameAndRoundTrip) {
  const auto shredder = *epd::read_file("tests/data/chess960_shredder.epd");
  const auto xfen = *epd::read_file("tests/data/chess960_xfen.epd");
  ASSERT_EQ(shredder.size(), 1368u);
  ASSERT_EQ(xfen.size(), shredder.size());
  int non_standard = 0, inner_rook_letters = 0;
  for (size_t i = 0; i < shredder.size(); ++i) {
    bool shredder_letters = false, xfen_letters = false;
    absl::StatusOr<Position> a = Position::from_fen(shredder[i].fen, &shredder_letters);
    absl::StatusOr<Position> b = Position::from_fen(xfen[i].fen, &xfen_letters);
    ASSERT_TRUE(a.ok()) << shredder[i].fen << ": " << a.status();
    ASSERT_TRUE(b.ok()) << xfen[i].fen << ": " << b.status();
    EXPECT_EQ(*a, *b) << shredder[i].fen << " vs " << xfen[i].fen;
    EXPECT_EQ(shredder_letters, a->castling_rights() != 0) << shredder[i].fen;
    inner_rook_letters += xfen_letters;
    non_standard += !a->has_standard_castling();
    // Each writes back as it was read (up to an en passant square no pawn can use).
    for (CastlingNotation notation : {CastlingNotation::kShredder, CastlingNotation::kXFen}) {
      const std::string fen = a->to_fen(notation);
      absl::StatusOr<Position> again = Position::from_fen(fen);
      ASSERT_TRUE(again.ok()) << fen << ": " << again.status();
      EXPECT_EQ(*again, *a) << fen;
    }
    const auto castling_field = [](const std::string& fen) {
      const std::vector<std::string> fields = absl::StrSplit(fen, ' ', absl::SkipEmpty());
      return fields.size() > 2 ? fields[2] : std::string();
    };
    EXPECT_EQ(castling_field(a->to_fen(CastlingNotation::kShredder)),
              castling_field(shredder[i].fen))
        << shredder[i].fen;
    EXPECT_EQ(castling_field(a->to_fen(CastlingNotation::kXFen)), castling_field(xfen[i].fen))
        << xfen[i].fen;
  }
  EXPECT_GT(non_standard, 1000);
  EXPECT_EQ(inner_rook_letters, 0) << "the X-FEN file names no inner rook";
}

TEST(Fen, XFenNamesAnInnerRookByItsFile) {
  // Two rooks on the kingside: the inner one (g) castles, so X-FEN writes its file.
  bool letters = false;
  absl::StatusOr<Position> pos =
      Position::from_fen("1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", &letters);
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_TRUE(letters);
  EXPECT_FALSE(pos->has_standard_castling());
  EXPECT_EQ(pos->castling_rules().paths[0].rook_from, kG1);
  EXPECT_EQ(pos->castling_rules().paths[1].rook_from, kB1);
  EXPECT_EQ(pos->to_fen(CastlingNotation::kXFen), "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1");
  EXPECT_EQ(pos->to_fen(CastlingNotation::kShredder), "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1");
  // `K` means the outermost rook: here h1, a different position with a different key.
  absl::StatusOr<Position> outer = Position::from_fen("1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1");
  ASSERT_TRUE(outer.ok());
  EXPECT_EQ(outer->castling_rules().paths[0].rook_from, kH1);
  EXPECT_NE(*outer, *pos);
}

TEST(Fen, StandardPositionsKeepStandardCastling) {
  EXPECT_TRUE(Position::start().has_standard_castling());
  absl::StatusOr<Position> shredder =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  ASSERT_TRUE(shredder.ok());
  EXPECT_EQ(*shredder, Position::start());
  EXPECT_EQ(shredder->to_fen(CastlingNotation::kShredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST(Fen, MoveCountersAreOptional) {
  absl::StatusOr<Position> pos =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(*pos, Position::start());
}

TEST(Fen, EnPassantSquareIsKeptOnlyWhenAPawnCanTake) {
  // After 1.e4 no black pawn can take on e3.
  auto quiet = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(quiet.ok()) << quiet.status();
  EXPECT_EQ(quiet->en_passant_square(), kNoSquare);
  auto ready = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(ready.ok()) << ready.status();
  EXPECT_EQ(ready->en_passant_square(), kE3);
}

TEST(Fen, OverlongInputIsRejectedBeforeParsing) {
  const std::string fen = std::string(kStartFen) + std::string(300, ' ');
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  ASSERT_FALSE(pos.ok());
  EXPECT_NE(pos.status().message().find("longer than 256"), absl::string_view::npos);
}

struct BadFen {
  const char* fen;
  const char* message_part;
};

class FenRejects : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenRejects, WithAMessageNamingTheProblem) {
  absl::StatusOr<Position> pos = Position::from_fen(GetParam().fen);
  ASSERT_FALSE(pos.ok()) << GetParam().fen;
  EXPECT_EQ(pos.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(pos.status().message().find(GetParam().message_part), absl::string_view::npos)
      << pos.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    EveryClassOfBadInput, FenRejects,
    ::testing::Values(
        BadFen{"", "fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 files"},
        BadFen{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "unexpected character '9'"},
        BadFen{"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "unexpected character '0'"},
        BadFen{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "unexpected character 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling field"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeats"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant field"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "double pawn push"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5000 1", "halfmove clock"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove number"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has 0 kings"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
        BadFen{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "first or last rank"},
        BadFen{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "side not to move is in check"},
        BadFen{"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right 'Q'"},
        BadFen{"4k3/8/8/8/8/8/8/R2K4 w K - 0 1", "castling right 'K' needs a rook on the h-side"},
        // Chess960 castling fields: no rook on the named file, the king's own file, the king off
        // its first rank, two rights on one side, colours that disagree, unknown letters.
        BadFen{"4k3/8/8/8/8/8/8/R2K3R w G - 0 1", "castling right 'G' needs a rook on g1"},
        BadFen{"4k3/8/8/8/8/8/8/R2K3R w D - 0 1", "names the king's own file"},
        BadFen{"4k3/8/8/8/8/8/3K4/R6R w H - 0 1", "needs the white king on its first rank"},
        BadFen{"4k3/8/8/8/8/8/8/R2K2RR w HG - 0 1", "repeats the white kingside right"},
        BadFen{"4k3/8/8/8/8/8/8/R2K2RR w KG - 0 1", "repeats the white kingside right"},
        BadFen{"r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "different files"},
        BadFen{"rk5r/8/8/8/8/8/8/RK5R w HAhb - 0 1",
               "castling right 'b' names the king's own file"},
        BadFen{"r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "may hold only K, Q, k, q and rook files"},
        BadFen{"r3k2r/8/8/8/8/8/8/R3K2R w KQk1 - 0 1", "may hold only K, Q, k, q and rook files"},
        BadFen{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "more than 8 pawns"},
        // 222 legal moves (Stockfish agrees): 14 promoted queens, more than any game can have.
        BadFen{"1Q1Q1Q2/1Q5Q/4Q3/1Q5Q/1Q6/4Q1Q1/2Q5/k1KQ1Q1Q w - - 0 1",
               "14 promoted pieces but only 8 missing pawns"},
        BadFen{"4k3/8/8/8/8/8/PPPPPPPP/RRRNKBNR w - - 0 1", "2 promoted pieces but only 0"}));

}  // namespace
}  // namespace pyke
