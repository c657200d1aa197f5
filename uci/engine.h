// engine.h — Pyke's UCI front end: a loop over an input and an output stream.
//
//   pyke::uci::Engine engine(std::cout);
//   engine.run(std::cin);          // until `quit` or end of input
//   engine.handle_line("isready"); // or one line at a time (tests)
//
// Commands: uci, isready, ucinewgame, setoption name Hash value N, position startpos|fen <FEN>
// [moves m1 m2 …], go perft N, d (prints the position's FEN), quit. Any bad line — unknown
// command, bad FEN, illegal move, bad number, an overlong line, binary junk — prints
// `info string error: …` and changes nothing; the loop never stops on input.
#ifndef PYKE_UCI_ENGINE_H_
#define PYKE_UCI_ENGINE_H_

#include <cstddef>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "movegen/position.h"
#include "tt/table.h"

namespace pyke::uci {

inline constexpr absl::string_view kEngineName = "Pyke 0.1.0";
inline constexpr absl::string_view kEngineAuthor = "the Pyke developers";

// Lines longer than this are rejected whole (a FEN and a few hundred moves fit easily).
inline constexpr size_t kMaxLineLength = 16384;

class Engine {
 public:
  explicit Engine(std::ostream& out);

  // Reads lines until `quit` or end of input.
  void run(std::istream& in);

  // Handles one line (without its newline). Returns false after `quit`.
  bool handle_line(absl::string_view line);

  // Resizes the hash table: 0 turns hashing off. An error leaves the table as it was.
  absl::Status set_hash_megabytes(size_t megabytes);

  const Position& position() const { return position_; }

  // The hash table's size in MB; 0 when hashing is off.
  size_t hash_megabytes() const { return table_ ? table_->megabytes() : 0; }

 private:
  absl::Status handle_command(absl::string_view line, bool& quit);
  absl::Status handle_position(absl::string_view args);
  absl::Status handle_setoption(absl::string_view args);
  absl::Status handle_go(absl::string_view args);

  std::ostream& out_;
  Position position_ = Position::start();
  std::unique_ptr<tt::PerftTable> table_;  // null: hashing off
};

}  // namespace pyke::uci

#endif  // PYKE_UCI_ENGINE_H_
