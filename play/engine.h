// engine.h — the playing engine's UCI loop over an input and an output stream, on the shared
// protocol layer (//uci:protocol). The search runs on a thread of its own, so `stop`, `quit` and
// `isready` are answered while it thinks.
//
//   pyke::play::Engine engine(std::cout);
//   engine.run(std::cin);                     // until `quit` or end of input
//   engine.handle_line("position startpos moves e2e4");
//   engine.handle_line("go movetime 100");    // prints info lines, then `bestmove …`
//
// Commands: uci, isready, ucinewgame, setoption name Hash|Move Overhead value N,
// position startpos|fen <FEN> [moves …] (the moves are kept for repetitions), go [depth N]
// [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite],
// stop, ponderhit (ignored), d (the FEN), quit. A bad line prints `info string error: …` and
// changes nothing. While a search runs, `isready` is answered at once, `stop` and `quit` end it
// (its bestmove is printed first), and any other command first waits for a finite search to end
// or stops an infinite one. `go infinite` prints its bestmove only after `stop`.
#ifndef PYKE_PLAY_ENGINE_H_
#define PYKE_PLAY_ENGINE_H_

#include <atomic>
#include <cstdint>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "movegen/keyed_position.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "play/search.h"
#include "play/table.h"

namespace pyke::play {

inline constexpr absl::string_view kEngineName = "Pyke Play 0.1.0";
inline constexpr absl::string_view kEngineAuthor = "the Pyke developers";
inline constexpr int64_t kDefaultMoveOverhead = 30;
inline constexpr int64_t kMaxMoveOverhead = 5000;

class Engine {
 public:
  explicit Engine(std::ostream& out);
  ~Engine();  // stops a running search
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Reads lines until `quit` or end of input (which waits for a finite search to finish).
  void run(std::istream& in);

  // Handles one line (without its newline). Returns false after `quit`.
  bool handle_line(absl::string_view line);

  // Blocks until a running search has printed its bestmove (stops an infinite one).
  void wait_for_search();

  const Position& position() const { return position_.position(); }

 private:
  absl::Status handle_command(absl::string_view line, bool& quit);
  absl::Status handle_position(absl::string_view args);
  absl::Status handle_setoption(absl::string_view args);
  absl::Status handle_go(absl::string_view args);
  void stop_search();
  void write(absl::string_view text);

  std::ostream& out_;
  std::mutex out_mutex_;
  KeyedPosition position_{Position::start()};
  std::vector<Key> history_;  // keys of the game's positions before position_
  int64_t move_overhead_ = kDefaultMoveOverhead;
  TranspositionTable table_;
  Searcher searcher_{table_};
  std::thread search_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> infinite_{false};  // the running search waits for `stop`
};

}  // namespace pyke::play

#endif  // PYKE_PLAY_ENGINE_H_
