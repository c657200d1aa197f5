#include "check/random_positions.h"

#include <array>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "movegen/bitboard.h"
#include "movegen/movegen.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"

namespace pyke::check {
namespace {

// A double pawn push that lands beside an enemy pawn: the enemy may take it en passant next,
// the move generators' most often missed capture.
bool opens_en_passant(const Position& pos, Move move) {
  if ((pos.pieces(kPawn) & square_bb(move.from())) == 0) return false;
  if (rank_of(move.to()) - rank_of(move.from()) != 2 &&
      rank_of(move.from()) - rank_of(move.to()) != 2) {
    return false;
  }
  const int file = move.to() & 7;
  const Bitboard enemy_pawns = pos.pieces(~pos.side_to_move(), kPawn);
  return (file > 0 && (enemy_pawns & square_bb(static_cast<Square>(move.to() - 1))) != 0) ||
         (file < 7 && (enemy_pawns & square_bb(static_cast<Square>(move.to() + 1))) != 0);
}

// The back rank of Chess960 start `index` (valid), in FEN letters from the a-file.
std::string chess960_back_rank(int index) {
  std::array<char, 8> rank{};
  // The first bishop on a light square (b, d, f, h), the second on a dark one (a, c, e, g).
  rank[2 * (index % 4) + 1] = 'B';
  index /= 4;
  rank[2 * (index % 4)] = 'B';
  index /= 4;
  // The queen, then the two knights, on the n-th empty squares; the rook, king and rook fill
  // the three left, in that order, so the king stands between its rooks.
  const auto place_on_empty = [&rank](int n, char piece) {
    for (char& square : rank) {
      if (square != 0) continue;
      if (n-- == 0) {
        square = piece;
        return;
      }
    }
  };
  place_on_empty(index % 6, 'Q');
  index /= 6;
  // The ten ways of placing two knights on five squares, in Scharnagl's order.
  constexpr std::array<std::array<int, 2>, 10> kKnights = {
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  place_on_empty(kKnights[index][1], 'N');  // the later square first: the earlier stays put
  place_on_empty(kKnights[index][0], 'N');
  place_on_empty(0, 'R');
  place_on_empty(0, 'K');
  place_on_empty(0, 'R');
  return std::string(rank.begin(), rank.end());
}

char to_lower(char c) { return static_cast<char>(c - 'A' + 'a'); }

}  // namespace

absl::StatusOr<Position> chess960_start(int index) {
  if (index < 0 || index > 959) {
    return absl::OutOfRangeError(
        absl::StrCat("Chess960 start ", index, " is out of range (0 to 959)"));
  }
  const std::string white = chess960_back_rank(index);
  std::string black;
  std::string rook_files;  // Shredder-FEN castling: the files of the rooks, white's capitals
  for (size_t file = 0; file < white.size(); ++file) {
    black += to_lower(white[file]);
    if (white[file] == 'R') rook_files += static_cast<char>('A' + file);
  }
  std::string rights = rook_files;
  for (char file : rook_files) rights += to_lower(file);
  return Position::from_fen(
      absl::StrCat(black, "/pppppppp/8/8/8/8/PPPPPPPP/", white, " w ", rights, " - 0 1"));
}

int move_weight(const Position& pos, Move move) {
  int weight = 1;
  switch (move.kind()) {
    case MoveKind::kCastling:  // not much: castling spends the rights a test wants to see
      weight += 2;
      break;
    case MoveKind::kEnPassant:
      weight += 16;
      break;
    case MoveKind::kPromotion:  // each piece alike: under-promotions as often as queens
      weight += 8;
      break;
    case MoveKind::kNormal:
      break;
  }
  if (is_capture(pos, move)) weight += 3;
  if (gives_check(pos, move)) weight += 4;
  if (opens_en_passant(pos, move)) weight += 6;
  // Pawns that advance reach the promotions; in a random game they seldom get there.
  if ((pos.pieces(kPawn) & square_bb(move.from())) != 0) weight += 2;
  return weight;
}

int position_weight(const Position& pos, const MoveList& moves) {
  bool castling = false, en_passant = false, promotion = false;
  for (Move move : moves) {
    castling |= move.kind() == MoveKind::kCastling;
    en_passant |= move.kind() == MoveKind::kEnPassant;
    promotion |= move.kind() == MoveKind::kPromotion;
  }
  return 1 + 6 * castling + 12 * en_passant + 16 * promotion + 4 * pos.in_check();
}

RandomPositions::RandomPositions(uint64_t seed, RandomOptions options)
    : state_(seed), options_(options) {}

uint64_t RandomPositions::below(uint64_t n) {
  // Draws under 2^64 mod n are redrawn, so that the draws kept span a multiple of n and every
  // remainder is equally likely.
  const uint64_t reject = (0 - n) % n;
  uint64_t x = splitmix64(state_);
  while (x < reject) x = splitmix64(state_);
  return x % n;
}

Position RandomPositions::next() {
  return below(100) < static_cast<uint64_t>(options_.endgame_percent) ? sparse_endgame()
                                                                      : from_game();
}

size_t RandomPositions::pick(const std::vector<int>& weights) {
  int total = 0;
  for (int w : weights) total += w;
  int draw = static_cast<int>(below(static_cast<uint64_t>(total)));
  size_t i = 0;
  while (draw >= weights[i]) draw -= weights[i++];
  return i;
}

Position RandomPositions::from_game() {
  Position pos =
      options_.chess960 ? *chess960_start(static_cast<int>(below(960))) : Position::start();
  const int plies = 1 + static_cast<int>(below(static_cast<uint64_t>(options_.max_plies)));
  // Every position of the game after the first move, and how much each is worth to a test.
  std::vector<Position> game;
  std::vector<int> game_weights;
  for (int ply = 0;; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (ply > 0) {
      game.push_back(pos);
      game_weights.push_back(position_weight(pos, moves));
    }
    if (ply == plies || moves.empty()) break;  // the game's length, or mate or stalemate
    std::vector<int> weights;
    for (Move move : moves) weights.push_back(move_weight(pos, move));
    pos = pos.after_legal(moves[static_cast<int>(pick(weights))]);
  }
  return game[pick(game_weights)];
}

Position RandomPositions::sparse_endgame() {
  // Kings and one to five pieces on random squares (pawns off the first and last ranks); the
  // placements Position::from_fen refuses (the side not to move in check, kings side by side)
  // are drawn again.
  constexpr char kPieces[] = "PPNBRQ";  // pawns twice as often as each other piece
  while (true) {
    std::array<char, 64> board{};
    const auto place = [&](char piece) {
      while (true) {
        const int square = static_cast<int>(below(64));
        const bool pawn = piece == 'P' || piece == 'p';
        if (board[square] != 0 || (pawn && (square < 8 || square >= 56))) continue;
        board[square] = piece;
        return;
      }
    };
    place('K');
    place('k');
    const int pieces = 1 + static_cast<int>(below(5));
    for (int i = 0; i < pieces; ++i) {
      const char piece = kPieces[below(sizeof(kPieces) - 1)];
      place(below(2) == 0 ? piece : to_lower(piece));
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const char piece = board[rank * 8 + file];
        if (piece == 0) {
          ++empty;
          continue;
        }
        if (empty > 0) fen += static_cast<char>('0' + empty);
        empty = 0;
        fen += piece;
      }
      if (empty > 0) fen += static_cast<char>('0' + empty);
      if (rank > 0) fen += '/';
    }
    absl::StatusOr<Position> pos =
        Position::from_fen(absl::StrCat(fen, below(2) == 0 ? " w" : " b", " - - 0 1"));
    if (pos.ok()) return *pos;
  }
}

}  // namespace pyke::check
