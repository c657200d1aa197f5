// Statistics files (`pyke verify --stats FILE.tsv`): perft statistics (perft/stats.h) against every
// published column of a statistics file (epd/stats_file.h). See verify.h.
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "console/fail.h"
#include "console/json.h"
#include "epd/stats_file.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
#include "tt/move_stats_table.h"
#include "verify/verify.h"

namespace pyke {
namespace {

struct StatsCheck {
  const epd::StatsRow* row;
  Position position;
};

// One wrong column (the first of its row), or a count that failed.
struct StatsFailure {
  const epd::StatsRow* row;
  int column;  // -1: the count failed
  absl::uint128 expected = 0, got = 0;
  std::string error;
};

absl::StatusOr<std::vector<StatsCheck>> plan(const std::vector<epd::StatsRow>& rows,
                                             const VerifyOptions& options, int& skipped) {
  std::vector<StatsCheck> checks;
  for (const epd::StatsRow& row : rows) {
    const std::string where = absl::StrCat(options.path, ":", row.line, ": ");
    absl::StatusOr<Position> pos = Position::from_fen(row.fen);
    if (!pos.ok()) return absl::InvalidArgumentError(absl::StrCat(where, pos.status().message()));
    if (absl::Status s = perft::check_depth(row.depth); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(where, s.message()));
    }
    if (options.max_depth && row.depth > *options.max_depth) {
      ++skipped;
      continue;
    }
    checks.push_back({&row, *pos});
  }
  return checks;
}

std::optional<StatsFailure> check_row(const StatsCheck& check, const perft::StatsOptions& options) {
  const absl::StatusOr<perft::Stats> got =
      perft::perft_stats(check.position, check.row->depth, options);
  if (!got.ok()) return StatsFailure{check.row, -1, 0, 0, std::string(got.status().message())};
  for (int c = 0; c < perft::Stats::kColumns; ++c) {
    const std::optional<absl::uint128>& expected = check.row->columns[c];
    if (expected && *expected != got->column(c)) {
      return StatsFailure{check.row, c, *expected, got->column(c), ""};
    }
  }
  return std::nullopt;
}

// "FILE:LINE: depth D: captures: expected X, got Y; FEN …"
std::string failure_text(const StatsFailure& f, const std::string& path) {
  const std::string what = f.column < 0 ? absl::StrCat("error (", f.error, ")")
                                        : absl::StrCat(perft::kStatsColumns[f.column],
                                                       ": expected ", perft::count_text(f.expected),
                                                       ", got ", perft::count_text(f.got));
  return absl::StrCat(path, ":", f.row->line, ": depth ", f.row->depth, ": ", what, "; FEN ",
                      f.row->fen);
}

std::string failure_json(const StatsFailure& f) {
  std::string json =
      absl::StrCat("{\"line\": ", f.row->line, ", \"fen\": ", json_string(f.row->fen),
                   ", \"depth\": ", f.row->depth);
  if (f.column < 0) return absl::StrCat(json, ", \"error\": ", json_string(f.error), "}");
  return absl::StrCat(json, ", \"column\": ", json_string(perft::kStatsColumns[f.column]),
                      ", \"expected\": ", perft::count_text(f.expected),
                      ", \"got\": ", perft::count_text(f.got), "}");
}

}  // namespace

int run_verify_stats(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  const auto cannot_run = [&](const absl::Status& s) { return console::fail("pyke", s, err); };
  const absl::StatusOr<std::vector<epd::StatsRow>> rows = epd::read_stats_file(options.path);
  if (!rows.ok()) return cannot_run(rows.status());
  int skipped = 0;
  const absl::StatusOr<std::vector<StatsCheck>> checks = plan(*rows, options, skipped);
  if (!checks.ok()) return cannot_run(checks.status());
  perft::StatsOptions count_options;
  count_options.threads = options.threads;
  if (absl::Status s = perft::check_threads(options.threads); !s.ok()) return cannot_run(s);
  absl::StatusOr<std::unique_ptr<tt::MoveStatsTable>> table =
      request::make_table<tt::MoveStatsTable>(options.hash_megabytes, options.threads);
  if (!table.ok()) return cannot_run(table.status());
  count_options.table = table->get();
  int passed = 0;
  std::vector<StatsFailure> failures;
  for (const StatsCheck& check : *checks) {
    std::optional<StatsFailure> failure = check_row(check, count_options);
    if (!failure) {
      ++passed;
      continue;
    }
    if (!options.json) out << failure_text(*failure, options.path) << '\n' << std::flush;
    failures.push_back(*std::move(failure));
  }
  if (options.json) {
    std::vector<std::string> items;
    for (const StatsFailure& f : failures) items.push_back(failure_json(f));
    out << "{\"file\": " << json_string(options.path) << ", \"stats\": true, \"max_depth\": "
        << (options.max_depth ? absl::StrCat(*options.max_depth) : "null")
        << ", \"passed\": " << passed << ", \"failed\": " << failures.size()
        << ", \"skipped\": " << skipped << ", \"failures\": [" << absl::StrJoin(items, ", ")
        << "]}\n";
  } else {
    out << passed << " passed, " << failures.size() << " failed\n";
    if (skipped > 0) err << "pyke: note: " << skipped << " rows deeper than --max_depth\n";
  }
  out.flush();
  return failures.empty() ? 0 : 1;
}

}  // namespace pyke
