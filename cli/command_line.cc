#include "cli/command_line.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>

#include "absl/strings/str_cat.h"

namespace pyke {

void accept_dashed_flag_names(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* arg = argv[i];
    if (std::strcmp(arg, "--") == 0) return;
    if (std::strncmp(arg, "--", 2) != 0) continue;
    for (char* c = arg + 2; *c != '\0' && *c != '='; ++c) {
      if (*c == '-') *c = '_';
    }
  }
}

std::vector<char*> give_bare_flag_a_value(int argc, char** argv, absl::string_view name,
                                          std::initializer_list<absl::string_view> values) {
  static std::deque<std::string> joined;  // the rewritten arguments, alive until exit
  const std::string flag = absl::StrCat("--", name);
  std::vector<char*> out;
  bool rest = false;  // after a bare `--`
  for (int i = 0; i < argc; ++i) {
    if (i == 0 || rest || flag != argv[i]) {
      rest = rest || (i > 0 && std::strcmp(argv[i], "--") == 0);
      out.push_back(argv[i]);
      continue;
    }
    absl::string_view value = kBareFlagValue;
    if (i + 1 < argc) {
      for (absl::string_view v : values) {
        if (v == argv[i + 1]) value = v;
      }
    }
    if (value != kBareFlagValue) ++i;
    joined.push_back(absl::StrCat(flag, "=", value));
    out.push_back(joined.back().data());
  }
  return out;
}

void enter_bazel_working_directory() {
  if (const char* dir = std::getenv("BUILD_WORKING_DIRECTORY"); dir != nullptr && *dir != '\0') {
    (void)chdir(dir);  // on failure, relative paths are simply not found, and say so
  }
}

}  // namespace pyke
