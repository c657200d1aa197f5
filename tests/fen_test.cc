// FEN: every suite position survives a round trip, and each class of bad input is an error
// (never a crash) whose message says what is wrong.
#include <string>

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
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unexpected character '9'"},
        BadFen{"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unexpected character '0'"},
        BadFen{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unexpected character 'x'"},
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
        BadFen{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", "castling right 'K'"},
        BadFen{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "more than 8 pawns"}));

}  // namespace
}  // namespace pyke
