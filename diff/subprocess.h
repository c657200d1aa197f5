// subprocess.h — a child process with pipes to its stdin and from its stdout (POSIX fork/exec).
//
//   absl::StatusOr<std::unique_ptr<Subprocess>> p = Subprocess::start({"sh", "-c", "stockfish"});
//   (*p)->write("uci\n");
//   absl::StatusOr<std::string> line = (*p)->read_line(Clock::now() + std::chrono::seconds(5));
//
// The child runs in a process group of its own; the destructor closes its stdin, gives it a
// moment to exit, then kills the whole group. Its stderr is ours.
//
// Writing to a child that has exited fails with EPIPE, which also raises SIGPIPE: the program
// must ignore SIGPIPE (`signal(SIGPIPE, SIG_IGN)`) before using this class. The child gets the
// default SIGPIPE handling back.
#ifndef PYKE_DIFF_SUBPROCESS_H_
#define PYKE_DIFF_SUBPROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace pyke::diff {

using Clock = std::chrono::steady_clock;

class Subprocess {
 public:
  // Starts argv[0] (searched in PATH) with the given arguments.
  static absl::StatusOr<std::unique_ptr<Subprocess>> start(const std::vector<std::string>& argv);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes all of `text` to the child's stdin. Unavailable when the child has gone.
  absl::Status write(absl::string_view text);

  // The next line of the child's stdout, without its newline ("\r\n" too). DeadlineExceeded at
  // the deadline; Unavailable at end of output, saying how the child ended; OutOfRange for a
  // line longer than kMaxLineLength.
  absl::StatusOr<std::string> read_line(Clock::time_point deadline);

  // Closes the child's stdin and waits until `deadline` for it to exit. "exit status N",
  // "killed by signal N", or "still running".
  std::string wait_for_exit(Clock::time_point deadline);

  static constexpr size_t kMaxLineLength = 1 << 20;

 private:
  Subprocess(pid_t pid, int to_child, int from_child)
      : pid_(pid), to_child_(to_child), from_child_(from_child) {}
  // "it has exited (exit status 3)" or "it is still running", waiting until `deadline`.
  std::string exit_description(Clock::time_point deadline);
  // Fills buffer_ with whatever is readable before the deadline; false at end of output.
  absl::StatusOr<bool> fill(Clock::time_point deadline);

  pid_t pid_;
  int to_child_;
  int from_child_;
  std::string buffer_;
  bool reaped_ = false;
  std::string how_it_ended_;
};

}  // namespace pyke::diff

#endif  // PYKE_DIFF_SUBPROCESS_H_
