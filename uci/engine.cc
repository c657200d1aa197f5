#include "uci/engine.h"

#include <limits>
#include <sstream>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"
#include "perft/parallel.h"
#include "uci/perft_report.h"

namespace pyke::uci {
namespace {

std::vector<absl::string_view> words(absl::string_view text) {
  return absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
}

// A short, printable excerpt of user input for an error message.
std::string quote(absl::string_view text) {
  constexpr size_t kMax = 40;
  return absl::StrCat("'", text.substr(0, kMax), text.size() > kMax ? "…" : "", "'");
}

bool is_text(absl::string_view line) {
  for (unsigned char ch : line) {
    if (ch < 0x20 && ch != '\t') return false;
    if (ch == 0x7F) return false;
  }
  return true;
}

}  // namespace

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
  if (absl::Status s = parallel::check_threads(threads); !s.ok()) return s;
  threads_ = threads;
  return absl::OkStatus();
}

void Engine::run(std::istream& in) {
  // std::cin is tied to std::cout: every read would flush std::cout from this thread, outside
  // out_mutex_, while a count's thread may be writing it (seen as a divide printed twice). The
  // engine flushes every line itself, so the tie is not needed while it runs.
  std::ostream* const tied = in.tie(nullptr);
  // Reads into a bounded buffer, so that a gigantic line costs no more memory than a long one.
  std::vector<char> buffer(kMaxLineLength + 2);
  while (true) {
    in.getline(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    if (in.bad()) break;
    const std::streamsize extracted = in.gcount();
    if (in.fail() && !in.eof()) {  // filled the buffer without reaching the newline
      in.clear();
      in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      write(absl::StrCat("info string error: line longer than ", kMaxLineLength, " characters\n"));
      continue;
    }
    if (in.eof() && extracted == 0) break;
    // gcount counts the newline when one was read (that is, when not at end of input).
    const size_t length = static_cast<size_t>(extracted) - (in.eof() ? 0 : 1);
    if (!handle_line(absl::string_view(buffer.data(), length))) break;
    if (in.eof()) break;
  }
  wait_for_count();  // end of input: let a running count finish and print
  in.tie(tied);
}

bool Engine::handle_line(absl::string_view line) {
  bool quit = false;
  const absl::Status status = handle_command(line, quit);
  if (!status.ok()) write(absl::StrCat("info string error: ", status.message(), "\n"));
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
  if (line.size() > kMaxLineLength) {
    return absl::InvalidArgumentError(
        absl::StrCat("line longer than ", kMaxLineLength, " characters"));
  }
  line = absl::StripAsciiWhitespace(line);
  if (!is_text(line)) return absl::InvalidArgumentError("line holds control or binary bytes");
  if (line.empty()) return absl::OkStatus();

  const size_t space = line.find_first_of(" \t");
  const absl::string_view command = line.substr(0, space);
  const absl::string_view args =
      space == absl::string_view::npos ? "" : absl::StripAsciiWhitespace(line.substr(space));

  // While a count runs, these three act at once; everything else waits for it to finish.
  if (command == "isready") {
    write("readyok\n");
    return absl::OkStatus();
  }
  if (command == "stop" || command == "quit") {
    stop_count();
    quit = command == "quit";
    return absl::OkStatus();
  }
  wait_for_count();

  if (command == "uci") {
    write(absl::StrCat("id name ", kEngineName, "\nid author ", kEngineAuthor,
                       "\noption name Hash type spin default 0 min 0 max ",
                       tt::PerftTable::kMaxMegabytes,
                       "\noption name Threads type spin default 1 min 1 max ",
                       parallel::kMaxThreads,
                       "\noption name UCI_Chess960 type check default false\nuciok\n"));
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
    write(absl::StrCat("Fen: ",
                       position_.to_fen(chess960_notation(position_, chess960_)
                                            ? CastlingNotation::kShredder
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
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.empty()) return absl::InvalidArgumentError("position needs startpos or fen <FEN>");
  size_t next = 1;
  absl::StatusOr<Position> pos = Position::start();
  if (tokens[0] == "startpos") {
    pos = Position::start();
  } else if (tokens[0] == "fen") {
    while (next < tokens.size() && tokens[next] != "moves") ++next;
    const std::vector<absl::string_view> fen_fields(tokens.begin() + 1, tokens.begin() + next);
    pos = Position::from_fen(absl::StrJoin(fen_fields, " "));
    if (!pos.ok()) return pos.status();
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("position needs startpos or fen <FEN>, not ", quote(tokens[0])));
  }
  if (next < tokens.size()) {
    if (tokens[next] != "moves") {
      return absl::InvalidArgumentError(
          absl::StrCat("expected 'moves' after startpos, not ", quote(tokens[next])));
    }
    for (++next; next < tokens.size(); ++next) {
      absl::StatusOr<Move> move = parse_uci_move(*pos, tokens[next], chess960_);
      if (!move.ok()) return move.status();
      if (absl::Status s = pos->play(*move); !s.ok()) return s;
    }
  }
  position_ = *pos;  // only a fully valid command changes the position
  return absl::OkStatus();
}

absl::Status Engine::handle_setoption(absl::string_view args) {
  // setoption name <name> [value <value>]
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.size() < 2 || tokens[0] != "name") {
    return absl::InvalidArgumentError("expected setoption name <name> value <value>");
  }
  size_t value_at = 1;
  while (value_at < tokens.size() && tokens[value_at] != "value") ++value_at;
  const std::string name = absl::AsciiStrToLower(
      absl::StrJoin(std::vector<absl::string_view>(tokens.begin() + 1, tokens.begin() + value_at),
                    " "));
  if (name == "uci_chess960") {
    if (value_at + 2 != tokens.size() ||
        (tokens[value_at + 1] != "true" && tokens[value_at + 1] != "false")) {
      return absl::InvalidArgumentError("UCI_Chess960 takes one value: true or false");
    }
    set_chess960(tokens[value_at + 1] == "true");
    return absl::OkStatus();
  }
  if (name == "threads") {
    int threads = 0;
    if (value_at + 2 != tokens.size() || !absl::SimpleAtoi(tokens[value_at + 1], &threads) ||
        threads < 1 || threads > parallel::kMaxThreads) {
      return absl::InvalidArgumentError(
          absl::StrCat("Threads takes one value from 1 to ", parallel::kMaxThreads));
    }
    return set_threads(threads);
  }
  if (name != "hash") {
    return absl::InvalidArgumentError(absl::StrCat("unknown option ", quote(name)));
  }
  uint64_t megabytes = 0;
  if (value_at + 2 != tokens.size() || !absl::SimpleAtoi(tokens[value_at + 1], &megabytes) ||
      megabytes > tt::PerftTable::kMaxMegabytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "Hash takes one value from 0 to ", tt::PerftTable::kMaxMegabytes, " (MB)"));
  }
  return set_hash_megabytes(megabytes);
}

absl::Status Engine::handle_go(absl::string_view args) {
  const std::vector<absl::string_view> tokens = words(args);
  if (tokens.empty() || tokens[0] != "perft") {
    return absl::InvalidArgumentError("Pyke counts, it does not search: use go perft <depth>");
  }
  int depth = 0;
  if (tokens.size() != 2 || !absl::SimpleAtoi(tokens[1], &depth)) {
    return absl::InvalidArgumentError(
        absl::StrCat("go perft takes one depth from 0 to ", kMaxPerftDepth));
  }
  if (absl::Status s = check_perft_depth(depth); !s.ok()) return s;
  if (depth == 0) {
    write("\nNodes searched: 1\n");
    return absl::OkStatus();
  }
  parallel::Options options;
  options.threads = threads_;
  options.table = table_.get();
  options.stop = &stop_;
  const bool chess960 = chess960_notation(position_, chess960_);
  count_ = std::thread([this, position = position_, depth, options, chess960] {
    absl::StatusOr<std::vector<DivideEntry>> entries = parallel::divide(position, depth, options);
    if (entries.ok()) {
      std::ostringstream report;
      write_divide(*entries, report, chess960);
      write(report.str());
    } else if (absl::IsCancelled(entries.status())) {
      write("info string perft stopped: no total\n");
    } else {
      write(absl::StrCat("info string error: ", entries.status().message(), "\n"));
    }
  });
  return absl::OkStatus();
}

}  // namespace pyke::uci
