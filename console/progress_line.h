// progress_line.h — a line of progress on stderr for the person watching a long count: rewritten
// in place on a terminal (at most every `interval`) and erased when done, so that stdout stays
// clean for tools; off a terminal (a pipe, mpirun forwarding stderr) nothing, or one plain line
// every `pipe_interval` when that is set.
//
//   console::ProgressLine progress({.enabled = !quiet});
//   options.progress = [&](int done, int total, absl::uint128 nodes) {
//     if (progress.due()) progress.show(absl::StrCat(done, "/", total, " root moves"));
//   };
//   …
//   progress.erase();   // before printing results (also done when it goes out of scope)
#ifndef PYKE_CONSOLE_PROGRESS_LINE_H_
#define PYKE_CONSOLE_PROGRESS_LINE_H_

#include <chrono>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>

#include "absl/strings/string_view.h"

namespace pyke::console {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  struct Options {
    bool enabled = true;                                        // false: never shown (--quiet)
    Clock::duration interval = std::chrono::milliseconds(100);  // on a terminal
    std::optional<Clock::duration> pipe_interval;               // none: silent off a terminal
    std::string pipe_prefix;  // before each plain line: "pyke_mpi: "
  };

  // On stderr, which is a terminal or not as isatty says.
  explicit ProgressLine(Options options);
  // On `err`, a terminal when `terminal` (for tests, and for callers that decided already).
  ProgressLine(Options options, std::ostream& err, bool terminal);
  ~ProgressLine() { erase(); }

  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Whether a line shown now would be seen: enabled, and its interval has passed since the last.
  // Lets the caller skip formatting a line nobody would see.
  bool due() const;

  // Shows `text` in place of the last line (on a terminal) or as a line of its own (off one),
  // if due().
  void show(absl::string_view text);

  // Takes the line off the screen until the next show(), e.g. before other output.
  void erase();

  // Seconds since the line was made: the elapsed time of what it follows.
  double seconds() const;

 private:
  Options options_;
  std::ostream& err_;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_{};
};

// The seconds still to go when `done` of `total` took `elapsed` seconds at a steady rate (0 before
// anything is done).
double seconds_left(double elapsed, double done, double total);

}  // namespace pyke::console

#endif  // PYKE_CONSOLE_PROGRESS_LINE_H_
