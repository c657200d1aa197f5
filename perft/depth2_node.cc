// The depth-2 nodes of every kernel (see count_depth2_node in internal/kernel.h), compiled once
// for each colour and slider backend on the build's counting path; depth2_node_scalar.cc adds the
// scalar path where the build counts setwise.
#include "perft/internal/depth2_node.h"

namespace pyke::perft::internal {

#if PYKE_HAS_PEXT
PYKE_DEPTH2_NODES(PextSliders);
#endif
PYKE_DEPTH2_NODES(MagicSliders);
PYKE_DEPTH2_NODES(HyperbolaSliders);

}  // namespace pyke::perft::internal
