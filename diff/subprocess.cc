#include "diff/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "absl/strings/str_cat.h"

namespace pyke::diff {
namespace {

absl::Status errno_error(absl::string_view what) {
  return absl::UnavailableError(absl::StrCat(what, ": ", std::strerror(errno)));
}

void close_quietly(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Runs in the child between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(int stdin_fd, int stdout_fd, char* const argv[]) {
  setpgid(0, 0);
  signal(SIGPIPE, SIG_DFL);  // an ignored SIGPIPE would be inherited through exec
  dup2(stdin_fd, STDIN_FILENO);
  dup2(stdout_fd, STDOUT_FILENO);
  execvp(argv[0], argv);
  _exit(127);
}

std::string status_text(int status) {
  if (WIFEXITED(status)) return absl::StrCat("exit status ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return absl::StrCat("killed by signal ", WTERMSIG(status));
  return "stopped";
}

}  // namespace

absl::StatusOr<std::unique_ptr<Subprocess>> Subprocess::start(
    const std::vector<std::string>& argv) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return errno_error("pipe");
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return errno_error("pipe");
  }
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) exec_child(to_child[0], from_child[1], args.data());
  close(to_child[0]);
  close(from_child[1]);
  if (pid < 0) {
    close(to_child[1]);
    close(from_child[0]);
    return errno_error("fork");
  }
  setpgid(pid, pid);  // also here, so that the group exists before any kill
  return std::unique_ptr<Subprocess>(new Subprocess(pid, to_child[1], from_child[0]));
}

Subprocess::~Subprocess() {
  wait_for_exit(Clock::now() + std::chrono::milliseconds(500));
  if (!reaped_) {
    kill(-pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  close_quietly(from_child_);
}

absl::Status Subprocess::write(absl::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(to_child_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      return absl::UnavailableError(
          absl::StrCat("could not write to it (", std::strerror(error), "); ",
                       exit_description(Clock::now() + std::chrono::milliseconds(500))));
    }
    text.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

absl::StatusOr<bool> Subprocess::fill(Clock::time_point deadline) {
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return absl::DeadlineExceededError("no answer in time");
    pollfd pfd{from_child_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return errno_error("poll");
    if (ready == 0) continue;  // the loop checks the deadline
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno_error("read");
    if (n == 0) return false;
    buffer_.append(chunk, static_cast<size_t>(n));
    return true;
  }
}

absl::StatusOr<std::string> Subprocess::read_line(Clock::time_point deadline) {
  while (true) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLineLength) {
      return absl::OutOfRangeError(
          absl::StrCat("it printed a line longer than ", kMaxLineLength, " bytes"));
    }
    absl::StatusOr<bool> more = fill(deadline);
    if (!more.ok()) return more.status();
    if (!*more) {
      if (!buffer_.empty()) {  // a last line without a newline
        std::string line;
        line.swap(buffer_);
        return line;
      }
      return absl::UnavailableError(
          absl::StrCat("it closed its output; ",
                       exit_description(Clock::now() + std::chrono::milliseconds(500))));
    }
  }
}

std::string Subprocess::exit_description(Clock::time_point deadline) {
  const std::string how = wait_for_exit(deadline);
  if (how == "still running") return "it is still running";
  return absl::StrCat("it has exited (", how, ")");
}

std::string Subprocess::wait_for_exit(Clock::time_point deadline) {
  close_quietly(to_child_);
  while (!reaped_) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      reaped_ = true;
      how_it_ended_ = status_text(status);
      break;
    }
    if (done < 0 && errno != EINTR) {
      reaped_ = true;
      how_it_ended_ = "gone";
      break;
    }
    if (Clock::now() >= deadline) return "still running";
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return how_it_ended_;
}

}  // namespace pyke::diff
