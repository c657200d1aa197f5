// search_test.cc — the search finds forced mates at their distance (mates in 1, 2 and 3 from
// play/testdata/mates.epd), and a winning side mates rather than stalemates
// (play/testdata/stalemate_traps.epd, played out by the engine on both sides).
//
//   bazel test //play:search_test
#include "play/search.h"

#include <atomic>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "movegen/keyed_position.h"
#include "movegen/movegen.h"
#include "tests/test_data.h"

namespace pyke::play {
namespace {

// The number after `word` in a field such as "mate 2".
int number_after(const std::string& field, absl::string_view word) {
  std::vector<std::string> parts = absl::StrSplit(field, ' ', absl::SkipEmpty());
  int n = -1;
  if (parts.size() != 2 || parts[0] != word || !absl::SimpleAtoi(parts[1], &n)) {
    ADD_FAILURE() << "bad field '" << field << "'";
  }
  return n;
}

SearchResult search_depth(const Position& pos, int depth) {
  TranspositionTable table;
  Searcher searcher(table);
  Limits limits;
  limits.depth = depth;
  std::atomic<bool> stop{false};
  return searcher.run(KeyedPosition(pos), {}, limits, stop, [](const SearchInfo&) {});
}

TEST(Search, FindsForcedMatesAtTheirDistance) {
  const auto rows = read_rows("play/testdata/mates.epd", ';');
  ASSERT_GE(rows.size(), 10u);
  int mates_seen[4] = {};
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 2u);
    absl::StatusOr<Position> pos = Position::from_fen(row[0]);
    ASSERT_TRUE(pos.ok()) << row[0];
    const int n = number_after(row[1], "mate");
    ASSERT_TRUE(n >= 1 && n <= 3) << row[1];
    ++mates_seen[n];
    const SearchResult r = search_depth(*pos, 2 * n + 1);
    ASSERT_TRUE(legal_moves(*pos).contains(r.best_move)) << row[0];
    EXPECT_TRUE(is_mate_score(r.score)) << row[0] << " score " << r.score;
    EXPECT_EQ(mate_in_moves(r.score), n) << row[0];
    if (n == 1) {  // the move itself mates
      const Position after = pos->after_legal(r.best_move);
      EXPECT_TRUE(after.in_check() && legal_moves(after).empty()) << row[0];
    }
  }
  EXPECT_GT(mates_seen[1], 0);
  EXPECT_GT(mates_seen[2], 0);
  EXPECT_GT(mates_seen[3], 0);
}

TEST(Search, WinningSideMatesInsteadOfStalemating) {
  const auto rows = read_rows("play/testdata/stalemate_traps.epd", ';');
  ASSERT_GE(rows.size(), 3u);
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 2u);
    absl::StatusOr<Position> start = Position::from_fen(row[0]);
    ASSERT_TRUE(start.ok()) << row[0];
    const int max_plies = number_after(row[1], "plies");
    Position pos = *start;
    int plies = 0;
    while (!legal_moves(pos).empty() && plies < max_plies) {
      const SearchResult r = search_depth(pos, 8);
      ASSERT_TRUE(legal_moves(pos).contains(r.best_move)) << pos.to_fen();
      pos = pos.after_legal(r.best_move);
      ++plies;
    }
    EXPECT_TRUE(legal_moves(pos).empty())
        << row[0] << ": no mate after " << plies << " plies, at " << pos.to_fen();
    EXPECT_TRUE(pos.in_check()) << row[0] << ": stalemate at " << pos.to_fen();
  }
}

TEST(Search, TimeBudgetNeverExceedsTheClock) {
  Limits limits;
  limits.move_overhead = 50;
  for (int64_t clock : {0, 1, 10, 60, 100, 1000, 60000}) {
    for (int mtg : {0, 1, 2, 40}) {
      limits.time[kWhite] = clock;
      limits.movestogo = mtg;
      const TimeBudget b = time_budget(limits, kWhite);
      EXPECT_GE(b.hard, 1);
      EXPECT_LE(b.soft, b.hard);
      if (clock > 2 * limits.move_overhead) {
        EXPECT_LE(b.hard, clock - limits.move_overhead) << clock << " " << mtg;
      }
    }
  }
}

}  // namespace
}  // namespace pyke::play
