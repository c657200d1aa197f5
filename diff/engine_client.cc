#include "diff/engine_client.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "diff/subprocess.h"
#include "perft/stats.h"

namespace pyke::diff {
namespace {

// A short, printable excerpt of engine output for an error message.
std::string quoted(absl::string_view text) {
  constexpr size_t kMax = 80;
  return absl::StrCat("'", absl::CHexEscape(text.substr(0, kMax)), text.size() > kMax ? "…" : "",
                      "'");
}

bool is_move_text(absl::string_view text) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (text.size() != 4 && text.size() != 5) return false;
  if (!file(text[0]) || !rank(text[1]) || !file(text[2]) || !rank(text[3])) return false;
  return text.size() == 4 || absl::StrContains("nbrq", text[4]);
}

bool parse_count(absl::string_view text, absl::uint128& nodes) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return absl::SimpleAtoi(text, &nodes);
}

// Collects one divide, line by line, and checks the total against the lines.
class DivideReader {
 public:
  // Feeds one line. Returns true once the total has been read.
  absl::StatusOr<bool> add(absl::string_view line) {
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || absl::StartsWith(text, "info")) return false;
    // The total: `Nodes searched: N` (UCI) or a bare number (perftree).
    if (absl::ConsumePrefix(&text, "Nodes searched:")) text = absl::StripAsciiWhitespace(text);
    absl::uint128 nodes = 0;
    if (parse_count(text, nodes)) return finish(nodes);
    std::optional<std::pair<std::string, absl::uint128>> entry = parse_divide_line(text);
    if (!entry) return bad(line, "divide");
    if (!divide_.insert(*std::move(entry)).second) return bad(line, "repeated move in the");
    return false;
  }

  const Divide& divide() const { return divide_; }

 private:
  absl::Status bad(absl::string_view line, absl::string_view what) const {
    return absl::InvalidArgumentError(absl::StrCat(
        "it printed a line that is not a ", what, " line: ", quoted(line),
        " (expected `move: count`, `move count`, `move - count` or `Nodes searched: N`)"));
  }

  absl::StatusOr<bool> finish(absl::uint128 total) const {
    absl::uint128 sum = 0;
    for (const auto& [move, nodes] : divide_) sum += nodes;
    if (sum != total) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "its divide lines add up to %d, but it printed the total %d", sum, total));
    }
    return true;
  }

  Divide divide_;
};

// A row of a statistics table by root move (count/report.h): a move and nine counts,
// separated by blanks (commas between thousands allowed). nullopt for any other line.
std::optional<std::pair<std::string, perft::Stats>> parse_stats_row(absl::string_view line) {
  const std::vector<absl::string_view> fields =
      absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() != 1 + perft::Stats::kColumns || !is_move_text(fields[0])) return std::nullopt;
  perft::Stats stats;
  for (int c = 0; c < perft::Stats::kColumns; ++c) {
    if (!parse_count(absl::StrReplaceAll(fields[1 + c], {{",", ""}}), stats.column(c))) {
      return std::nullopt;
    }
  }
  return std::make_pair(std::string(fields[0]), stats);
}

// "" or " after e2e4 e7e5".
std::string with_moves(absl::string_view what, const std::vector<std::string>& moves) {
  return moves.empty() ? std::string(what)
                       : absl::StrCat(what, " after ", absl::StrJoin(moves, " "));
}

absl::Status engine_error(absl::string_view command, absl::string_view doing,
                          const absl::Status& status, std::chrono::seconds timeout) {
  const std::string what = absl::IsDeadlineExceeded(status)
                               ? absl::StrCat("gave no complete answer within ", timeout.count(),
                                              " s (--engine_timeout)")
                               : std::string(status.message());
  return absl::Status(status.code(), absl::StrCat("engine '", command, "' ", doing, ": ", what));
}

class UciEngine : public PerftSource {
 public:
  UciEngine(std::unique_ptr<Subprocess> process, std::string command, std::string root_fen,
            std::chrono::seconds timeout)
      : process_(std::move(process)),
        command_(std::move(command)),
        root_fen_(std::move(root_fen)),
        timeout_(timeout) {}

  ~UciEngine() override { (void)process_->write("quit\n"); }

  // Sends `request` and reads until a line equal to `answer`.
  absl::Status expect(absl::string_view request, absl::string_view answer) {
    const Clock::time_point deadline = Clock::now() + timeout_;
    absl::Status status = process_->write(absl::StrCat(request, "\n"));
    while (status.ok()) {
      absl::StatusOr<std::string> line = process_->read_line(deadline);
      if (!line.ok()) {
        status = line.status();
      } else if (absl::StripAsciiWhitespace(*line) == answer) {
        return absl::OkStatus();
      }
    }
    return engine_error(command_,
                        absl::StrCat("did not answer '", request, "' with '", answer, "'"), status,
                        timeout_);
  }

  absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) override {
    return divide_with(moves, depth, "", timeout_);
  }

  // `go perft N stats`, then `isready`: the statistics rows are what comes between the total and
  // `readyok`. An engine that prints none has no statistics. Whether it has any is asked once,
  // at depth 1: an engine that ignores the command (answering nothing) is waited for at most
  // kStatsProbeTimeout, not the full --engine_timeout.
  absl::StatusOr<std::optional<StatsDivide>> stats_divide(const std::vector<std::string>& moves,
                                                          int depth) override {
    if (!has_stats_.has_value()) {
      absl::StatusOr<bool> has = probe_stats();
      if (!has.ok()) return has.status();
      has_stats_ = *has;
    }
    if (!*has_stats_) return std::nullopt;
    absl::StatusOr<Divide> divide = divide_with(moves, depth, " stats", timeout_);
    if (!divide.ok()) return divide.status();
    absl::StatusOr<StatsDivide> stats = read_stats_rows();
    if (!stats.ok()) return stats.status();
    if (stats->size() != divide->size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("engine '", command_, "' printed statistics for ", stats->size(), " of its ",
                       divide->size(), " root moves", with_moves("", moves)));
    }
    return *std::move(stats);
  }

 private:
  static constexpr std::chrono::seconds kStatsProbeTimeout{5};

  // An engine that answers the probe with anything but a divide (`Unknown command…`, say) has
  // no statistics either: the lines are read up to `readyok`, so the next request starts clean.
  absl::StatusOr<bool> probe_stats() {
    absl::StatusOr<Divide> divide =
        divide_with({}, 1, " stats", std::min(timeout_, kStatsProbeTimeout));
    if (absl::IsDeadlineExceeded(divide.status())) return false;
    if (!divide.ok()) {
      if (absl::Status s = expect("isready", "readyok"); !s.ok()) return s;
      return false;
    }
    absl::StatusOr<StatsDivide> stats = read_stats_rows();
    if (!stats.ok()) return stats.status();
    return !stats->empty();
  }

  // Sends `isready` and parses the statistics rows before `readyok`.
  absl::StatusOr<StatsDivide> read_stats_rows() {
    const Clock::time_point deadline = Clock::now() + timeout_;
    absl::Status status = process_->write("isready\n");
    StatsDivide stats;
    while (status.ok()) {
      absl::StatusOr<std::string> line = process_->read_line(deadline);
      if (!line.ok()) {
        status = line.status();
        break;
      }
      if (absl::StripAsciiWhitespace(*line) == "readyok") return stats;
      if (std::optional<std::pair<std::string, perft::Stats>> row = parse_stats_row(*line)) {
        stats[row->first] = row->second;
      }
    }
    return engine_error(command_, "answering 'isready' after 'go perft N stats'", status, timeout_);
  }

  std::optional<bool> has_stats_;  // unknown until the first statistics divide

  absl::StatusOr<Divide> divide_with(const std::vector<std::string>& moves, int depth,
                                     absl::string_view suffix, std::chrono::seconds timeout) {
    const std::string doing =
        absl::StrCat("answering 'go perft ", depth, suffix, "'", with_moves("", moves));
    const Clock::time_point deadline = Clock::now() + timeout;
    std::string request = absl::StrCat("position fen ", root_fen_);
    if (!moves.empty()) absl::StrAppend(&request, " moves ", absl::StrJoin(moves, " "));
    absl::StrAppend(&request, "\ngo perft ", depth, suffix, "\n");
    if (absl::Status s = process_->write(request); !s.ok()) {
      return engine_error(command_, doing, s, timeout_);
    }
    DivideReader reader;
    while (true) {
      absl::StatusOr<std::string> line = process_->read_line(deadline);
      if (!line.ok()) return engine_error(command_, doing, line.status(), timeout_);
      absl::StatusOr<bool> done = reader.add(*line);
      if (!done.ok()) return engine_error(command_, doing, done.status(), timeout_);
      if (*done) return reader.divide();
    }
  }

  std::unique_ptr<Subprocess> process_;
  std::string command_;
  std::string root_fen_;
  std::chrono::seconds timeout_;
};

class PerftreeEngine : public PerftSource {
 public:
  PerftreeEngine(std::string command, std::string root_fen, std::chrono::seconds timeout)
      : command_(std::move(command)), root_fen_(std::move(root_fen)), timeout_(timeout) {}

  absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) override {
    const std::string doing = absl::StrCat("counting perft ", depth, with_moves("", moves));
    // sh -c 'CMD "$@"' sh DEPTH FEN [MOVES]: CMD may hold arguments of its own.
    std::vector<std::string> argv = {
        "sh", "-c", absl::StrCat(command_, " \"$@\""), "sh", absl::StrCat(depth), root_fen_};
    if (!moves.empty()) argv.push_back(absl::StrJoin(moves, " "));
    absl::StatusOr<std::unique_ptr<Subprocess>> process = Subprocess::start(argv);
    if (!process.ok()) return engine_error(command_, doing, process.status(), timeout_);
    const Clock::time_point deadline = Clock::now() + timeout_;
    DivideReader reader;
    bool done = false;
    while (!done) {
      absl::StatusOr<std::string> line = (*process)->read_line(deadline);
      if (!line.ok()) return engine_error(command_, doing, line.status(), timeout_);
      absl::StatusOr<bool> finished = reader.add(*line);
      if (!finished.ok()) return engine_error(command_, doing, finished.status(), timeout_);
      done = *finished;
    }
    const std::string ending = (*process)->wait_for_exit(deadline);
    if (ending != "exit status 0") {
      return engine_error(command_, doing,
                          absl::UnavailableError(absl::StrCat("it ended with ", ending)), timeout_);
    }
    return reader.divide();
  }

 private:
  std::string command_;
  std::string root_fen_;
  std::chrono::seconds timeout_;
};

}  // namespace

std::optional<std::pair<std::string, absl::uint128>> parse_divide_line(absl::string_view line) {
  std::vector<absl::string_view> words =
      absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (words.size() == 3 && words[1] == "-") words.erase(words.begin() + 1);
  if (words.size() != 2) return std::nullopt;
  absl::string_view move = words[0];
  absl::ConsumeSuffix(&move, ":");
  absl::uint128 nodes = 0;
  if (!is_move_text(move) || !parse_count(words[1], nodes)) return std::nullopt;
  return std::make_pair(std::string(move), nodes);
}

absl::StatusOr<std::unique_ptr<PerftSource>> start_uci_engine(const std::string& command,
                                                              const std::string& root_fen,
                                                              std::chrono::seconds timeout,
                                                              bool chess960) {
  absl::StatusOr<std::unique_ptr<Subprocess>> process = Subprocess::start({"sh", "-c", command});
  if (!process.ok()) {
    return engine_error(command, "could not be started", process.status(), timeout);
  }
  auto engine = std::make_unique<UciEngine>(*std::move(process), command, root_fen, timeout);
  if (absl::Status s = engine->expect("uci", "uciok"); !s.ok()) return s;
  if (chess960) {
    if (absl::Status s =
            engine->expect("setoption name UCI_Chess960 value true\nisready", "readyok");
        !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = engine->expect("isready", "readyok"); !s.ok()) return s;
  return engine;
}

std::unique_ptr<PerftSource> perftree_engine(const std::string& command,
                                             const std::string& root_fen,
                                             std::chrono::seconds timeout) {
  return std::make_unique<PerftreeEngine>(command, root_fen, timeout);
}

}  // namespace pyke::diff
