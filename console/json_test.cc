#include "console/json.h"

#include "absl/numeric/int128.h"
#include "gtest/gtest.h"
#include "perft/perft.h"

namespace pyke {
namespace {

TEST(GroupedCount, ThreeDigitsAGroup) {
  EXPECT_EQ(perft::grouped_count(0), "0");
  EXPECT_EQ(perft::grouped_count(999), "999");
  EXPECT_EQ(perft::grouped_count(1000), "1,000");
  EXPECT_EQ(perft::grouped_count(119060324), "119,060,324");
  EXPECT_EQ(perft::grouped_count(16342189013), "16,342,189,013");
  EXPECT_EQ(perft::grouped_count(absl::MakeUint128(5, 0)), "92,233,720,368,547,758,080");
}

TEST(JsonString, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(json_string(""), "\"\"");
  EXPECT_EQ(json_string("e2e4"), "\"e2e4\"");
  EXPECT_EQ(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_string("tab\there\n"), "\"tab\\u0009here\\u000a\"");
}

}  // namespace
}  // namespace pyke
