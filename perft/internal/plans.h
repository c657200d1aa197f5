// plans.h — the plans of a depth-2 node, in one table: what each leaves unmade, where its
// exactness argument lives, and which one a node takes. Internal to //perft.
//
//   const Plan plan = choose_plan<kWhite, BuildSliders>(pos);   // the plan perft takes here
//   uint64_t n = count_with_plan<Plan::kLoneSlider, kWhite, BuildSliders>(pos);  // any plan
//
// A depth-2 node counts the replies to each of its moves, made or not (last_two_plies.h for the
// leaves, stats_leaves.h for their statistics). Every plan is exact on every position: each
// shortcut checks where it applies and stands aside, the moves made, where it does not (calm
// moves need the side to move out of check; king steps, the opponent without castling rights;
// a lone slider, exactly one). So a plan is chosen for speed alone. The rows are tried in this
// order, and a node takes the first that the build has not turned off and whose condition holds:
//
//   plan                 counts     leaves unmade                       counting   taken where
//   setwise_calm         leaves     calm moves (steady ones cheaper)    setwise    crowded boards
//   calm_lone_slider     leaves     calm, king steps, the lone slider   looked up  one slider
//   calm_beside_sliders  leaves     calm, king steps beside sliders     looked up  sliders
//   calm_king_steps      leaves     calm, king steps                    looked up  knights
//   lone_slider          leaves     king steps, the lone slider         looked up  one slider
//   beside_sliders       leaves     king steps beside sliders           looked up  sliders
//   king_steps           leaves     king steps                          looked up  no slider
//   stats_calm           statistics calm moves (steady ones cheaper)    the build  not in check
//   every_child          both       nothing                             the build  everywhere
//
// "Crowded": more than kMaxPiecesWithoutCalm pieces, and more than kMaxPiecesLookedUpAlone
// knights and sliders on one side or the other, in a build that counts setwise (AVX-512). The
// calm rows need more than kMaxPiecesWithoutCalm pieces; "one slider", "sliders", "knights" and
// "no slider" speak of the side to move. The thresholds' measurements are beside them (below);
// the exactness arguments are in calm.h (calm and steady moves), king_steps.h, lone_slider.h and
// stats_leaves.h.
//
// A build turns plans off by name, `--//perft:plans_off=lone_slider,calm_king_steps` (plans.bzl):
// a node then takes the next row that holds, so a wrong count can be bisected to a plan and a
// plan's gain measured against the rows below it. every_child, the reference the others are
// tested against (tests/plans_test.cc), cannot be turned off.
#ifndef PYKE_PERFT_INTERNAL_PLANS_H_
#define PYKE_PERFT_INTERNAL_PLANS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "movegen/attacks.h"
#include "movegen/bitboard.h"
#include "movegen/internal/count_avx512.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "perft/internal/last_two_plies.h"

// The plans the build turns off, by name, comma-separated (plans.bzl sets it).
#ifndef PYKE_PLANS_OFF
#define PYKE_PLANS_OFF ""
#endif

namespace pyke::perft::internal {

enum class Plan : uint8_t {
  kSetwiseCalm,
  kCalmLoneSlider,
  kCalmBesideSliders,
  kCalmKingSteps,
  kLoneSlider,
  kBesideSliders,
  kKingSteps,
  kStatsCalm,
  kEveryChild,
};

// What a plan counts: the leaves, their statistics, or either.
enum class PlanCounts : uint8_t { kLeaves, kStatistics, kBoth };

// One row of the table. For the leaves' plans, the template arguments of count_last_two_plies:
// `calm` and `unmade` say what is counted without being made, `open_lines` how far calm squares
// reach (calm.h), `setwise` whether knights and sliders are counted setwise where the build can
// (else looked up one by one).
struct PlanRow {
  Plan plan;
  std::string_view name;
  PlanCounts counts;
  bool calm;
  Unmade unmade;
  bool open_lines;
  bool setwise;
};

inline constexpr std::array<PlanRow, 9> kPlans = {{
    {Plan::kSetwiseCalm, "setwise_calm", PlanCounts::kLeaves, true, Unmade::kNone, false, true},
    {Plan::kCalmLoneSlider, "calm_lone_slider", PlanCounts::kLeaves, true,
     Unmade::kKingStepsAndLoneSlider, true, false},
    {Plan::kCalmBesideSliders, "calm_beside_sliders", PlanCounts::kLeaves, true,
     Unmade::kKingStepsBesideSliders, true, false},
    {Plan::kCalmKingSteps, "calm_king_steps", PlanCounts::kLeaves, true, Unmade::kKingSteps, true,
     false},
    {Plan::kLoneSlider, "lone_slider", PlanCounts::kLeaves, false, Unmade::kKingStepsAndLoneSlider,
     true, false},
    {Plan::kBesideSliders, "beside_sliders", PlanCounts::kLeaves, false,
     Unmade::kKingStepsBesideSliders, true, false},
    {Plan::kKingSteps, "king_steps", PlanCounts::kLeaves, false, Unmade::kKingSteps, true, false},
    {Plan::kStatsCalm, "stats_calm", PlanCounts::kStatistics, true, Unmade::kNone, false, true},
    {Plan::kEveryChild, "every_child", PlanCounts::kBoth, false, Unmade::kNone, false, true},
}};

constexpr const PlanRow& plan_row(Plan plan) { return kPlans[static_cast<size_t>(plan)]; }

constexpr bool counts_leaves(Plan plan) { return plan_row(plan).counts != PlanCounts::kStatistics; }
constexpr bool counts_statistics(Plan plan) { return plan_row(plan).counts != PlanCounts::kLeaves; }

// The plans named in `names` (comma-separated), as a mask of bit 1 << Plan. A name that is no
// plan's, or every_child, stops the build here.
consteval uint32_t plans_named(std::string_view names) {
  uint32_t mask = 0;
  while (!names.empty()) {
    const size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
    if (name.empty()) continue;
    bool known = false;
    for (const PlanRow& row : kPlans) {
      if (row.name != name) continue;
      known = true;
      mask |= uint32_t{1} << static_cast<int>(row.plan);
    }
    // A build failing here was given a plan that is not in kPlans (--//perft:plans_off).
    if (!known) throw "--//perft:plans_off names no such plan";
  }
  // every_child is the plan every other one falls back to.
  if (mask & (uint32_t{1} << static_cast<int>(Plan::kEveryChild))) {
    throw "--//perft:plans_off cannot turn every_child off";
  }
  return mask;
}

inline constexpr uint32_t kPlansOff = plans_named(PYKE_PLANS_OFF);
inline constexpr std::string_view kPlansOffText = PYKE_PLANS_OFF;

constexpr bool plan_on(Plan plan) { return !(kPlansOff >> static_cast<int>(plan) & 1); }

// At most this many pieces on the board (kings included), a depth-2 node counts every child
// without looking for calm and steady moves: on so bare a board the long open lines watch nearly
// every square, and the calm squares cost more than the few moves they spare (measured: queen and
// knight against a king +10 %, a pawn about to promote +13 %; with a bound of 10, the rook and
// pawn endings of ten pieces ran 8 % and 21 % slower, so calm moves still pay there).
inline constexpr int kMaxPiecesWithoutCalm = 5;

// With at most this many knights, bishops, rooks and queens on each side, a depth-2 node counts
// its two plies with one lookup per piece, not setwise (CountingPath<Sliders, false>: the pieces'
// moves and the enemy's attack map for the king alike). The setwise fill (count_avx512.h) is a
// chain of dependent steps that costs as much for one piece as for eight; a lookup or two cost
// less. The choice is made once per depth-2 node: a capture or a promotion below it changes the
// material, but both paths count exactly, so it can only cost speed. Measured on Zen 5 against
// always setwise (`nopgo`, 3 alternating rounds): position 3 +10 %, the other endgames of `bench`
// +14–38 %, the middlegames (never taking this path) unchanged; made per count instead of per
// node, the same test cost the middlegames 1–5 % and gained the endgames less.
inline constexpr int kMaxPiecesLookedUpAlone = 2;

PYKE_INLINE bool few_pieces_on_each_side(const Position& pos) {
  const Bitboard pieces = pos.occupied() & ~pos.pieces(kPawn) & ~pos.pieces(kKing);
  return popcount(pieces & pos.pieces(kWhite)) <= kMaxPiecesLookedUpAlone &&
         popcount(pieces & pos.pieces(kBlack)) <= kMaxPiecesLookedUpAlone;
}

// What the choice of a plan reads of a depth-2 node (Us to move), once.
struct PlanFacts {
  bool bare;     // at most kMaxPiecesWithoutCalm pieces: no calm moves
  bool crowded;  // not bare, and the knights and sliders too many to look up one by one
  bool sliders;  // Us has a slider
  bool lone;     // Us has exactly one
  bool knights;  // Us has a knight

  template <Color Us, class Sliders>
  PYKE_INLINE static PlanFacts of(const Position& pos) {
    const bool bare = popcount(pos.occupied()) <= kMaxPiecesWithoutCalm;
    const Bitboard sliders = pos.sliders(Us);
    return {.bare = bare,
            .crowded = !bare && counts_setwise<Sliders>() && !few_pieces_on_each_side(pos),
            .sliders = sliders != 0,
            .lone = sliders != 0 && !more_than_one(sliders),
            .knights = pos.pieces(Us, kKnight) != 0};
  }
};

// Whether a node with these facts is worth `plan` (the table's last column): every threshold of
// the choice is here, in PlanFacts, or in the two bounds above. A side of king and pawns alone
// looks for no calm moves (calm_king_steps needs a knight): its king steps cost little unmade
// (king_steps.h), and its pawn moves are few and seldom calm; the calm squares cost more than
// they spare (the journal: kings and locked pawns +41 %, three pawns a side +14 %; where the side
// has a knight, -11 %, so it keeps them).
constexpr bool plan_holds(Plan plan, const PlanFacts& f) {
  switch (plan) {
    case Plan::kSetwiseCalm:
      return f.crowded;
    case Plan::kCalmLoneSlider:
      return !f.bare && f.lone;
    case Plan::kCalmBesideSliders:
      return !f.bare && f.sliders;
    case Plan::kCalmKingSteps:
      return !f.bare && !f.sliders && f.knights;
    case Plan::kLoneSlider:
      return f.lone;
    case Plan::kBesideSliders:
      return f.sliders;
    case Plan::kKingSteps:
      return !f.sliders;
    case Plan::kStatsCalm:
    case Plan::kEveryChild:
      return true;
  }
  return true;
}

// Whether the build may choose `plan` for a count of `counts`.
constexpr bool plan_available(Plan plan, PlanCounts counts) {
  const PlanCounts c = plan_row(plan).counts;
  return plan_on(plan) && (c == counts || c == PlanCounts::kBoth);
}

// Calls `take.template operator()<P>()` for P, the first row available for `Counts` that holds:
// the rows are tried in order, those the build turns off or that count otherwise not compiled.
template <PlanCounts Counts, class Take, size_t... I>
PYKE_INLINE void take_first_plan(const PlanFacts& f, Take&& take, std::index_sequence<I...>) {
  const auto try_row = [&]<Plan P>() {
    if constexpr (plan_available(P, Counts)) {
      if (plan_holds(P, f)) {
        take.template operator()<P>();
        return true;
      }
    }
    return false;
  };
  (void)(try_row.template operator()<kPlans[I].plan>() || ...);
}

// The plan a depth-2 node counting the leaves takes (Us to move, slider backend Sliders).
template <Color Us, class Sliders>
PYKE_INLINE Plan choose_plan(const Position& pos) {
  Plan chosen = Plan::kEveryChild;
  take_first_plan<PlanCounts::kLeaves>(
      PlanFacts::of<Us, Sliders>(pos), [&]<Plan P>() { chosen = P; },
      std::make_index_sequence<kPlans.size()>{});
  return chosen;
}

// The plan a depth-2 node counting statistics takes: the facts do not matter to it.
constexpr Plan choose_stats_plan() {
  return plan_available(Plan::kStatsCalm, PlanCounts::kStatistics) ? Plan::kStatsCalm
                                                                   : Plan::kEveryChild;
}

// The leaves below a depth-2 node by `P`, whatever the node: every plan is exact everywhere. A
// row that counts looked up takes the scalar path where the build counts setwise.
template <Plan P, Color Us, class Sliders>
PYKE_INLINE uint64_t count_with_plan(const Position& pos) {
  constexpr PlanRow row = plan_row(P);
  static_assert(counts_leaves(P), "a plan of the statistics alone");
  using Path =
      std::conditional_t<row.setwise || !counts_setwise<Sliders>(), Sliders, ScalarPath<Sliders>>;
  return count_last_two_plies<Us, Path, row.calm, row.unmade, row.open_lines>(pos);
}

// The leaves below a depth-2 node by the plan choose_plan takes, counted where it is found; the
// plans the build turns off are not compiled.
template <Color Us, class Sliders>
PYKE_INLINE uint64_t count_by_chosen_plan(const Position& pos) {
  uint64_t nodes = 0;
  take_first_plan<PlanCounts::kLeaves>(
      PlanFacts::of<Us, Sliders>(pos),
      [&]<Plan P>() { nodes = count_with_plan<P, Us, Sliders>(pos); },
      std::make_index_sequence<kPlans.size()>{});
  return nodes;
}

}  // namespace pyke::perft::internal

#endif  // PYKE_PERFT_INTERNAL_PLANS_H_
