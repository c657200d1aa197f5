// verify_command.h — `pyke verify FILE`: its flags (--max_depth) and arguments, then //verify.
//
//   pyke verify tests/data/published.epd --max-depth 3
//   pyke verify --stats tests/data/perft_stats.tsv
#ifndef PYKE_CLI_VERIFY_COMMAND_H_
#define PYKE_CLI_VERIFY_COMMAND_H_

#include <cstdint>
#include <vector>

namespace pyke {

// `args` are the positional words after the program name ("verify", FILE); the command's own
// flag (--max_depth) is read here, the shared ones passed in. With `stats`, FILE is a statistics
// file (run_verify_stats). Returns the exit status (verify/verify.h).
int verify_command(const std::vector<char*>& args, uint64_t hash_megabytes, bool quiet, int threads,
                   bool stats, bool json);

}  // namespace pyke

#endif  // PYKE_CLI_VERIFY_COMMAND_H_
