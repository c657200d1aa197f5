#include "mpi/journal.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "perft/perft.h"
#include "perft/stats.h"

namespace pyke::mpi {
namespace {

uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

absl::Status journal_error(const std::string& path, int line, absl::string_view what) {
  return absl::DataLossError(absl::StrCat("journal ", path, ":", line, ": ", what));
}

}  // namespace

std::string journal_header(const std::string& fen, int depth, int ply, size_t units, bool stats) {
  return absl::StrCat("pyke-mpi-journal version=", kJournalVersion, stats ? " stats" : "",
                      " depth=", depth, " frontier=", ply, " units=", units, " fen=", fen);
}

namespace {

uint64_t check_value(uint64_t h, absl::uint128 count) {
  return mix(mix(h) ^ absl::Uint128High64(count)) ^ absl::Uint128Low64(count);
}

}  // namespace

std::string journal_check(size_t unit, absl::uint128 count) {
  return absl::StrCat(absl::Hex(mix(check_value(unit, count)), absl::kZeroPad16));
}

std::string journal_check(size_t unit, const perft::Stats& stats) {
  uint64_t h = unit;
  for (int c = 0; c < perft::Stats::kColumns; ++c) h = check_value(h, stats.column(c));
  return absl::StrCat(absl::Hex(mix(h), absl::kZeroPad16));
}

absl::StatusOr<Journal> Journal::open(const std::string& path, const std::string& header,
                                      size_t units, bool stats) {
  Journal journal;
  journal.path_ = path;
  journal.stats_ = stats;
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
    } else if (errno != ENOENT) {
      return absl::PermissionDeniedError(
          absl::StrCat("cannot read journal ", path, ": ", std::strerror(errno)));
    }
  }
  size_t keep = text.size();  // bytes of the file that stay (a torn tail is cut off)
  if (!text.empty()) {
    std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
    // A file that ends with a newline splits into a last empty piece; otherwise the last piece
    // is a line whose write did not finish.
    const bool complete = lines.back().empty();
    lines.pop_back();
    if (lines.empty() || lines[0] != header) {
      const absl::string_view found = lines.empty() ? absl::string_view(text) : lines[0];
      return absl::FailedPreconditionError(
          absl::StrCat("journal ", path, " belongs to another run (or format): it starts\n  ",
                       found.substr(0, 300), "\nbut this run is\n  ", header,
                       "\nuse another --journal file, or delete this one to start afresh"));
    }
    size_t offset = lines[0].size() + 1;
    for (size_t i = 1; i < lines.size(); ++i) {
      const std::vector<absl::string_view> fields = absl::StrSplit(lines[i], ' ');
      size_t unit = 0;
      perft::Stats count;
      const size_t columns = stats ? perft::Stats::kColumns : 1;
      bool ok = fields.size() == columns + 2 && absl::SimpleAtoi(fields[0], &unit);
      for (size_t c = 0; ok && c < columns; ++c) {
        ok = absl::SimpleAtoi(fields[1 + c], &count.column(static_cast<int>(c)));
      }
      ok = ok &&
           fields.back() == (stats ? journal_check(unit, count) : journal_check(unit, count.nodes));
      if (!ok) {
        if (i + 1 == lines.size()) {  // the last complete-looking line: torn by a crash
          journal.dropped_torn_line_ = true;
          keep = offset;
          break;
        }
        return journal_error(path, static_cast<int>(i + 1), "damaged line (check failed)");
      }
      if (unit >= units) return journal_error(path, static_cast<int>(i + 1), "no such unit");
      const auto [at, inserted] = journal.done_.emplace(unit, count);
      if (!inserted && at->second != count) {
        return journal_error(path, static_cast<int>(i + 1),
                             "the same unit with two different counts");
      }
      offset += lines[i].size() + 1;
    }
    if (!complete && !journal.dropped_torn_line_) {
      journal.dropped_torn_line_ = true;  // a last line without its newline
      keep = offset;
    }
    if (keep < text.size() && truncate(path.c_str(), static_cast<off_t>(keep)) != 0) {
      return absl::PermissionDeniedError(
          absl::StrCat("cannot cut the torn line off ", path, ": ", std::strerror(errno)));
    }
  }
  journal.file_.reset(std::fopen(path.c_str(), "ab"));
  if (!journal.file_) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot write journal ", path, ": ", std::strerror(errno)));
  }
  if (text.empty()) {
    std::fprintf(journal.file_.get(), "%s\n", header.c_str());
    std::fflush(journal.file_.get());
  }
  return journal;
}

absl::Status Journal::append(size_t unit, const perft::Stats& count) {
  std::string line = absl::StrCat(unit);
  for (int c = 0; c < (stats_ ? perft::Stats::kColumns : 1); ++c) {
    absl::StrAppend(&line, " ", perft::count_text(count.column(c)));
  }
  absl::StrAppend(&line, " ",
                  stats_ ? journal_check(unit, count) : journal_check(unit, count.nodes), "\n");
  if (std::fputs(line.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) {
    return absl::DataLossError(
        absl::StrCat("cannot write journal ", path_, ": ", std::strerror(errno)));
  }
  done_.emplace(unit, count);
  return absl::OkStatus();
}

}  // namespace pyke::mpi
