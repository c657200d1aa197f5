// engine.cc — the playing engine's UCI loop (engine.h).
//
//   Engine engine(std::cout);
//   engine.handle_line("go depth 6");
#include "play/engine.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "movegen/movegen.h"
#include "uci/protocol.h"

namespace pyke::play {
namespace {

std::string info_line(const SearchInfo& info, const Position& root) {
  std::string score = is_mate_score(info.score) ? absl::StrCat("mate ", mate_in_moves(info.score))
                                                : absl::StrCat("cp ", info.score);
  const uint64_t nps = info.time_ms > 0 ? info.nodes * 1000 / static_cast<uint64_t>(info.time_ms)
                                        : info.nodes * 1000;
  std::string line = absl::StrCat("info depth ", info.depth, " seldepth ", info.seldepth, " score ",
                                  score, " nodes ", info.nodes, " nps ", nps, " time ",
                                  info.time_ms, " hashfull ", info.hashfull, " pv");
  const bool chess960 = chess960_notation(root, false);
  for (Move m : info.pv) absl::StrAppend(&line, " ", to_uci(m, chess960));
  line += "\n";
  return line;
}

// Reads the number after a `go` keyword.
absl::Status read_number(const std::vector<absl::string_view>& tokens, size_t& i, int64_t min,
                         int64_t max, int64_t& value) {
  if (i + 1 >= tokens.size() || !absl::SimpleAtoi(tokens[i + 1], &value) || value < min ||
      value > max) {
    return absl::InvalidArgumentError(
        absl::StrCat("go ", tokens[i], " takes a number from ", min, " to ", max));
  }
  ++i;
  return absl::OkStatus();
}

}  // namespace

Engine::Engine(std::ostream& out) : out_(out) {}

Engine::~Engine() { stop_search(); }

void Engine::write(absl::string_view text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text;
  out_.flush();
}

void Engine::stop_search() {
  if (!search_.joinable()) return;
  stop_ = true;
  search_.join();
  stop_ = false;
}

void Engine::wait_for_search() {
  if (!search_.joinable()) return;
  if (infinite_) stop_ = true;
  search_.join();
  stop_ = false;
}

void Engine::run(std::istream& in) {
  uci::run_lines(
      in, [this](absl::string_view line) { return handle_line(line); },
      [this](absl::string_view text) { write(text); });
  wait_for_search();
}

bool Engine::handle_line(absl::string_view line) {
  bool quit = false;
  if (absl::Status status = handle_command(line, quit); !status.ok()) {
    write(uci::error_line(status));
  }
  return !quit;
}

absl::Status Engine::handle_command(absl::string_view line, bool& quit) {
  absl::StatusOr<uci::CommandLine> split = uci::split_command(line);
  if (!split.ok()) return split.status();
  const absl::string_view command = split->command;
  if (command.empty()) return absl::OkStatus();

  // While a search runs these act at once; everything else waits for it (or stops `infinite`).
  if (command == "isready") {
    write("readyok\n");
    return absl::OkStatus();
  }
  if (command == "stop" || command == "quit") {
    stop_search();
    quit = command == "quit";
    return absl::OkStatus();
  }
  if (command == "ponderhit") return absl::OkStatus();
  wait_for_search();

  if (command == "uci") {
    write(absl::StrCat("id name ", kEngineName, "\nid author ", kEngineAuthor,
                       "\noption name Hash type spin default 16 min 1 max ",
                       TranspositionTable::kMaxMegabytes,
                       "\noption name Move Overhead type spin default ", kDefaultMoveOverhead,
                       " min 0 max ", kMaxMoveOverhead, "\nuciok\n"));
  } else if (command == "ucinewgame") {
    table_.clear();
    searcher_.clear();
    position_ = KeyedPosition(Position::start());
    history_.clear();
  } else if (command == "position") {
    return handle_position(split->args);
  } else if (command == "setoption") {
    return handle_setoption(split->args);
  } else if (command == "go") {
    return handle_go(split->args);
  } else if (command == "d") {
    write(absl::StrCat("Fen: ", position_.position().to_fen(), "\n"));
  } else if (command == "debug" || command == "register") {
    // Nothing to debug or register.
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown command ", uci::quote(command)));
  }
  return absl::OkStatus();
}

absl::Status Engine::handle_position(absl::string_view args) {
  absl::StatusOr<uci::PositionCommand> command = uci::parse_position(args, false);
  if (!command.ok()) return command.status();
  KeyedPosition pos(command->start);
  std::vector<Key> history;
  for (Move m : command->moves) {
    history.push_back(pos.key());
    pos = pos.after(m);  // legal: parse_position checked every move
  }
  position_ = pos;  // only a fully valid command changes anything
  history_ = std::move(history);
  return absl::OkStatus();
}

absl::Status Engine::handle_setoption(absl::string_view args) {
  absl::StatusOr<uci::OptionCommand> option = uci::parse_setoption(args);
  if (!option.ok()) return option.status();
  if (option->name == "hash") {
    absl::StatusOr<int64_t> mb = uci::option_integer(
        *option, "Hash", 1, static_cast<int64_t>(TranspositionTable::kMaxMegabytes));
    if (!mb.ok()) return mb.status();
    return table_.resize(static_cast<size_t>(*mb));
  }
  if (option->name == "move overhead") {
    absl::StatusOr<int64_t> ms = uci::option_integer(*option, "Move Overhead", 0, kMaxMoveOverhead);
    if (!ms.ok()) return ms.status();
    move_overhead_ = *ms;
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown option ", uci::quote(option->name)));
}

absl::Status Engine::handle_go(absl::string_view args) {
  const std::vector<absl::string_view> tokens = uci::words(args);
  Limits limits;
  limits.move_overhead = move_overhead_;
  constexpr int64_t kMaxMs = int64_t{1} << 40;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const absl::string_view t = tokens[i];
    int64_t v = 0;
    absl::Status s = absl::OkStatus();
    if (t == "infinite") {
      limits.infinite = true;
    } else if (t == "depth") {
      s = read_number(tokens, i, 1, kMaxDepth, v);
      limits.depth = static_cast<int>(v);
    } else if (t == "nodes") {
      s = read_number(tokens, i, 1, int64_t{1} << 60, v);
      limits.nodes = static_cast<uint64_t>(v);
    } else if (t == "movetime") {
      s = read_number(tokens, i, 0, kMaxMs, v);
      limits.movetime = v;
    } else if (t == "wtime" || t == "btime") {
      // A clock may be negative when a GUI lets it run over; treat that as nothing left.
      s = read_number(tokens, i, -kMaxMs, kMaxMs, v);
      limits.time[t == "wtime" ? kWhite : kBlack] = std::max<int64_t>(v, 0);
    } else if (t == "winc" || t == "binc") {
      s = read_number(tokens, i, 0, kMaxMs, v);
      limits.increment[t == "winc" ? kWhite : kBlack] = v;
    } else if (t == "movestogo") {
      s = read_number(tokens, i, 1, 1000, v);
      limits.movestogo = static_cast<int>(v);
    } else if (t == "ponder") {
      s = absl::InvalidArgumentError("go ponder is not supported (no Ponder option)");
    } else {
      s = absl::InvalidArgumentError(absl::StrCat("unknown go parameter ", uci::quote(t)));
    }
    if (!s.ok()) return s;
  }
  infinite_ = limits.infinite;
  search_ = std::thread([this, limits, root = position_, history = history_] {
    const SearchResult result = searcher_.run(
        root, history, limits, stop_,
        [this, &root](const SearchInfo& info) { write(info_line(info, root.position())); });
    // `go infinite` reports only once told to stop.
    while (infinite_ && !stop_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (result.best_move == Move::none()) {
      write(absl::StrCat("info depth 0 score ", root.position().in_check() ? "mate 0" : "cp 0",
                         "\nbestmove 0000\n"));
    } else {
      write(absl::StrCat(
          "bestmove ", to_uci(result.best_move, chess960_notation(root.position(), false)), "\n"));
    }
  });
  return absl::OkStatus();
}

}  // namespace pyke::play
