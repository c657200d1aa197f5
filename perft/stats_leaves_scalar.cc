// The statistics kernels' leaves' parents on the scalar counting path, in builds that count
// setwise (AVX-512): the statistics tests check both paths. Elsewhere the scalar path is the
// build's own (stats_leaves.cc), and this file compiles to nothing.
#include "movegen/attacks.h"
#include "movegen/internal/count_avx512.h"
#include "perft/internal/stats_leaves.h"

namespace pyke::perft::internal {

#if PYKE_HAS_SETWISE_COUNT
#if PYKE_HAS_PEXT
PYKE_STATS_LEAVES(ScalarPath<PextSliders>);
#endif
PYKE_STATS_LEAVES(ScalarPath<MagicSliders>);
PYKE_STATS_LEAVES(ScalarPath<HyperbolaSliders>);
#endif

}  // namespace pyke::perft::internal
