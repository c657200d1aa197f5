// verify.h — checks Pyke's perft against every count of an EPD suite or a statistics file: the
// library behind `pyke verify` and the Python module's pyke.verify.
//
//   pyke verify tests/data/published.epd --max_depth 3
//   pyke verify --stats tests/data/perft_stats.tsv --max_depth 4   (perft statistics)
//   …one line per position that fails…
//   180 passed, 0 failed
//
// The whole file is read and every FEN and depth checked before anything is counted. A position
// fails at its shallowest wrong depth (deeper counts are not tried: they would differ too).
// Exit status: 0 when every position passes, 1 when any fails, 2 when the file cannot be read or
// holds a malformed line (the message names the line and the problem).
#ifndef PYKE_VERIFY_VERIFY_H_
#define PYKE_VERIFY_VERIFY_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"

namespace pyke {

struct VerifyOptions {
  std::string path;              // the EPD file
  std::optional<int> max_depth;  // check depths up to this; nullopt: every listed depth
  uint64_t hash_megabytes = 0;   // 0: no transposition table
  int threads = 1;               // threads sharing the count of each position
  bool progress = false;         // a progress line on stderr, erased at the end
  bool json = false;             // one JSON object on `out` instead of text
};

// One position that failed, at its shallowest wrong depth.
struct VerifyFailure {
  int line;  // in the file, 1-based
  std::string fen;
  int depth;
  absl::uint128 expected;
  std::optional<absl::uint128> got;  // nullopt: the count failed (`error` says why)
  std::string error;
};

struct VerifyResults {
  int passed = 0;
  int skipped = 0;  // positions with no count in the depth range
  std::vector<VerifyFailure> failures;
};

// The check as a library call (the Python module's pyke.verify): an error when the file cannot
// be read, holds a malformed line, or the options are bad; otherwise what passed and failed.
// `options.progress` and `options.json` are ignored.
absl::StatusOr<VerifyResults> verify_file(const VerifyOptions& options);

// Runs the check; results on `out`, errors and progress on `err`. Returns the exit status.
int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

// `pyke verify --stats FILE.tsv`: every published column of every row of a statistics file
// (epd/stats_file.h) against perft_stats(), rows deeper than `max_depth` skipped. A row fails at
// its first wrong column, named: "FILE:LINE: depth 5: checkmates: expected 347, got 346; FEN …".
// Exit status as run_verify's; a malformed file (a wrong number of columns, a count that is not
// a number) is refused before anything is counted, its line named.
int run_verify_stats(const VerifyOptions& options, std::ostream& out, std::ostream& err);

}  // namespace pyke

#endif  // PYKE_VERIFY_VERIFY_H_
