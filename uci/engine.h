// engine.h — Pyke's UCI front end: a loop over an input and an output stream. The protocol
// itself (lines, `position`, `setoption`, errors) is protocol.h, shared with //play; this is the
// perft engine on top of it.
//
//   pyke::uci::Engine engine(std::cout);
//   engine.run(std::cin);          // until `quit` or end of input
//   engine.handle_line("isready"); // or one line at a time (tests)
//
// Commands: uci, isready, ucinewgame, setoption name Hash|Threads value N,
// setoption name UCI_Chess960 value true|false, setoption name ZobristSeed value N (the hash
// keys' seed, zobrist.h; a new seed clears the table),
// position startpos|fen <FEN> [moves m1 m2 …], go perft N, go perft N stats (the divide, then
// perft statistics by root move and by depth: count/report.h; counted without the hash
// table), stop, d (prints the position's FEN), quit. Any bad line — unknown command, bad FEN,
// illegal move, bad number, an overlong line, binary junk — prints `info string error: …` and
// changes nothing; the loop never stops on input.
//
// `go perft` counts on a thread of its own (with `Threads` threads), so the loop keeps reading:
// `isready` is answered at once, `stop` ends the count within milliseconds (no total is printed,
// `info string perft stopped` says why), and any other command — `quit` and end of input too —
// waits for the count to finish and print first, so a driver may pipe commands without waiting:
//
//   printf 'position startpos\ngo perft 5\nquit\n' | pyke     # the whole divide, then exit
#ifndef PYKE_UCI_ENGINE_H_
#define PYKE_UCI_ENGINE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "tt/table.h"
#include "uci/protocol.h"

namespace pyke::uci {

inline constexpr absl::string_view kEngineName = "Pyke 0.1.0";
inline constexpr absl::string_view kEngineAuthor = "the Pyke developers";

class Engine {
 public:
  explicit Engine(std::ostream& out);
  ~Engine();  // stops a running count
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Reads lines until `quit` or end of input.
  void run(std::istream& in);

  // Handles one line (without its newline). Returns false after `quit`.
  bool handle_line(absl::string_view line);

  // Resizes the hash table: 0 turns hashing off. An error leaves the table as it was.
  absl::Status set_hash_megabytes(size_t megabytes);

  // Threads for `go perft` (1 … perft::kMaxThreads; 1 by default, as GUIs expect).
  absl::Status set_threads(int threads);
  int threads() const { return threads_; }

  // UCI_Chess960: castlings are read and written as the king taking its rook (e1h1). Positions
  // whose castling king or rooks stand off the standard squares use that form regardless.
  void set_chess960(bool on) { chess960_ = on; }

  // ZobristSeed: the table's keys are drawn from `seed` (zobrist.h); the table is cleared, since
  // its counts were stored under the old keys.
  void set_zobrist_seed(uint64_t seed);
  uint64_t zobrist_seed() const { return zobrist_seed_; }

  // Blocks until a running `go perft` has printed its result.
  void wait_for_count();

  const Position& position() const { return position_; }

  // The hash table's size in MB; 0 when hashing is off.
  size_t hash_megabytes() const { return table_ ? table_->megabytes() : 0; }

 private:
  absl::Status handle_command(absl::string_view line, bool& quit);
  absl::Status handle_position(absl::string_view args);
  absl::Status handle_setoption(absl::string_view args);
  absl::Status handle_go(absl::string_view args);
  // Says on the output why a count ended without a result (stopped, or an error).
  void report_failure(const absl::Status& status);
  void stop_count();

  // Writes whole lines to out_ and flushes; the counting thread writes through it too.
  void write(absl::string_view text);

  std::ostream& out_;
  std::mutex out_mutex_;
  Position position_ = Position::start();
  std::unique_ptr<tt::PerftTable> table_;  // null: hashing off
  int threads_ = 1;
  uint64_t zobrist_seed_ = kDefaultZobristSeed;  // the table's keys' seed (ZobristSeed)
  bool chess960_ = false;  // UCI_Chess960: castling written as the king taking its rook
  std::thread count_;      // the running (or finished, not yet joined) `go perft`
  std::atomic<bool> stop_{false};
};

}  // namespace pyke::uci

#endif  // PYKE_UCI_ENGINE_H_
