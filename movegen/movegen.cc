#include "movegen/movegen.h"

#include <algorithm>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"

namespace pyke {
namespace {

template <Color Us>
MoveList legal_moves_for(const Position& pos) {
  MoveList list;
  for_each_legal_move<Us>(pos, create_masks<Us>(pos),
                          [&list](auto /*piece*/, Move move) { list.push_back(move); });
  return list;
}

// Captures and promotions (`Captures`), or everything else: the generator itself selects
// them (generate.h), so the other kind is never made into moves.
template <Color Us, bool Captures>
MoveList legal_moves_split(const Position& pos) {
  MoveList list;
  constexpr MoveSelection kSelect = Captures ? MoveSelection::kTactical : MoveSelection::kQuiet;
  for_each_legal_move<Us, BuildSliders, kSelect>(
      pos, create_masks<Us>(pos), [&list](auto /*piece*/, Move move) { list.push_back(move); });
  return list;
}

bool is_square_text(absl::string_view s) {
  return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

}  // namespace

bool MoveList::contains(Move move) const { return std::find(begin(), end(), move) != end(); }

MoveList legal_moves(const Position& pos) {
  return pos.side_to_move() == kWhite ? legal_moves_for<kWhite>(pos) : legal_moves_for<kBlack>(pos);
}

MoveList legal_captures(const Position& pos) {
  return pos.side_to_move() == kWhite ? legal_moves_split<kWhite, true>(pos)
                                      : legal_moves_split<kBlack, true>(pos);
}

MoveList legal_quiets(const Position& pos) {
  return pos.side_to_move() == kWhite ? legal_moves_split<kWhite, false>(pos)
                                      : legal_moves_split<kBlack, false>(pos);
}

bool gives_check(const Position& pos, Move move) { return pos.after_legal(move).in_check(); }

int legal_move_count(const Position& pos) {
  return pos.side_to_move() == kWhite ? count_legal_moves<kWhite>(pos)
                                      : count_legal_moves<kBlack>(pos);
}

absl::StatusOr<Move> parse_uci_move(const Position& pos, absl::string_view text, bool chess960) {
  const bool well_formed =
      (text.size() == 4 || text.size() == 5) && is_square_text(text.substr(0, 2)) &&
      is_square_text(text.substr(2, 2)) &&
      (text.size() == 4 || absl::string_view("nbrq").find(text[4]) != absl::string_view::npos);
  if (!well_formed) {
    return absl::InvalidArgumentError(
        absl::StrCat("malformed move '", text.substr(0, 16), text.size() > 16 ? "…" : "",
                     "': expected coordinates like e2e4, or e7e8q for a promotion"));
  }
  const bool notation960 = chess960_notation(pos, chess960);
  for (Move move : legal_moves(pos)) {
    if (to_uci(move, notation960) == text) return move;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("illegal move '", text, "' in position ", pos.to_fen()));
}

absl::StatusOr<Position> play_uci_moves(Position pos, const std::vector<std::string>& moves,
                                        bool chess960) {
  for (const std::string& text : moves) {
    absl::StatusOr<Move> move = parse_uci_move(pos, text, chess960);
    if (!move.ok()) return move.status();
    if (absl::Status s = pos.play(*move); !s.ok()) return s;
  }
  return pos;
}

}  // namespace pyke
