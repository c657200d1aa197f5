// count.h — one count run from its request to its result: the table and keys the request asks
// for, the count itself (a divide, or statistics per move type), its time, and the verification
// of a hashed count. The `pyke` command line, UCI's `go perft` and the Python module run their
// counts here and only present the result: as text or JSON (write_text and write_json below), or
// as Python values.
//
//   absl::StatusOr<request::CountRequest> r = request::make_request(fields);
//   if (!r.ok()) return fail(r.status());
//   absl::StatusOr<count::CountResult> result = count::run(*r);
//   if (!result.ok()) return fail(result.status());   // a table too large, a stopped count, …
//   count::write_json(*result, std::cout);            // or text; result->verified()
//
// A hashed count can only be wrong through a key collision (tt/table.h). `--verify recount` counts
// again without the table, which rules that out; `--verify rekey` counts again under keys from a
// second seed, with the table cleared first: that both counts are wrong the same way is
// vanishingly unlikely (docs/using.md). Either way every root move's count is compared.
#ifndef PYKE_COUNT_COUNT_H_
#define PYKE_COUNT_COUNT_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
#include "tt/table.h"

namespace pyke::count {

// How run() goes about a count; nothing here changes what it counts.
struct RunOptions {
  // Called as perft::Options says, through the count and its verification's second count.
  perft::Progress progress;
  // Set by another thread to stop the count (or its verification): run() then returns the
  // CancelledError perft::perft does. Null: the count runs to its end.
  const std::atomic<bool>* stop = nullptr;
  // A node-count table the caller keeps from one count to the next (UCI's Hash), used instead of
  // making one of request.hash_mb; its entries stay for the next count (a re-keyed verification
  // clears it, and leaves it filled under the second keys). Null: run() makes the table the
  // request asks for and frees it after. Statistics never use it (their table holds nine
  // columns, not node counts).
  tt::PerftTable* table = nullptr;
  // Statistics: also count every depth below the request's (what `pyke --stats` prints, a few
  // per cent more work). false: CountResult::stats.by_depth holds the request's depth alone, for
  // callers that want the totals; write_text and write_json print every depth and need true.
  bool stats_by_depth = true;
  // Test-only: keep only this many low bits of every key (request::Keys::weakened_for_test), so
  // that distinct positions share keys and hashed counts go wrong. 0: the keys as drawn.
  int weak_key_bits_for_test = 0;
};

// The table a hashed count used.
struct TableUse {
  uint64_t megabytes = 0;
  uint64_t huge_page_bytes = 0;  // how much of it the kernel backs with huge pages
  std::string huge_page_source;  // how they were had (tt::PerftTable::huge_page_source)
  uint64_t zobrist_seed = 0;
};

// The second count of a verified one, and whether it agrees.
struct Verification {
  request::Verify how = request::Verify::kRecount;  // kRecount or kRekey
  uint64_t second_seed = 0;                         // kRekey: the second key set's seed
  absl::uint128 nodes = 0;                          // the second count's total
  std::vector<perft::DivideEntry> divide;           // node counts: the second divide
  // Each root move whose counts differ, as "e2e4 20 vs 21" (statistics: the first column that
  // differs, "e2e4 checks 3 vs 4"), and a line if the two counts have different root moves.
  std::vector<std::string> differing;
  bool agrees = false;
};

struct CountResult {
  Position position;
  bool chess960 = false;
  int depth = 0;
  int threads = 1;
  // A node count's divide (empty at depth 0), or, with statistics, `stats` (its divide and its
  // totals by depth) and no `divide`.
  std::vector<perft::DivideEntry> divide;
  std::optional<perft::StatsReport> stats;
  absl::uint128 nodes = 0;  // the count's total: 1 at depth 0
  double seconds = 0;       // the count's own time; the verification is not part of it
  std::optional<TableUse> table;
  std::optional<Verification> verification;

  bool verified() const { return !verification || verification->agrees; }
  double nodes_per_second() const {
    return seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
  }
};

// Counts `request`: makes its table (errors: a size over tt's limit or the machine's memory),
// draws its keys, counts, and verifies as asked. Errors are the count's (perft::perft's).
absl::StatusOr<CountResult> run(const request::CountRequest& request,
                                const RunOptions& options = {});

// `result` as text (report.h): the divide and `Nodes searched: N` (at depth 0, no moves and 1);
// with statistics, then the statistics by root move and by depth, thousands separated when
// `grouped` (for a terminal). What `pyke DEPTH` and `go perft` print.
void write_text(const CountResult& result, bool grouped, std::ostream& out);

// `result` as one JSON object on one line (console/json.h for how counts are written):
//   {"fen": …, "chess960": false, "depth": 5, "divide": {"a2a3": 181046, …}, "nodes": 4865609,
//    "seconds": 0.021, "nodes_per_second": 231695666, "threads": 2, "hash_mb": 0,
//    "backend": "pext"}
// With statistics, each root move's value is its statistics ({"nodes": 20, "captures": 0, …})
// and "stats" lists the totals by depth ([{"depth": 1, "nodes": 20, …}, …]). Hashed, it adds
// "zobrist_seed"; verified, "verify": "recount"|"rekey" and "verified": true|false, with
// "unhashed_nodes" (recount) or "rekey_seed" and "rekey_nodes" (rekey; a node count adds
// "rekey_divide"). The divide's moves are sorted as in the text output.
void write_json(const CountResult& result, std::ostream& out);

}  // namespace pyke::count

#endif  // PYKE_COUNT_COUNT_H_
