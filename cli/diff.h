// diff.h — `pyke diff`: find where another engine's perft goes wrong, by comparing its divide
// with Pyke's and descending into the first root move whose count differs.
//
//   pyke diff --engine "stockfish" 5
//   pyke diff --engine "./myengine --uci" --fen "<FEN>" 4 e2e4 e7e5
//   pyke diff --engine ./perftree_script.sh --engine_protocol perftree 5
//
// Prints one line per level on the way down, then the path from the start, the FEN of the
// position where the move lists differ, the legal moves the engine misses and the moves it lists
// that are not legal. Exit status: 0 when every count agrees, 1 when a difference is found, 2 when
// the engine cannot be started, dies, times out or prints something unparseable (or on a bad
// argument). SIGPIPE is ignored for the whole run: a dead engine is an error, not a crash.
#ifndef PYKE_CLI_DIFF_H_
#define PYKE_CLI_DIFF_H_

#include <cstdint>
#include <string>
#include <vector>

namespace pyke {

// `args` are the positional words after the program name ("diff", DEPTH, MOVE …); `fen` is
// --fen (empty: the start position). The command's own flags (--engine, --engine_protocol,
// --engine_timeout) are read here. `chess960` is --chess960 (also on for a Shredder-FEN);
// `threads` count Pyke's side. With `stats` (--stats), once every node count agrees, the
// statistics are compared too (`go perft N stats`, UCI engines only): the first root move whose
// statistics differ is followed down to the leaf move classified differently, its column named.
// An engine that prints no statistics is compared on nodes only, as without --stats.
int diff_command(const std::vector<char*>& args, const std::string& fen, uint64_t hash_megabytes,
                 bool chess960, int threads, bool stats);

}  // namespace pyke

#endif  // PYKE_CLI_DIFF_H_
