#include "request/flags.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "console/command_line.h"
#include "request/request.h"

ABSL_FLAG(std::string, fen, "",
          "count from this FEN instead of the start position (standard, X-FEN or Shredder-FEN "
          "castling; the move counters may be omitted)");
ABSL_FLAG(bool, chess960, false,
          "Chess960 move notation: castling read and written as the king taking its rook "
          "(e1h1); on by itself for a FEN whose castling field names rook files (Shredder-FEN)");
ABSL_FLAG(std::optional<int>, threads, std::nullopt,
          "threads to count with, 1 to 1024 (default: every CPU this process may run on; "
          "pyke_mpi: per process)");
ABSL_FLAG(uint64_t, hash, 0,
          "transposition table size in MB (pyke_mpi: per process); 0 turns hashing off");
ABSL_FLAG(std::optional<uint64_t>, zobrist_seed, std::nullopt,
          "seed of the hash table's Zobrist keys, 0 to 2^64-1 (default 5789741557033030214, the "
          "built-in keys)");
ABSL_FLAG(bool, stats, false,
          "perft statistics: captures, e.p., castles, promotions, checks, discovered and double "
          "checks, mates, for every depth to DEPTH and per root move");
ABSL_FLAG(std::string, verify, "",
          "with --hash: count again and fail unless both agree; 'recount' (without the table: "
          "totals) or 'rekey' (with the table cleared and keys from another seed: totals and "
          "every root move); bare --verify is recount up to depth 8, rekey deeper (pyke_mpi: "
          "rekey only, every unit on two ranks)");
ABSL_FLAG(bool, quiet, false, "no progress line on stderr during long counts");

namespace pyke::request {

static_assert(kBareVerify == console::kBareFlagValue,
              "a bare --verify must reach parse_verify as the value it knows");

Fields fields_from_flags(const std::vector<char*>& args, size_t depth_at) {
  Fields fields;
  fields.fen = absl::GetFlag(FLAGS_fen);
  fields.chess960 = absl::GetFlag(FLAGS_chess960);
  fields.threads = absl::GetFlag(FLAGS_threads);
  fields.hash_mb = absl::GetFlag(FLAGS_hash);
  fields.zobrist_seed = absl::GetFlag(FLAGS_zobrist_seed);
  fields.stats = absl::GetFlag(FLAGS_stats);
  fields.verify = absl::GetFlag(FLAGS_verify);
  if (depth_at < args.size()) {
    fields.depth = args[depth_at];
    fields.moves.assign(args.begin() + depth_at + 1, args.end());
  }
  return fields;
}

}  // namespace pyke::request
