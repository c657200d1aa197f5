// search.cc — the playing engine's search (search.h).
//
//   SearchResult r = Searcher(table).run(KeyedPosition(pos), {}, limits, stop, report);
#include "play/search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "movegen/bitboard.h"
#include "movegen/movegen.h"
#include "movegen/see.h"
#include "play/eval.h"

namespace pyke::play {
namespace {

constexpr int kInfinity = kMateScore + 1;

// Mate scores are stored relative to the node (plies to mate from here), so that an entry found
// at another ply still means the same mate.
int score_to_table(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}

int score_from_table(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

// Late move reductions by depth and move number: 0.75 + ln(depth) ln(moves) / 2.25.
using ReductionTable = std::array<std::array<int, 64>, 64>;
const ReductionTable kReductions = [] {
  ReductionTable table{};
  for (int d = 1; d < 64; ++d) {
    for (int m = 1; m < 64; ++m) {
      table[d][m] = static_cast<int>(0.75 + std::log(d) * std::log(m) / 2.25);
    }
  }
  return table;
}();

bool has_non_pawn_material(const Position& pos, Color c) {
  return (pos.pieces(c) & ~pos.pieces(kPawn) & ~pos.pieces(kKing)) != 0;
}

bool insufficient_material(const Position& pos) {
  const Bitboard heavy = pos.pieces(kPawn) | pos.pieces(kRook) | pos.pieces(kQueen);
  return !heavy && popcount(pos.pieces(kKnight) | pos.pieces(kBishop)) <= 1;
}

PieceType captured_type(const Position& pos, Move move) {
  if (move.kind() == MoveKind::kEnPassant) return kPawn;
  const Piece p = pos.piece_on(move.to());
  return p == kNoPiece ? kNoPieceType : type_of(p);
}

struct ScoredMove {
  Move move;
  int score;
};

// Moves the highest-scored remaining move to position i (selection sort, one step at a time:
// most nodes cut off after the first few moves).
Move pick(ScoredMove* moves, int count, int i) {
  int best = i;
  for (int j = i + 1; j < count; ++j) {
    if (moves[j].score > moves[best].score) best = j;
  }
  std::swap(moves[i], moves[best]);
  return moves[i].move;
}

constexpr int kTableMoveScore = 1 << 30;
constexpr int kGoodCaptureScore = 1 << 24;
constexpr int kKillerScore = 1 << 22;
constexpr int kBadCaptureScore = -(1 << 24);

}  // namespace

bool is_mate_score(int score) { return std::abs(score) >= kMateBound; }

int mate_in_moves(int score) {
  return score > 0 ? (kMateScore - score + 1) / 2 : -(kMateScore + score) / 2;
}

TimeBudget time_budget(const Limits& limits, Color us) {
  TimeBudget budget;
  if (limits.infinite) return budget;
  if (limits.movetime >= 0) {
    const int64_t t = std::max<int64_t>(1, limits.movetime - limits.move_overhead);
    budget.soft = t * 6 / 10;
    budget.hard = t;
    return budget;
  }
  if (limits.time[us] < 0) return budget;
  // What is left after paying every move's overhead for the moves up to the next time control.
  const int moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
  const int64_t left =
      std::max<int64_t>(1, limits.time[us] - limits.move_overhead * std::min(moves_to_go, 5));
  const int64_t share = left / moves_to_go + limits.increment[us] * 3 / 4;
  budget.hard = std::max<int64_t>(1, std::min(share * 3, left / 3));
  if (moves_to_go == 1) budget.hard = std::max<int64_t>(1, left * 8 / 10);
  budget.soft = std::max<int64_t>(1, std::min(share * 6 / 10, budget.hard));
  return budget;
}

void Searcher::clear() {
  for (auto& k : killers_) k[0] = k[1] = Move::none();
  for (auto& side : history_)
    for (auto& from : side)
      for (int& h : from) h = 0;
}

int64_t Searcher::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start_)
      .count();
}

bool Searcher::out_of_time() {
  if (stop_->load(std::memory_order_relaxed)) return true;
  if (node_limit_ != 0 && nodes_ >= node_limit_) return true;
  return hard_limit_ms_ >= 0 && elapsed_ms() >= hard_limit_ms_;
}

bool Searcher::is_repetition(const Position& pos, int ply) const {
  const size_t index = game_ply_ + ply;
  const size_t reach = std::min<size_t>(pos.halfmove_clock(), index);
  for (size_t back = 4; back <= reach; back += 2) {
    if (keys_[index - back] == keys_[index]) return true;
  }
  return false;
}

SearchResult Searcher::run(const KeyedPosition& root, const std::vector<Key>& history,
                           const Limits& limits, const std::atomic<bool>& stop,
                           const std::function<void(const SearchInfo&)>& report) {
  start_ = std::chrono::steady_clock::now();
  stop_ = &stop;
  aborted_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  node_limit_ = limits.nodes;
  const TimeBudget budget = time_budget(limits, root.position().side_to_move());
  hard_limit_ms_ = budget.hard;
  keys_ = history;
  game_ply_ = history.size();
  keys_.resize(game_ply_ + kMaxPly + 2);
  keys_[game_ply_] = root.key();
  table_.new_search();
  for (auto& side : history_)
    for (auto& from : side)
      for (int& h : from) h /= 8;
  for (auto& k : killers_) k[0] = k[1] = Move::none();

  SearchResult result;
  const MoveList root_moves = legal_moves(root.position());
  if (root_moves.empty()) {
    result.score = root.position().in_check() ? -kMateScore : 0;
    return result;
  }
  result.best_move = root_moves[0];
  if (const TableEntry* e = table_.probe(root.key()); e && root_moves.contains(e->move)) {
    result.best_move = e->move;
  }

  int score = 0;
  for (int depth = 1; depth <= std::min(limits.depth, kMaxDepth); ++depth) {
    seldepth_ = 0;
    int delta = 25;
    int alpha = -kInfinity, beta = kInfinity;
    if (depth >= 5 && !is_mate_score(score)) {
      alpha = std::max(score - delta, -kInfinity);
      beta = std::min(score + delta, kInfinity);
    }
    int value = 0;
    while (true) {
      value = search(root, depth, alpha, beta, 0, false);
      if (aborted_) break;
      if (value <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(value - delta, -kInfinity);
      } else if (value >= beta) {
        beta = std::min(value + delta, kInfinity);
      } else {
        break;
      }
      delta *= 2;
      if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
    }
    if (aborted_) break;
    score = value;
    if (pv_length_[0] > 0 && root_moves.contains(pv_[0][0])) result.best_move = pv_[0][0];
    result.score = score;
    result.depth = depth;
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth_, 1);
    info.score = score;
    info.nodes = nodes_;
    info.time_ms = elapsed_ms();
    info.hashfull = table_.hashfull();
    info.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
    if (info.pv.empty()) info.pv.push_back(result.best_move);
    report(info);
    if (budget.soft >= 0 && elapsed_ms() >= budget.soft) break;
    if (node_limit_ != 0 && nodes_ >= node_limit_) break;
    if (stop.load(std::memory_order_relaxed)) break;
    // A mate found within the depth searched cannot get shorter: stop under a clock.
    if (budget.soft >= 0 && is_mate_score(score) && kMateScore - std::abs(score) <= depth) break;
  }
  result.nodes = nodes_;
  return result;
}

int Searcher::search(const KeyedPosition& kp, int depth, int alpha, int beta, int ply,
                     bool null_ok) {
  pv_length_[ply] = ply;
  const Position& pos = kp.position();
  const bool root = ply == 0;
  const bool in_check = pos.in_check();
  if (in_check && ply < kMaxPly / 2) ++depth;  // check extension
  if (depth <= 0) return quiesce(kp, alpha, beta, ply);
  if ((++nodes_ & 1023) == 0 && out_of_time()) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);
  keys_[game_ply_ + ply] = kp.key();

  if (!root) {
    if (pos.halfmove_clock() >= 100 || is_repetition(pos, ply) || insufficient_material(pos)) {
      return 0;
    }
    if (ply >= kMaxPly - 1) return evaluate(pos);
    // Mate distance pruning: no line from here can beat a mate already found nearer the root.
    alpha = std::max(alpha, -kMateScore + ply);
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;
  }
  const bool pv_node = beta - alpha > 1;
  const Color us = pos.side_to_move();

  Move table_move;
  if (const TableEntry* e = table_.probe(kp.key())) {
    table_move = e->move;
    if (!pv_node && e->depth >= depth) {
      const int s = score_from_table(e->score, ply);
      const Bound b = e->bound();
      if (b == Bound::kExact || (b == Bound::kLower && s >= beta) ||
          (b == Bound::kUpper && s <= alpha)) {
        return s;
      }
    }
  }

  const int static_eval = in_check ? -kInfinity : evaluate(pos);
  if (!pv_node && !in_check) {
    // Reverse futility: far enough above beta at low depth, a quiet move will not fall below it.
    if (depth <= 6 && static_eval - 90 * depth >= beta && std::abs(beta) < kMateBound) {
      return static_eval;
    }
    // Null move: if passing still beats beta, a real move will too (not in pawn endings, where
    // zugzwang makes passing the best move).
    if (null_ok && depth >= 3 && static_eval >= beta && has_non_pawn_material(pos, us)) {
      const int reduction = 3 + depth / 6;
      const int s =
          -search(kp.after_null_move(), depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
      if (aborted_) return 0;
      if (s >= beta) return is_mate_score(s) ? beta : s;
    }
  }

  const MoveList moves = legal_moves(pos);
  if (moves.empty()) return in_check ? -kMateScore + ply : 0;

  ScoredMove scored[MoveList::kCapacity];
  const int count = moves.size();
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    int s = 0;
    const PieceType victim = captured_type(pos, m);
    if (m == table_move) {
      s = kTableMoveScore;
    } else if (victim != kNoPieceType || m.kind() == MoveKind::kPromotion) {
      const int gain = (victim != kNoPieceType ? 10 * piece_value(victim) : 0) +
                       (m.kind() == MoveKind::kPromotion ? piece_value(m.promotion()) : 0) -
                       piece_value(type_of(pos.piece_on(m.from()))) / 10;
      s = (see_at_least(pos, m, 0) ? kGoodCaptureScore : kBadCaptureScore) + gain;
    } else if (m == killers_[ply][0]) {
      s = kKillerScore;
    } else if (m == killers_[ply][1]) {
      s = kKillerScore - 1;
    } else {
      s = history_[us][m.from()][m.to()];
    }
    scored[i] = {m, s};
  }

  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move;
  int searched = 0;
  for (int i = 0; i < count; ++i) {
    const Move m = pick(scored, count, i);
    const bool tactical = captured_type(pos, m) != kNoPieceType || m.kind() == MoveKind::kPromotion;
    const KeyedPosition child = kp.after(m);
    const bool gives_check = child.position().in_check();
    const bool killer = m == killers_[ply][0] || m == killers_[ply][1];

    // Futility: a quiet move near the horizon that cannot lift the score to alpha.
    if (!pv_node && !in_check && searched > 0 && depth <= 2 && !tactical && !gives_check &&
        static_eval + 120 * depth <= alpha && std::abs(alpha) < kMateBound) {
      continue;
    }

    const int new_depth = depth - 1;
    int s = 0;
    if (searched == 0) {
      s = -search(child, new_depth, -beta, -alpha, ply + 1, true);
    } else {
      int r = 0;
      if (depth >= 3 && searched >= 3 && !tactical && !in_check && !gives_check) {
        r = kReductions[std::min(depth, 63)][std::min(searched, 63)];
        if (pv_node) --r;
        if (killer) --r;
        r = std::clamp(r, 0, new_depth - 1);
      }
      s = -search(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
      if (s > alpha && r > 0) s = -search(child, new_depth, -alpha - 1, -alpha, ply + 1, true);
      if (s > alpha && s < beta) s = -search(child, new_depth, -beta, -alpha, ply + 1, true);
    }
    if (aborted_) return 0;
    ++searched;
    if (s > best) {
      best = s;
      best_move = m;
      if (s > alpha) {
        alpha = s;
        pv_[ply][ply] = m;
        for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (alpha >= beta) {
          if (!tactical) {
            if (killers_[ply][0] != m) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = m;
            }
            int& h = history_[us][m.from()][m.to()];
            h = std::min(h + depth * depth, kKillerScore / 2);
          }
          break;
        }
      }
    }
  }
  if (searched == 0) return alpha;  // every move pruned: fail low without storing

  const Bound bound = best >= beta            ? Bound::kLower
                      : best > original_alpha ? Bound::kExact
                                              : Bound::kUpper;
  table_.store(kp.key(), depth, score_to_table(best, ply), in_check ? 0 : static_eval, bound,
               best_move);
  return best;
}

int Searcher::quiesce(const KeyedPosition& kp, int alpha, int beta, int ply) {
  pv_length_[ply] = ply;
  if ((++nodes_ & 1023) == 0 && out_of_time()) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);
  const Position& pos = kp.position();
  if (ply >= kMaxPly - 1) return evaluate(pos);
  if (insufficient_material(pos)) return 0;
  const bool in_check = pos.in_check();
  int best = -kInfinity;
  int stand_pat = 0;
  MoveList moves;
  if (in_check) {
    moves = legal_moves(pos);
    if (moves.empty()) return -kMateScore + ply;
  } else {
    stand_pat = evaluate(pos);
    if (stand_pat >= beta) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    best = stand_pat;
    moves = legal_captures(pos);
  }

  ScoredMove scored[MoveList::kCapacity];
  int count = 0;
  for (Move m : moves) {
    const PieceType victim = captured_type(pos, m);
    if (!in_check) {
      if (m.kind() == MoveKind::kPromotion && m.promotion() != kQueen) continue;
      // Delta pruning: even winning the piece for free stays below alpha.
      if (m.kind() != MoveKind::kPromotion && victim != kNoPieceType &&
          stand_pat + piece_value(victim) + 200 <= alpha) {
        continue;
      }
      if (!see_at_least(pos, m, 0)) continue;
    }
    const int s = (victim != kNoPieceType ? 10 * piece_value(victim) : 0) +
                  (m.kind() == MoveKind::kPromotion ? piece_value(m.promotion()) : 0) -
                  piece_value(type_of(pos.piece_on(m.from()))) / 10;
    scored[count++] = {m, s};
  }
  for (int i = 0; i < count; ++i) {
    const Move m = pick(scored, count, i);
    const int s = -quiesce(kp.after(m), -beta, -alpha, ply + 1);
    if (aborted_) return 0;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace pyke::play
