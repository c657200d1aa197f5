// stats.h — probe, hit and store counts of the transposition table per remaining depth, for
// finding where hashed time goes. Off unless built with --copt=-DPYKE_TT_STATS=1: then every
// call below compiles to nothing, and the kernels pay nothing for it.
//
//   bazel build --config=nopgo --copt=-DPYKE_TT_STATS=1 //cli:pyke_plain
//   pyke_plain --quiet --threads 1 --hash 1024 8    # prints a table of counts on stderr
#ifndef PYKE_TT_STATS_H_
#define PYKE_TT_STATS_H_

#include <atomic>
#include <cstdint>
#include <ostream>

#ifndef PYKE_TT_STATS
#define PYKE_TT_STATS 0
#endif

namespace pyke::tt::stats {

inline constexpr bool kEnabled = PYKE_TT_STATS != 0;

enum Event { kProbe, kHit, kStore, kRejectedStore, kEventCount };

namespace detail {
// [depth][event]; relaxed atomics are slow, but only a statistics build pays for them.
inline std::atomic<uint64_t> counters[64][kEventCount];
}  // namespace detail

inline void count(Event event, int depth) {
  if constexpr (kEnabled) {
    detail::counters[depth & 63][event].fetch_add(1, std::memory_order_relaxed);
  }
}

// Writes the counts so far, one line per depth that saw a probe or a store (nothing when off).
void report(std::ostream& out);

// Forgets the counts so far.
void reset();

}  // namespace pyke::tt::stats

#endif  // PYKE_TT_STATS_H_
