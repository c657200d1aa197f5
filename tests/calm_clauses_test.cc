// Each clause of the argument in perft/internal/calm.h is needed: for each, a small hand-made
// position with a quiet move that only that clause watches, where the shortcut the clause
// prevents would miscount. Every case asserts
//  (a) calm_squares does not call the move calm (for the clauses that guard check, pins, king
//      moves and castlings: not steady either, since a steady move keeps the null move's masks
//      and king moves);
//  (b) the ground truth: making the move and counting the child's replies gives another number
//      than the null move's replies (what a calm move is counted as), and, for the guarding
//      clauses, than the steady count (the null move's king moves plus the child's other pieces
//      under the null move's masks: what a steady move is counted as);
//  (c) perft's depth-2 kernel (count_last_two_plies) equals making every move and counting its
//      replies, in that position.
// With the clause deleted from calm_squares, (a) and (c) fail for its case (the commit that added
// this test lists the mutations and what failed). Each case runs as written (White to move) and
// colour-flipped (Black to move), so both instantiations of the templates are covered.
//
// One clause cannot be made to matter: the squares a castling needs empty. Each of them is a
// square the castling king crosses or the one next to such a square on the back rank, so it is
// the first square of a line out of the reach, always watched; CastlingSquaresThatMustBeEmpty
// checks that for every castling of every Chess960 start.
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/castling.h"
#include "movegen/internal/count.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/calm.h"
#include "perft/internal/kernel.h"
#include "perft/internal/last_two_plies.h"

namespace pyke {
namespace {

using perft::internal::calm_squares;
using perft::internal::CalmSquares;
using perft::internal::count_last_two_plies;
using perft::internal::for_each_legal_move_except_calm;
using perft::internal::Unmade;

// The same position with the colours swapped and the board turned upside down.
std::string flipped_fen(const std::string& fen) {
  std::vector<std::string> fields = absl::StrSplit(fen, ' ');
  std::vector<std::string> ranks = absl::StrSplit(fields[0], '/');
  std::string board;
  for (auto rank = ranks.rbegin(); rank != ranks.rend(); ++rank) {
    if (!board.empty()) board += '/';
    for (char c : *rank) {
      board += std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c))
                                                           : static_cast<char>(std::toupper(c));
    }
  }
  fields[0] = board;
  fields[1] = fields[1] == "w" ? "b" : "w";
  if (fields[2] != "-") {
    std::string upper, lower;
    for (char c : fields[2]) {
      if (std::isupper(static_cast<unsigned char>(c)))
        lower += static_cast<char>(std::tolower(c));
      else
        upper += static_cast<char>(std::toupper(c));
    }
    fields[2] = upper + lower;
  }
  if (fields[3] != "-") fields[3][1] = static_cast<char>('1' + '8' - fields[3][1]);
  return absl::StrJoin(fields, " ");
}

// "d6f7" -> "d3f2".
std::string flipped_move(std::string move) {
  for (int i : {1, 3}) move[i] = static_cast<char>('1' + '8' - move[i]);
  return move;
}

// What a quiet move of Us does to the opponent's replies, and what calm_squares says of it.
struct Outcome {
  bool calm = false, steady = false;
  int child_replies = 0;     // the ground truth
  int null_replies = 0;      // how a calm move's child is counted
  int steady_replies = 0;    // how a steady move's child is counted
  uint64_t kernel = 0;       // count_last_two_plies at the position
  uint64_t open_kernel = 0;  // the same, our men watching only the open lines (sparse boards)
  uint64_t reference = 0;    // every move made, its replies counted
};

template <Color Us>
Outcome examine(const Position& pos, Move move) {
  constexpr Color Them = ~Us;
  Outcome out;
  const CalmSquares calm = calm_squares<Us>(pos);
  const PieceType mover = type_of(pos.piece_on(move.from()));
  const auto both_in = [&](Bitboard squares) {
    return (squares >> move.from() & 1) && (squares >> move.to() & 1);
  };
  out.calm = both_in(calm.of(mover));
  out.steady = both_in(calm.steady_of(mover));

  const Position child = pos.after_legal(move);
  const Position null = pos.after_null_move();
  out.child_replies = count_legal_moves<Them>(child);
  out.null_replies = count_legal_moves<Them>(null);
  const MaskSet null_masks = create_masks<Them>(null);
  MoveTally tally;
  tally.scalar += static_cast<uint64_t>(count_king_moves(king_moves<Them>(null, null_masks)));
  add_non_king_moves<Them>(child, null_masks, tally);
  out.steady_replies = static_cast<int>(tally.total());

  out.kernel = count_last_two_plies<Us, BuildSliders>(pos);
  out.open_kernel =
      count_last_two_plies<Us, BuildSliders, /*Calm=*/true, Unmade::kNone, /*OpenLines=*/true>(pos);
  for (Move m : legal_moves(pos)) {
    out.reference += static_cast<uint64_t>(count_legal_moves<Them>(pos.after_legal(m)));
  }
  return out;
}

// Which clauses a case stands for: those that guard the opponent's check, pins, king moves and
// castlings (the move must be neither calm nor steady), or those that only its pawns and
// sliders notice (the move must not be calm, and is steady).
enum class Kind { kGuarding, kMobility };

void expect_clause_needed(const std::string& fen, const std::string& uci, Kind kind) {
  SCOPED_TRACE(fen + " " + uci);
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  ASSERT_TRUE(pos.ok()) << pos.status();
  ASSERT_FALSE(pos->in_check());
  absl::StatusOr<Move> move = parse_uci_move(*pos, uci, /*chess960=*/true);
  ASSERT_TRUE(move.ok()) << move.status();
  // A plain quiet move: no capture, castling, en passant, promotion or double push.
  ASSERT_EQ(move->kind(), MoveKind::kNormal);
  ASSERT_EQ(pos->piece_on(move->to()), kNoPiece);
  ASSERT_FALSE(type_of(pos->piece_on(move->from())) == kPawn && (move->from() ^ move->to()) == 16);

  const Outcome o =
      pos->side_to_move() == kWhite ? examine<kWhite>(*pos, *move) : examine<kBlack>(*pos, *move);
  EXPECT_FALSE(o.calm) << "(a) calm_squares calls it calm";
  EXPECT_NE(o.child_replies, o.null_replies) << "(b) the replies are the null move's";
  if (kind == Kind::kGuarding) {
    EXPECT_FALSE(o.steady) << "(a) calm_squares calls it steady";
    EXPECT_NE(o.child_replies, o.steady_replies) << "(b) the replies are the steady count";
  } else {
    // The other clauses leave the move steady, and steady counting right.
    EXPECT_TRUE(o.steady) << "not steady: the case is not about the pawns and sliders alone";
    EXPECT_EQ(o.child_replies, o.steady_replies) << "a steady move counted wrong";
  }
  EXPECT_EQ(o.kernel, o.reference) << "(c) the depth-2 kernel miscounts";
  EXPECT_EQ(o.open_kernel, o.reference) << "(c) the depth-2 kernel miscounts (open lines)";
}

// As written and colour-flipped.
void expect_clause_needed_both_ways(const std::string& fen, const std::string& uci, Kind kind) {
  expect_clause_needed(fen, uci, kind);
  expect_clause_needed(flipped_fen(fen), flipped_move(uci), kind);
}

TEST(CalmClauses, FlippingIsItsOwnInverse) {
  const std::string fen = "1r3k2/Rp6/8/8/8/8/8/4K3 w q - 0 1";
  EXPECT_EQ(flipped_fen(fen), "4k3/8/8/8/8/8/rP6/1R3K2 b Q - 0 1");
  EXPECT_EQ(flipped_fen(flipped_fen(fen)), fen);
  EXPECT_EQ(flipped_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
  EXPECT_EQ(flipped_move("d6f7"), "d3f2");
}

// The reach: the king's square. Its lines out all start on a neighbour (watched unless theirs,
// with its own lines onward) and the pin rays run along them further, so the king's square
// counts only through the squares a knight checks it from. Here every neighbour is theirs:
// Nf7 is mate, but only the king's own square puts f7 under watch.
TEST(CalmClauses, KingSquare) {
  expect_clause_needed_both_ways("6nk/6pp/3N4/8/8/8/8/1K6 w - - 0 1", "d6f7", Kind::kGuarding);
}

// The reach: the squares next to the king that it may step to. Ne6 takes g7 from the king; e6
// is watched only as a knight's square attacking g7 (the knight on f7 closes the lines from g7
// and g8 that would run through e6).
TEST(CalmClauses, FreeNeighbours) {
  expect_clause_needed_both_ways("7k/5n2/8/2N5/8/8/8/1K6 w - - 0 1", "c5e6", Kind::kGuarding);
}

// The reach: the squares the castling king crosses. Rg3 attacks g8, where castling lands the
// king; g3 lies only on the line out of g8, which is in the reach only as a crossing square.
TEST(CalmClauses, CastlingCrossings) {
  expect_clause_needed_both_ways("4k2r/8/8/8/8/2R5/8/K7 w k - 0 1", "c3g3", Kind::kGuarding);
}

// The squares a castling needs empty cannot make a difference of their own: each is crossed by
// the king or next to a crossed square on the back rank, and so the first square of a line out of
// the reach, which is always watched. Checked for every castling of every Chess960 start.
TEST(CalmClauses, CastlingSquaresThatMustBeEmpty) {
  int castlings = 0;
  for (int king = 1; king <= 6; ++king) {
    for (int queenside_rook = 0; queenside_rook < king; ++queenside_rook) {
      for (int kingside_rook = king + 1; kingside_rook < 8; ++kingside_rook) {
        const CastlingRules& rules =
            kCastlingRules[castling_rules_index(king, kingside_rook, queenside_rook)];
        for (const CastlingPath& path : rules.paths) {
          const Bitboard crossed = path.king_crosses;
          const Bitboard beside = ((crossed << 1) & ~kFileA) | ((crossed >> 1) & ~kFileH);
          EXPECT_EQ(path.must_be_empty & ~(crossed | beside), 0u)
              << "king file " << king << ", rooks " << queenside_rook << " and " << kingside_rook;
          ++castlings;
        }
      }
    }
  }
  EXPECT_EQ(castlings, 4 * 56);
}

// The lines out of the reach, up to and including the first piece. The knight on g4 is the
// first piece on the line south of g7, and blocks the rook's attack on g7 and g8: Ne3 opens it.
TEST(CalmClauses, LinesOutOfTheReach) {
  expect_clause_needed_both_ways("7k/8/8/8/6N1/8/8/1K4R1 w - - 0 1", "g4e3", Kind::kGuarding);
}

// For our pawns, knights and king, the lines out of the reach that one of our sliders sees: d6
// opens the bishop's diagonal to g8. d5 is the first piece on the line out of g8 and on the
// bishop's; no line through the king's square reaches d5 or d6.
TEST(CalmClauses, OpenLines) {
  expect_clause_needed_both_ways("7k/8/8/3P4/8/8/B7/K7 w - - 0 1", "d5d6", Kind::kGuarding);
}

// The squares from which our pawns attack the reach: g6 attacks h7. No line through the king's
// square, and no slider of ours, watches g5 or g6.
TEST(CalmClauses, PawnSquares) {
  expect_clause_needed_both_ways("7k/8/8/6P1/8/8/8/K7 w - - 0 1", "g5g6", Kind::kGuarding);
}

// The squares next to the reach, for our king: Kf7 takes g8 and g7.
TEST(CalmClauses, KingSquares) {
  expect_clause_needed_both_ways("7k/8/4K3/8/8/8/8/8 w - - 0 1", "e6f7", Kind::kGuarding);
}

// The rays from their king through their own pieces up to our first piece. Re4 pins the
// knight on e6; the line out of e7 stops at the knight, only the pin ray reaches e4.
TEST(CalmClauses, PinRays) {
  expect_clause_needed_both_ways("4k3/8/4n3/8/6R1/8/8/K7 w - - 0 1", "g4e4", Kind::kGuarding);
}

// The same rays through a castling rook (Chess960): Black castles queenside with the king on f8
// and the rook on b8, which leaves b8 as the king lands on c8. Ra8 attacks c8 through b8; the
// line out of c8 stops at the rook, only the ray from the king, looking through it, reaches a8.
TEST(CalmClauses, PinRaysThroughACastlingRook) {
  expect_clause_needed_both_ways("1r3k2/Rp6/8/8/8/8/8/4K3 w q - 0 1", "a7a8", Kind::kGuarding);
}

// The rays of their sliders up to and including the first piece: Na5 shortens the rook's file.
TEST(CalmClauses, SliderRays) {
  expect_clause_needed_both_ways("r6k/8/2N5/8/8/8/8/1K6 w - - 0 1", "c6a5", Kind::kMobility);
}

// The squares their pawns push to, one step and two, and capture on, one position each: Nb6
// blocks both pushes of the b-pawn, Nb5 its double push, and Nc6 offers it a capture.
TEST(CalmClauses, PawnPushes) {
  expect_clause_needed_both_ways("7k/1p6/8/8/N7/8/8/1K6 w - - 0 1", "a4b6", Kind::kMobility);
}

TEST(CalmClauses, PawnDoublePushes) {
  expect_clause_needed_both_ways("7k/1p6/8/8/8/N7/8/1K6 w - - 0 1", "a3b5", Kind::kMobility);
}

TEST(CalmClauses, PawnCaptures) {
  expect_clause_needed_both_ways("7k/1p6/8/N7/8/8/8/1K6 w - - 0 1", "a5c6", Kind::kMobility);
}

// The squares from which a knight attacks the reach: Nh6 attacks g8, which the castling king
// would cross (no line out of the reach runs through h6: the pawns on e6, g7 and h7 close them).
TEST(CalmClauses, KnightSquares) {
  expect_clause_needed_both_ways("4k2r/5ppp/4p3/8/6N1/8/8/K7 w k - 0 1", "g4h6", Kind::kGuarding);
}

// How the depth-2 generator (for_each_legal_move_except_calm) hands a move over.
enum class Handled { kCalm, kSteady, kMade };

template <Color Us>
Handled handled(const Position& pos, Move move) {
  Handled how = Handled::kCalm;
  for_each_legal_move_except_calm<Us>(
      pos, create_masks<Us>(pos), calm_squares<Us>(pos),
      [&](auto, Move m) { how = m.raw() == move.raw() ? Handled::kMade : how; },
      [&](auto, Move m) { how = m.raw() == move.raw() ? Handled::kSteady : how; });
  return how;
}

// The other side of the open lines: the same d5d6 as in OpenLines, with no bishop behind the
// pawn, is calm, though d5 is the first piece on the line out of g8 (a slider there would watch
// it).
TEST(CalmClauses, PawnOnALineNoSliderOfOursSees) {
  for (bool flip : {false, true}) {
    const std::string fen = "7k/8/8/3P4/8/8/8/K7 w - - 0 1";
    absl::StatusOr<Position> pos = Position::from_fen(flip ? flipped_fen(fen) : fen);
    ASSERT_TRUE(pos.ok()) << pos.status();
    absl::StatusOr<Move> move = parse_uci_move(*pos, flip ? flipped_move("d5d6") : "d5d6", false);
    ASSERT_TRUE(move.ok()) << move.status();
    const Handled how = flip ? handled<kBlack>(*pos, *move) : handled<kWhite>(*pos, *move);
    const Outcome o = flip ? examine<kBlack>(*pos, *move) : examine<kWhite>(*pos, *move);
    EXPECT_EQ(how, Handled::kCalm) << flip;
    EXPECT_EQ(o.child_replies, o.null_replies) << flip;
    EXPECT_EQ(o.open_kernel, o.reference) << flip;
  }
}

// A double push whose squares are calm is calm unless one of their pawns stands beside its
// destination and may take it en passant; then it is made.
void expect_double_push(const std::string& fen, const std::string& uci, bool en_passant) {
  SCOPED_TRACE(fen + " " + uci);
  absl::StatusOr<Position> pos = Position::from_fen(fen);
  ASSERT_TRUE(pos.ok()) << pos.status();
  absl::StatusOr<Move> move = parse_uci_move(*pos, uci, /*chess960=*/false);
  ASSERT_TRUE(move.ok()) << move.status();
  ASSERT_EQ(type_of(pos->piece_on(move->from())), kPawn);
  ASSERT_EQ(move->from() ^ move->to(), 16);
  const bool white = pos->side_to_move() == kWhite;
  const Handled how = white ? handled<kWhite>(*pos, *move) : handled<kBlack>(*pos, *move);
  const Outcome o = white ? examine<kWhite>(*pos, *move) : examine<kBlack>(*pos, *move);
  EXPECT_EQ(o.kernel, o.reference) << "the depth-2 kernel miscounts";
  EXPECT_EQ(o.open_kernel, o.reference) << "the depth-2 kernel miscounts (open lines)";
  if (en_passant) {
    EXPECT_EQ(how, Handled::kMade);
    EXPECT_EQ(o.child_replies, o.null_replies + 1) << "not one en passant capture more";
  } else {
    EXPECT_EQ(how, Handled::kCalm);
    EXPECT_EQ(o.child_replies, o.null_replies);
  }
}

// The en passant clause of pushes_within: f2f4 beside the pawn on g4 gives Black gxf3 e.p.; with
// that pawn on h4 it is calm, as its squares are.
TEST(CalmClauses, DoublePushesBesideTheirPawns) {
  for (bool flip : {false, true}) {
    const auto fen = [&](const std::string& f) { return flip ? flipped_fen(f) : f; };
    const std::string push = flip ? flipped_move("f2f4") : "f2f4";
    expect_double_push(fen("7k/8/8/8/6p1/8/5P2/K7 w - - 0 1"), push, /*en_passant=*/true);
    expect_double_push(fen("7k/8/8/8/7p/8/5P2/K7 w - - 0 1"), push, /*en_passant=*/false);
  }
}

}  // namespace
}  // namespace pyke
