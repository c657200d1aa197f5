// The EPD reader: every accepted spelling gives the same records as the canonical one, counts past
// 2^64 survive, and each kind of malformed line is an error naming its line and its problem.
#include "epd/epd.h"

#include <limits>
#include <map>
#include <string>

#include "gtest/gtest.h"

namespace pyke::epd {
namespace {

std::vector<Record> read_ok(const std::string& path) {
  absl::StatusOr<std::vector<Record>> records = read_file(path);
  EXPECT_TRUE(records.ok()) << records.status();
  return records.ok() ? *records : std::vector<Record>{};
}

TEST(Epd, EverySpellingVariantReadsLikeTheCanonicalFile) {
  const std::vector<Record> canonical = read_ok("epd/testdata/canonical.epd");
  const std::vector<Record> variants = read_ok("epd/testdata/variants.epd");
  ASSERT_EQ(canonical.size(), 5u);
  ASSERT_EQ(variants.size(), canonical.size());
  for (size_t i = 0; i < canonical.size(); ++i) {
    EXPECT_EQ(variants[i].fen, canonical[i].fen) << "record " << i;
    EXPECT_EQ(variants[i].counts, canonical[i].counts) << "record " << i;
  }
}

TEST(Epd, LineNumbersCountBlankAndCommentLines) {
  const std::vector<Record> variants = read_ok("epd/testdata/variants.epd");
  ASSERT_EQ(variants.size(), 5u);
  EXPECT_EQ(variants[0].line, 3);
  EXPECT_EQ(variants[1].line, 5);
  EXPECT_EQ(variants[2].line, 7);
}

TEST(Epd, IdMayHoldASemicolon) {
  const std::vector<Record> variants = read_ok("epd/testdata/variants.epd");
  ASSERT_EQ(variants.size(), 5u);
  EXPECT_EQ(variants[1].id, "kiwipete; CPW position 2");
  EXPECT_EQ(variants[3].id, "");  // c0 is a comment, not an id
}

TEST(Epd, CommentsAreKeptByDigit) {
  const std::vector<Record> variants = read_ok("epd/testdata/variants.epd");
  ASSERT_EQ(variants.size(), 5u);
  EXPECT_EQ(variants[3].comments, (std::map<int, std::string>{{0, "depths in any order"}}));
  EXPECT_TRUE(variants[1].comments.empty());
  const absl::StatusOr<Record> record =
      parse_line(R"(8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;c9 "last; of ten" ;c0 "first")");
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->comments, (std::map<int, std::string>{{0, "first"}, {9, "last; of ten"}}));
}

TEST(Epd, CountsPast64BitsAreExact) {
  const std::vector<Record> records = read_ok("epd/testdata/records.epd");
  ASSERT_EQ(records.size(), 1u);
  const auto& counts = records[0].counts;
  ASSERT_EQ(counts.size(), 3u);
  EXPECT_EQ(counts.at(13), absl::uint128(1981066775000396239u));
  // 2015099950053364471960 = 109 * 2^64 + 4404846019023345816
  EXPECT_EQ(counts.at(15), absl::MakeUint128(109, 4404846019023345816u));
  EXPECT_GT(counts.at(14), absl::uint128(std::numeric_limits<uint64_t>::max()));
}

TEST(Epd, MalformedFileNamesTheFileAndLine) {
  absl::StatusOr<std::vector<Record>> records = read_file("epd/testdata/malformed_line4.epd");
  ASSERT_FALSE(records.ok());
  EXPECT_EQ(records.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(records.status().message(),
            "epd/testdata/malformed_line4.epd:4: D2: count '19x1' is not a non-negative whole "
            "number below 2^128");
}

TEST(Epd, MissingFileIsAnError) {
  absl::StatusOr<std::vector<Record>> records = read_file("epd/testdata/no_such_file.epd");
  ASSERT_FALSE(records.ok());
  EXPECT_NE(records.status().message().find("cannot read epd/testdata/no_such_file.epd"),
            absl::string_view::npos)
      << records.status();
}

TEST(Epd, DirectoryIsAnError) { EXPECT_FALSE(read_file("epd/testdata").ok()); }

TEST(Epd, EmptyTextIsAnEmptySuite) {
  absl::StatusOr<std::vector<Record>> records = parse("\n# nothing\n\n", "empty");
  ASSERT_TRUE(records.ok()) << records.status();
  EXPECT_TRUE(records->empty());
}

struct BadLine {
  const char* line;
  const char* message_part;
};

class EpdRejects : public ::testing::TestWithParam<BadLine> {};

TEST_P(EpdRejects, WithAMessageNamingTheProblem) {
  absl::StatusOr<Record> record = parse_line(GetParam().line);
  ASSERT_FALSE(record.ok()) << GetParam().line;
  EXPECT_EQ(record.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(record.status().message().find(GetParam().message_part), absl::string_view::npos)
      << record.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    EveryKindOfBadLine, EpdRejects,
    ::testing::Values(BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "no perft counts"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;", "no perft counts"},
                      BadLine{";D1 5", "no FEN"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1", "count '' is not"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 -5", "count '-5' is not"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 +5", "count '+5' is not"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 5 6", "count '5 6' is not"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 "
                              "999999999999999999999999999999999999999999",
                              "below 2^128"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1x 5", "bad depth in 'D1x'"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D99999999999 5", "bad depth"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 5 ;D1 5", "D1 is given twice"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;X1 5", "unknown operation 'X1 5'"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D 5", "unknown operation 'D 5'"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 5 ;id kiwi", "quoted string"},
                      BadLine{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 ;D1 5 ;id \"kiwi", "not closed"}));

}  // namespace
}  // namespace pyke::epd
