// The journal: resumes what it recorded, refuses another run's file, drops a torn last line,
// and refuses a damaged line in the middle.
#include "mpi/journal.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "perft/stats.h"

namespace pyke::mpi {
namespace {

std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name;
  unlink(path.c_str());
  return path;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A plain run's count: the leaves, in `nodes`.
perft::Stats nodes(absl::uint128 n) {
  perft::Stats s;
  s.nodes = n;
  return s;
}

const std::string kHeader = journal_header("startpos-fen", 8, 4, 100);

TEST(Journal, RecordsAndResumes) {
  const std::string path = temp_path("resume.journal");
  {
    absl::StatusOr<Journal> j = Journal::open(path, kHeader, 100);
    ASSERT_TRUE(j.ok()) << j.status();
    EXPECT_TRUE(j->done().empty());
    ASSERT_TRUE(j->append(5, nodes(123)).ok());
    ASSERT_TRUE(j->append(7, nodes(absl::MakeUint128(3, 1))).ok());  // past 2^64
  }
  absl::StatusOr<Journal> again = Journal::open(path, kHeader, 100);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->done().size(), 2u);
  EXPECT_EQ(again->done().at(5).nodes, 123);
  EXPECT_EQ(again->done().at(7).nodes, absl::MakeUint128(3, 1));
  EXPECT_FALSE(again->dropped_torn_line());
}

TEST(Journal, RefusesAnotherRun) {
  const std::string path = temp_path("foreign.journal");
  ASSERT_TRUE(Journal::open(path, kHeader, 100).ok());
  for (const std::string& other :
       {journal_header("startpos-fen", 9, 4, 100), journal_header("other-fen", 8, 4, 100),
        journal_header("startpos-fen", 8, 5, 100)}) {
    absl::StatusOr<Journal> j = Journal::open(path, other, 100);
    ASSERT_FALSE(j.ok());
    EXPECT_NE(j.status().message().find("belongs to another run"), absl::string_view::npos)
        << j.status();
  }
  std::ofstream(path) << "not a journal\n";
  EXPECT_FALSE(Journal::open(path, kHeader, 100).ok());
}

TEST(Journal, DropsATornLastLineAndAppendsAfterTheGoodOnes) {
  const std::string path = temp_path("torn.journal");
  {
    absl::StatusOr<Journal> j = Journal::open(path, kHeader, 100);
    ASSERT_TRUE(j.ok());
    ASSERT_TRUE(j->append(1, nodes(10)).ok());
  }
  // A crash in the middle of writing the next line: no newline, half the text.
  std::ofstream(path, std::ios::app) << "2 2";
  {
    absl::StatusOr<Journal> j = Journal::open(path, kHeader, 100);
    ASSERT_TRUE(j.ok()) << j.status();
    EXPECT_TRUE(j->dropped_torn_line());
    EXPECT_EQ(j->done().size(), 1u);
    ASSERT_TRUE(j->append(2, nodes(20)).ok());
  }
  absl::StatusOr<Journal> j = Journal::open(path, kHeader, 100);
  ASSERT_TRUE(j.ok()) << j.status() << "\n" << read(path);
  EXPECT_EQ(j->done().size(), 2u);
  EXPECT_EQ(j->done().at(2).nodes, 20);
  // A complete last line whose check fails is torn too.
  std::ofstream(path, std::ios::app) << "3 30 0000000000000000\n";
  absl::StatusOr<Journal> k = Journal::open(path, kHeader, 100);
  ASSERT_TRUE(k.ok());
  EXPECT_TRUE(k->dropped_torn_line());
  EXPECT_EQ(k->done().size(), 2u);
}

TEST(Journal, RefusesADamagedLineInTheMiddle) {
  const std::string path = temp_path("damaged.journal");
  std::ofstream(path) << kHeader << "\n1 10 " << journal_check(1, 11) << "\n2 20 "
                      << journal_check(2, 20) << "\n";
  absl::StatusOr<Journal> j = Journal::open(path, kHeader, 100);
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.status().code(), absl::StatusCode::kDataLoss);
  std::ofstream(path) << kHeader << "\n500 10 " << journal_check(500, 10) << "\n";
  EXPECT_FALSE(Journal::open(path, kHeader, 100).ok()) << "unit out of range";
}

TEST(JournalTest, StatisticsJournalKeepsEveryColumnAndRefusesAPlainOne) {
  const std::string path = temp_path("stats.journal");
  const std::string header = journal_header("startpos-fen", 8, 4, 100, /*stats=*/true);
  EXPECT_NE(header, kHeader);
  perft::Stats s = nodes(absl::MakeUint128(2, 5));
  s.captures = 11;
  s.checkmates = 3;
  {
    absl::StatusOr<Journal> j = Journal::open(path, header, 100, /*stats=*/true);
    ASSERT_TRUE(j.ok()) << j.status();
    ASSERT_TRUE(j->append(9, s).ok());
  }
  absl::StatusOr<Journal> again = Journal::open(path, header, 100, /*stats=*/true);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->done().at(9), s);
  EXPECT_FALSE(Journal::open(path, kHeader, 100).ok()) << "a plain run must not take it";
}

}  // namespace
}  // namespace pyke::mpi
