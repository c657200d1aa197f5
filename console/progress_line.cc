#include "console/progress_line.h"

#include <unistd.h>

#include <chrono>
#include <ostream>

#include "absl/strings/string_view.h"

namespace pyke::console {

ProgressLine::ProgressLine(Options options)
    : ProgressLine(std::move(options), std::cerr, isatty(STDERR_FILENO) != 0) {}

ProgressLine::ProgressLine(Options options, std::ostream& err, bool terminal)
    : options_(std::move(options)), err_(err), terminal_(terminal) {}

bool ProgressLine::due() const {
  if (!options_.enabled) return false;
  if (!terminal_ && !options_.pipe_interval) return false;
  const Clock::duration interval = terminal_ ? options_.interval : *options_.pipe_interval;
  return last_ == Clock::time_point{} || Clock::now() - last_ >= interval;
}

void ProgressLine::show(absl::string_view text) {
  if (!due()) return;
  last_ = Clock::now();
  if (terminal_) {
    err_ << "\r\x1b[K" << text << std::flush;
    shown_ = true;
  } else {
    err_ << options_.pipe_prefix << text << std::endl;
  }
}

void ProgressLine::erase() {
  if (shown_) err_ << "\r\x1b[K" << std::flush;
  shown_ = false;
}

double ProgressLine::seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

double seconds_left(double elapsed, double done, double total) {
  return done > 0 ? elapsed * (total - done) / done : 0;
}

}  // namespace pyke::console
