// command_line.h — small command-line conveniences: `--help` and `--version`, flags written with
// dashes as well as underscores, and relative paths under `bazel run`.
//
//   use_pyke_flags_usage({"cli/", "request/"});  // --help lists those flags; --version names Pyke
//   accept_dashed_flag_names(argc, argv);   // --max-depth=3  becomes  --max_depth=3
//   absl::ParseCommandLine(argc, argv);
//   enter_bazel_working_directory();        // before opening files named on the command line
//
// Abseil flag names cannot hold '-', so Pyke names its flags with '_' (max_depth,
// engine_timeout, …) and rewrites the name part of every `--flag` argument before parsing.
// Values and positional arguments are left alone, and nothing after a bare `--` is touched.
//
// A string flag whose value may be left out (`--verify`, `--verify rekey`):
//
//   std::vector<char*> args = give_bare_flag_a_value(argc, argv, "verify", {"recount", "rekey"});
//   // --verify rekey 9  →  --verify=rekey 9;   --verify 9  →  --verify=<kBareFlagValue> 9
#ifndef PYKE_CONSOLE_COMMAND_LINE_H_
#define PYKE_CONSOLE_COMMAND_LINE_H_

#include <initializer_list>
#include <vector>

#include "absl/strings/string_view.h"

namespace pyke::console {

// Abseil's flags usage for a Pyke binary: `--help` lists the flags defined in files under any of
// `flag_dirs` (Abseil would otherwise look for a file named after the binary, find none and print
// "No flags matched"), and `--version` names the engine and the slider backend it counts with on
// this CPU (Abseil's default names the binary's file and says whether Abseil itself was built
// with assertions). Call before absl::ParseCommandLine.
void use_pyke_flags_usage(std::initializer_list<absl::string_view> flag_dirs);

// Rewrites argv in place.
void accept_dashed_flag_names(int argc, char** argv);

// The value a flag given alone gets from give_bare_flag_a_value.
inline constexpr absl::string_view kBareFlagValue = "bare";

// argv with `--name V` joined into `--name=V` when V is one of `values`, and `--name` alone
// given kBareFlagValue, so that Abseil parses it as a string flag whose value may be omitted.
// The strings returned live as long as the program. Nothing after a bare `--` is touched.
std::vector<char*> give_bare_flag_a_value(int argc, char** argv, absl::string_view name,
                                          std::initializer_list<absl::string_view> values);

// Under `bazel run` the program starts in its runfiles tree; this returns to the directory bazel
// was started from (BUILD_WORKING_DIRECTORY), so that `bazel run //cli:pyke -- verify my.epd` and
// `--engine ./my_engine` mean what they say. Does nothing outside `bazel run`.
void enter_bazel_working_directory();

}  // namespace pyke::console

#endif  // PYKE_CONSOLE_COMMAND_LINE_H_
