#include "tests/epd.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace pyke::testing {

std::string runfile(const std::string& runfiles_path) {
  const char* dir = std::getenv("TEST_SRCDIR");
  return dir ? std::string(dir) + "/" + runfiles_path : runfiles_path;
}

std::vector<PerftCase> load_epd(const std::string& runfiles_path) {
  const std::string path = runfile(runfiles_path);
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    std::abort();
  }
  std::vector<PerftCase> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<absl::string_view> parts = absl::StrSplit(line, ';');
    PerftCase c{std::string(absl::StripAsciiWhitespace(parts[0])), {}, number};
    for (size_t i = 1; i < parts.size(); ++i) {
      absl::string_view part = absl::StripAsciiWhitespace(parts[i]);
      const std::vector<absl::string_view> kv =
          absl::StrSplit(part, absl::ByAnyChar(" \t"), absl::SkipEmpty());
      int depth = 0;
      uint64_t nodes = 0;
      if (kv.size() != 2 || kv[0].size() < 2 || kv[0][0] != 'D' ||
          !absl::SimpleAtoi(kv[0].substr(1), &depth) || !absl::SimpleAtoi(kv[1], &nodes)) {
        std::fprintf(stderr, "%s:%d: malformed count '%s'\n", path.c_str(), number,
                     std::string(part).c_str());
        std::abort();
      }
      c.counts[depth] = nodes;
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace pyke::testing
