// Fuzzes the move parser with a FEN line and a move text ("<FEN>\n<move>"). A move that parses
// must be in the legal-move list, print back to the same text, and leave a valid position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_check.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  const std::string fen =
      newline == std::string::npos ? std::string(pyke::kStartFen) : input.substr(0, newline);
  const std::string text = newline == std::string::npos ? input : input.substr(newline + 1);
  absl::StatusOr<pyke::Position> pos = pyke::Position::from_fen(fen);
  if (!pos.ok()) return 0;
  absl::StatusOr<pyke::Move> move = pyke::parse_uci_move(*pos, text);
  if (!move.ok()) {
    PYKE_FUZZ_CHECK(!move.status().message().empty());
    return 0;
  }
  PYKE_FUZZ_CHECK(pyke::legal_moves(*pos).contains(*move));
  PYKE_FUZZ_CHECK(pyke::to_uci(*move, pyke::chess960_notation(*pos, false)) == text);
  PYKE_FUZZ_CHECK(pos->play(*move).ok());
  PYKE_FUZZ_CHECK(pos->validate().ok());
  return 0;
}
