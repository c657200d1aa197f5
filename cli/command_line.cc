#include "cli/command_line.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

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

void enter_bazel_working_directory() {
  if (const char* dir = std::getenv("BUILD_WORKING_DIRECTORY"); dir != nullptr && *dir != '\0') {
    (void)chdir(dir);  // on failure, relative paths are simply not found, and say so
  }
}

}  // namespace pyke
