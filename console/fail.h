// fail.h — how a Pyke program refuses what it was asked: one line on stderr that names the
// program and the problem, and exit status 2.
//
//   if (!depth.ok()) return console::fail("pyke", depth.status());
//   // stderr: "pyke: depth 'x' is not a number (expected 0 to 20)"; exit status 2
#ifndef PYKE_CONSOLE_FAIL_H_
#define PYKE_CONSOLE_FAIL_H_

#include <iostream>
#include <ostream>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace pyke::console {

// The exit status of a command that cannot run: bad input, an impossible request, an engine
// that cannot be started.
inline constexpr int kCannotRun = 2;

// Writes "PROGRAM: MESSAGE" on `err` and returns kCannotRun.
inline int fail(absl::string_view program, const absl::Status& status,
                std::ostream& err = std::cerr) {
  err << program << ": " << status.message() << std::endl;
  return kCannotRun;
}

}  // namespace pyke::console

#endif  // PYKE_CONSOLE_FAIL_H_
