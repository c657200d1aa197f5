// flags.h — the command-line flags of a count, defined once for every Pyke program that counts
// from its command line (`pyke`, `pyke_mpi`): --fen, --chess960, --threads, --hash,
// --zobrist_seed, --stats, --verify and --quiet, and the request they describe.
//
//   std::vector<char*> args = absl::ParseCommandLine(argc, argv);   // "pyke", "5", "e2e4"
//   absl::StatusOr<CountRequest> r = make_request(fields_from_flags(args, 1));
//
// `--verify` may be given without a value: run argv through
// console::give_bare_flag_a_value(argc, argv, "verify", {"recount", "rekey"}) before parsing.
#ifndef PYKE_REQUEST_FLAGS_H_
#define PYKE_REQUEST_FLAGS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "request/request.h"

ABSL_DECLARE_FLAG(std::string, fen);
ABSL_DECLARE_FLAG(bool, chess960);
ABSL_DECLARE_FLAG(std::optional<int>, threads);
ABSL_DECLARE_FLAG(uint64_t, hash);
ABSL_DECLARE_FLAG(std::optional<uint64_t>, zobrist_seed);
ABSL_DECLARE_FLAG(bool, stats);
ABSL_DECLARE_FLAG(std::string, verify);
ABSL_DECLARE_FLAG(bool, quiet);

namespace pyke::request {

// The flags' values, with args[depth_at] as the depth and the words after it as the moves (an
// empty depth when args has none, which make_request refuses: "depth '' is not a number").
Fields fields_from_flags(const std::vector<char*>& args, size_t depth_at);

}  // namespace pyke::request

#endif  // PYKE_REQUEST_FLAGS_H_
