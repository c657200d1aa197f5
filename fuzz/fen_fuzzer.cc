// Fuzzes the FEN parser. Properties beyond "no crash": a FEN that parses prints back to a FEN
// that parses to the same position; the position satisfies its invariants; the bulk count equals
// the generated list; every generated move parses back from its UCI text and can be played; perft
// 2 equals the children's counts added up.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_check.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "perft/perft.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string fen(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<pyke::Position> pos = pyke::Position::from_fen(fen);
  if (!pos.ok()) {
    PYKE_FUZZ_CHECK(!pos.status().message().empty());
    return 0;
  }
  PYKE_FUZZ_CHECK(pos->validate().ok());
  absl::StatusOr<pyke::Position> again = pyke::Position::from_fen(pos->to_fen());
  PYKE_FUZZ_CHECK(again.ok());
  PYKE_FUZZ_CHECK(*again == *pos);
  const pyke::MoveList moves = pyke::legal_moves(*pos);
  PYKE_FUZZ_CHECK(moves.size() == pyke::legal_move_count(*pos));
  PYKE_FUZZ_CHECK(moves.size() <= pyke::MoveList::kCapacity);
  // Moves round-trip through their text in the notation the position needs (Chess960 notation
  // whenever its castling rooks are off the standard squares), and always in Chess960 notation.
  const bool notation960 = pyke::chess960_notation(*pos, false);
  for (pyke::Move move : moves) {
    absl::StatusOr<pyke::Move> parsed = pyke::parse_uci_move(*pos, pyke::to_uci(move, notation960));
    PYKE_FUZZ_CHECK(parsed.ok() && *parsed == move);
    parsed = pyke::parse_uci_move(*pos, pyke::to_uci(move, true), true);
    PYKE_FUZZ_CHECK(parsed.ok() && *parsed == move);
    pyke::Position child = *pos;
    PYKE_FUZZ_CHECK(child.play(move).ok());
    PYKE_FUZZ_CHECK(child.validate().ok());
  }
  // Perft 2 (whose kernel counts calm moves by the null move's replies, calm.h) against the sum of
  // every child's own count.
  uint64_t replies = 0;
  for (pyke::Move move : moves) {
    pyke::Position child = *pos;
    PYKE_FUZZ_CHECK(child.play(move).ok());
    replies += static_cast<uint64_t>(pyke::legal_move_count(child));
  }
  const absl::StatusOr<absl::uint128> perft2 = pyke::perft::perft(*pos, 2);
  PYKE_FUZZ_CHECK(perft2.ok() && *perft2 == replies);
  return 0;
}
