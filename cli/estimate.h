// estimate.h — `pyke estimate DEPTH`: a Monte-Carlo estimate of a perft count, with its standard
// error and 95 % interval (perft/estimate.h has the method).
//
//   pyke estimate 15 --seconds 60 --threads 2
//   Estimate of perft 15: 2015…  (full digits), the interval, and the same in scientific notation
//
// Flags of its own: --seconds S (default 10 unless --samples is given), --samples N (a fixed
// number of samples: the same seed, samples and threads give the same estimate), --seed N,
// --frontier_ply and --exact_plies (the method's shape; see perft/estimate.h). Shared ones:
// --fen, --chess960, --threads, --quiet, --json. Exit status 0, or 2 on a bad argument.
#ifndef PYKE_CLI_ESTIMATE_H_
#define PYKE_CLI_ESTIMATE_H_

#include <optional>
#include <string>
#include <vector>

namespace pyke {

// `args` are the positional words after the program name ("estimate", DEPTH, MOVE …).
int estimate_command(const std::vector<char*>& args, const std::string& fen, bool chess960,
                     int threads, bool quiet);

}  // namespace pyke

#endif  // PYKE_CLI_ESTIMATE_H_
