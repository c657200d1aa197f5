// command_line.h — small command-line conveniences: flags written with dashes as well as
// underscores, and relative paths under `bazel run`.
//
//   accept_dashed_flag_names(argc, argv);   // --max-depth=3  becomes  --max_depth=3
//   absl::ParseCommandLine(argc, argv);
//   enter_bazel_working_directory();        // before opening files named on the command line
//
// Abseil flag names cannot hold '-', so Pyke names its flags with '_' (max_depth,
// engine_timeout, …) and rewrites the name part of every `--flag` argument before parsing.
// Values and positional arguments are left alone, and nothing after a bare `--` is touched.
#ifndef PYKE_CLI_COMMAND_LINE_H_
#define PYKE_CLI_COMMAND_LINE_H_

namespace pyke {

// Rewrites argv in place.
void accept_dashed_flag_names(int argc, char** argv);

// Under `bazel run` the program starts in its runfiles tree; this returns to the directory bazel
// was started from (BUILD_WORKING_DIRECTORY), so that `bazel run //cli:pyke -- verify my.epd` and
// `--engine ./my_engine` mean what they say. Does nothing outside `bazel run`.
void enter_bazel_working_directory();

}  // namespace pyke

#endif  // PYKE_CLI_COMMAND_LINE_H_
