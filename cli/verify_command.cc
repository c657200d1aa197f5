// `pyke verify FILE`: the command line of //verify.
#include "cli/verify_command.h"

#include <unistd.h>

#include <iostream>
#include <optional>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "console/command_line.h"
#include "console/fail.h"
#include "verify/verify.h"

ABSL_FLAG(std::optional<int>, max_depth, std::nullopt,
          "verify: check the counts up to this depth (default: every depth listed)");

namespace pyke {

int verify_command(const std::vector<char*>& args, uint64_t hash_megabytes, bool quiet, int threads,
                   bool stats, bool json) {
  if (args.size() != 3) {
    return console::fail(
        "pyke",
        absl::InvalidArgumentError("usage: pyke verify [--stats] FILE.epd|FILE.tsv [--max_depth N] "
                                   "[--threads N] [--hash MB] [--json] [--quiet]"));
  }
  console::enter_bazel_working_directory();
  VerifyOptions options;
  options.path = args[2];
  options.max_depth = absl::GetFlag(FLAGS_max_depth);
  options.hash_megabytes = hash_megabytes;
  options.threads = threads;
  options.progress = !quiet && isatty(STDERR_FILENO);
  options.json = json;
  if (options.max_depth && *options.max_depth < 0) {
    return console::fail("pyke", absl::InvalidArgumentError("--max_depth must be 0 or more"));
  }
  if (stats) return run_verify_stats(options, std::cout, std::cerr);
  return run_verify(options, std::cout, std::cerr);
}

}  // namespace pyke
