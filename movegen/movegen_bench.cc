// Micro benchmarks of the move generator's hot pieces. Run with
//   bazel run //movegen:movegen_bench
// and compare rows of one run only (timings here are noisy).
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "tests/positions.h"

namespace pyke {
namespace {

// The positions of the speed table plus two quiet middlegames, all with White to move.
const std::vector<Position>& positions() {
  static const std::vector<Position> list = [] {
    std::vector<Position> v;
    for (const char* fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             kKiwipete,
             kCpwPosition3,
             kCpwPosition4,
             kCpwPosition6,
             "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
         }) {
      v.push_back(*Position::from_fen(fen));
    }
    return v;
  }();
  return list;
}

void BM_CountLegalMoves(benchmark::State& state) {
  const auto& list = positions();
  for (auto _ : state) {
    for (const Position& pos : list) benchmark::DoNotOptimize(count_legal_moves<kWhite>(pos));
  }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_CountLegalMoves);

template <bool Setwise>
void BM_CountPieceMoves(benchmark::State& state) {
  const auto& list = positions();
  std::vector<MaskSet> masks;
  for (const Position& pos : list) masks.push_back(create_masks<kWhite>(pos));
  for (auto _ : state) {
    for (size_t i = 0; i < list.size(); ++i) {
      benchmark::DoNotOptimize(count_piece_moves<kWhite, Setwise>(list[i], masks[i]));
    }
  }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_CountPieceMoves<false>)->Name("BM_CountPieceMoves/scalar");
#if PYKE_HAS_SETWISE_COUNT
BENCHMARK(BM_CountPieceMoves<true>)->Name("BM_CountPieceMoves/avx512");
#endif

void BM_CreateMasks(benchmark::State& state) {
  const auto& list = positions();
  for (auto _ : state) {
    for (const Position& pos : list) benchmark::DoNotOptimize(create_masks<kWhite>(pos));
  }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_CreateMasks);

void BM_LegalMoveList(benchmark::State& state) {
  const auto& list = positions();
  for (auto _ : state) {
    for (const Position& pos : list) benchmark::DoNotOptimize(legal_moves(pos));
  }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_LegalMoveList);

struct SliderQuery {
  Square square;
  Bitboard occupied;
};

std::vector<SliderQuery> slider_queries() {
  std::mt19937_64 rng(7);
  std::vector<SliderQuery> queries;
  for (int i = 0; i < 1024; ++i)
    queries.push_back({static_cast<Square>(rng() % 64), rng() & rng()});
  return queries;
}

template <Bitboard (*Rook)(Square, Bitboard), Bitboard (*Bishop)(Square, Bitboard)>
void BM_SliderAttacks(benchmark::State& state) {
  const auto queries = slider_queries();
  for (auto _ : state) {
    Bitboard sum = 0;
    for (const SliderQuery& q : queries)
      sum ^= Rook(q.square, q.occupied) ^ Bishop(q.square, q.occupied);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * queries.size() * 2);
}
BENCHMARK(BM_SliderAttacks<hyperbola_backend::rook_attacks, hyperbola_backend::bishop_attacks>)
    ->Name("BM_SliderAttacks/hq");
BENCHMARK(BM_SliderAttacks<magic_backend::rook_attacks, magic_backend::bishop_attacks>)
    ->Name("BM_SliderAttacks/magic");
#if PYKE_HAS_PEXT
BENCHMARK(BM_SliderAttacks<pext_backend::rook_attacks, pext_backend::bishop_attacks>)
    ->Name("BM_SliderAttacks/pext");
#endif

}  // namespace
}  // namespace pyke
