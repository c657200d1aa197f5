#include "cli/suite.h"

#include <iostream>
#include <memory>
#include <string>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "check/random_positions.h"
#include "console/fail.h"
#include "console/progress_line.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "request/request.h"
#include "tt/table.h"

namespace pyke {
namespace {

constexpr int kMaxPositions = 1000000;

int fail(const absl::Status& status) { return console::fail("pyke", status); }

absl::StatusOr<int> parse_count(const std::string& text) {
  int count = 0;
  if (!absl::SimpleAtoi(text, &count) || count < 1 || count > kMaxPositions) {
    return absl::InvalidArgumentError(absl::StrCat("suite: the number of positions '", text,
                                                   "' is not a number from 1 to ", kMaxPositions));
  }
  return count;
}

}  // namespace

int suite_command(const std::vector<char*>& args, uint64_t seed, bool chess960, int threads,
                  uint64_t hash_megabytes, bool quiet) {
  if (args.size() != 4) {
    return fail(
        absl::InvalidArgumentError("usage: pyke suite COUNT DEPTH [--seed N] [--chess960]"));
  }
  const absl::StatusOr<int> count = parse_count(args[2]);
  if (!count.ok()) return fail(count.status());
  const absl::StatusOr<int> depth = request::parse_depth(args[3]);
  if (!depth.ok()) return fail(depth.status());
  if (*depth < 1) return fail(absl::OutOfRangeError("suite needs a depth of at least 1"));
  if (absl::Status s = perft::check_threads(threads); !s.ok()) return fail(s);
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
      request::make_table<tt::PerftTable>(hash_megabytes, threads);
  if (!table.ok()) return fail(table.status());
  perft::Options options;
  options.threads = threads;
  options.table = table->get();

  check::RandomPositions draw(seed, {.chess960 = chess960});
  console::ProgressLine progress({.enabled = !quiet});
  for (int i = 0; i < *count; ++i) {
    const Position pos = draw.next();
    std::string line = pos.to_fen(chess960 ? CastlingNotation::kShredder : CastlingNotation::kXFen);
    for (int d = 1; d <= *depth; ++d) {
      const absl::StatusOr<absl::uint128> nodes = perft::perft(pos, d, options);
      if (!nodes.ok()) return fail(nodes.status());
      absl::StrAppend(&line, " ;D", d, " ", perft::count_text(*nodes));
    }
    std::cout << line << '\n';
    if (progress.due()) progress.show(absl::StrCat(i + 1, "/", *count, " positions"));
  }
  std::cout.flush();
  return 0;
}

}  // namespace pyke
