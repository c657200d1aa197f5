#include "cli/verify.h"

#include <unistd.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command_line.h"
#include "cli/text.h"
#include "epd/epd.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "tt/table.h"

ABSL_FLAG(std::optional<int>, max_depth, std::nullopt,
          "verify: check the counts up to this depth (default: every depth listed)");
ABSL_FLAG(bool, json, false,
          "print one JSON object instead of text (pyke DEPTH: the divide and the total; bench; "
          "verify: totals and the failures)");

namespace pyke {
namespace {

constexpr int kAllPassed = 0;
constexpr int kSomeFailed = 1;
constexpr int kCannotRun = 2;

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
    if (hash_megabytes > 0) {
      absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
          tt::PerftTable::create(hash_megabytes, threads);
      if (!table.ok()) return table.status();
      counter.table_ = *std::move(table);
    }
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

using Clock = std::chrono::steady_clock;

// "12/180 positions, line 37, depth 5, 1 failed, 3.2 s" on stderr, rewritten in place (at most
// ten times a second) and erased when it goes out of scope.
class ProgressLine {
 public:
  ProgressLine(bool enabled, std::ostream& err) : enabled_(enabled), err_(err) {}
  ~ProgressLine() { erase(); }

  // Takes the line off the screen (until the next update), e.g. before other output.
  void erase() {
    if (enabled_ && shown_) err_ << "\r\x1b[K" << std::flush;
    shown_ = false;
  }

  void update(int done, int total, int line, int depth, int failed) {
    if (!enabled_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_shown_ < std::chrono::milliseconds(100)) return;  // no flicker
    last_shown_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    err_ << absl::StrFormat("\r\x1b[K%d/%d positions, line %d, depth %d, %d failed, %.1f s", done,
                            total, line, depth, failed, seconds)
         << std::flush;
    shown_ = true;
  }

 private:
  bool enabled_;
  std::ostream& err_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_shown_;
};

// Counts every check; `on_failure` sees each failure as it is found.
Results run_checks(const std::vector<Check>& checks, Counter& counter, ProgressLine& progress,
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
      progress.update(static_cast<int>(i), static_cast<int>(checks.size()), check.record->line,
                      depth, static_cast<int>(results.failures.size()));
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

int fail(const absl::Status& status, std::ostream& err) {
  err << "pyke: " << status.message() << std::endl;
  return kCannotRun;
}

}  // namespace

// The file read, planned and counted: the one path behind run_verify and verify_file. The
// failures point into `records`, which moves with them.
struct CheckedFile {
  std::vector<epd::Record> records;
  Results results;
};

absl::StatusOr<CheckedFile> check_file(const VerifyOptions& options, ProgressLine& progress,
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
  ProgressLine progress(false, std::cerr);
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
    ProgressLine progress(options.progress, err);
    checked = check_file(options, progress, [&](const Failure& f) {
      if (options.json) return;  // all at the end, in the one object
      progress.erase();
      write_failure(f, options, out);
    });
  }
  if (!checked.ok()) return fail(checked.status(), err);
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

int verify_command(const std::vector<char*>& args, uint64_t hash_megabytes, bool quiet, int threads,
                   bool stats) {
  if (args.size() != 3) {
    return fail(
        absl::InvalidArgumentError("usage: pyke verify [--stats] FILE.epd|FILE.tsv [--max_depth N] "
                                   "[--threads N] [--hash MB] [--json] [--quiet]"),
        std::cerr);
  }
  enter_bazel_working_directory();
  VerifyOptions options;
  options.path = args[2];
  options.max_depth = absl::GetFlag(FLAGS_max_depth);
  options.hash_megabytes = hash_megabytes;
  options.threads = threads;
  options.progress = !quiet && isatty(STDERR_FILENO);
  options.json = absl::GetFlag(FLAGS_json);
  if (options.max_depth && *options.max_depth < 0) {
    return fail(absl::InvalidArgumentError("--max_depth must be 0 or more"), std::cerr);
  }
  if (stats) return run_verify_stats(options, std::cout, std::cerr);
  return run_verify(options, std::cout, std::cerr);
}

}  // namespace pyke
