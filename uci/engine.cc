#include "uci/engine.h"

#include <memory>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "count/count.h"
#include "movegen/movegen.h"
#include "perft/perft.h"
#include "request/request.h"
#include "uci/protocol.h"

namespace pyke::uci {

Engine::Engine(std::ostream& out) : out_(out) {}

Engine::~Engine() { stop_count(); }

void Engine::write(absl::string_view text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text;
  out_.flush();
}

void Engine::wait_for_count() {
  if (count_.joinable()) count_.join();
}

void Engine::stop_count() {
  if (!count_.joinable()) return;
  stop_ = true;
  count_.join();
  stop_ = false;
}

absl::Status Engine::set_threads(int threads) {
  if (absl::Status s = perft::check_threads(threads); !s.ok()) return s;
  threads_ = threads;
  return absl::OkStatus();
}

void Engine::set_zobrist_seed(uint64_t seed) {
  if (seed == zobrist_seed_) return;
  zobrist_seed_ = seed;
  if (table_) table_->clear(threads_);
}

void Engine::run(std::istream& in) {
  run_lines(
      in, [this](absl::string_view line) { return handle_line(line); },
      [this](absl::string_view text) { write(text); });
  wait_for_count();  // end of input: let a running count finish and print
}

bool Engine::handle_line(absl::string_view line) {
  bool quit = false;
  const absl::Status status = handle_command(line, quit);
  if (!status.ok()) write(error_line(status));
  return !quit;
}

absl::Status Engine::set_hash_megabytes(size_t megabytes) {
  if (megabytes == 0) {
    table_.reset();
    return absl::OkStatus();
  }
  // The new table is allocated while the old one still exists, so that a failure leaves hashing
  // as it was (both must fit in memory for that moment).
  absl::StatusOr<std::unique_ptr<tt::PerftTable>> table =
      tt::PerftTable::create(megabytes, threads_);
  if (!table.ok()) {
    return absl::Status(table.status().code(),
                        absl::StrCat(table.status().message(), "; the hash table stays at ",
                                     table_ ? table_->megabytes() : 0, " MB"));
  }
  table_ = std::move(*table);
  return absl::OkStatus();
}

absl::Status Engine::handle_command(absl::string_view line, bool& quit) {
  absl::StatusOr<CommandLine> split = split_command(line);
  if (!split.ok()) return split.status();
  if (split->command.empty()) return absl::OkStatus();
  const absl::string_view command = split->command;
  const absl::string_view args = split->args;

  // While a count runs, `isready` and `stop` act at once; everything else, `quit` too, waits for
  // it to finish (as Stockfish's perft does: scripts pipe `go perft N` and `quit` and read the
  // divide).
  if (command == "isready") {
    write("readyok\n");
    return absl::OkStatus();
  }
  if (command == "stop") {
    stop_count();
    return absl::OkStatus();
  }
  wait_for_count();
  if (command == "quit") {
    quit = true;
    return absl::OkStatus();
  }

  if (command == "uci") {
    write(absl::StrCat(
        "id name ", kEngineName, "\nid author ", kEngineAuthor,
        "\noption name Hash type spin default 0 min 0 max ", tt::PerftTable::kMaxMegabytes,
        "\noption name Threads type spin default 1 min 1 max ", perft::kMaxThreads,
        "\noption name UCI_Chess960 type check default false",
        "\noption name ZobristSeed type string default ", kDefaultZobristSeed, "\nuciok\n"));
  } else if (command == "ucinewgame") {
    if (table_) table_->clear();
    position_ = Position::start();
  } else if (command == "position") {
    return handle_position(args);
  } else if (command == "setoption") {
    return handle_setoption(args);
  } else if (command == "go") {
    return handle_go(args);
  } else if (command == "d") {
    write(absl::StrCat(
        "Fen: ",
        position_.to_fen(chess960_notation(position_, chess960_) ? CastlingNotation::kShredder
                                                                 : CastlingNotation::kXFen),
        "\n"));
  } else if (command == "ponderhit" || command == "debug" || command == "register") {
    // Pyke does not search: nothing to ponder, debug or register.
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown command ", quote(command)));
  }
  return absl::OkStatus();
}

absl::Status Engine::handle_position(absl::string_view args) {
  absl::StatusOr<PositionCommand> command = parse_position(args, chess960_);
  if (!command.ok()) return command.status();
  position_ = command->position;  // only a fully valid command changes the position
  return absl::OkStatus();
}

absl::Status Engine::handle_setoption(absl::string_view args) {
  absl::StatusOr<OptionCommand> option = parse_setoption(args);
  if (!option.ok()) return option.status();
  if (option->name == "uci_chess960") {
    absl::StatusOr<bool> on = option_bool(*option, "UCI_Chess960");
    if (!on.ok()) return on.status();
    set_chess960(*on);
    return absl::OkStatus();
  }
  if (option->name == "threads") {
    absl::StatusOr<int64_t> threads = option_integer(*option, "Threads", 1, perft::kMaxThreads);
    if (!threads.ok()) return threads.status();
    return set_threads(static_cast<int>(*threads));
  }
  if (option->name == "zobristseed") {
    uint64_t seed = 0;
    if (!option->value || !absl::SimpleAtoi(*option->value, &seed)) {
      return absl::InvalidArgumentError(
          absl::StrCat("ZobristSeed takes a whole number from 0 to 2^64-1, not ",
                       quote(option->value.value_or(""))));
    }
    set_zobrist_seed(seed);
    return absl::OkStatus();
  }
  if (option->name != "hash") {
    return absl::InvalidArgumentError(absl::StrCat("unknown option ", quote(option->name)));
  }
  absl::StatusOr<int64_t> megabytes =
      option_integer(*option, "Hash", 0, static_cast<int64_t>(tt::PerftTable::kMaxMegabytes));
  if (!megabytes.ok()) return megabytes.status();
  return set_hash_megabytes(static_cast<size_t>(*megabytes));
}

absl::Status Engine::handle_go(absl::string_view args) {
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.empty() || tokens[0] != "perft") {
    return absl::InvalidArgumentError("Pyke counts, it does not search: use go perft <depth>");
  }
  int depth = 0;
  const bool stats = tokens.size() == 3 && tokens[2] == "stats";
  if ((tokens.size() != 2 && !stats) || !absl::SimpleAtoi(tokens[1], &depth)) {
    return absl::InvalidArgumentError(absl::StrCat("go perft takes one depth from 0 to ",
                                                   perft::kMaxDepth, ", and optionally stats"));
  }
  if (absl::Status s = perft::check_depth(depth); !s.ok()) return s;
  if (depth == 0) {
    write("\nNodes searched: 1\n");
    return absl::OkStatus();
  }
  // The request `pyke DEPTH` would make of the same position and options. Statistics count
  // without a table (hash_mb 0): Hash holds node counts, not the nine columns, and count::run
  // gives the caller's table to node counts only.
  request::CountRequest r{.root = {position_, chess960_notation(position_, chess960_)},
                          .depth = depth,
                          .threads = threads_,
                          .hash_mb = stats ? 0 : hash_megabytes(),
                          .zobrist_seed = zobrist_seed_,
                          .stats = stats};
  count::RunOptions options;
  options.stop = &stop_;
  options.table = table_.get();
  count_ = std::thread([this, r = std::move(r), options = std::move(options)] {
    absl::StatusOr<count::CountResult> result = count::run(r, options);
    if (!result.ok()) {
      report_failure(result.status());
      return;
    }
    std::ostringstream text;
    count::write_text(*result, /*grouped=*/false, text);
    write(text.str());
  });
  return absl::OkStatus();
}

void Engine::report_failure(const absl::Status& status) {
  if (absl::IsCancelled(status)) {
    write("info string perft stopped: no total\n");
  } else {
    write(absl::StrCat("info string error: ", status.message(), "\n"));
  }
}

}  // namespace pyke::uci
