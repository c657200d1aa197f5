// stats_leaves.h — the leaves' parents of the statistics kernels, and the depth-2 nodes above
// them: how each leaf move is classified (stats.h has the columns and their definitions).
// Internal to //perft, and private to its library: only stats_leaves*.cc include it, and compile
// it once for every table policy (counted.h declares the two entry points).
//
//   PYKE_STATS_LEAVES(MagicSliders);   // stats_depth1_node and stats_depth2_node, both colours
//
// A leaf parent hands its move sets to a `LeafStatsSink`, which classifies them as sets:
//  - nodes, captures and promotions by popcount of destination sets (a promotion is four moves);
//    castlings and en passant captures one by one (they are rare).
//  - a direct check: the destination is in `CheckInfo::direct[piece]`, the squares from which
//    that piece attacks the enemy king through today's occupancy. The moved piece's own origin
//    never matters there: were it between its destination and the king, the line from the
//    origin to the king would be either empty (the king in check with the mover to move: no
//    such position) or blocked further on (so the destination is blocked too).
//  - a discovered check: the piece moves off the line between the enemy king and one of the
//    mover's sliders, being the only piece on it (`CheckInfo::discoverers`). A capture puts the
//    mover on the captured piece's square, so it opens no line; one piece leaves one line.
//  - promotions (the new piece attacks through the emptied origin), en passant (two pieces leave
//    their squares) and castling (king and rook move) are made and asked directly.
// Only the checking moves are made: the child's checkers are counted and, when the opponent has
// no legal reply (the bulk counter finds none), it is mate.
//
#ifndef PYKE_PERFT_INTERNAL_STATS_LEAVES_H_
#define PYKE_PERFT_INTERNAL_STATS_LEAVES_H_

#include <cstdint>
#include <optional>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/make_move.h"
#include "movegen/internal/maskset.h"
#include "movegen/move.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/calm.h"
#include "perft/internal/counted.h"
#include "perft/internal/kernel.h"
#include "perft/internal/plans.h"
#include "perft/stats.h"

namespace pyke::perft::internal {

// What a leaf parent (side Us to move) knows of checks against the enemy king before any move.
struct CheckInfo {
  Square king;           // the enemy king
  Bitboard direct[6];    // [PieceType]: where that piece of Us would attack the king
  Bitboard discoverers;  // Us's pieces that alone stand between one of Us's sliders and it
};

// One kind of line out of the enemy king (the diagonals, or the ranks and files), as a leaf
// parent's checks depend on it: `direct`, the squares from which a slider of Us moving along
// such lines attacks the king (up to and including the first piece on each); `discoverers`, Us's
// pieces first on such a line with a slider of Us of that kind next behind them; `footprint`, the
// squares all of it depends on: each line up to its first piece, and on, up to the second piece,
// where that first piece is Us's. (A line whose first piece is Them's has no discoverer of Us,
// whatever stands behind it.)
struct KingLines {
  Bitboard direct, discoverers, footprint;
};

template <Color Us, class Sliders, bool Diagonal>
PYKE_INLINE KingLines king_lines(const Position& pos, Square king, Bitboard occupied) {
  const auto lines = [king](Bitboard occupancy) {
    return Diagonal ? bishop_attacks<Sliders>(king, occupancy)
                    : rook_attacks<Sliders>(king, occupancy);
  };
  const Bitboard first = lines(occupied);
  KingLines l{first, 0, first};
  if (const Bitboard ours = first & pos.pieces(Us)) {
    const Bitboard beyond = lines(occupied ^ ours);
    l.footprint |= beyond;
    const Bitboard sliders = pos.pieces(Us, Diagonal ? kBishop : kRook) | pos.pieces(Us, kQueen);
    for (Bitboard b = beyond & ~first & sliders; b; b = clear_lsb(b)) {
      l.discoverers |= between_squares(king, lsb(b)) & ours;
    }
  }
  return l;
}

template <Color Us>
PYKE_INLINE CheckInfo with_king_lines(Square king, const KingLines& diagonal,
                                      const KingLines& orthogonal) {
  CheckInfo c;
  c.king = king;
  c.direct[kPawn] = pawn_attacks(~Us, king);  // a pawn of Us there attacks the king
  c.direct[kKnight] = knight_attacks(king);
  c.direct[kBishop] = diagonal.direct;
  c.direct[kRook] = orthogonal.direct;
  c.direct[kQueen] = diagonal.direct | orthogonal.direct;
  c.direct[kKing] = 0;  // a king never gives check
  c.discoverers = diagonal.discoverers | orthogonal.discoverers;
  return c;
}

template <Color Us, class Sliders>
PYKE_INLINE CheckInfo check_info(const Position& pos) {
  const Square king = pos.king_square(~Us);
  const Bitboard occupied = pos.occupied();
  return with_king_lines<Us>(king, king_lines<Us, Sliders, true>(pos, king, occupied),
                             king_lines<Us, Sliders, false>(pos, king, occupied));
}

// The check information of a depth-2 node's children, shared among them: `info` is
// check_info<Us> of the node itself (Them to move there), which holds in a child (Us to move)
// as far as Them's move leaves it as it was. Each kind of line's part depends only on its
// footprint (KingLines). A move of Them other than a king move or an en passant capture, whose
// origin and destination are both off one kind's footprint, leaves that kind's part as it was:
//  - `direct` of a knight or pawn depends on the king's square only, and a slider's on the
//    occupancy of the squares it reaches from the king, the first piece on each line included:
//    all on the footprint, and the move neither empties nor fills any of them.
//  - a discoverer is the only piece between the king and a slider of Us. A slider second on its
//    line from the king behind a piece of Us, and every square up to it, are on the footprint:
//    nothing there changes. On a line whose first piece is Them's, that piece stays (the move
//    neither leaves nor takes it), and it is not Us's. One further out has two pieces or more
//    before it; a move off the footprint can only take a piece away from beyond the second
//    one, or capture the slider itself, and neither leaves it one piece.
// So a move touching one kind's footprint has only that kind's part computed again. A null move
// changes no piece: `info` is the null move's as it is.
//
//   const auto shared = SharedCheckInfo<kBlack, Sliders>::of(pos);  // White to move in pos
//   CheckInfo own;
//   const CheckInfo& info = shared.after(piece, move, child, own);  // Black to move in child
template <Color Us, class Sliders>
struct SharedCheckInfo {
  CheckInfo info;
  KingLines diagonal, orthogonal;

  PYKE_INLINE static SharedCheckInfo of(const Position& pos) {
    const Square king = pos.king_square(~Us);
    const Bitboard occupied = pos.occupied();
    const KingLines diagonal = king_lines<Us, Sliders, true>(pos, king, occupied);
    const KingLines orthogonal = king_lines<Us, Sliders, false>(pos, king, occupied);
    return {with_king_lines<Us>(king, diagonal, orthogonal), diagonal, orthogonal};
  }

  // check_info<Us> of `child`, the position after `move`: `info` when it holds, else computed
  // into `own`, each kind of line only when the move touches its footprint.
  template <PieceType P>
  PYKE_INLINE const CheckInfo& after(PieceTag<P>, Move move, const Position& child,
                                     CheckInfo& own) const {
    if (P == kKing || move.kind() == MoveKind::kEnPassant) [[unlikely]]
      return own = check_info<Us, Sliders>(child);
    const Bitboard touched = square_bb(move.from()) | square_bb(move.to());
    const bool on_diagonal = touched & diagonal.footprint;
    const bool on_orthogonal = touched & orthogonal.footprint;
    if (!on_diagonal && !on_orthogonal) return info;
    const Bitboard occupied = child.occupied();
    return own = with_king_lines<Us>(
               info.king,
               on_diagonal ? king_lines<Us, Sliders, true>(child, info.king, occupied) : diagonal,
               on_orthogonal ? king_lines<Us, Sliders, false>(child, info.king, occupied)
                             : orthogonal);
  }
};

// The pieces of Us that attack the enemy king in `pos` (Them to move).
template <Color Us, class Sliders>
PYKE_INLINE Bitboard checkers_of(const Position& pos) {
  const Square king = pos.king_square(~Us);
  const Bitboard occupied = pos.occupied();
  const Bitboard queens = pos.pieces(kQueen);
  return pos.pieces(Us) &
         ((pawn_attacks(~Us, king) & pos.pieces(kPawn)) |
          (knight_attacks(king) & pos.pieces(kKnight)) |
          (bishop_attacks<Sliders>(king, occupied) & (pos.pieces(kBishop) | queens)) |
          (rook_attacks<Sliders>(king, occupied) & (pos.pieces(kRook) | queens)));
}

// Whether the side to move in `child` (Them, in check) has a legal reply: a king step first,
// square by square until one is safe (most checks leave one; a square is safe when nothing
// attacks it with the king lifted, so that a checking slider's line runs on through the king's
// square), and only then, in single check, the others.
template <Color Them, class Sliders>
PYKE_INLINE bool has_legal_reply(const Position& child) {
  const Square king = child.king_square(Them);
  const Bitboard lifted = child.occupied() ^ square_bb(king);
  for (Bitboard b = king_attacks(king) & ~child.pieces(Them); b; b = clear_lsb(b)) {
    if (!attacked_by_them<Them, Sliders>(child, lsb(b), lifted)) return true;
  }
  const MaskSet m = create_masks<Them, Sliders>(child);
  if (m.checkers > 1) return false;
  MoveTally replies;
  add_non_king_moves<Them, Sliders>(child, m, replies);
  return replies.total() > 0;
}

// A leaf move that gives check, as a leaf parent may keep it to ask again in a sibling position
// (stats_last_two_plies): the moving piece's type, the move, and the square whose piece is the
// direct checker (for castling, the rook's).
struct CheckingMove {
  PieceType piece;
  Square moved;
  Move move;
};

// The checks, discovered and double checks and mates of a leaf parent, counted apart from its
// other columns (see LeafStatsSink); or, when `record` is set, the checking moves themselves
// and nothing else (their owner asks them again wherever it needs their columns).
struct CheckTally : LeafStats {
  CheckingMove* record = nullptr;  // room for kMaxLegalMoves
  int recorded = 0;

  // Records a move known to give check, when recording; then it needs no counting here.
  PYKE_INLINE bool kept(PieceType piece, Move move, Square moved) {
    if (!record) [[likely]]
      return false;
    new (record + recorded++) CheckingMove{piece, moved, move};
    return true;
  }
};

// A leaf move that gives check, made: `checkers` are the pieces giving it, `moved` the square of
// the moved piece (for castling, the rook's).
template <Color Us, class Sliders>
PYKE_INLINE void count_check(const Position& child, Bitboard checkers, Square moved, LeafStats& s) {
  ++s.checks;
  if (!has_legal_reply<~Us, Sliders>(child)) {
    ++s.checkmates;
  } else if (more_than_one(checkers)) {
    ++s.double_checks;
  } else if (checkers != square_bb(moved)) {
    ++s.discovered_checks;
  }
}

// A leaf move of a piece that uncovers nothing and checks from its destination: one checker,
// the moved piece, so it is a direct check; made only to ask whether it mates.
template <Color Us, class Sliders, PieceType P>
[[gnu::noinline]] void count_direct_check(const Position& pos, Move move, CheckTally& checks) {
  if (checks.kept(P, move, move.to())) return;
  ++checks.checks;
  if (!has_legal_reply<~Us, Sliders>(perft_child<Us>(pos, PieceTag<P>{}, move))) {
    ++checks.checkmates;
  }
}

// A leaf move that may give check (castling, en passant): made, and counted if it does. Out of
// line, as the sink's check_by: such moves are few.
template <Color Us, class Sliders, PieceType P>
[[gnu::noinline]] void count_if_check(const Position& pos, Move move, Square moved,
                                      CheckTally& checks) {
  const Position child = perft_child<Us>(pos, PieceTag<P>{}, move);
  if (const Bitboard checkers = checkers_of<Us, Sliders>(child)) {
    if (checks.kept(P, move, moved)) return;
    count_check<Us, Sliders>(child, checkers, moved, checks);
  }
}

// A leaf move that gives check: made and counted.
template <Color Us, class Sliders, PieceType P>
[[gnu::noinline]] void count_checking_move(const Position& pos, Move move, Square moved,
                                           CheckTally& checks) {
  if (checks.kept(P, move, moved)) return;
  const Position child = perft_child<Us>(pos, PieceTag<P>{}, move);
  count_check<Us, Sliders>(child, checkers_of<Us, Sliders>(child), moved, checks);
}

// The square a castling rook lands on: the f-file towards the h-side, the d-file otherwise, on
// the king's rank (in Chess960 too).
PYKE_INLINE Square castling_rook_destination(Move castling) {
  const Square king = castling.from(), rook = castling.to();
  const int rank = rank_of(king);
  return static_cast<Square>(8 * rank + (file_of(rook) > file_of(king) ? 5 : 3));
}

// The square a castling king lands on: the g-file towards the h-side, the c-file otherwise.
PYKE_INLINE Square castling_king_destination(Move castling) {
  const Square king = castling.from(), rook = castling.to();
  return static_cast<Square>(8 * rank_of(king) + (file_of(rook) > file_of(king) ? 6 : 2));
}

// Classifies the moves of a leaf parent as the generator hands them over (see the top).
//
// The move counters are the sink's own, and the sink's address never leaves the leaf parent
// (the out-of-line check counting gets `checks`, a second tally): a store through a reference to
// uint64_t may alias the position's bitboards, and the compiler would otherwise keep the counters
// in memory and reload the position after every count.
template <Color Us, class Sliders>
struct LeafStatsSink {
  const Position& pos;
  const CheckInfo& info;
  CheckTally& checks;  // checks, discovered and double checks, mates
  LeafStats s{};       // the other columns

  // The destinations in `targets` from which a move from `from` uncovers a check.
  PYKE_INLINE Bitboard discovering(Square from, Bitboard targets) const {
    if (!(info.discoverers & square_bb(from))) [[likely]]
      return 0;
    return targets & ~line_through(from, info.king);
  }

  template <PieceType P>
  PYKE_INLINE void check_by(Move move, Square moved) {
    count_checking_move<Us, Sliders, P>(pos, move, moved, checks);
  }

  template <PieceType P>
  PYKE_INLINE void piece(PieceTag<P>, Square from, Bitboard targets) {
    s.nodes += static_cast<uint64_t>(popcount(targets));
    s.captures += static_cast<uint64_t>(popcount(targets & pos.pieces(~Us)));
    for (Bitboard b = (targets & info.direct[P]) | discovering(from, targets); b;
         b = clear_lsb(b)) {
      check_by<P>(Move::make(from, lsb(b)), lsb(b));
    }
  }

  // A castling checks directly when the rook attacks the king from its landing square (king and
  // rook on their new squares); by discovery only if king or rook left a line to the enemy king
  // (they are among the discoverers). Otherwise nothing is made.
  PYKE_INLINE void castling(Move move) {
    ++s.nodes;
    ++s.castles;
    const Square rook_to = castling_rook_destination(move);
    const Square king_to = castling_king_destination(move);
    const Bitboard occupied = (pos.occupied() ^ square_bb(move.from()) ^ square_bb(move.to())) |
                              square_bb(king_to) | square_bb(rook_to);
    if ((rook_attacks<Sliders>(rook_to, occupied) & square_bb(info.king)) ||
        (info.discoverers & (square_bb(move.from()) | square_bb(move.to())))) [[unlikely]] {
      count_if_check<Us, Sliders, kKing>(pos, move, rook_to, checks);
    }
  }

  template <int Travel>
  PYKE_INLINE void pawns(Bitboard destinations) {
    constexpr bool kCaptures = Travel == kForwardEast<Us> || Travel == kForwardWest<Us>;
    const Bitboard plain = destinations & ~kPromotionRank<Us>;
    const Bitboard promoting = destinations & kPromotionRank<Us>;
    const uint64_t moves = static_cast<uint64_t>(popcount(plain) + 4 * popcount(promoting));
    s.nodes += moves;
    if constexpr (kCaptures) s.captures += moves;
    s.promotions += static_cast<uint64_t>(4 * popcount(promoting));

    Bitboard checking = plain & info.direct[kPawn];
    if (pos.pieces(Us, kPawn) & info.discoverers) [[unlikely]] {
      for (Bitboard b = plain; b; b = clear_lsb(b)) {
        const Square from = static_cast<Square>(lsb(b) - Travel);
        checking |= discovering(from, square_bb(lsb(b)));
      }
    }
    for (Bitboard b = checking; b; b = clear_lsb(b)) {
      check_by<kPawn>(Move::make(static_cast<Square>(lsb(b) - Travel), lsb(b)), lsb(b));
    }
    if (promoting) [[unlikely]]
      promotions<Travel>(promoting);
  }

  // Each promotion that checks, directly (the new piece, through the emptied origin) or by
  // discovery, is made and asked.
  template <int Travel>
  PYKE_INLINE void promotions(Bitboard destinations) {
    const Bitboard king = square_bb(info.king);
    for (Bitboard b = destinations; b; b = clear_lsb(b)) {
      const Square to = lsb(b), from = static_cast<Square>(to - Travel);
      const Bitboard occupied = (pos.occupied() ^ square_bb(from)) | square_bb(to);
      const bool discovered = discovering(from, square_bb(to)) != 0;
      const Bitboard diagonal = bishop_attacks<Sliders>(to, occupied) & king;
      const Bitboard orthogonal = rook_attacks<Sliders>(to, occupied) & king;
      const Bitboard gives[4] = {diagonal | orthogonal, orthogonal, diagonal,
                                 knight_attacks(to) & king};
      const PieceType promoted[4] = {kQueen, kRook, kBishop, kKnight};
      for (int i = 0; i < 4; ++i) {
        if (gives[i] || discovered)
          check_by<kPawn>(Move::make_promotion(from, to, promoted[i]), to);
      }
    }
  }

  PYKE_INLINE void en_passant(Bitboard origins, Square to) {
    for (; origins; origins = clear_lsb(origins)) {
      ++s.nodes;
      ++s.captures;
      ++s.en_passant;
      count_if_check<Us, Sliders, kPawn>(pos, Move::make(lsb(origins), to, MoveKind::kEnPassant),
                                         to, checks);
    }
  }
};

// The moves of Us's knights, bishops, rooks and queens that neither are pinned nor stand between
// the enemy king and one of Us's sliders ("plain" pieces), classified setwise (AVX-512 lanes,
// count_avx512.h): nodes and captures are popcounts of the lanes' attack sets, as the bulk count
// has them (two own pieces never reach one square in the same direction, so each move is counted
// once). A plain piece's move can only check directly (it uncovers nothing), and it does so
// exactly when its destination is one of the squares from which a piece of its type attacks the
// enemy king: for each such destination that a lane reaches, the pieces that move there are
// found from the destination (a slider sees its origin from its destination through the same
// occupancy; a knight's jump is symmetric), and each of those moves is made and counted.
template <Color Us, class Sliders>
PYKE_INLINE void add_plain_piece_stats(const Position& pos, const MaskSet& m, const CheckInfo& info,
                                       Bitboard plain, LeafStats& s, CheckTally& checks) {
#if PYKE_HAS_SETWISE_COUNT
  const Bitboard occupied = pos.occupied();
  const Bitboard movable = ~pos.pieces(Us) & m.check_mask;
  const Bitboard knights = pos.pieces(Us, kKnight) & plain;
  const Bitboard bishops = pos.pieces(Us, kBishop) & plain;
  const Bitboard rooks = pos.pieces(Us, kRook) & plain;
  const Bitboard queens = pos.pieces(Us, kQueen) & plain;
  const setwise::LaneAttacks a =
      setwise::lane_attacks(knights, rooks | queens, bishops | queens, ~occupied);
  const __m512i to_movable = _mm512_set1_epi64(static_cast<int64_t>(movable));
  const __m512i to_capture = _mm512_set1_epi64(static_cast<int64_t>(movable & pos.pieces(~Us)));
  const __m512i moves =
      _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(a.slides, to_movable)),
                       _mm512_popcnt_epi64(_mm512_and_si512(a.jumps, to_movable)));
  const __m512i captures =
      _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(a.slides, to_capture)),
                       _mm512_popcnt_epi64(_mm512_and_si512(a.jumps, to_capture)));
  s.nodes += static_cast<uint64_t>(_mm512_reduce_add_epi64(moves));
  s.captures += static_cast<uint64_t>(_mm512_reduce_add_epi64(captures));
  const Bitboard reached =
      static_cast<Bitboard>(_mm512_reduce_or_epi64(_mm512_or_si512(a.slides, a.jumps)));
  for (Bitboard b = reached & movable & (info.direct[kKnight] | info.direct[kQueen]); b;
       b = clear_lsb(b)) {
    const Square to = lsb(b);
    const Bitboard bit = square_bb(to);
    const auto made = [&](Bitboard from_set, auto piece) {
      for (; from_set; from_set = clear_lsb(from_set)) {
        count_direct_check<Us, Sliders, decltype(piece)::value>(pos, Move::make(lsb(from_set), to),
                                                                checks);
      }
    };
    if (bit & info.direct[kKnight]) made(knight_attacks(to) & knights, PieceTag<kKnight>{});
    // A queen checks from `to` along either kind of line and reaches it along either kind.
    const bool diagonal_check = bit & info.direct[kBishop],
               orthogonal_check = bit & info.direct[kRook];
    if (!diagonal_check && !orthogonal_check) continue;
    const Bitboard diagonal = bishop_attacks<Sliders>(to, occupied);
    const Bitboard orthogonal = rook_attacks<Sliders>(to, occupied);
    if (diagonal_check) made(diagonal & bishops, PieceTag<kBishop>{});
    if (orthogonal_check) made(orthogonal & rooks, PieceTag<kRook>{});
    made((diagonal | orthogonal) & queens, PieceTag<kQueen>{});
  }
#else
  (void)pos, (void)m, (void)info, (void)plain, (void)s, (void)checks;
#endif
}

// Every move of a leaf parent but the king's, not in double check (pawns, en passant, knights,
// sliders), the generator's phases (generate.h) handing them to the sink: with AVX-512 the plain
// pieces are classified setwise instead (add_plain_piece_stats) and only the rest go through the
// sink; without, every piece goes through it.
template <Color Us, class Sliders>
PYKE_INLINE void classify_other_leaf_moves(const Position& pos, const MaskSet& m,
                                           LeafStatsSink<Us, Sliders>& sink) {
  generate_pawn_targets<Us, Sliders>(pos, m, sink);
  if constexpr (counts_setwise<Sliders>()) {
    const Bitboard special = m.pinmask_diagonal | m.pinmask_orthogonal | sink.info.discoverers;
    add_plain_piece_stats<Us, Sliders>(pos, m, sink.info, ~special, sink.s, sink.checks);
    if ((pos.pieces(Us) & ~pos.pieces(Us, kPawn) & ~pos.pieces(Us, kKing) & special)) [[unlikely]] {
      generate_piece_targets<Us, Sliders>(pos, m, sink, special);
    }
  } else {
    generate_piece_targets<Us, Sliders>(pos, m, sink);
  }
}

// Depth 1: the legal moves, classified without making any but the checking ones: the king's
// moves, and the others (above) unless in double check.
template <Color Us, class Sliders>
PYKE_INLINE void classify_leaf_moves(const Position& pos, const CheckInfo& info, LeafStats& s,
                                     CheckTally& checks) {
  const MaskSet m = create_masks<Us, Sliders>(pos);
  LeafStatsSink<Us, Sliders> sink{pos, info, checks};
  generate_king_targets<Us, Sliders>(pos, m, sink);
  if (m.checkers <= 1) classify_other_leaf_moves<Us, Sliders>(pos, m, sink);
  s += sink.s;
  s += checks;
}

template <Color Us, class Sliders>
PYKE_INLINE void stats_leaf_parent(const Position& pos, LeafStats& s) {
  CheckTally checks;
  classify_leaf_moves<Us, Sliders>(pos, check_info<Us, Sliders>(pos), s, checks);
}

// The same, with the check information of the position before Them's move when it still holds.
template <Color Us, class Sliders, PieceType P>
PYKE_INLINE void stats_leaf_parent(const Position& parent, PieceTag<P> piece, Move move,
                                   const SharedCheckInfo<Us, Sliders>& shared, LeafStats& s) {
  const Position pos = perft_child<~Us>(parent, piece, move);
  CheckInfo own;
  CheckTally checks;
  classify_leaf_moves<Us, Sliders>(pos, shared.after(piece, move, pos, own), s, checks);
}

// A leaf move that gave check in a sibling position (`move`, kept by CheckTally), made in `pos`
// and counted if it gives check here.
template <Color Us, class Sliders>
PYKE_INLINE void count_again_if_check(const Position& pos, const CheckingMove& move, LeafStats& s) {
  const auto count = [&](auto piece) {
    const Position child = perft_child<Us>(pos, piece, move.move);
    if (const Bitboard checkers = checkers_of<Us, Sliders>(child)) {
      count_check<Us, Sliders>(child, checkers, move.moved, s);
    }
  };
  switch (move.piece) {
    case kPawn:
      return count(PieceTag<kPawn>{});
    case kKnight:
      return count(PieceTag<kKnight>{});
    case kBishop:
      return count(PieceTag<kBishop>{});
    case kRook:
      return count(PieceTag<kRook>{});
    case kQueen:
      return count(PieceTag<kQueen>{});
    default:
      return count(PieceTag<kKing>{});
  }
}

// How many of their knights attack each square, as two bit planes (a square's count is
// `ones` + 2 × `twos`, for up to three knights).
struct KnightCounts {
  Bitboard ones = 0, twos = 0;

  PYKE_INLINE void add(Bitboard attacks) {
    twos ^= ones & attacks;
    ones ^= attacks;
  }
  // The sum of the counts over `squares`.
  PYKE_INLINE int64_t over(Bitboard squares) const {
    return popcount(squares & ones) + 2 * popcount(squares & twos);
  }
  PYKE_INLINE int64_t at(Square sq) const { return (ones >> sq & 1) + 2 * (twos >> sq & 1); }
};

// The calm squares of the statistics kernel, and the knights whose captures it corrects.
struct StatsCalm {
  CalmSquares squares;
  KnightCounts knights;  // their knights that may move: each may capture on a calm square
};

// Depth 2, the last two plies, with calm moves (calm.h) left unmade. A calm quiet move leaves the
// opponent's replies as they are; for statistics it must leave their classes too, but for checks
// and mates, which are asked again:
//  - captures: a reply captures on the moved piece's destination, and no longer on its origin,
//    only if one of their pieces reaches that square. calm_squares keeps both squares off what
//    their king, pawns and sliders reach; their knights reach squares whatever we do, so each of
//    their knights that may move adds one capture per calm move whose destination it attacks and
//    takes one away per calm move whose origin it attacks (StatsCalmSplit). Which of their knights
//    may move is the null move's answer too: a calm move neither gives check nor changes a pin
//    (calm_squares keeps it off the lines out of their king). A knight that may be pinned is
//    simply watched. The position after a knight's capture on the destination differs from the
//    null move's reply to that square only in our origin, now empty: as for every reply below,
//    that changes whether it checks only through what the origin opens.
//  - checks: a reply checks our king directly from a square that sees our king along a line
//    (or by a knight's or pawn's step, which no other piece changes), and by discovery when it
//    leaves such a line with their slider behind it. Call the lines out of our king up to and
//    including the first piece on each "seen". A move onto a seen square only blocks: it may take
//    checks away, never add one. A move off a seen square (our piece the first on its line) opens
//    that line on to the next piece: the newly seen squares. A reply checks along them only if it
//    lands on one (one of their sliders reaches it — a slider's reach there cannot pass through
//    the origin, which calm_squares keeps off their sliders' rays —, a pawn promotes or a rook
//    castles onto it), if the next piece is theirs and moves off the line with their slider
//    behind it (then that slider reaches the next piece: one of the squares above), or if the
//    next piece is their pawn that promotes onto the line beyond itself, checking through the
//    square it left (a push along a file, a capture along a diagonal): a pawn one step from
//    promoting counts as reaching its own square. Were the next piece their slider that checks
//    along the line, our piece would be pinned to it and could only move along it, blocking
//    again. So an origin whose newly seen squares none of theirs reaches may be left; the
//    others are watched. Our king never moves calm (its square is
//    watched). Hence after a calm move the checking replies are among the null move's.
//  - checkmates: whether a checking reply mates depends on every piece of ours.
// So a calm move's replies are the null move's with the same nodes, captures, en passant
// captures, castlings and promotions, and each of the null move's checking replies, made after
// the calm move, says whether it still checks, how, and whether it mates. The other moves are
// made and classified first, the calm ones counted; only when there are calm moves is the null
// move classified, its checking replies kept (CheckTally), and only when there are some are the
// calm moves made, to ask just those replies again. (A calm move leaves no en passant square,
// and the null move has none, so neither has en passant replies.)
//
// Steady moves (calm.h) off the watched squares of our king's lines are made, but only their
// children's pawns, knights and sliders are classified. Such a move leaves the opponent's check,
// pins, king moves and castlings as they are (calm.h), so the null move's masks serve the child,
// and its king moves and castlings have the null move's nodes, captures (the squares next to
// their king are not touched) and castlings. Their checks are asked again, as a calm move's:
// the argument above holds for them word for word. It used calm squares' one extra property,
// that the origin is off their sliders' rays, only for a slider landing on an opened square; a
// king move checks only by discovery (their king next on an opened line, their slider behind
// it, whose ray runs away from the origin) and a castling only from the rook's landing square.
// The other pieces' moves, which a steady move may change (it may stand on their sliders' rays
// and pawns' squares), are classified in the child itself, with its own check squares and lines.
// A capture between steady squares is steady too: the captured square stays occupied, so it
// opens and closes no line, and it is off the watched squares, so the piece taken was neither
// next to their king, nor first on a line out of it (a pin or a block), nor a pinner's shield;
// its moves are gone from the child, where the other pieces' moves are classified anyway. Nor
// was it a rook whose castling the null move counts: every square between such a rook and
// their king is one the castling needs empty or the king crosses, so the rook is the first
// piece on a line out of the reach, watched; a rook with its right but its path blocked by
// their own piece castles neither after the null move nor after the capture.
template <Color Us, class Sliders>
PYKE_INLINE StatsCalm stats_calm_squares(const Position& pos) {
  constexpr Color Them = ~Us;
  const CalmSquares plain = calm_squares<Us, Sliders, /*TightPins=*/true, /*OpenLines=*/false>(pos);
  const Square king = pos.king_square(Us);
  const Bitboard occupied = pos.occupied();
  const Bitboard seen_diagonal = bishop_attacks<Sliders>(king, occupied);
  const Bitboard seen_orthogonal = rook_attacks<Sliders>(king, occupied);
  const Bitboard seen = seen_diagonal | seen_orthogonal;
  // Squares whose quiet moves may add a checking reply: our king's, and the openers' below.
  Bitboard king_watched = square_bb(king);
  // Their knights' captures are corrected move by move, but for a knight that may be pinned
  // (the first piece on a line out of their king) or a fourth one: its squares are watched.
  Bitboard knight_watched = 0;
  KnightCounts knights;
  const Bitboard their_knights = pos.pieces(Them, kKnight);
  if (their_knights) {
    const Bitboard maybe_pinned = queen_attacks<Sliders>(pos.king_square(Them), occupied);
    int counted = 0;
    for (Bitboard b = their_knights; b; b = clear_lsb(b)) {
      const Bitboard attacks = knight_attacks(lsb(b));
      if ((maybe_pinned & square_bb(lsb(b))) || counted == 3) {
        knight_watched |= attacks;
      } else {
        knights.add(attacks);
        ++counted;
      }
    }
  }
  // Only our pieces that are first on a line and may move calm or steady need a look at what
  // they open.
  const Bitboard openers =
      seen & pos.pieces(Us) & (plain.steady_knight | plain.steady_other) & ~king_watched;
  if (openers) {
    const Bitboard their_queens = pos.pieces(Them, kQueen);
    const Bitboard their_pawns = pos.pieces(Them, kPawn);
    // A piece checks along an opened line only if it moves along that kind of line: a bishop
    // along a diagonal, a rook along a rank or file, a queen (wherever it came from) and a
    // promoted pawn along either, a castling rook along the second.
    const Bitboard both =
        setwise::knight_and_slider_attacks(0, their_queens, their_queens, ~occupied) |
        (kPromotionRank<Them> &
         (shift<kForward<Them>>(their_pawns) | pawn_attacks_set<Them>(their_pawns))) |
        (their_pawns & shift<kForward<Us>>(kPromotionRank<Them>));
    const Bitboard diagonal_landings =
        setwise::knight_and_slider_attacks(0, 0, pos.pieces(Them, kBishop), ~occupied) | both;
    Bitboard orthogonal_landings =
        setwise::knight_and_slider_attacks(0, pos.pieces(Them, kRook), 0, ~occupied) | both;
    for (uint8_t rights = pos.castling_rights() & castling_rights_of(Them); rights;
         rights &= rights - 1) {
      orthogonal_landings |= square_bb(lowest_castling_path(pos, rights).rook_to);
    }
    for (Bitboard b = openers; b; b = clear_lsb(b)) {
      const Bitboard without = occupied ^ square_bb(lsb(b));
      const Bitboard opened_diagonal = bishop_attacks<Sliders>(king, without) & ~seen_diagonal;
      const Bitboard opened_orthogonal = rook_attacks<Sliders>(king, without) & ~seen_orthogonal;
      if ((opened_diagonal & diagonal_landings) | (opened_orthogonal & orthogonal_landings)) {
        king_watched |= square_bb(lsb(b));
      }
    }
  }
  const Bitboard watched = king_watched | knight_watched;
  // Every piece watches every line out of the reach (OpenLines is off): pawns and the king share
  // the sliders' squares.
  const Bitboard other = plain.other & ~watched;
  const Bitboard steady_other = plain.steady_other & ~king_watched;
  return {{.knight = plain.knight & ~watched,
           .pawn = other,
           .king = other,
           .other = other,
           .steady_knight = plain.steady_knight & ~king_watched,
           .steady_pawn = steady_other,
           .steady_king = steady_other,
           .steady_other = steady_other,
           .no_en_passant = plain.no_en_passant},
          knights};
}

// The statistics kernel's split of the moves by calm squares (CalmSplitSink): a capture between
// steady squares is steady (above), and each calm move changes their knights' captures (a knight
// that attacks the destination gains one, one that attacks the origin loses one).
struct StatsCalmSplit {
  static constexpr bool kSteadyCaptures = true;
  KnightCounts knights;
  int64_t knight_captures = 0;  // added to the captures of all calm moves' replies

  PYKE_INLINE void calm_piece_moves(Square from, Bitboard destinations) {
    if (knights.ones) {
      knight_captures += knights.over(destinations) - popcount(destinations) * knights.at(from);
    }
  }
  template <int Travel>
  PYKE_INLINE void calm_pawn_moves(Bitboard destinations) {
    if (knights.ones) {
      knight_captures +=
          knights.over(destinations) - knights.over(pawn_origins<Travel>(destinations));
    }
  }
};

// The replies of Them after a null move of a depth-2 node, classified once for all its calm and
// steady moves, each part when it is first needed: the king's moves and castlings (every steady
// move needs them), then the other pieces' (only calm moves do). The check columns are left to
// the replies that check, kept to be asked again after each move.
template <Color Them, class Sliders>
struct NullMoveReplies {
  std::optional<Position> pos;  // set by classify_king
  MaskSet masks;
  CheckInfo info;
  CheckTally checks;      // the checking replies: the king's first, then the others'
  LeafStats king;         // the king's moves and castlings, but the check columns
  LeafStats other;        // the other pieces' moves, but the check columns
  int king_checking = 0;  // checks.record[0, king_checking) are king moves and castlings
  alignas(CheckingMove) unsigned char storage[sizeof(CheckingMove) * kMaxLegalMoves];

  const CheckingMove* checking() const { return checks.record; }

  // Classifies the king's moves and castlings, once.
  PYKE_INLINE void classify_king(const Position& parent, const CheckInfo& parent_info) {
    if (pos) [[likely]]
      return;
    pos.emplace(parent.after_null_move());
    masks = create_masks<Them, Sliders>(*pos);
    info = parent_info;  // a null move changes no piece
    checks.record = reinterpret_cast<CheckingMove*>(storage);
    LeafStatsSink<Them, Sliders> sink{*pos, info, checks};
    generate_king_targets<Them, Sliders>(*pos, masks, sink);
    king = sink.s;
    king_checking = checks.recorded;
  }

  // Classifies the other pieces' moves (after classify_king).
  PYKE_INLINE void classify_other() {
    LeafStatsSink<Them, Sliders> sink{*pos, info, checks};
    classify_other_leaf_moves<Them, Sliders>(*pos, masks, sink);
    other = sink.s;
  }
};

// A steady move's child (Them to move): the null move's king moves and castlings with their
// classes, and the other pieces' moves classified in the child itself under the null move's
// masks. Both hold by the argument above stats_last_two_plies.
template <Color Them, class Sliders>
PYKE_INLINE void count_steady_child(const Position& child, const CheckInfo& info,
                                    const NullMoveReplies<Them, Sliders>& null, LeafStats& s) {
  for (int i = 0; i < null.king_checking; ++i) {
    count_again_if_check<Them, Sliders>(child, null.checking()[i], s);
  }
  CheckTally checks;
  LeafStatsSink<Them, Sliders> sink{child, info, checks};
  classify_other_leaf_moves<Them, Sliders>(child, null.masks, sink);
  s += sink.s;
  s += checks;
}

//
// Without `Calm` (or in check, where the null move is no position), every child is made and its
// leaf moves classified (the plan every_child, plans.h).
template <Color Us, class Sliders, bool Calm = true>
PYKE_INLINE void stats_last_two_plies(const Position& pos, LeafStats& s) {
  const MaskSet m = create_masks<Us, Sliders>(pos);
  const auto shared = SharedCheckInfo<~Us, Sliders>::of(pos);
  const auto count_child = [&](auto piece, Move move) {
    stats_leaf_parent<~Us, Sliders>(pos, piece, move, shared, s);
  };
  if (!Calm || m.checkers != 0) return for_each_legal_move<Us, Sliders>(pos, m, count_child);
  const StatsCalm calm = stats_calm_squares<Us, Sliders>(pos);
  NullMoveReplies<~Us, Sliders> null;
  uint64_t steady_moves = 0;
  const auto count_steady = [&](auto piece, Move move) {
    null.classify_king(pos, shared.info);
    ++steady_moves;
    const Position child = perft_child<Us>(pos, piece, move);
    CheckInfo own;
    count_steady_child<~Us, Sliders>(child, shared.after(piece, move, child, own), null, s);
  };
  StatsCalmSplit split{calm.knights};
  const int calm_moves = for_each_legal_move_except_calm<Us, Sliders>(
      pos, m, calm.squares, count_child, count_steady, split);
  if (steady_moves > 0) {
    for (int i = 0; i < LeafStats::kColumns; ++i) s.column(i) += steady_moves * null.king.column(i);
  }
  if (calm_moves == 0) return;
  null.classify_king(pos, shared.info);
  null.classify_other();
  for (int i = 0; i < LeafStats::kColumns; ++i) {
    s.column(i) += static_cast<uint64_t>(calm_moves) * (null.king.column(i) + null.other.column(i));
  }
  s.captures += static_cast<uint64_t>(split.knight_captures);  // the sum stays >= 0
  if (null.checks.recorded == 0) return;
  for_each_calm_move<Us, Sliders>(pos, m, calm.squares, [&](auto piece, Move move) {
    const Position child = perft_child<Us>(pos, piece, move);
    for (int i = 0; i < null.checks.recorded; ++i) {
      count_again_if_check<~Us, Sliders>(child, null.checking()[i], s);
    }
  });
}

// One leaf move, classified on its own (a divide of depth 1, whose leaves are the root moves):
// made, and its child asked, by the same definitions as the sink's.
template <Color Us, class Sliders>
void classify_leaf_move(const Position& pos, Move move, const Position& child, LeafStats& s) {
  ++s.nodes;
  const bool en_passant = move.kind() == MoveKind::kEnPassant;
  const bool castling = move.kind() == MoveKind::kCastling;
  s.captures += en_passant || (!castling && (pos.pieces(~Us) & square_bb(move.to())));
  s.en_passant += en_passant;
  s.castles += castling;
  s.promotions += move.kind() == MoveKind::kPromotion;
  if (const Bitboard checkers = checkers_of<Us, Sliders>(child)) {
    count_check<Us, Sliders>(child, checkers,
                             castling ? castling_rook_destination(move) : move.to(), s);
  }
}

template <Color Us, class Sliders>
void stats_depth1_node(const Position& pos, LeafStats& s) {
  stats_leaf_parent<Us, Sliders>(pos, s);
}

// The statistics below a depth-2 node by `P` (stats_calm or every_child), whatever the node.
template <Plan P, Color Us, class Sliders>
PYKE_INLINE void stats_with_plan(const Position& pos, LeafStats& s) {
  static_assert(counts_statistics(P), "a plan of the leaves alone");
  stats_last_two_plies<Us, Sliders, /*Calm=*/plan_row(P).calm>(pos, s);
}

template <Color Us, class Sliders>
void stats_depth2_node(const Position& pos, LeafStats& s) {
  stats_with_plan<choose_stats_plan(), Us, Sliders>(pos, s);
}

}  // namespace pyke::perft::internal

// Compiles stats_depth1_node and stats_depth2_node for both colours with slider policy `Sliders`.
// A kernel reaching a policy not compiled so fails to link.
#define PYKE_STATS_LEAVES(Sliders)                                                     \
  template void stats_depth1_node<kWhite, Sliders>(const Position& pos, LeafStats& s); \
  template void stats_depth1_node<kBlack, Sliders>(const Position& pos, LeafStats& s); \
  template void stats_depth2_node<kWhite, Sliders>(const Position& pos, LeafStats& s); \
  template void stats_depth2_node<kBlack, Sliders>(const Position& pos, LeafStats& s)

#endif  // PYKE_PERFT_INTERNAL_STATS_LEAVES_H_
