#include "console/progress_line.h"

#include <sstream>

#include "gtest/gtest.h"

namespace pyke::console {
namespace {

TEST(ProgressLine, OnATerminalRewritesInPlaceAndErases) {
  std::ostringstream err;
  {
    ProgressLine line({.interval = std::chrono::milliseconds(0)}, err, /*terminal=*/true);
    line.show("1/20 root moves");
    line.show("2/20 root moves");
  }
  EXPECT_EQ(err.str(), "\r\x1b[K1/20 root moves\r\x1b[K2/20 root moves\r\x1b[K");
}

TEST(ProgressLine, OnATerminalWaitsForItsInterval) {
  std::ostringstream err;
  ProgressLine line({.interval = std::chrono::hours(1)}, err, /*terminal=*/true);
  EXPECT_TRUE(line.due());
  line.show("first");
  EXPECT_FALSE(line.due());
  line.show("second");
  line.erase();
  EXPECT_EQ(err.str(), "\r\x1b[Kfirst\r\x1b[K");
}

TEST(ProgressLine, OffATerminalSilentUnlessAPipeIntervalIsSet) {
  std::ostringstream silent;
  {
    ProgressLine line({}, silent, /*terminal=*/false);
    EXPECT_FALSE(line.due());
    line.show("nobody sees this");
  }
  EXPECT_EQ(silent.str(), "");

  std::ostringstream lines;
  {
    ProgressLine line({.pipe_interval = std::chrono::milliseconds(0), .pipe_prefix = "pyke_mpi: "},
                      lines, /*terminal=*/false);
    line.show("3/10 units");
    line.show("4/10 units");
  }
  EXPECT_EQ(lines.str(), "pyke_mpi: 3/10 units\npyke_mpi: 4/10 units\n");
}

TEST(ProgressLine, QuietShowsNothing) {
  std::ostringstream err;
  {
    ProgressLine line({.enabled = false}, err, /*terminal=*/true);
    EXPECT_FALSE(line.due());
    line.show("hidden");
  }
  EXPECT_EQ(err.str(), "");
}

TEST(SecondsLeft, SteadyRate) {
  EXPECT_DOUBLE_EQ(seconds_left(10, 5, 20), 30);
  EXPECT_DOUBLE_EQ(seconds_left(10, 0, 20), 0);
}

}  // namespace
}  // namespace pyke::console
