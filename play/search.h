// search.h — the playing engine's search: iterative deepening over a principal variation search
// (alpha-beta with null windows) with aspiration windows, a quiescence search of captures and
// promotions, a transposition table, move ordering (table move, MVV-LVA with SEE, killers,
// history), null-move pruning, reverse futility pruning, late move reductions, check extensions,
// draws by repetition and the fifty-move rule, and mate scores by distance.
//
//   TranspositionTable table;
//   Searcher searcher(table);
//   Limits limits;
//   limits.depth = 8;
//   std::atomic<bool> stop{false};
//   SearchResult r = searcher.run(KeyedPosition(pos), /*history=*/{}, limits, stop,
//                                 [](const SearchInfo& info) { /* one line per iteration */ });
//   // r.best_move is legal (Move::none() only when there is no legal move)
#ifndef PYKE_PLAY_SEARCH_H_
#define PYKE_PLAY_SEARCH_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "movegen/keyed_position.h"
#include "movegen/move.h"
#include "movegen/zobrist.h"
#include "play/table.h"

namespace pyke::play {

inline constexpr int kMaxPly = 128;
inline constexpr int kMaxDepth = 100;

// What `go` asked for. Times are milliseconds; negative means "not given".
struct Limits {
  int depth = kMaxDepth;
  uint64_t nodes = 0;  // 0: no limit
  int64_t movetime = -1;
  int64_t time[2] = {-1, -1};  // wtime, btime
  int64_t increment[2] = {0, 0};
  int movestogo = 0;
  bool infinite = false;
  int64_t move_overhead = 30;  // the Move Overhead option
};

// One completed (or, for the last, cut-off) iteration.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;  // centipawns, or a mate score (see is_mate_score)
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best_move;  // Move::none() only when the root has no legal move
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
};

bool is_mate_score(int score);
// Moves to mate (positive: the side to move mates), for UCI `score mate N`.
int mate_in_moves(int score);

// Soft and hard time budgets for one move, in milliseconds from the start of the search:
// iterations stop starting after the soft one, the search stops at the hard one. Never more
// than the clock minus Move Overhead. Both are -1 when no time was given.
struct TimeBudget {
  int64_t soft = -1;
  int64_t hard = -1;
};
TimeBudget time_budget(const Limits& limits, Color us);

class Searcher {
 public:
  explicit Searcher(TranspositionTable& table) : table_(table) {}

  // Searches `root`; `history` holds the keys of the game's earlier positions, oldest first (for
  // repetitions). Returns when a limit is reached or `stop` becomes true; calls `report` after
  // every completed iteration.
  SearchResult run(const KeyedPosition& root, const std::vector<Key>& history, const Limits& limits,
                   const std::atomic<bool>& stop,
                   const std::function<void(const SearchInfo&)>& report);

  // Forgets killers and history (ucinewgame).
  void clear();

 private:
  int search(const KeyedPosition& pos, int depth, int alpha, int beta, int ply, bool null_ok);
  int quiesce(const KeyedPosition& pos, int alpha, int beta, int ply);
  bool is_repetition(const Position& pos, int ply) const;
  bool out_of_time();
  int64_t elapsed_ms() const;

  TranspositionTable& table_;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  int64_t hard_limit_ms_ = -1;
  int seldepth_ = 0;
  std::chrono::steady_clock::time_point start_;

  std::vector<Key> keys_;  // game history, then the search path: keys_[game_ply_ + ply]
  size_t game_ply_ = 0;
  Move pv_[kMaxPly + 1][kMaxPly + 1] = {};
  int pv_length_[kMaxPly + 1] = {};
  Move killers_[kMaxPly + 1][2] = {};
  int history_[2][64][64] = {};
};

}  // namespace pyke::play

#endif  // PYKE_PLAY_SEARCH_H_
