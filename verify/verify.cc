#include "verify/verify.h"

#include <functional>
#include <iostream>
#include <memory>
#include <utility>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "console/fail.h"
#include "console/json.h"
#include "console/progress_line.h"
#include "epd/epd.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "request/request.h"
#include "tt/table.h"

namespace pyke {
namespace {

constexpr int kAllPassed = 0;
constexpr int kSomeFailed = 1;

// One position of the file, parsed, with the counts to check (shallowest first).
struct Check {
  const epd::Record* record;
  Position position;
  std::vector<std::pair<int, absl::uint128>> counts;
};

struct Failure {
  const epd::Record* record;
  int depth;
  absl::uint128 expected;
  absl::StatusOr<absl::uint128> got;
};

struct Results {
  int passed = 0;
  int skipped = 0;  // positions with no count in the depth range
  std::vector<Failure> failures;
};

// Perft of one position: the single place where counting happens, on `threads` threads sharing
// the table (if any).
class Counter {
 public:
  static absl::StatusOr<Counter> create(uint64_t hash_megabytes, int threads) {
    if (absl::Status s = perft::check_threads(threads); !s.ok()) return s;
    Counter counter;
    counter.threads_ = threads;
    absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
        request::make_table<tt::PerftTable>(hash_megabytes, threads);
    if (!table.ok()) return table.status();
    counter.table_ = *std::move(table);
    return counter;
  }

  absl::StatusOr<absl::uint128> count(const Position& pos, int depth) {
    perft::Options options;
    options.threads = threads_;
    options.table = table_.get();
    return perft::perft(pos, depth, options);
  }

 private:
  std::unique_ptr<tt::PerftTable> table_;  // null: no hashing
  int threads_ = 1;
};

// The positions and depths to check, or the first malformed line. Nothing is counted here.
absl::StatusOr<std::vector<Check>> plan_checks(const std::vector<epd::Record>& records,
                                               const VerifyOptions& options) {
  std::vector<Check> checks;
  for (const epd::Record& record : records) {
    const std::string where = absl::StrCat(options.path, ":", record.line, ": ");
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    if (!pos.ok()) return absl::InvalidArgumentError(absl::StrCat(where, pos.status().message()));
    Check check{&record, *pos, {}};
    for (const auto& [depth, expected] : record.counts) {
      if (options.max_depth.has_value() && depth > *options.max_depth) continue;
      if (absl::Status s = perft::check_depth(depth); !s.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(where, "D", depth, ": ", s.message()));
      }
      check.counts.emplace_back(depth, expected);
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

// "12/180 positions, line 37, depth 5, 1 failed, 3.2 s", at most ten times a second.
void show_progress(console::ProgressLine& progress, int done, int total, int line, int depth,
                   int failed) {
  if (!progress.due()) return;
  progress.show(absl::StrFormat("%d/%d positions, line %d, depth %d, %d failed, %.1f s", done,
                                total, line, depth, failed, progress.seconds()));
}

// Counts every check; `on_failure` sees each failure as it is found.
Results run_checks(const std::vector<Check>& checks, Counter& counter,
                   console::ProgressLine& progress,
                   const std::function<void(const Failure&)>& on_failure) {
  Results results;
  for (size_t i = 0; i < checks.size(); ++i) {
    const Check& check = checks[i];
    if (check.counts.empty()) {
      ++results.skipped;
      continue;
    }
    bool failed = false;
    for (const auto& [depth, expected] : check.counts) {
      show_progress(progress, static_cast<int>(i), static_cast<int>(checks.size()),
                    check.record->line, depth, static_cast<int>(results.failures.size()));
      absl::StatusOr<absl::uint128> got = counter.count(check.position, depth);
      if (!got.ok() || *got != expected) {
        results.failures.push_back({check.record, depth, expected, std::move(got)});
        on_failure(results.failures.back());
        failed = true;
        break;  // deeper counts of a wrong position would be wrong too
      }
    }
    if (!failed) ++results.passed;
  }
  return results;
}

std::string got_text(const absl::StatusOr<absl::uint128>& got) {
  return got.ok() ? absl::StrFormat("%d", *got)
                  : absl::StrCat("error (", got.status().message(), ")");
}

// "FILE:LINE: depth D: expected X, got Y; FEN …"
void write_failure(const Failure& f, const VerifyOptions& options, std::ostream& out) {
  out << absl::StrFormat("%s:%d: depth %d: expected %d, got %s; FEN %s\n", options.path,
                         f.record->line, f.depth, f.expected, got_text(f.got), f.record->fen)
      << std::flush;
}

std::string json_failure(const Failure& f) {
  const std::string got = f.got.ok() ? absl::StrFormat("\"got\": %d", *f.got)
                                     : absl::StrCat("\"got\": null, \"error\": ",
                                                    json_string(f.got.status().message()));
  return absl::StrFormat("{\"line\": %d, \"fen\": %s, \"depth\": %d, \"expected\": %d, %s}",
                         f.record->line, json_string(f.record->fen), f.depth, f.expected, got);
}

// {"file": …, "max_depth": N|null, "passed": N, "failed": M, "skipped": K, "failures": […]}
void write_json(const Results& results, const VerifyOptions& options, std::ostream& out) {
  std::vector<std::string> failures;
  for (const Failure& f : results.failures) failures.push_back(json_failure(f));
  out << "{\"file\": " << json_string(options.path)
      << ", \"max_depth\": " << (options.max_depth ? absl::StrCat(*options.max_depth) : "null")
      << ", \"passed\": " << results.passed << ", \"failed\": " << results.failures.size()
      << ", \"skipped\": " << results.skipped << ", \"failures\": ["
      << absl::StrJoin(failures, ", ") << "]}\n";
}

}  // namespace

// The file read, planned and counted: the one path behind run_verify and verify_file. The
// failures point into `records`, which moves with them.
struct CheckedFile {
  std::vector<epd::Record> records;
  Results results;
};

absl::StatusOr<CheckedFile> check_file(const VerifyOptions& options,
                                       console::ProgressLine& progress,
                                       const std::function<void(const Failure&)>& on_failure) {
  absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(options.path);
  if (!records.ok()) return records.status();
  const absl::StatusOr<std::vector<Check>> checks = plan_checks(*records, options);
  if (!checks.ok()) return checks.status();
  absl::StatusOr<Counter> counter = Counter::create(options.hash_megabytes, options.threads);
  if (!counter.ok()) return counter.status();
  Results results = run_checks(*checks, *counter, progress, on_failure);
  return CheckedFile{*std::move(records), std::move(results)};
}

absl::StatusOr<VerifyResults> verify_file(const VerifyOptions& options) {
  console::ProgressLine progress({.enabled = false});
  const absl::StatusOr<CheckedFile> checked = check_file(options, progress, [](const Failure&) {});
  if (!checked.ok()) return checked.status();
  const Results& results = checked->results;
  VerifyResults out{results.passed, results.skipped, {}};
  for (const Failure& f : results.failures) {
    VerifyFailure failure{f.record->line, f.record->fen, f.depth, f.expected, std::nullopt, ""};
    if (f.got.ok()) {
      failure.got = *f.got;
    } else {
      failure.error = std::string(f.got.status().message());
    }
    out.failures.push_back(std::move(failure));
  }
  return out;
}

int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  absl::StatusOr<CheckedFile> checked;
  {
    console::ProgressLine progress({.enabled = options.progress}, err, /*terminal=*/true);
    checked = check_file(options, progress, [&](const Failure& f) {
      if (options.json) return;  // all at the end, in the one object
      progress.erase();
      write_failure(f, options, out);
    });
  }
  if (!checked.ok()) return console::fail("pyke", checked.status(), err);
  const Results& results = checked->results;
  if (options.json) {
    write_json(results, options, out);
  } else {
    out << results.passed << " passed, " << results.failures.size() << " failed\n";
    if (results.skipped > 0) {
      err << "pyke: note: " << results.skipped << " positions have no count up to depth "
          << options.max_depth.value_or(0) << std::endl;
    }
  }
  out.flush();
  return results.failures.empty() ? kAllPassed : kSomeFailed;
}

}  // namespace pyke
