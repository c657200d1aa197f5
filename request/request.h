// request.h — one count, described once: where it starts (a FEN or the start position, then
// moves), how its moves are written, how deep, on how many threads, with what table and keys,
// whether it counts statistics, and how a hashed count is verified. The `pyke` command line,
// `pyke_mpi` and the Python module hand what their user wrote to this package and get back a
// request checked in one place, with the same messages everywhere; UCI fills a CountRequest from
// its position and options, each checked as its command set it.
//
//   request::Fields fields;                     // what the user wrote, not yet checked
//   fields.fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//   fields.moves = {"e1g1"};
//   fields.depth = "5";
//   fields.hash_mb = 256;
//   absl::StatusOr<request::CountRequest> r = request::make_request(fields);
//   if (!r.ok()) return fail(r.status());     // a bad FEN, an illegal move, depth 'x', …
//   request::Keys keys(r->zobrist_seed);        // the table's Zobrist keys
//
// Nothing here counts: a request says what to count; //perft counts it.
#ifndef PYKE_REQUEST_REQUEST_H_
#define PYKE_REQUEST_REQUEST_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"

namespace pyke::request {

// Where a count starts, and how its moves are written: castling as the king taking its own rook
// (`e1h1`) when `chess960`, which is on when asked for, for a FEN whose castling field names rook
// files (Shredder-FEN), and where standard notation could not tell castling from a king step.
struct Root {
  Position position = Position::start();
  bool chess960 = false;
};

// `fen` ("" or "startpos" for the start position: standard, X-FEN or Shredder-FEN castling) after
// the coordinate moves `moves` ("e2e4", "e7e8q"; castling as the king's move, or as king takes
// rook in Chess960 notation). Errors name the bad field or the illegal move.
absl::StatusOr<Root> parse_root(absl::string_view fen, const std::vector<std::string>& moves,
                                bool chess960);

// A depth as the user wrote it: a number from 0 to perft::kMaxDepth.
absl::StatusOr<int> parse_depth(absl::string_view text);

// How a hashed count is confirmed: not at all, by a count without the table (`kRecount`, totals),
// or by a count with keys from a second seed (`kRekey`, every root move). See tt/table.h for why
// a hashed count can be wrong and docs/using.md for the argument.
enum class Verify { kNone, kRecount, kRekey };

// The deepest count a bare `--verify` recounts without the table; deeper it re-keys (an unhashed
// recount of perft 9 takes a long time).
inline constexpr int kMaxRecountDepth = 8;

// What `--verify` may be given: "" (no verification), "recount", "rekey", or kBareVerify (the
// flag alone: recount up to kMaxRecountDepth, rekey deeper).
inline constexpr absl::string_view kBareVerify = "bare";
absl::StatusOr<Verify> parse_verify(absl::string_view mode, int depth);

// "recount", "rekey" or "".
absl::string_view verify_name(Verify verify);

// A thread count: `threads`, or every CPU this process may run on when it is not given; an
// error outside 1 … perft::kMaxThreads.
absl::StatusOr<int> resolve_threads(std::optional<int> threads);

// The Zobrist keys drawn from a seed, owned: the built-in kZobrist for kDefaultZobristSeed (in
// read-only data), a key set made from the seed otherwise. Movable; the pointer get() returns
// stays valid while the Keys live. A re-keyed count's second seed is rekey_seed(seed)
// (movegen/zobrist.h).
class Keys {
 public:
  explicit Keys(uint64_t seed = kDefaultZobristSeed);

  // A moved-from Keys holds the default keys, and says so.
  Keys(Keys&& other) noexcept;
  Keys& operator=(Keys&& other) noexcept;

  // Keys with only their lowest `bits` bits kept, so that distinct positions share keys and
  // hashed counts go wrong: for tests that show `--verify rekey` catching a collision.
  static Keys weakened_for_test(uint64_t seed, int bits);

  uint64_t seed() const { return seed_; }
  const ZobristKeys* get() const { return own_ ? own_.get() : &kZobrist; }

 private:
  uint64_t seed_;
  std::unique_ptr<ZobristKeys> own_;
};

// The table a count asks for: null when `hash_mb` is 0, else Table::create(hash_mb, threads)
// (tt::PerftTable or tt::MoveStatsTable), which refuses sizes over tt's limit or the machine's
// memory, and is first touched by `threads` threads.
template <class Table>
absl::StatusOr<std::unique_ptr<Table>> make_table(uint64_t hash_mb, int threads) {
  if (hash_mb == 0) return std::unique_ptr<Table>();
  return Table::create(hash_mb, threads);
}

// What a user wrote for one count, before any of it is checked.
struct Fields {
  std::string fen;                       // "" or "startpos": the start position
  std::vector<std::string> moves;        // played from `fen` before counting
  bool chess960 = false;                 // Chess960 notation asked for
  std::string depth;                     // as written: "7"
  std::optional<int> threads;            // nullopt: every CPU this process may run on
  uint64_t hash_mb = 0;                  // 0: no table
  std::optional<uint64_t> zobrist_seed;  // nullopt: kDefaultZobristSeed
  bool stats = false;                    // perft statistics per move type (perft/stats.h)
  std::string verify;                    // as parse_verify takes it
};

// One count, checked: everything a front end needs to run it.
struct CountRequest {
  Root root;
  int depth = 0;
  int threads = 1;
  uint64_t hash_mb = 0;
  uint64_t zobrist_seed = kDefaultZobristSeed;
  bool stats = false;
  Verify verify = Verify::kNone;
};

// Checks `fields` in the order a user reads the command: the depth, the verification (which
// needs a table), the threads, the statistics' depth, then the position and its moves. The table
// itself is made by the caller (tt::PerftTable::create refuses sizes over the machine's memory).
absl::StatusOr<CountRequest> make_request(const Fields& fields);

}  // namespace pyke::request

#endif  // PYKE_REQUEST_REQUEST_H_
