// journal.h — the record of a distributed perft's finished work units, for resuming a killed run.
//
//   absl::StatusOr<Journal> j = Journal::open("perft11.journal", header);
//   for (const auto& [unit, count] : j->done()) { … }     // taken from an earlier run
//   absl::Status s = j->append(unit, count);               // written and flushed at once
//
// The file is text. Its first line identifies the run — format version, FEN, depth, frontier
// ply, unit count — and a journal whose first line differs (another position, depth, frontier or
// format) is refused, never mixed in. Every later line is one finished unit,
// `<unit> <count> <check>`, where <check> is a hash of the other two: a line cut short by a crash
// during a write fails the check (or lacks its newline) and, as the last line, is ignored and cut
// off before new lines are appended. A bad line anywhere else means the file was damaged or
// edited: an error, never a silently wrong total.
//
// A statistics run (`pyke_mpi --stats`) marks its header ` stats` and writes the nine columns of
// perft/stats.h instead of the count: `<unit> <nodes> <captures> … <checkmates> <check>`. A plain
// journal and a statistics journal of the same run differ in their headers: never mixed.
#ifndef PYKE_MPI_JOURNAL_H_
#define PYKE_MPI_JOURNAL_H_

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "perft/stats.h"

namespace pyke::mpi {

inline constexpr int kJournalVersion = 1;

// The first line of a journal for this run; `stats` for a statistics run.
std::string journal_header(const std::string& fen, int depth, int ply, size_t units,
                           bool stats = false);

class Journal {
 public:
  // Opens `path` for `header`: creates it, or reads what an earlier run of the same header
  // finished. Errors: a foreign header, a damaged line, a unit index or count out of range, or
  // a file that cannot be read or written.
  static absl::StatusOr<Journal> open(const std::string& path, const std::string& header,
                                      size_t units, bool stats = false);

  Journal(Journal&&) = default;
  Journal& operator=(Journal&&) = default;

  // Units finished, with their counts (a plain run's in `nodes`): those of earlier runs when
  // opened, and those appended since.
  const std::map<size_t, perft::Stats>& done() const { return done_; }
  // True when a torn last line was found (and dropped).
  bool dropped_torn_line() const { return dropped_torn_line_; }

  // Appends one finished unit and flushes it to the operating system.
  absl::Status append(size_t unit, const perft::Stats& count);

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  Journal() = default;

  std::string path_;
  std::unique_ptr<std::FILE, Closer> file_;
  std::map<size_t, perft::Stats> done_;
  bool dropped_torn_line_ = false;
  bool stats_ = false;
};

// The check value of a unit line (exposed for tests): of the count alone in a plain journal, of
// every column in a statistics journal.
std::string journal_check(size_t unit, absl::uint128 count);
std::string journal_check(size_t unit, const perft::Stats& stats);

}  // namespace pyke::mpi

#endif  // PYKE_MPI_JOURNAL_H_
