// fen.cc — Forsyth–Edwards Notation in and out.
//
// Rejected, each with a message saying what and where: input over 256 characters, missing or
// extra fields, a rank that is not 8 files wide or a board that is not 8 ranks, unknown piece
// letters, the digits 0 and 9, a side other than w/b, castling text other than a subset of KQkq
// (or -), an en passant square that is not on the third/sixth rank behind a pawn that just moved
// two squares, move counters that are not numbers or are absurd (halfmove over 1000, fullmove 0 or
// over 10000), a missing or extra king, an army no game can reach (more than 8 pawns, or more
// promoted pieces than missing pawns: material.h), pawns on the first or last rank, the side not to
// move in check, and castling rights whose king or rook is not on its square.
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "movegen/bitboard.h"
#include "movegen/position.h"

namespace pyke {

class FenParser {
 public:
  static absl::StatusOr<Position> parse(absl::string_view fen, bool* file_letters_out);

 private:
  static absl::Status parse_board(absl::string_view board, Position& pos);
  static absl::Status parse_castling(absl::string_view text, Position& pos, bool& file_letters);
  static absl::Status parse_en_passant(absl::string_view text, Position& pos);
  static absl::StatusOr<int> parse_counter(absl::string_view text, absl::string_view name, int min,
                                           int max);
};

namespace {

constexpr size_t kMaxFenLength = 256;
constexpr absl::string_view kPieceLetters = "PNBRQKpnbrqk";

absl::Status fen_error(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("bad FEN: ", what));
}

}  // namespace

absl::Status FenParser::parse_board(absl::string_view board, Position& pos) {
  const std::vector<absl::string_view> ranks = absl::StrSplit(board, '/');
  if (ranks.size() != 8) {
    return fen_error(absl::StrCat("the board has ", ranks.size(), " ranks, expected 8"));
  }
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;  // FEN lists the eighth rank first
    int file = 0;
    for (char ch : ranks[i]) {
      const std::string where = absl::StrCat(" on rank ", rank + 1);
      if (ch >= '1' && ch <= '8') {
        file += ch - '0';
      } else if (size_t index = kPieceLetters.find(ch); index != absl::string_view::npos) {
        if (file < 8) {
          const Bitboard b = square_bb(make_square(file, rank));
          pos.by_color_[index < 6 ? kWhite : kBlack] |= b;
          pos.by_type_[index % 6] |= b;
        }
        ++file;
      } else {
        return fen_error(absl::StrCat("unexpected character '", std::string(1, ch), "'", where,
                                      " (pieces are PNBRQK/pnbrqk, empty squares digits 1-8)"));
      }
      if (file > 8) return fen_error(absl::StrCat("more than 8 files", where));
    }
    if (file != 8) {
      return fen_error(absl::StrCat("rank ", rank + 1, " has ", file, " files, expected 8"));
    }
  }
  for (Color c : {kWhite, kBlack}) {
    const char* name = c == kWhite ? "white" : "black";
    if (popcount(pos.pieces(c, kKing)) != 1) {
      return fen_error(
          absl::StrCat(name, " has ", popcount(pos.pieces(c, kKing)), " kings, expected 1"));
    }
  }
  return absl::OkStatus();
}

// The castling field in standard FEN (KQkq), X-FEN (KQkq for the outermost rook on that side,
// the rook's file letter otherwise) or Shredder-FEN (file letters only): `K`/`k` name the
// outermost rook on the h-side of the king, `Q`/`q` the outermost on the a-side, a letter A-H
// (White) or a-h (Black) the rook on that file of the side's first rank.
absl::Status FenParser::parse_castling(absl::string_view text, Position& pos, bool& file_letters) {
  if (text == "-") return absl::OkStatus();
  int king_file[2] = {-1, -1};
  int rook_file[2][2] = {{-1, -1}, {-1, -1}};  // [colour][kingside]
  for (char ch : text) {
    const std::string right(1, ch);
    const bool white = (ch >= 'A' && ch <= 'Z');
    const char upper = static_cast<char>(white ? ch : ch - 'a' + 'A');
    if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H'))) {
      return fen_error(
          absl::StrCat("castling field '", text,
                       "' may hold only K, Q, k, q and rook files A-H, a-h (or be -)"));
    }
    const Color c = white ? kWhite : kBlack;
    const int back_rank = c == kWhite ? 0 : 7;
    const Square king = pos.king_square(c);
    if (rank_of(king) != back_rank) {
      return fen_error(absl::StrCat("castling right '", right, "' needs the ",
                                    c == kWhite ? "white" : "black", " king on its first rank"));
    }
    const Bitboard rooks = pos.pieces(c, kRook) & rank_bb(back_rank);
    int file = -1;
    bool kingside = upper == 'K';
    if (upper == 'K' || upper == 'Q') {
      // The outermost rook on that side of the king.
      for (int f = kingside ? 7 : 0; f != file_of(king); f += kingside ? -1 : 1) {
        if (rooks & square_bb(make_square(f, back_rank))) {
          file = f;
          break;
        }
      }
      if (file < 0) {
        return fen_error(absl::StrCat("castling right '", right, "' needs a rook on the ",
                                      kingside ? "h" : "a", "-side of the king on ",
                                      square_name(king)));
      }
    } else {
      file_letters = true;
      file = upper - 'A';
      if (file == file_of(king)) {
        return fen_error(absl::StrCat("castling right '", right, "' names the king's own file"));
      }
      if (!(rooks & square_bb(make_square(file, back_rank)))) {
        return fen_error(absl::StrCat("castling right '", right, "' needs a rook on ",
                                      square_name(make_square(file, back_rank))));
      }
      kingside = file > file_of(king);
    }
    const uint8_t bit = castling_right(c, kingside);
    if (pos.castling_ & bit) {
      return fen_error(absl::StrCat("castling field '", text, "' repeats the ",
                                    c == kWhite ? "white " : "black ",
                                    kingside ? "kingside" : "queenside", " right ('", right, "')"));
    }
    pos.castling_ |= bit;
    king_file[c] = file_of(king);
    rook_file[c][kingside] = file;
  }
  // Both sides start a game from the same files: rights that disagree come from no game.
  const auto agree = [](int a, int b) { return a < 0 || b < 0 || a == b; };
  if (!agree(king_file[kWhite], king_file[kBlack]) ||
      !agree(rook_file[kWhite][1], rook_file[kBlack][1]) ||
      !agree(rook_file[kWhite][0], rook_file[kBlack][0])) {
    return fen_error(absl::StrCat("castling field '", text,
                                  "': White's and Black's castling king or rooks stand on "
                                  "different files, which no game reaches"));
  }
  const auto either = [](int a, int b, int otherwise) {
    return a >= 0 ? a : b >= 0 ? b : otherwise;
  };
  pos.castling_rules_index_ =
      castling_rules_index(either(king_file[kWhite], king_file[kBlack], 4),
                           either(rook_file[kWhite][1], rook_file[kBlack][1], 7),
                           either(rook_file[kWhite][0], rook_file[kBlack][0], 0));
  return absl::OkStatus();
}

absl::Status FenParser::parse_en_passant(absl::string_view text, Position& pos) {
  if (text == "-") return absl::OkStatus();
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') {
    return fen_error(absl::StrCat("en passant field '", text, "' is not a square or -"));
  }
  pos.ep_square_ = make_square(text[0] - 'a', text[1] - '1');
  return absl::OkStatus();
}

absl::StatusOr<int> FenParser::parse_counter(absl::string_view text, absl::string_view name,
                                             int min, int max) {
  int value = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9' || value > max) {
      return fen_error(absl::StrCat(name, " '", text, "' is not a number from ", min, " to ", max));
    }
    value = value * 10 + (ch - '0');
  }
  if (text.empty() || value < min || value > max) {
    return fen_error(absl::StrCat(name, " '", text, "' is not a number from ", min, " to ", max));
  }
  return value;
}

absl::StatusOr<Position> FenParser::parse(absl::string_view fen, bool* file_letters_out) {
  if (fen.size() > kMaxFenLength) {
    return fen_error(absl::StrCat("longer than ", kMaxFenLength, " characters"));
  }
  const std::vector<absl::string_view> fields =
      absl::StrSplit(fen, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() < 4 || fields.size() > 6) {
    return fen_error(absl::StrCat("has ", fields.size(),
                                  " fields, expected 6 (board, side, castling, en passant, "
                                  "halfmove clock, fullmove number; the last two optional)"));
  }
  Position pos;  // empty until the checks below pass: FenParser is a friend
  if (absl::Status s = parse_board(fields[0], pos); !s.ok()) return s;
  if (fields[1] != "w" && fields[1] != "b") {
    return fen_error(absl::StrCat("side to move '", fields[1], "' is not w or b"));
  }
  pos.side_ = fields[1] == "w" ? kWhite : kBlack;
  bool file_letters = false;
  if (absl::Status s = parse_castling(fields[2], pos, file_letters); !s.ok()) return s;
  if (absl::Status s = parse_en_passant(fields[3], pos); !s.ok()) return s;
  if (fields.size() > 4) {
    absl::StatusOr<int> halfmove = parse_counter(fields[4], "halfmove clock", 0, 1000);
    if (!halfmove.ok()) return halfmove.status();
    pos.halfmove_clock_ = static_cast<uint16_t>(*halfmove);
  }
  if (fields.size() > 5) {
    absl::StatusOr<int> fullmove = parse_counter(fields[5], "fullmove number", 1, 10000);
    if (!fullmove.ok()) return fullmove.status();
    pos.fullmove_number_ = static_cast<uint16_t>(*fullmove);
  }
  if (file_letters_out != nullptr) *file_letters_out = file_letters;
  if (absl::Status s = pos.validate(); !s.ok()) return fen_error(s.message());

  // Keep the en passant square only when a pawn of the side to move could take there, so that
  // equal positions compare (and hash) equal.
  if (pos.ep_square_ != kNoSquare &&
      !(pawn_attacks(~pos.side_, pos.ep_square_) & pos.pieces(pos.side_, kPawn))) {
    pos.ep_square_ = kNoSquare;
  }
  return pos;
}

absl::StatusOr<Position> Position::from_fen(absl::string_view fen, bool* file_letters) {
  return FenParser::parse(fen, file_letters);
}

std::string Position::to_fen(CastlingNotation notation) const {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = piece_on(make_square(file, rank));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += kPieceLetters[p];
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank) fen += '/';
  }
  fen += side_ == kWhite ? " w " : " b ";
  if (!castling_) fen += '-';
  for (int i = 0; i < 4; ++i) {
    if (!(castling_ & (1 << i))) continue;
    const Color c = i < 2 ? kWhite : kBlack;
    const bool kingside = i % 2 == 0;
    const CastlingPath& path = castling_rules().paths[i];
    // X-FEN keeps K/Q for the outermost rook on its side: no rook of ours further out.
    const Square edge = make_square(kingside ? 7 : 0, rank_of(path.rook_from));
    const Bitboard beyond = between_squares(path.rook_from, edge) & ~square_bb(path.rook_from);
    if (notation == CastlingNotation::kXFen && !(beyond & pieces(c, kRook))) {
      fen += "KQkq"[i];
    } else {
      fen += static_cast<char>((c == kWhite ? 'A' : 'a') + file_of(path.rook_from));
    }
  }
  absl::StrAppend(&fen, " ", square_name(ep_square_), " ", halfmove_clock_, " ", fullmove_number_);
  return fen;
}

}  // namespace pyke
