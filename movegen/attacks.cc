// attacks.cc — the slider tables, all computed at compile time from the reference ray walker,
// and the backend the perft kernels use at run time.
#include "movegen/attacks.h"

#include <atomic>

#include "movegen/magic_numbers.h"
#include "movegen/slider_reference.h"

namespace pyke {
namespace hyperbola_backend {
namespace {

constexpr std::array<LineMasks, 64> make_line_masks() {
  std::array<LineMasks, 64> masks{};
  for (int s = 0; s < 64; ++s) {
    const Bitboard self = Bitboard{1} << s;
    const auto sq = static_cast<Square>(s);
    masks[s].file = file_bb(file_of(sq)) & ~self;
    for (int t = 0; t < 64; ++t) {
      const int df = t % 8 - s % 8, dr = t / 8 - s / 8;
      if (t == s) continue;
      if (df == dr) masks[s].diagonal |= Bitboard{1} << t;
      if (df == -dr) masks[s].anti_diagonal |= Bitboard{1} << t;
    }
  }
  return masks;
}

constexpr std::array<std::array<uint8_t, 8>, 64> make_first_rank_attacks() {
  std::array<std::array<uint8_t, 8>, 64> table{};
  for (int inner = 0; inner < 64; ++inner) {
    const Bitboard occupied = Bitboard(inner) << 1;
    for (int file = 0; file < 8; ++file) {
      table[inner][file] = static_cast<uint8_t>(
          reference::rook_attacks(static_cast<Square>(file), occupied) & kRank1);
    }
  }
  return table;
}

}  // namespace

constexpr std::array<LineMasks, 64> kLineMasks = make_line_masks();
constexpr std::array<std::array<uint8_t, 8>, 64> kFirstRankAttacks = make_first_rank_attacks();

}  // namespace hyperbola_backend

namespace magic_backend {
namespace {

template <std::size_t TableSize>
struct MagicTables {
  std::array<MagicEntry, 64> entries{};
  std::array<Bitboard, TableSize> attacks{};
};

// Fills one slider's table: every subset of each square's mask lands where its magic sends it.
// An empty slot holds 0 (no slider attacks nothing), so a slot already holding different attacks
// is a destructive collision: a bad magic stops the compile here.
template <std::size_t TableSize>
constexpr MagicTables<TableSize> make_tables(const int (&rays)[4][2],
                                             const std::array<uint64_t, 64>& magics) {
  MagicTables<TableSize> tables{};
  uint32_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    const Bitboard mask = reference::relevant_occupancy(sq, rays);
    const int bits = popcount(mask);
    tables.entries[s] = {mask, magics[s], offset, static_cast<uint32_t>(64 - bits)};
    Bitboard subset = 0;
    do {
      const Bitboard attacks = reference::ray_attacks(sq, subset, rays);
      Bitboard& slot = tables.attacks[magic_index(tables.entries[s], subset)];
      if (slot != 0 && slot != attacks) throw "magic_numbers.h: destructive collision";
      slot = attacks;
      subset = (subset - mask) & mask;
    } while (subset != 0);
    offset += uint32_t{1} << bits;
  }
  if (offset != TableSize) throw "magic tables: wrong size";
  return tables;
}

constexpr auto kRookTables = make_tables<102400>(reference::kRookRays, kRookMagics);
constexpr auto kBishopTables = make_tables<5248>(reference::kBishopRays, kBishopMagics);

}  // namespace

constexpr std::array<MagicEntry, 64> kRookEntries = kRookTables.entries;
constexpr std::array<MagicEntry, 64> kBishopEntries = kBishopTables.entries;
constexpr std::array<Bitboard, 102400> kRookTable = kRookTables.attacks;
constexpr std::array<Bitboard, 5248> kBishopTable = kBishopTables.attacks;

}  // namespace magic_backend

namespace {
// Relaxed atomics: set once at start-up (or by bench between runs), read at the top of a perft.
std::atomic<SliderBackend> g_slider_backend{BuildSliders::kBackend};
}  // namespace

SliderBackend slider_backend() { return g_slider_backend.load(std::memory_order_relaxed); }

void set_slider_backend(SliderBackend backend) {
  g_slider_backend.store(slider_backend_compiled(backend) ? backend : BuildSliders::kBackend,
                         std::memory_order_relaxed);
}

#if PYKE_HAS_PEXT
namespace pext_backend {
namespace {

template <std::size_t TableSize>
struct SliderTables {
  std::array<SliderEntry, 64> entries{};
  std::array<Bitboard, TableSize> attacks{};
};

// Fills one slider's dense table. Enumerating the subsets of a mask with the carry-rippler
// (subset = (subset - mask) & mask) visits them in the order of their PEXT index.
template <std::size_t TableSize>
constexpr SliderTables<TableSize> make_tables(const int (&rays)[4][2]) {
  SliderTables<TableSize> tables{};
  uint32_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    const Bitboard mask = reference::relevant_occupancy(sq, rays);
    tables.entries[s] = {mask, offset};
    Bitboard subset = 0;
    do {
      tables.attacks[offset++] = reference::ray_attacks(sq, subset, rays);
      subset = (subset - mask) & mask;
    } while (subset != 0);
  }
  return tables;
}

constexpr auto kRookTables = make_tables<102400>(reference::kRookRays);
constexpr auto kBishopTables = make_tables<5248>(reference::kBishopRays);

}  // namespace

constexpr std::array<SliderEntry, 64> kRookEntries = kRookTables.entries;
constexpr std::array<SliderEntry, 64> kBishopEntries = kBishopTables.entries;
constexpr std::array<Bitboard, 102400> kRookTable = kRookTables.attacks;
constexpr std::array<Bitboard, 5248> kBishopTable = kBishopTables.attacks;

}  // namespace pext_backend
#endif

}  // namespace pyke
