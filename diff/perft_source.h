// perft_source.h — anything that can report a divide: Pyke itself, or another engine.
//
//   absl::StatusOr<Divide> d = source.divide({"e2e4", "e7e5"}, 3);   // after 1.e4 e5
//   // d->at("g1f3") == 2162 (say)
//
// `pyke diff` compares two sources (find_difference.h); tests plug in fakes.
#ifndef PYKE_DIFF_PERFT_SOURCE_H_
#define PYKE_DIFF_PERFT_SOURCE_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"
#include "perft/stats.h"

namespace pyke::diff {

// Root move (UCI text, e.g. "e7e8q") -> number of leaves below it.
using Divide = std::map<std::string, absl::uint128>;

// Root move -> perft statistics below it (perft/stats.h).
using StatsDivide = std::map<std::string, perft::Stats>;

class PerftSource {
 public:
  virtual ~PerftSource() = default;

  // The divide of the position reached from the source's root by `moves` (UCI text), to `depth`
  // (at least 1). An error says why no divide came (engine died, timed out, printed garbage, …).
  virtual absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) = 0;

  // The same with perft statistics per root move; nullopt when the source prints none (an engine
  // that does not know `go perft N stats`). By default, none.
  virtual absl::StatusOr<std::optional<StatsDivide>> stats_divide(
      const std::vector<std::string>& moves, int depth) {
    (void)moves;
    (void)depth;
    return std::nullopt;
  }
};

}  // namespace pyke::diff

#endif  // PYKE_DIFF_PERFT_SOURCE_H_
