#include "tt/stats.h"

#include "absl/strings/str_format.h"

namespace pyke::tt::stats {

void report(std::ostream& out) {
  if constexpr (!kEnabled) return;
  out << absl::StrFormat("%5s %14s %14s %7s %14s %14s\n", "depth", "probes", "hits", "hit %",
                         "stores", "not stored");
  for (int depth = 0; depth < 64; ++depth) {
    const uint64_t probes = detail::counters[depth][kProbe].load();
    const uint64_t hits = detail::counters[depth][kHit].load();
    const uint64_t stores = detail::counters[depth][kStore].load();
    const uint64_t rejected = detail::counters[depth][kRejectedStore].load();
    if (probes == 0 && stores == 0 && rejected == 0) continue;
    out << absl::StrFormat("%5d %14d %14d %7.2f %14d %14d\n", depth, probes, hits,
                           probes > 0 ? 100.0 * hits / probes : 0.0, stores, rejected);
  }
}

void reset() {
  for (auto& depth : detail::counters) {
    for (auto& c : depth) c.store(0);
  }
}

}  // namespace pyke::tt::stats
