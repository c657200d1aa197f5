// command_line.h — lets pyke's flags be written with dashes as well as underscores.
//
//   accept_dashed_flag_names(argc, argv);   // --max-depth=3  becomes  --max_depth=3
//   absl::ParseCommandLine(argc, argv);
//
// Abseil flag names cannot hold '-', so Pyke names its flags with '_' (max_depth,
// engine_timeout, …) and rewrites the name part of every `--flag` argument before parsing.
// Values and positional arguments are left alone, and nothing after a bare `--` is touched.
#ifndef PYKE_CLI_COMMAND_LINE_H_
#define PYKE_CLI_COMMAND_LINE_H_

namespace pyke {

// Rewrites argv in place.
void accept_dashed_flag_names(int argc, char** argv);

}  // namespace pyke

#endif  // PYKE_CLI_COMMAND_LINE_H_
