#include "request/request.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"

namespace pyke::request {
namespace {

constexpr char kKiwipete[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// A Chess960 start in Shredder-FEN: castling rights name the rooks' files.
constexpr char kShredder[] = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

Fields fields(std::string depth) {
  Fields f;
  f.depth = std::move(depth);
  f.threads = 1;
  return f;
}

TEST(ParseRoot, StartPositionAfterMoves) {
  for (const char* start : {"", "startpos"}) {
    absl::StatusOr<Root> root = parse_root(start, {"e2e4", "e7e5"}, false);
    ASSERT_TRUE(root.ok()) << root.status();
    EXPECT_EQ(root->position.to_fen(),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");  // no e.p.: no pawn
                                                                                // can take
    EXPECT_FALSE(root->chess960);
  }
}

TEST(ParseRoot, CastlingInEitherNotation) {
  absl::StatusOr<Root> standard = parse_root(kKiwipete, {"e1g1"}, false);
  ASSERT_TRUE(standard.ok()) << standard.status();
  absl::StatusOr<Root> chess960 = parse_root(kKiwipete, {"e1h1"}, true);
  ASSERT_TRUE(chess960.ok()) << chess960.status();
  EXPECT_EQ(standard->position.to_fen(), chess960->position.to_fen());
  EXPECT_TRUE(chess960->chess960);
  // In standard notation e1h1 is a king step onto its own rook: illegal.
  EXPECT_FALSE(parse_root(kKiwipete, {"e1h1"}, false).ok());
}

TEST(ParseRoot, ShredderFenTurnsChess960NotationOn) {
  absl::StatusOr<Root> root = parse_root(kShredder, {}, false);
  ASSERT_TRUE(root.ok()) << root.status();
  EXPECT_TRUE(root->chess960);
}

TEST(ParseRoot, ErrorsNameTheProblem) {
  const absl::StatusOr<Root> bad_fen = parse_root("8/8/8 w - - 0 1", {}, false);
  ASSERT_FALSE(bad_fen.ok());
  EXPECT_EQ(bad_fen.status().code(), absl::StatusCode::kInvalidArgument);
  const absl::StatusOr<Root> illegal = parse_root("", {"e2e5"}, false);
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.status().message().find("e2e5"), absl::string_view::npos) << illegal.status();
}

TEST(ParseDepth, RangeAndText) {
  EXPECT_EQ(*parse_depth("0"), 0);
  EXPECT_EQ(*parse_depth("20"), perft::kMaxDepth);
  EXPECT_FALSE(parse_depth("21").ok());
  EXPECT_FALSE(parse_depth("-1").ok());
  EXPECT_FALSE(parse_depth("").ok());
  const absl::StatusOr<int> word = parse_depth("seven");
  ASSERT_FALSE(word.ok());
  EXPECT_EQ(word.status().message(), "depth 'seven' is not a number (expected 0 to 20)");
}

TEST(ParseVerify, BareRecountsShallowAndRekeysDeep) {
  EXPECT_EQ(*parse_verify("", 9), Verify::kNone);
  EXPECT_EQ(*parse_verify("recount", 12), Verify::kRecount);
  EXPECT_EQ(*parse_verify("rekey", 3), Verify::kRekey);
  EXPECT_EQ(*parse_verify(kBareVerify, kMaxRecountDepth), Verify::kRecount);
  EXPECT_EQ(*parse_verify(kBareVerify, kMaxRecountDepth + 1), Verify::kRekey);
  EXPECT_FALSE(parse_verify("twice", 5).ok());
  EXPECT_EQ(verify_name(Verify::kRekey), "rekey");
  EXPECT_EQ(verify_name(Verify::kNone), "");
}

TEST(ResolveThreads, DefaultIsEveryCpuAndRangeIsChecked) {
  EXPECT_EQ(*resolve_threads(std::nullopt), perft::available_cpus());
  EXPECT_EQ(*resolve_threads(3), 3);
  EXPECT_FALSE(resolve_threads(0).ok());
  EXPECT_FALSE(resolve_threads(perft::kMaxThreads + 1).ok());
}

TEST(Keys, DefaultSeedIsTheBuiltInKeys) {
  const Keys keys;
  EXPECT_EQ(keys.get(), &kZobrist);
  EXPECT_EQ(keys.seed(), kDefaultZobristSeed);
  const Keys other(42);
  EXPECT_NE(other.get(), &kZobrist);
  EXPECT_EQ(other.get()->black_to_move, make_zobrist_keys(42).black_to_move);
  Keys from(42);
  const ZobristKeys* held = from.get();
  Keys moved = std::move(from);
  EXPECT_EQ(moved.get(), held);  // a pointer taken before the move stays valid
  EXPECT_EQ(moved.seed(), 42u);
  EXPECT_EQ(moved.get()->piece[3][17], make_zobrist_keys(42).piece[3][17]);
  EXPECT_EQ(from.get(), &kZobrist);  // NOLINT(bugprone-use-after-move): what is left is default
  EXPECT_EQ(from.seed(), kDefaultZobristSeed);
}

TEST(Keys, WeakenedKeysKeepOnlyTheirLowBits) {
  const Keys weak = Keys::weakened_for_test(kDefaultZobristSeed, 8);
  EXPECT_NE(weak.get(), &kZobrist);
  for (const Key k : weak.get()->piece[0]) EXPECT_LE(k, Key{0xFF});
}

// Stands in for tt::PerftTable and tt::MoveStatsTable: records what it was made with.
struct FakeTable {
  static absl::StatusOr<std::unique_ptr<FakeTable>> create(uint64_t megabytes, int threads) {
    if (megabytes > 1000) return absl::ResourceExhaustedError("too big");
    return std::make_unique<FakeTable>(FakeTable{megabytes, threads});
  }
  uint64_t megabytes;
  int threads;
};

TEST(MakeTable, NoneWithoutHashElseCreated) {
  absl::StatusOr<std::unique_ptr<FakeTable>> none = make_table<FakeTable>(0, 4);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(*none, nullptr);
  absl::StatusOr<std::unique_ptr<FakeTable>> some = make_table<FakeTable>(64, 4);
  ASSERT_TRUE(some.ok() && *some != nullptr);
  EXPECT_EQ((*some)->megabytes, 64u);
  EXPECT_EQ((*some)->threads, 4);
  EXPECT_EQ(make_table<FakeTable>(5000, 1).status().code(), absl::StatusCode::kResourceExhausted);
}

TEST(MakeRequest, ChecksEveryField) {
  Fields f = fields("5");
  f.fen = kKiwipete;
  f.moves = {"e1g1"};
  f.hash_mb = 64;
  f.zobrist_seed = 7;
  f.verify = "rekey";
  f.stats = true;
  absl::StatusOr<CountRequest> r = make_request(f);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->depth, 5);
  EXPECT_EQ(r->threads, 1);
  EXPECT_EQ(r->hash_mb, 64u);
  EXPECT_EQ(r->zobrist_seed, 7u);
  EXPECT_EQ(r->verify, Verify::kRekey);
  EXPECT_TRUE(r->stats);
  EXPECT_EQ(r->root.position.side_to_move(), kBlack);
  EXPECT_EQ(make_request(fields("4"))->zobrist_seed, kDefaultZobristSeed);
}

TEST(MakeRequest, RefusesWhatCannotBeCounted) {
  Fields verify_without_table = fields("5");
  verify_without_table.verify = "recount";
  EXPECT_EQ(make_request(verify_without_table).status().message(),
            "--verify checks a hashed count against a second count: it needs --hash MB");
  Fields stats_at_zero = fields("0");
  stats_at_zero.stats = true;
  EXPECT_EQ(make_request(stats_at_zero).status().code(), absl::StatusCode::kOutOfRange);
  Fields no_threads = fields("3");
  no_threads.threads = 0;
  EXPECT_FALSE(make_request(no_threads).ok());
  Fields illegal = fields("3");
  illegal.moves = {"e2e4", "e2e4"};
  EXPECT_FALSE(make_request(illegal).ok());
}

}  // namespace
}  // namespace pyke::request
