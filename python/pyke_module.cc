// pyke_module.cc — the `pyke` Python module: perft, divide, legal moves and EPD verification with
// Pyke's kernels, the GIL released while counting.
//
//   >>> import pyke
//   >>> pyke.perft("startpos", 6)
//   119060324
//   >>> pyke.divide(board.fen(), 3)["e2e4"]       # a python-chess Board's FEN goes straight in
//   >>> pyke.perft(fen, 8, threads=2, hash_mb=1024)
//
// A position is a FEN (standard, X-FEN or Shredder-FEN castling; the move counters may be left
// out) or "startpos", optionally followed by `moves=[...]` in UCI notation. `chess960=True` reads
// and writes castling as the king taking its rook (e1h1), as `pyke --chess960` does. Every error
// raises ValueError with the message `pyke` prints; Ctrl-C stops a count and raises
// KeyboardInterrupt. Counts are Python ints, exact at any size.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "movegen/move.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
#include "tt/move_stats_table.h"
#include "tt/table.h"
#include "verify/verify.h"

namespace py = pybind11;

namespace pyke::python {
namespace {

// The value of a StatusOr, or ValueError with its message.
template <class T>
T value_or_raise(absl::StatusOr<T> result) {
  if (!result.ok()) throw py::value_error(std::string(result.status().message()));
  return *std::move(result);
}

py::int_ to_python(absl::uint128 n) { return py::int_(py::str(perft::count_text(n))); }

// The position a call counts from: `fen` ("startpos" or a FEN) after `moves`, as on the command
// line (request/request.h).
request::Root root_of(const std::string& fen, const std::vector<std::string>& moves,
                      bool chess960) {
  if (fen.empty()) throw py::value_error("empty FEN: give a FEN, or \"startpos\"");
  return value_or_raise(request::parse_root(fen, moves, chess960));
}

// `threads` as Python callers give it: 0 is every CPU this process may run on.
int thread_count(int threads) {
  return value_or_raise(
      request::resolve_threads(threads == 0 ? std::nullopt : std::optional<int>(threads)));
}

// Threads and table of a count (threads 0 means every CPU this process may run on), and Ctrl-C:
// every 200 ms the calling thread takes the GIL and lets Python check its signals; on one (a
// KeyboardInterrupt, say) the count is stopped within milliseconds and the exception raised.
// Counting through the stop flag also runs the same kernels as `pyke DEPTH` (the stoppable ones,
// which the profile was trained on).
struct Counting {
  perft::Options options;
  std::unique_ptr<tt::PerftTable> table;
  std::unique_ptr<std::atomic<bool>> stop = std::make_unique<std::atomic<bool>>(false);
  bool interrupted = false;

  // Raises the pending Python exception after an interrupted count (the GIL held again).
  void raise_if_interrupted() const {
    if (interrupted) throw py::error_already_set();
  }
};

Counting counting(int threads, uint64_t hash_mb) {
  Counting c;
  c.options.threads = thread_count(threads);
  c.table = value_or_raise(request::make_table<tt::PerftTable>(hash_mb, c.options.threads));
  c.options.table = c.table.get();
  return c;
}

// Points `c`'s options at its stop flag and signal check (once `c` has its final address).
void watch_signals(Counting& c) {
  c.options.stop = c.stop.get();
  c.options.progress = [&c](int, int, absl::uint128) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      c.interrupted = true;
      c.stop->store(true);
    }
  };
}

py::int_ perft_py(const std::string& fen, int depth, int threads, uint64_t hash_mb,
                  const std::vector<std::string>& moves, bool chess960) {
  const request::Root root = root_of(fen, moves, chess960);
  Counting c = counting(threads, hash_mb);
  watch_signals(c);
  absl::StatusOr<absl::uint128> nodes;
  {
    py::gil_scoped_release counting_without_the_gil;
    nodes = perft::perft(root.position, depth, c.options);
  }
  c.raise_if_interrupted();
  return to_python(value_or_raise(std::move(nodes)));
}

py::dict divide_py(const std::string& fen, int depth, int threads, uint64_t hash_mb,
                   const std::vector<std::string>& moves, bool chess960) {
  const request::Root root = root_of(fen, moves, chess960);
  Counting c = counting(threads, hash_mb);
  watch_signals(c);
  absl::StatusOr<std::vector<perft::DivideEntry>> entries;
  {
    py::gil_scoped_release counting_without_the_gil;
    entries = perft::divide(root.position, depth, c.options);
  }
  c.raise_if_interrupted();
  py::dict out;  // sorted as `pyke DEPTH` prints them
  for (const auto& [move, nodes] :
       perft::sorted_divide(value_or_raise(std::move(entries)), root.chess960)) {
    out[py::str(move)] = to_python(nodes);
  }
  return out;
}

// A statistics count: the options of `c` (threads, stop flag, signal checks) with a statistics
// table of its own when `hash_mb` > 0.
struct StatsCounting {
  perft::StatsOptions options;
  std::unique_ptr<tt::MoveStatsTable> table;
};

StatsCounting stats_counting(const Counting& c, uint64_t hash_mb) {
  StatsCounting s;
  s.options.threads = c.options.threads;
  s.options.stop = c.options.stop;
  s.options.progress = c.options.progress;
  s.table = value_or_raise(request::make_table<tt::MoveStatsTable>(hash_mb, s.options.threads));
  s.options.table = s.table.get();
  return s;
}

// {"nodes": …, "captures": …, …} (the columns of perft/stats.h, named as in --json).
py::dict stats_dict(const perft::Stats& stats) {
  py::dict out;
  for (int c = 0; c < perft::Stats::kColumns; ++c) {
    out[py::str(std::string(perft::kStatsColumns[c]))] = to_python(stats.column(c));
  }
  return out;
}

py::dict stats_py(const std::string& fen, int depth, int threads, uint64_t hash_mb,
                  const std::vector<std::string>& moves, bool chess960) {
  const request::Root root = root_of(fen, moves, chess960);
  Counting c = counting(threads, 0);
  watch_signals(c);
  StatsCounting s = stats_counting(c, hash_mb);
  absl::StatusOr<perft::Stats> stats;
  {
    py::gil_scoped_release counting_without_the_gil;
    stats = perft::perft_stats(root.position, depth, s.options);
  }
  c.raise_if_interrupted();
  return stats_dict(value_or_raise(std::move(stats)));
}

py::dict divide_stats_py(const std::string& fen, int depth, int threads, uint64_t hash_mb,
                         const std::vector<std::string>& moves, bool chess960) {
  const request::Root root = root_of(fen, moves, chess960);
  Counting c = counting(threads, 0);
  watch_signals(c);
  StatsCounting s = stats_counting(c, hash_mb);
  absl::StatusOr<std::vector<perft::StatsDivideEntry>> entries;
  {
    py::gil_scoped_release counting_without_the_gil;
    entries = perft::divide_stats(root.position, depth, s.options);
  }
  c.raise_if_interrupted();
  py::dict out;  // sorted as `pyke --stats DEPTH` prints them
  for (const auto& [move, stats] :
       perft::sorted_stats_divide(value_or_raise(std::move(entries)), root.chess960)) {
    out[py::str(move)] = stats_dict(stats);
  }
  return out;
}

std::vector<std::string> legal_moves_py(const std::string& fen,
                                        const std::vector<std::string>& moves, bool chess960) {
  const request::Root root = root_of(fen, moves, chess960);
  std::vector<std::string> out;
  for (Move move : legal_moves(root.position)) out.push_back(to_uci(move, root.chess960));
  std::sort(out.begin(), out.end());
  return out;
}

py::dict verify_py(const std::string& path, std::optional<int> max_depth, int threads,
                   uint64_t hash_mb) {
  VerifyOptions options;
  options.path = path;
  options.max_depth = max_depth;
  options.hash_megabytes = hash_mb;
  options.threads = thread_count(threads);
  absl::StatusOr<VerifyResults> results;
  {
    py::gil_scoped_release counting_without_the_gil;
    results = verify_file(options);
  }
  const VerifyResults r = value_or_raise(std::move(results));
  py::list failures;
  for (const VerifyFailure& f : r.failures) {
    py::dict failure;
    failure["line"] = f.line;
    failure["fen"] = f.fen;
    failure["depth"] = f.depth;
    failure["expected"] = to_python(f.expected);
    failure["got"] = f.got ? py::object(to_python(*f.got)) : py::object(py::none());
    if (!f.got) failure["error"] = f.error;
    failures.append(failure);
  }
  py::dict out;
  out["passed"] = r.passed;
  out["failed"] = static_cast<int>(r.failures.size());
  out["skipped"] = r.skipped;
  out["failures"] = failures;
  return out;
}

}  // namespace
}  // namespace pyke::python

PYBIND11_MODULE(pyke, m) {
  using namespace pyke::python;
  namespace perft = pyke::perft;
  m.doc() =
      "Pyke: exact perft at native speed (perft, divide, stats, divide_stats, legal_moves, "
      "verify).";
  m.attr("MAX_DEPTH") = perft::kMaxDepth;
  m.attr("MAX_THREADS") = perft::kMaxThreads;
  m.def("perft", &perft_py, py::arg("fen"), py::arg("depth"), py::kw_only(), py::arg("threads") = 0,
        py::arg("hash_mb") = 0, py::arg("moves") = std::vector<std::string>{},
        py::arg("chess960") = false,
        "The number of leaf nodes of the legal move tree of `fen` (or \"startpos\") after "
        "`moves`, to `depth` (0 to MAX_DEPTH). threads=0: every CPU; hash_mb=0: no table.");
  m.def("divide", &divide_py, py::arg("fen"), py::arg("depth"), py::kw_only(),
        py::arg("threads") = 0, py::arg("hash_mb") = 0,
        py::arg("moves") = std::vector<std::string>{}, py::arg("chess960") = false,
        "perft split by root move: {uci_move: nodes}, sorted by move. depth 1 to MAX_DEPTH.");
  m.def("stats", &stats_py, py::arg("fen"), py::arg("depth"), py::kw_only(), py::arg("threads") = 0,
        py::arg("hash_mb") = 0, py::arg("moves") = std::vector<std::string>{},
        py::arg("chess960") = false,
        "Perft statistics of a position (FEN or \"startpos\"): the leaf moves that are captures, "
        "en passant (\"ep\"), castles, promotions, checks, discovery checks, double checks and "
        "checkmates, with \"nodes\", as the Chess Programming Wiki's tables define them.");
  m.def("divide_stats", &divide_stats_py, py::arg("fen"), py::arg("depth"), py::kw_only(),
        py::arg("threads") = 0, py::arg("hash_mb") = 0,
        py::arg("moves") = std::vector<std::string>{}, py::arg("chess960") = false,
        "The statistics per root move: {move: {column: count}}, sorted by move.");
  m.def("legal_moves", &legal_moves_py, py::arg("fen"), py::kw_only(),
        py::arg("moves") = std::vector<std::string>{}, py::arg("chess960") = false,
        "The legal moves in UCI notation, sorted.");
  m.def("verify", &verify_py, py::arg("path"), py::kw_only(), py::arg("max_depth") = py::none(),
        py::arg("threads") = 0, py::arg("hash_mb") = 0,
        "Every count of an EPD perft suite: {passed, failed, skipped, failures: [{line, fen, "
        "depth, expected, got, error?}]}. ValueError when the file cannot be read or is "
        "malformed.");
}
