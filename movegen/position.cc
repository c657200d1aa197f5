#include "movegen/position.h"

#include <cassert>

#include "absl/strings/str_cat.h"
#include "movegen/internal/make_move.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"

namespace pyke {
namespace {

template <Color Us>
Position play_as(const Position& pos, Move move) {
  switch (type_of(pos.piece_on(move.from()))) {
    case kPawn:
      return make_move<Us, kPawn, true>(pos, move);
    case kKnight:
      return make_move<Us, kKnight, true>(pos, move);
    case kBishop:
      return make_move<Us, kBishop, true>(pos, move);
    case kRook:
      return make_move<Us, kRook, true>(pos, move);
    case kQueen:
      return make_move<Us, kQueen, true>(pos, move);
    default:
      return make_move<Us, kKing, true>(pos, move);
  }
}

}  // namespace

Position Position::start() {
  // The start position is valid by construction; parsing keeps one source of truth for it.
  return *from_fen(kStartFen);
}

Material Position::material(Color c) const {
  return {popcount(pieces(c, kPawn)), popcount(pieces(c, kKnight)), popcount(pieces(c, kBishop)),
          popcount(pieces(c, kRook)), popcount(pieces(c, kQueen))};
}

bool Position::in_check() const {
  return side_ == kWhite ? attacked_by_them<kWhite>(*this, king_square(kWhite), occupied())
                         : attacked_by_them<kBlack>(*this, king_square(kBlack), occupied());
}

absl::Status Position::play(Move move) {
  if (!legal_moves(*this).contains(move)) {
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move '", to_uci(move), "' in position ", to_fen()));
  }
  *this = after_legal(move);
  return absl::OkStatus();
}

Position Position::after_legal(Move move) const {
  Position next = side_ == kWhite ? play_as<kWhite>(*this, move) : play_as<kBlack>(*this, move);
  // Files of rights that are gone no longer matter: forget them, so that equal positions compare
  // equal however they were reached (FEN parsing makes the same choice).
  const bool any = next.castling_ != 0;
  const bool kingside = next.castling_ & (kWhiteKingside | kBlackKingside);
  const bool queenside = next.castling_ & (kWhiteQueenside | kBlackQueenside);
  next.castling_rules_index_ = castling_rules_index(
      any ? king_file_of_rules(next.castling_rules_index_) : 4,
      kingside ? kingside_rook_file_of_rules(next.castling_rules_index_) : 7,
      queenside ? queenside_rook_file_of_rules(next.castling_rules_index_) : 0);
  return next;
}

absl::Status Position::validate() const {
  if (by_color_[kWhite] & by_color_[kBlack]) return absl::InternalError("colours overlap");
  Bitboard all_types = 0;
  for (int t = kPawn; t <= kKing; ++t) {
    if (all_types & by_type_[t]) return absl::InternalError("piece types overlap");
    all_types |= by_type_[t];
  }
  if (all_types != occupied()) {
    return absl::InternalError("piece boards and colour boards disagree");
  }
  for (Color c : {kWhite, kBlack}) {
    if (popcount(pieces(c, kKing)) != 1) {
      return absl::InvalidArgumentError(
          absl::StrCat(c == kWhite ? "white" : "black", " must have exactly one king"));
    }
  }
  for (Color c : {kWhite, kBlack}) {
    const Material m = material(c);
    const char* side = c == kWhite ? "white" : "black";
    if (m.pawns > kStartingMaterial.pawns) {
      return absl::InvalidArgumentError(
          absl::StrCat(side, " has ", m.pawns, " pawns: no game has more than 8 pawns"));
    }
    if (!is_reachable(m)) {
      return absl::InvalidArgumentError(
          absl::StrCat(side, " has ", promoted_pieces(m), " promoted pieces but only ",
                       kStartingMaterial.pawns - m.pawns,
                       " missing pawns: no game reaches that (each promoted piece was a pawn)"));
    }
  }
  if (pieces(kPawn) & (kRank1 | kRank8)) {
    return absl::InvalidArgumentError("pawn on the first or last rank");
  }
  const bool other_side_in_check =
      side_ == kWhite ? attacked_by_them<kBlack>(*this, king_square(kBlack), occupied())
                      : attacked_by_them<kWhite>(*this, king_square(kWhite), occupied());
  if (other_side_in_check) {
    return absl::InvalidArgumentError("the side not to move is in check");
  }
  for (int i = 0; i < 4; ++i) {
    if (!(castling_ & (1 << i))) continue;
    const CastlingPath& path = castling_rules().paths[i];
    const Color c = i < 2 ? kWhite : kBlack;
    if (!(pieces(c, kKing) & square_bb(path.king_from)) ||
        !(pieces(c, kRook) & square_bb(path.rook_from))) {
      return absl::InvalidArgumentError(absl::StrCat(
          "castling right '", std::string(1, "KQkq"[i]), "' needs the king on ",
          square_name(path.king_from), " and a rook on ", square_name(path.rook_from)));
    }
  }
  if (ep_square_ != kNoSquare) {
    const Color mover = ~side_;  // the side that just pushed two squares
    const int ep_rank = mover == kWhite ? 2 : 5;
    const Square pushed = static_cast<Square>(mover == kWhite ? ep_square_ + 8 : ep_square_ - 8);
    const Square origin = static_cast<Square>(mover == kWhite ? ep_square_ - 8 : ep_square_ + 8);
    if (rank_of(ep_square_) != ep_rank || !(pieces(mover, kPawn) & square_bb(pushed)) ||
        (occupied() & (square_bb(ep_square_) | square_bb(origin)))) {
      return absl::InvalidArgumentError(absl::StrCat("en passant square ", square_name(ep_square_),
                                                     " does not follow a double pawn push"));
    }
  }
  return absl::OkStatus();
}

}  // namespace pyke
