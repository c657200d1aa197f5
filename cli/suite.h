// suite.h — `pyke suite COUNT DEPTH`: an EPD perft suite of COUNT positions drawn at random
// (check/random_positions.h: games that lean towards the moves generators get wrong, and sparse
// endgames), each with Pyke's counts at depths 1 … DEPTH, for testing another move generator
// with any tool that reads EPD perft suites (`pyke verify` among them).
//
//   pyke suite 1000 4 --seed 7 > random.epd        # the same file for seed 7, everywhere
//   pyke suite 200 4 --chess960 > random960.epd    # Chess960 games, Shredder-FEN castling
//
// A line: `<FEN> ;D1 n1 ;D2 n2 … ;DDEPTH n` (tests/data/published.epd's form). Flags of its own:
// none; shared: --seed, --chess960, --threads, --hash, --quiet. Exit status 0, or 2 on a bad
// argument (a COUNT outside 1 … 1000000, a DEPTH outside 1 … perft::kMaxDepth).
#ifndef PYKE_CLI_SUITE_H_
#define PYKE_CLI_SUITE_H_

#include <cstdint>
#include <vector>

namespace pyke {

// `args` are the positional words after the program name ("suite", COUNT, DEPTH).
int suite_command(const std::vector<char*>& args, uint64_t seed, bool chess960, int threads,
                  uint64_t hash_megabytes, bool quiet);

}  // namespace pyke

#endif  // PYKE_CLI_SUITE_H_
