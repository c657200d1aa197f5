// pyke_module.cc — the `pyke` Python module: perft, divide, legal moves and EPD verification with
// Pyke's kernels, the GIL released while counting.
//
//   >>> import pyke
//   >>> pyke.perft("startpos", 6)
//   119060324
//   >>> pyke.divide(board.fen(), 3)["e2e4"]       # a python-chess Board's FEN goes straight in
//   >>> pyke.perft(fen, 8, threads=2, hash_mb=1024)
//   >>> pyke.perft(fen, 9, hash_mb=4096, verify="rekey")   # VerificationError if the keys collided
//
// A position is a FEN (standard, X-FEN or Shredder-FEN castling; the move counters may be left
// out) or "startpos", optionally followed by `moves=[...]` in UCI notation. `chess960=True` reads
// and writes castling as the king taking its rook (e1h1), as `pyke --chess960` does. Every error
// raises ValueError with the message `pyke` prints; Ctrl-C stops a count and raises
// KeyboardInterrupt. Counts are Python ints, exact at any size. Each count is one request, checked
// and run as `pyke DEPTH` checks and runs it (request/request.h, count/count.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "count/count.h"
#include "movegen/move.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/request.h"
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

// Python callers must name the start position: an empty string is more likely a mistake.
void check_not_empty(const std::string& fen) {
  if (fen.empty()) throw py::value_error("empty FEN: give a FEN, or \"startpos\"");
}

// The position a call counts from: `fen` ("startpos" or a FEN) after `moves`, as on the command
// line (request/request.h).
request::Root root_of(const std::string& fen, const std::vector<std::string>& moves,
                      bool chess960) {
  check_not_empty(fen);
  return value_or_raise(request::parse_root(fen, moves, chess960));
}

// `threads` as Python callers give it: 0 is every CPU this process may run on.
std::optional<int> threads_field(int threads) {
  return threads == 0 ? std::nullopt : std::optional<int>(threads);
}

// A count's keyword arguments, as every counting function takes them.
struct CountArgs {
  int threads = 0;
  uint64_t hash_mb = 0;
  std::vector<std::string> moves;
  bool chess960 = false;
  std::optional<uint64_t> zobrist_seed;
  std::optional<std::string> verify;  // "recount", "rekey" or None
};

// Raised when a verified count and its second count differ: the count is not to be trusted.
struct VerificationFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What request::make_request would refuse in words of the command line (`--verify`, `--hash`,
// `--stats`), refused first in the words of the Python call.
void check_python_arguments(int depth, const CountArgs& args, bool stats) {
  if (args.verify && *args.verify != "recount" && *args.verify != "rekey") {
    throw py::value_error(
        absl::StrCat("verify takes \"recount\", \"rekey\" or None, not \"", *args.verify, "\""));
  }
  if (args.verify && args.hash_mb == 0) {
    throw py::value_error(
        "verify= checks a hashed count against a second count: it needs hash_mb= above 0");
  }
  if (stats && depth == 0) {
    throw py::value_error("statistics need a depth of at least 1: they classify the last moves");
  }
}

// Counts `fen` to `depth` as `pyke` would (request/request.h checks the arguments, count/count.h
// runs the count and its verification), the GIL released while counting. Every 200 ms the
// counting thread takes the GIL and lets Python check its signals; on one (a KeyboardInterrupt,
// say) the count is stopped within milliseconds and the exception raised.
count::CountResult count_py(const std::string& fen, int depth, const CountArgs& args, bool stats) {
  check_not_empty(fen);
  check_python_arguments(depth, args, stats);
  request::Fields fields{.fen = fen,
                         .moves = args.moves,
                         .chess960 = args.chess960,
                         .depth = std::to_string(depth),
                         .threads = threads_field(args.threads),
                         .hash_mb = args.hash_mb,
                         .zobrist_seed = args.zobrist_seed,
                         .stats = stats,
                         .verify = args.verify.value_or("")};
  const request::CountRequest request = value_or_raise(request::make_request(fields));

  std::atomic<bool> stop{false};
  bool interrupted = false;
  count::RunOptions options;
  options.stop = &stop;
  options.stats_by_depth = false;
  options.progress = [&](int, int, absl::uint128) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      stop.store(true);
    }
  };
  absl::StatusOr<count::CountResult> result;
  {
    py::gil_scoped_release counting_without_the_gil;
    result = count::run(request, options);
  }
  if (interrupted) throw py::error_already_set();  // the pending KeyboardInterrupt
  count::CountResult r = value_or_raise(std::move(result));
  if (!r.verified()) {
    throw VerificationFailed(
        absl::StrCat("the ", request::verify_name(r.verification->how),
                     " disagrees with the hashed count, which is not to be trusted: ",
                     absl::StrJoin(r.verification->differing, ", ")));
  }
  return r;
}

py::int_ perft_py(const std::string& fen, int depth, const CountArgs& args) {
  return to_python(count_py(fen, depth, args, /*stats=*/false).nodes);
}

py::dict divide_py(const std::string& fen, int depth, const CountArgs& args) {
  if (depth == 0) throw py::value_error("divide needs a depth of at least 1");
  const count::CountResult r = count_py(fen, depth, args, /*stats=*/false);
  py::dict out;  // sorted as `pyke DEPTH` prints them
  for (const auto& [move, nodes] : perft::sorted_divide(r.divide, r.chess960)) {
    out[py::str(move)] = to_python(nodes);
  }
  return out;
}

// {"nodes": …, "captures": …, …} (the columns of perft/stats.h, named as in --json).
py::dict stats_dict(const perft::Stats& stats) {
  py::dict out;
  for (int c = 0; c < perft::Stats::kColumns; ++c) {
    out[py::str(std::string(perft::kStatsColumns[c]))] = to_python(stats.column(c));
  }
  return out;
}

py::dict stats_py(const std::string& fen, int depth, const CountArgs& args) {
  return stats_dict(count_py(fen, depth, args, /*stats=*/true).stats->by_depth.back());
}

py::dict divide_stats_py(const std::string& fen, int depth, const CountArgs& args) {
  const count::CountResult r = count_py(fen, depth, args, /*stats=*/true);
  py::dict out;  // sorted as `pyke --stats DEPTH` prints them
  for (const auto& [move, stats] : perft::sorted_stats_divide(r.stats->divide, r.chess960)) {
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
  options.threads = value_or_raise(request::resolve_threads(threads_field(threads)));
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

// Defines the counting function `name`: f(fen, depth, CountArgs) with the keyword arguments every
// count takes.
template <class F>
void def_count(py::module_& m, const char* name, F f, const char* doc) {
  m.def(
      name,
      [f](const std::string& fen, int depth, int threads, uint64_t hash_mb,
          const std::vector<std::string>& moves, bool chess960,
          std::optional<uint64_t> zobrist_seed, std::optional<std::string> verify) {
        return f(fen, depth,
                 CountArgs{.threads = threads,
                           .hash_mb = hash_mb,
                           .moves = moves,
                           .chess960 = chess960,
                           .zobrist_seed = zobrist_seed,
                           .verify = std::move(verify)});
      },
      py::arg("fen"), py::arg("depth"), py::kw_only(), py::arg("threads") = 0,
      py::arg("hash_mb") = 0, py::arg("moves") = std::vector<std::string>{},
      py::arg("chess960") = false, py::arg("zobrist_seed") = py::none(),
      py::arg("verify") = py::none(), doc);
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
  py::register_exception<VerificationFailed>(m, "VerificationError", PyExc_RuntimeError);
  def_count(m, "perft", perft_py,
            "The number of leaf nodes of the legal move tree of `fen` (or \"startpos\") after "
            "`moves`, to `depth` (0 to MAX_DEPTH). threads=0: every CPU; hash_mb=0: no table; "
            "verify=\"recount\"|\"rekey\": confirm a hashed count by a second count, raising "
            "VerificationError when the two differ.");
  def_count(m, "divide", divide_py,
            "perft split by root move: {uci_move: nodes}, sorted by move. depth 1 to MAX_DEPTH.");
  def_count(m, "stats", stats_py,
            "Perft statistics of a position (FEN or \"startpos\"): the leaf moves that are "
            "captures, en passant (\"ep\"), castles, promotions, checks, discovery checks, double "
            "checks and checkmates, with \"nodes\", as the Chess Programming Wiki's tables define "
            "them. depth 1 to MAX_DEPTH.");
  def_count(m, "divide_stats", divide_stats_py,
            "The statistics per root move: {move: {column: count}}, sorted by move. depth 1 to "
            "MAX_DEPTH.");
  m.def("legal_moves", &legal_moves_py, py::arg("fen"), py::kw_only(),
        py::arg("moves") = std::vector<std::string>{}, py::arg("chess960") = false,
        "The legal moves in UCI notation, sorted.");
  m.def("verify", &verify_py, py::arg("path"), py::kw_only(), py::arg("max_depth") = py::none(),
        py::arg("threads") = 0, py::arg("hash_mb") = 0,
        "Every count of an EPD perft suite: {passed, failed, skipped, failures: [{line, fen, "
        "depth, expected, got, error?}]}. ValueError when the file cannot be read or is "
        "malformed.");
}
