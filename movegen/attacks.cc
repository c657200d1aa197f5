// attacks.cc — the slider tables, all computed at compile time from the reference ray walker.
#include "movegen/attacks.h"

#include "movegen/slider_reference.h"

namespace pyke {
namespace portable_backend {
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

}  // namespace portable_backend

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
