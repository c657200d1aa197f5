// perft_source.h — anything that can report a divide: Pyke itself, or another engine.
//
//   absl::StatusOr<Divide> d = source.divide({"e2e4", "e7e5"}, 3);   // after 1.e4 e5
//   // d->at("g1f3") == 2162 (say)
//
// `pyke diff` compares two sources (find_difference.h); tests plug in fakes.
#ifndef PYKE_DIFF_PERFT_SOURCE_H_
#define PYKE_DIFF_PERFT_SOURCE_H_

#include <map>
#include <string>
#include <vector>

#include "absl/numeric/int128.h"
#include "absl/status/statusor.h"

namespace pyke::diff {

// Root move (UCI text, e.g. "e7e8q") -> number of leaves below it.
using Divide = std::map<std::string, absl::uint128>;

class PerftSource {
 public:
  virtual ~PerftSource() = default;

  // The divide of the position reached from the source's root by `moves` (UCI text), to `depth`
  // (at least 1). An error says why no divide came (engine died, timed out, printed garbage, …).
  virtual absl::StatusOr<Divide> divide(const std::vector<std::string>& moves, int depth) = 0;
};

}  // namespace pyke::diff

#endif  // PYKE_DIFF_PERFT_SOURCE_H_
