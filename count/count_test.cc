// count::run against the published counts of the start position (an oracle of its own: the
// Chess Programming Wiki's table), with and without a table, verified both ways, and with keys
// weakened until a hashed count goes wrong, which verification must then catch.
#include "count/count.h"

#include <atomic>
#include <memory>
#include <sstream>
#include <string>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
#include "tt/table.h"

namespace pyke::count {
namespace {

request::CountRequest start_request(int depth) {
  request::CountRequest r;
  r.depth = depth;
  r.threads = 2;
  return r;
}

std::string json_of(const CountResult& result) {
  std::ostringstream out;
  write_json(result, out);
  return out.str();
}

TEST(CountTest, DivideOfTheStartPosition) {
  absl::StatusOr<CountResult> result = run(start_request(4));
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->nodes, 197281);
  EXPECT_EQ(result->divide.size(), 20u);
  EXPECT_EQ(perft::divide_total(result->divide), 197281);
  EXPECT_FALSE(result->table.has_value());
  EXPECT_FALSE(result->verification.has_value());
  EXPECT_TRUE(result->verified());
  EXPECT_GE(result->seconds, 0.0);
  const std::string json = json_of(*result);
  EXPECT_NE(json.find("\"nodes\": 197281,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"e2e4\": 13160"), std::string::npos) << json;
  EXPECT_EQ(json.find("verified"), std::string::npos) << json;
}

TEST(CountTest, DepthZeroIsOneNode) {
  absl::StatusOr<CountResult> result = run(start_request(0));
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->nodes, 1);
  EXPECT_TRUE(result->divide.empty());
}

TEST(CountTest, HashedCountsVerifiedBothWays) {
  for (request::Verify how : {request::Verify::kRecount, request::Verify::kRekey}) {
    request::CountRequest r = start_request(5);
    r.hash_mb = 4;
    r.zobrist_seed = 7;
    r.verify = how;
    absl::StatusOr<CountResult> result = run(r);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->nodes, 4865609);
    ASSERT_TRUE(result->table.has_value());
    EXPECT_EQ(result->table->megabytes, 4u);
    EXPECT_EQ(result->table->zobrist_seed, 7u);
    ASSERT_TRUE(result->verification.has_value());
    EXPECT_EQ(result->verification->how, how);
    EXPECT_EQ(result->verification->nodes, 4865609);
    EXPECT_TRUE(result->verification->differing.empty());
    EXPECT_TRUE(result->verified());
    const std::string json = json_of(*result);
    EXPECT_NE(json.find("\"verified\": true"), std::string::npos) << json;
    EXPECT_NE(json.find("\"zobrist_seed\": 7"), std::string::npos) << json;
    if (how == request::Verify::kRekey) {
      EXPECT_NE(result->verification->second_seed, 7u);
      EXPECT_EQ(result->verification->divide.size(), 20u);
      EXPECT_NE(json.find("\"rekey_divide\": {"), std::string::npos) << json;
    } else {
      EXPECT_NE(json.find("\"unhashed_nodes\": 4865609"), std::string::npos) << json;
    }
  }
}

// Keys cut to 8 bits: distinct positions share keys, so the hashed counts are wrong, and differ
// between two seeds. Both verifications must say so and name root moves.
TEST(CountTest, VerificationCatchesWrongHashedCounts) {
  RunOptions weak;
  weak.weak_key_bits_for_test = 8;
  for (bool stats : {false, true}) {
    for (request::Verify how : {request::Verify::kRecount, request::Verify::kRekey}) {
      request::CountRequest r = start_request(5);
      r.hash_mb = 1;
      r.stats = stats;
      r.verify = how;
      absl::StatusOr<CountResult> result = run(r, weak);
      ASSERT_TRUE(result.ok()) << result.status();
      EXPECT_NE(result->nodes, 4865609) << "the weak keys did not bite";
      ASSERT_TRUE(result->verification.has_value());
      EXPECT_FALSE(result->verified()) << "stats " << stats;
      EXPECT_FALSE(result->verification->differing.empty()) << "stats " << stats;
      if (how == request::Verify::kRecount) {
        EXPECT_EQ(result->verification->nodes, 4865609);
      }
      EXPECT_NE(json_of(*result).find("\"verified\": false"), std::string::npos);
    }
  }
}

TEST(CountTest, StatisticsOfTheStartPosition) {
  request::CountRequest r = start_request(3);
  r.stats = true;
  r.hash_mb = 2;
  r.verify = request::Verify::kRekey;
  absl::StatusOr<CountResult> result = run(r);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_TRUE(result->stats.has_value());
  ASSERT_EQ(result->stats->by_depth.size(), 3u);
  EXPECT_EQ(result->stats->by_depth[1].nodes, 400);
  const perft::Stats& last = result->stats->by_depth[2];
  EXPECT_EQ(last.nodes, 8902);
  EXPECT_EQ(last.captures, 34);
  EXPECT_EQ(last.checks, 12);
  EXPECT_EQ(result->nodes, 8902);
  EXPECT_EQ(result->stats->divide.size(), 20u);
  EXPECT_TRUE(result->divide.empty());
  EXPECT_TRUE(result->verified());
  const std::string json = json_of(*result);
  EXPECT_NE(json.find("\"stats\": [{\"depth\": 1, \"nodes\": 20,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"verify\": \"rekey\""), std::string::npos) << json;
  EXPECT_EQ(json.find("rekey_divide"), std::string::npos) << json;
}

TEST(CountTest, StatisticsOfTheLastDepthAlone) {
  request::CountRequest r = start_request(4);
  r.stats = true;
  RunOptions last_only;
  last_only.stats_by_depth = false;
  absl::StatusOr<CountResult> result = run(r, last_only);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ(result->stats->by_depth.size(), 1u);
  EXPECT_EQ(result->stats->by_depth[0].nodes, 197281);
  EXPECT_EQ(result->stats->by_depth[0].checkmates, 8);
  EXPECT_EQ(result->nodes, 197281);
}

TEST(CountTest, TheCallersTableIsUsedAndKept) {
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = tt::PerftTable::create(8);
  ASSERT_TRUE(table.ok()) << table.status();
  RunOptions options;
  options.table = table->get();
  request::CountRequest r = start_request(5);
  r.hash_mb = 4;  // a table made for the request would have 4 MB, the caller's has 8
  for (int round = 0; round < 2; ++round) {  // the second count finds the first's entries
    absl::StatusOr<CountResult> result = run(r, options);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->nodes, 4865609);
    ASSERT_TRUE(result->table.has_value());
    EXPECT_EQ(result->table->megabytes, 8u);
  }
}

TEST(CountTest, AnEntryInTheCallersTableAnswersTheCount) {
  // A count planted in the caller's table for the position after e2e4 at depth 4 (a wrong one,
  // so that only the table can have given it) must come back as e2e4's share of perft 5.
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table = tt::PerftTable::create(4);
  ASSERT_TRUE(table.ok()) << table.status();
  Position after = Position::start();
  ASSERT_TRUE(after.play(Move::make(kE2, kE4)).ok());
  ASSERT_TRUE((*table)->store(zobrist_key(after) ^ kZobrist.depth[4], 4, 12345));
  RunOptions options;
  options.table = table->get();
  request::CountRequest r = start_request(5);
  r.threads = 1;
  r.hash_mb = 4;
  absl::StatusOr<CountResult> result = run(r, options);
  ASSERT_TRUE(result.ok()) << result.status();
  bool found = false;
  for (const perft::DivideEntry& e : result->divide) {
    if (e.move != Move::make(kE2, kE4)) continue;
    found = true;
    EXPECT_EQ(e.nodes, 12345);
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(result->nodes, 4865609 - 405385 + 12345);  // perft 4 after e2e4 is 405,385
}

TEST(CountTest, WritesTheDivideAsText) {
  absl::StatusOr<CountResult> result = run(start_request(2));
  ASSERT_TRUE(result.ok()) << result.status();
  std::ostringstream out;
  write_text(*result, /*grouped=*/false, out);
  EXPECT_EQ(out.str().substr(0, 9), "a2a3: 20\n");
  EXPECT_NE(out.str().find("\n\nNodes searched: 400\n"), std::string::npos) << out.str();
  request::CountRequest zero = start_request(0);
  std::ostringstream empty;
  write_text(*run(zero), false, empty);
  EXPECT_EQ(empty.str(), "\nNodes searched: 1\n");
  request::CountRequest stats = start_request(2);
  stats.stats = true;
  std::ostringstream table;
  write_text(*run(stats), false, table);
  EXPECT_NE(table.str().find("\nDepth "), std::string::npos) << table.str();
  EXPECT_NE(table.str().find("\n2 "), std::string::npos) << table.str();
}

TEST(CountTest, AStoppedCountIsCancelled) {
  const std::atomic<bool> stop{true};
  RunOptions options;
  options.stop = &stop;
  for (bool stats : {false, true}) {
    request::CountRequest r = start_request(6);
    r.stats = stats;
    absl::StatusOr<CountResult> result = run(r, options);
    EXPECT_TRUE(absl::IsCancelled(result.status())) << result.status();
  }
}

TEST(CountTest, ATableTooLargeIsAnError) {
  request::CountRequest r = start_request(3);
  r.hash_mb = uint64_t{1} << 40;
  EXPECT_FALSE(run(r).ok());
  r.stats = true;
  EXPECT_FALSE(run(r).ok());
}

}  // namespace
}  // namespace pyke::count
