// The depth-2 nodes on the scalar counting path, in builds that count setwise (AVX-512): bench
// times both paths (cli/bench.cc). Elsewhere the scalar path is the build's own (depth2_node.cc),
// and this file compiles to nothing.
#include "perft/internal/depth2_node.h"

namespace pyke::perft::internal {

#if PYKE_HAS_SETWISE_COUNT
#if PYKE_HAS_PEXT
PYKE_DEPTH2_NODES(ScalarPath<PextSliders>);
#endif
PYKE_DEPTH2_NODES(ScalarPath<MagicSliders>);
PYKE_DEPTH2_NODES(ScalarPath<HyperbolaSliders>);
#endif

}  // namespace pyke::perft::internal
