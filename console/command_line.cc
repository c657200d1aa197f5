#include "console/command_line.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cpu/slider_choice.h"
#include "movegen/attacks.h"
#include "uci/engine.h"

namespace pyke::console {

void use_pyke_flags_usage(std::initializer_list<absl::string_view> flag_dirs) {
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = [dirs = std::vector<std::string>(flag_dirs.begin(), flag_dirs.end())](
                                  absl::string_view file) {
    for (const std::string& dir : dirs) {
      if (absl::StrContains(file, dir)) return true;
    }
    return false;
  };
  usage.contains_helpshort_flags = usage.contains_help_flags;
  usage.version_string = [] {
    const cpu::SliderChoice choice = cpu::choose_slider_backend_here();
    return absl::StrCat(uci::kEngineName, "\nslider backend on this CPU: ",
                        std::string(slider_backend_name(choice.backend)), " (", choice.reason,
                        ")\n");
  };
  absl::SetFlagsUsageConfig(usage);
}

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

}  // namespace pyke::console
