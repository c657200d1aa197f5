// pyke_mpi — perft on a cluster over MPI (Open MPI), exact to any depth, resumable.
//
//   mpirun -np 4 bazel-bin/mpi/pyke_mpi --hash 1024 9
//   mpirun --hostfile hosts -np 64 bazel-bin/mpi/pyke_mpi --hash 16384 --journal p11.journal 11
//
// Same position arguments and output as `pyke` (a sorted divide, `Nodes searched: N`, time and
// speed), with --hash MB and --threads N per process. How it works:
//  - Every rank builds the same frontier (perft/frontier.h): the distinct positions at a fixed
//    ply, transpositions merged with their number of paths per root move. A unit is its index.
//  - Rank 0 coordinates: idle ranks ask it for a unit and get the next one (scheduler.h), so
//    slow nodes ask less often; late units are copied to idle ranks and cross-checked. Rank 0
//    also counts, on a thread of its own, so no core idles.
//  - Every rank counts its units with all its threads and its own table (//perft), and sends back
//    a 128-bit count. Rank 0 appends each to the journal (--journal) and flushes it; a run
//    killed and started again with the same command takes the journal's units and counts the
//    rest. Totals are per root move, in 128 bits.
//  - With --stats every unit returns the nine columns of perft/stats.h instead (its table, if
//    --hash, is a tt::MoveStatsTable), the journal keeps them, and the statistics tables of
//    `pyke --stats` follow the divide (the depths below DEPTH counted on rank 0 alone at the end;
//    DEPTH at least 2, the frontier below it).
//  - --zobrist-seed N draws every rank's keys from N. --verify rekey counts every unit twice,
//    under keys from N and from a second seed, on two different ranks (a rank never gets both
//    halves of a unit: it gets another unit's), and stops with an error unless the two agree;
//    the journal's header names both seeds and its lines hold both counts of every unit.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/numeric/int128.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "console/command_line.h"
#include "console/fail.h"
#include "console/progress_line.h"
#include "count/report.h"
#include "cpu/slider_choice.h"
#include "movegen/attacks.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "mpi/journal.h"
#include "mpi/local_worker.h"
#include "mpi/scheduler.h"
#include "perft/frontier.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "request/flags.h"
#include "request/request.h"
#include "tt/move_stats_table.h"
#include "tt/table.h"

// The count's own flags (--fen, --chess960, --threads, --hash, --zobrist_seed, --stats,
// --verify, --quiet) are request/flags.h's, shared with `pyke`.
ABSL_FLAG(std::string, journal, "",
          "append every finished unit to this file; a run started again resumes from it");
ABSL_FLAG(int, frontier, 0, "frontier ply (default: depth - 4, between 1 and 4)");

namespace pyke::mpi {
namespace {

constexpr int kTagResult = 1;  // worker -> rank 0: {unit or -1, then each column high, low}
constexpr int kTagAssign = 2;  // rank 0 -> worker: {unit, or -1 to stop}

using Clock = std::chrono::steady_clock;

struct Run {
  Position root = Position::start();
  bool rekey = false;     // --verify rekey: task 2u + k is unit u under key set k
  request::Keys keys[2];  // key set k; the second is the first's rekey_seed under --verify rekey
  bool chess960 = false;
  int depth = 0;
  perft::Frontier frontier;
  int threads = 1;
  bool stats = false;
  std::unique_ptr<tt::PerftTable> table;
  std::unique_ptr<tt::MoveStatsTable> stats_table;
};

// A result message: the unit, then each column of its count as two 64-bit halves.
constexpr int kResultWords = 1 + 2 * perft::Stats::kColumns;

// Everything every rank computes identically from the command line.
absl::StatusOr<Run> prepare(const std::vector<char*>& args) {
  Run run;
  if (args.size() < 2)
    return absl::InvalidArgumentError("usage: pyke_mpi [flags] DEPTH [MOVE ...]");
  // The depth first, as pyke_mpi needs it: a unit must have moves below it.
  absl::StatusOr<int> depth = request::parse_depth(args[1]);
  if (!depth.ok()) return depth.status();
  if (*depth < 1) return absl::InvalidArgumentError("pyke_mpi needs a depth of at least 1");
  // pyke_mpi re-keys only: every unit under two key sets, on two ranks.
  request::Fields fields = request::fields_from_flags(args, 1);
  if (!fields.verify.empty() && fields.verify != "rekey" && fields.verify != request::kBareVerify) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--verify '", fields.verify, "': pyke_mpi verifies by rekeying only (--verify rekey)"));
  }
  if (!fields.verify.empty()) fields.verify = "rekey";
  absl::StatusOr<request::CountRequest> request = request::make_request(fields);
  if (!request.ok()) return request.status();
  run.depth = request->depth;
  run.root = request->root.position;
  run.chess960 = request->root.chess960;
  run.threads = request->threads;
  run.rekey = request->verify == request::Verify::kRekey;
  run.stats = request->stats;
  int ply = absl::GetFlag(FLAGS_frontier) > 0 ? absl::GetFlag(FLAGS_frontier)
                                              : perft::default_frontier_ply(run.depth);
  if (run.stats) {
    // A unit's statistics classify the moves below it; a unit of depth 0 has none, and the last
    // move's class cannot be read off a position that several move paths reach.
    if (run.depth < 2) {
      return absl::InvalidArgumentError(
          "pyke_mpi --stats needs a depth of at least 2 (pyke --stats 1 counts depth 1)");
    }
    if (absl::GetFlag(FLAGS_frontier) >= run.depth) {
      return absl::InvalidArgumentError(absl::StrCat("--stats needs --frontier below DEPTH (",
                                                     run.depth, "): a unit must have moves"));
    }
    ply = std::min(ply, run.depth - 1);
  }
  absl::StatusOr<perft::Frontier> frontier = perft::make_frontier(run.root, run.depth, ply);
  if (!frontier.ok()) return frontier.status();
  run.frontier = *std::move(frontier);
  run.keys[0] = request::Keys(request->zobrist_seed);
  if (run.rekey) run.keys[1] = request::Keys(rekey_seed(request->zobrist_seed));
  if (run.stats) {
    absl::StatusOr<std::unique_ptr<tt::MoveStatsTable>> table =
        request::make_table<tt::MoveStatsTable>(request->hash_mb, run.threads);
    if (!table.ok()) return table.status();
    run.stats_table = *std::move(table);
  } else {
    absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
        request::make_table<tt::PerftTable>(request->hash_mb, run.threads);
    if (!table.ok()) return table.status();
    run.table = *std::move(table);
  }
  return run;
}

// Work the scheduler hands out: one per unit, or two under --verify rekey.
size_t task_count(const Run& run) { return run.frontier.units.size() * (run.rekey ? 2 : 1); }
size_t unit_of(const Run& run, size_t task) { return run.rekey ? task / 2 : task; }
int key_set_of(const Run& run, size_t task) { return run.rekey ? static_cast<int>(task & 1) : 0; }

// A task's count: its unit's leaves (in `nodes`), or with --stats all nine columns, under the
// task's key set. nodes == kOverflow when it does not fit 128 bits.
perft::Stats count_unit(Run& run, size_t task) {
  const perft::WorkUnit& u = run.frontier.units[unit_of(run, task)];
  // One table serves both key sets: an entry stored under one is found under the other only by
  // a chance agreement of its checked key bits plus the bucket, as likely as any collision.
  const ZobristKeys* keys = run.keys[key_set_of(run, task)].get();
  perft::Stats count;
  if (run.stats) {
    perft::StatsOptions options;
    options.threads = run.threads;
    options.table = run.stats_table.get();
    options.keys = keys;
    absl::StatusOr<perft::Stats> s = perft::perft_stats(u.pos, u.depth, options);
    if (s.ok()) return *s;
  } else {
    perft::Options options;
    options.threads = run.threads;
    options.table = run.table.get();
    options.keys = keys;
    absl::StatusOr<absl::uint128> n = perft::perft(u.pos, u.depth, options);
    if (n.ok()) {
      count.nodes = *n;
      return count;
    }
  }
  count.nodes = perft::kOverflow;
  return count;
}

// Workers other than rank 0: ask, count, answer, until told to stop.
void worker_loop(Run& run) {
  int64_t message[kResultWords] = {-1};
  while (true) {
    MPI_Send(message, kResultWords, MPI_INT64_T, 0, kTagResult, MPI_COMM_WORLD);
    int64_t unit = -1;
    MPI_Recv(&unit, 1, MPI_INT64_T, 0, kTagAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (unit < 0) return;
    const perft::Stats count = count_unit(run, static_cast<size_t>(unit));
    message[0] = unit;
    for (int c = 0; c < perft::Stats::kColumns; ++c) {
      message[1 + 2 * c] = static_cast<int64_t>(absl::Uint128High64(count.column(c)));
      message[2 + 2 * c] = static_cast<int64_t>(absl::Uint128Low64(count.column(c)));
    }
  }
}

// Progress on stderr: units, nodes, rate, estimate. In place on a terminal, else a line every
// ten seconds (mpirun forwards stderr through a pipe). Units taken from a journal do not count
// towards the rate.
void show_units(console::ProgressLine& line, size_t done, size_t total, absl::uint128 nodes,
                size_t resumed) {
  if (!line.due()) return;
  const double elapsed = line.seconds();
  line.show(absl::StrFormat("%zu/%zu units, %s nodes, %.3g nodes/s, %.0f s, about %.0f s left",
                            done, total, perft::count_text(nodes),
                            static_cast<double>(nodes) / std::max(elapsed, 1e-9), elapsed,
                            console::seconds_left(elapsed, static_cast<double>(done - resumed),
                                                  static_cast<double>(total - resumed))));
}

int fail(const absl::Status& status) { return console::fail("pyke_mpi", status); }

// Rank 0's account of a run: each task's count and whether it is done (from the journal or
// counted now), which ranks counted each task, the nodes counted so far, and the first failure,
// after which nothing more is handed out.
class Tally {
 public:
  Tally(const Run& run, int ranks, std::optional<Journal>& journal)
      : run_(run),
        ranks_(ranks),
        journal_(journal),
        counts_(task_count(run)),
        done_(counts_.size(), false),
        counted_by_(counts_.size(), {-1, -1}) {
    if (journal_) {
      for (const auto& [task, count] : journal_->done()) {
        counts_[task] = count;
        done_[task] = true;
        ++resumed_;
      }
    }
    scheduler_.emplace(counts_.size(), done_);
    for (size_t t = 0; t < counts_.size(); ++t) {
      if (!done_[t]) continue;
      nodes_done_ += task_nodes(t);
      if (run_.rekey && (t & 1) && done_[t - 1] && counts_[t] != counts_[t - 1]) {
        failure_ = disagreement(t);
      }
    }
    nodes_resumed_ = nodes_done_;
  }

  // The next task for `rank`, or nullopt: nothing to hand out now, or a failure. Under
  // --verify rekey no rank gets both halves of a unit (with one rank there is no other: it
  // counts both).
  std::optional<size_t> next_for(int rank) {
    std::optional<size_t> task;
    if (!failure_.ok()) return task;
    if (run_.rekey && ranks_ > 1) {
      task = scheduler_->next([&](size_t t) {
        const std::array<int, 2>& other_half = counted_by_[t ^ 1];
        return other_half[0] != rank && other_half[1] != rank;
      });
    } else {
      task = scheduler_->next();
    }
    // A late task may be handed out twice, as a copy: both ranks are noted.
    if (task) counted_by_[*task][counted_by_[*task][0] < 0 ? 0 : 1] = rank;
    return task;
  }

  // A count of `task` from any rank: kept and journaled if it is the first, checked against the
  // first if it is a copy, and under --verify rekey against the unit's other half.
  void record(size_t task, const perft::Stats& count) {
    if (count.nodes == perft::kOverflow) {
      failure_ = perft::overflow_error(run_.depth);
      return;
    }
    absl::StatusOr<bool> fresh = scheduler_->finish(task, count);
    if (!fresh.ok()) {
      failure_ = fresh.status();
      return;
    }
    if (!*fresh) return;  // a copy that agrees
    counts_[task] = count;
    done_[task] = true;
    nodes_done_ += task_nodes(task);
    if (journal_) {
      if (absl::Status s = journal_->append(task, count); !s.ok()) failure_ = s;
    }
    if (run_.rekey && done_[task ^ 1] && counts_[task ^ 1] != count) failure_ = disagreement(task);
  }

  // Whether nothing is left to hand out: every task done, or a failure.
  bool over() const { return scheduler_->all_done() || !failure_.ok(); }

  void show(console::ProgressLine& progress) const {
    show_units(progress, scheduler_->done_count(), counts_.size(), nodes_done_, resumed_);
  }

  const absl::Status& failure() const { return failure_; }
  const std::vector<perft::Stats>& counts() const { return counts_; }
  size_t resumed() const { return resumed_; }

  // The nodes counted by this run, not taken from the journal.
  absl::uint128 nodes_counted_now() const { return nodes_done_ - nodes_resumed_; }

 private:
  // The leaves of a finished task (under rekey, the first key set's tasks only, so that no leaf
  // is counted twice).
  absl::uint128 task_nodes(size_t t) const {
    if (key_set_of(run_, t) != 0) return 0;
    return counts_[t].nodes * absl::uint128(run_.frontier.units[unit_of(run_, t)].paths());
  }

  // --verify rekey: the two counts of a unit (tasks 2u and 2u+1) must agree, in every column.
  absl::Status disagreement(size_t task) const {
    const size_t unit = unit_of(run_, task);
    const perft::Stats& first = counts_[2 * unit];
    const perft::Stats& second = counts_[2 * unit + 1];
    return absl::DataLossError(absl::StrCat(
        "unit ", unit, " counts ", perft::count_text(first.nodes), " under Zobrist seed ",
        run_.keys[0].seed(), " but ", perft::count_text(second.nodes), " under seed ",
        run_.keys[1].seed(), first.nodes == second.nodes ? " (their statistics differ)" : "",
        " (a hash collision or a faulty node); the run stops"));
  }

  const Run& run_;
  const int ranks_;
  std::optional<Journal>& journal_;
  std::vector<perft::Stats> counts_;
  std::vector<bool> done_;
  std::vector<std::array<int, 2>> counted_by_;  // the ranks that counted each task
  std::optional<Scheduler> scheduler_;          // made once `done_` holds the journal's tasks
  size_t resumed_ = 0;
  absl::uint128 nodes_done_ = 0;
  absl::uint128 nodes_resumed_ = 0;  // of the tasks taken from the journal
  absl::Status failure_;
};

// Rank 0's loop: answers the other ranks (a count in, the next task or the order to stop out)
// and keeps its own counting thread busy, until every rank has stopped. Returns when the run is
// over (tally.over()) and every rank has been told.
void serve(Run& run, int ranks, Tally& tally) {
  console::ProgressLine progress({.enabled = !absl::GetFlag(FLAGS_quiet),
                                  .interval = std::chrono::milliseconds(500),
                                  .pipe_interval = std::chrono::seconds(10),
                                  .pipe_prefix = "pyke_mpi: "});
  LocalWorker local([&run](size_t unit) { return count_unit(run, unit); });
  std::deque<int> waiting;  // ranks that asked while nothing could be handed out
  int stopped = 0;
  const auto assign = [&](int rank) {
    if (std::optional<size_t> unit = tally.next_for(rank)) {
      const int64_t u = static_cast<int64_t>(*unit);
      MPI_Send(&u, 1, MPI_INT64_T, rank, kTagAssign, MPI_COMM_WORLD);
    } else if (tally.over()) {
      const int64_t stop = -1;
      MPI_Send(&stop, 1, MPI_INT64_T, rank, kTagAssign, MPI_COMM_WORLD);
      ++stopped;
    } else {
      waiting.push_back(rank);
    }
  };
  bool local_done = false;
  while (stopped < ranks - 1 || !local_done) {
    bool busy = false;
    // Messages from the other ranks.
    int flag = 0;
    MPI_Status status;
    if (ranks > 1) MPI_Iprobe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      int64_t message[kResultWords];
      MPI_Recv(message, kResultWords, MPI_INT64_T, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (message[0] >= 0) {
        perft::Stats count;
        for (int c = 0; c < perft::Stats::kColumns; ++c) {
          count.column(c) = absl::MakeUint128(static_cast<uint64_t>(message[1 + 2 * c]),
                                              static_cast<uint64_t>(message[2 + 2 * c]));
        }
        tally.record(static_cast<size_t>(message[0]), count);
      }
      assign(status.MPI_SOURCE);
      busy = true;
    }
    // Rank 0's own thread.
    if (auto result = local.take_result()) {
      tally.record(result->first, result->second);
      busy = true;
    }
    if (!local_done && local.idle()) {
      if (std::optional<size_t> unit = tally.next_for(0)) {
        local.give(*unit);
      } else if (tally.over()) {
        local_done = true;
      }
    }
    // Ranks that waited for work: a copy of a late unit, or the order to stop.
    while (!waiting.empty() && tally.over()) {
      const int rank = waiting.front();
      waiting.pop_front();
      assign(rank);
    }
    tally.show(progress);
    if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}  // the progress line is erased and rank 0's counting thread has finished

// The count per root move: each unit's count times its paths there, every column (each column
// is at most the nodes, so a product whose nodes fit 128 bits fits everywhere). Under --verify
// rekey, the first key set's count of each unit.
absl::StatusOr<std::vector<perft::StatsDivideEntry>> root_divide(
    const Run& run, const std::vector<perft::Stats>& counts) {
  std::vector<perft::StatsDivideEntry> entries;
  for (const Move move : run.frontier.root_moves) entries.push_back({move, {}});
  const size_t stride = run.rekey ? 2 : 1;
  for (size_t u = 0; u < run.frontier.units.size(); ++u) {
    const perft::Stats& count = counts[u * stride];
    for (const auto& [root, paths] : run.frontier.units[u].roots) {
      const absl::uint128 nodes = count.nodes * absl::uint128(paths);
      if (paths != 0 && nodes / paths != count.nodes) return perft::overflow_error(run.depth);
      perft::Stats part;
      for (int c = 0; c < perft::Stats::kColumns; ++c) {
        part.column(c) = count.column(c) * absl::uint128(paths);
      }
      if (!perft::add_count(entries[root].stats, part)) return perft::overflow_error(run.depth);
    }
  }
  return entries;
}

// --stats: the totals of every depth, the last from the divide. The shallower depths are counted
// here, on rank 0 alone (through its table): about a thirtieth of the last depth's work, so on
// many ranks a noticeable tail.
absl::StatusOr<std::vector<perft::Stats>> stats_by_depth(
    const Run& run, const std::vector<perft::StatsDivideEntry>& entries) {
  std::vector<perft::Stats> by_depth;
  perft::StatsOptions options;
  options.threads = run.threads;
  options.table = run.stats_table.get();
  options.keys = run.keys[0].get();
  for (int d = 1; d < run.depth; ++d) {
    absl::StatusOr<perft::Stats> s = perft::perft_stats(run.root, d, options);
    if (!s.ok()) return s.status();
    by_depth.push_back(*s);
  }
  by_depth.push_back(perft::divide_stats_total(entries));
  return by_depth;
}

// Rank 0: hands out units, gathers counts, journals them, prints the divide.
int coordinate(Run& run, int ranks, std::optional<Journal>& journal) {
  Tally tally(run, ranks, journal);
  const Clock::time_point start = Clock::now();
  serve(run, ranks, tally);
  if (!tally.failure().ok()) {
    std::cerr << "pyke_mpi: " << tally.failure().message() << std::endl;
    return 1;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  absl::StatusOr<std::vector<perft::StatsDivideEntry>> entries = root_divide(run, tally.counts());
  if (!entries.ok()) return fail(entries.status());
  count::write_divide(count::nodes_of(*entries), std::cout, run.chess960);
  if (run.stats) {
    absl::StatusOr<std::vector<perft::Stats>> by_depth = stats_by_depth(run, *entries);
    if (!by_depth.ok()) return fail(by_depth.status());
    std::cout << '\n';
    count::write_stats_report(*entries, *by_depth, run.chess960, /*grouped=*/false, std::cout);
  }
  if (run.rekey) {
    std::cout << "Verified: every unit counted under Zobrist seeds " << run.keys[0].seed()
              << " and " << run.keys[1].seed()
              << (ranks > 1 ? " on two different ranks" : " (one rank)") << " agrees\n";
  }
  const absl::uint128 counted_now = tally.nodes_counted_now();
  std::cout << absl::StrFormat("Time: %.3f s\nSpeed: %.0f nodes/s\n", seconds,
                               seconds > 0 ? static_cast<double>(counted_now) / seconds : 0.0);
  std::cout << absl::StrFormat("Units: %d (%d paths at ply %d), %d from the journal, %d ranks\n",
                               run.frontier.units.size(), run.frontier.paths, run.frontier.ply,
                               tally.resumed(), ranks);
  std::cout.flush();
  return 0;
}

// True when mpirun (or another MPI launcher) started this process. Started on its own, pyke_mpi
// counts alone without initialising MPI (Open MPI's singleton mode would need a daemon).
bool launched_by_mpi() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(variable) != nullptr) return true;
  }
  return false;
}

int run_main(int argc, char** argv, bool use_mpi) {
  int rank = 0, ranks = 1;
  if (use_mpi) {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  }
  console::accept_dashed_flag_names(argc, argv);  // --zobrist-seed as well as --zobrist_seed
  // `--verify` alone, or `--verify rekey`.
  std::vector<char*> argv_with_values =
      console::give_bare_flag_a_value(argc, argv, "verify", {"rekey"});
  const std::vector<char*> args =
      absl::ParseCommandLine(static_cast<int>(argv_with_values.size()), argv_with_values.data());
  // The slider backend that is fast on this node's CPU (each rank chooses for its own).
  absl::StatusOr<cpu::SliderChoice> sliders = cpu::choose_slider_backend_here();
  if (sliders.ok()) set_slider_backend(sliders->backend);

  // Every rank prepares the same run; rank 0 alone reports a problem, and all stop together.
  absl::StatusOr<Run> run = prepare(args);
  std::optional<Journal> journal;
  absl::Status problem = run.status();
  if (problem.ok() && rank == 0 && !absl::GetFlag(FLAGS_journal).empty()) {
    // Under --verify rekey the header names both seeds and "units" counts both halves.
    std::string header = journal_header(run->root.to_fen(CastlingNotation::kShredder), run->depth,
                                        run->frontier.ply, task_count(*run), run->stats);
    if (run->rekey) {
      absl::StrAppend(&header, " rekey=", run->keys[0].seed(), ",", run->keys[1].seed());
    }
    absl::StatusOr<Journal> opened =
        Journal::open(absl::GetFlag(FLAGS_journal), header, task_count(*run), run->stats);
    if (opened.ok()) {
      journal = *std::move(opened);
      if (!journal->done().empty() || journal->dropped_torn_line()) {
        std::cerr << "pyke_mpi: resuming: " << journal->done().size() << " of " << task_count(*run)
                  << (run->rekey ? " unit counts" : " units") << " taken from "
                  << absl::GetFlag(FLAGS_journal)
                  << (journal->dropped_torn_line() ? " (a torn last line was dropped)" : "")
                  << "; counting the rest" << std::endl;
      }
    } else {
      problem = opened.status();
    }
  }
  int go = problem.ok() ? 1 : 0;
  if (ranks > 1) MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!go) return rank == 0 ? fail(problem) : console::kCannotRun;
  if (rank != 0) {
    worker_loop(*run);
    return 0;
  }
  return coordinate(*run, ranks, journal);
}

}  // namespace
}  // namespace pyke::mpi

int main(int argc, char** argv) {
  pyke::console::use_pyke_flags_usage({"mpi/", "request/"});
  absl::SetProgramUsageMessage(
      "perft on a cluster over MPI.\n\n"
      "  mpirun -np N pyke_mpi [--fen FEN] [--chess960] [--threads N] [--hash MB]\n"
      "         [--journal FILE] [--frontier PLY] [--zobrist-seed N] [--verify rekey] [--stats]\n"
      "         [--quiet] DEPTH [MOVE ...]");
  const bool use_mpi = pyke::mpi::launched_by_mpi();
  int provided = 0;
  // Only the main thread calls MPI; rank 0's counting thread and //perft's threads do not.
  if (use_mpi) MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  const int status = pyke::mpi::run_main(argc, argv, use_mpi);
  if (use_mpi) MPI_Finalize();
  return status;
}
