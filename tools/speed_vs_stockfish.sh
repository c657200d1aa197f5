#!/usr/bin/env bash
# speed_vs_stockfish.sh — Pyke's perft speed as a ratio of Stockfish's `go perft`, measured in
# the same run by tools/uci_speed.py: each engine is started once and spoken to over UCI, and
# each count is timed inside the process, from `go perft` to `Nodes searched` (after isready),
# so start-up and hash allocation are not counted. RUNS alternating rounds (default 3), single
# threaded, no hashing unless PYKE_OPTIONS says otherwise; medians of nodes/s are compared.
# Counts must agree (with each other at equal depths, and with the published values).
#
#   tools/speed_vs_stockfish.sh                     # builds //cli:pyke (default config, PGO)
#   tools/speed_vs_stockfish.sh --config=portable   # bazel flags select the build
#   tools/speed_vs_stockfish.sh -- --quick --json   # after --: options of tools/uci_speed.py
#   RUNS=5 PYKES="pgo=./pyke nopgo=./pyke_nopgo" tools/speed_vs_stockfish.sh
#   PYKE_OPTIONS="Threads=2 Hash=512" PYKES="pyke=./pyke" tools/speed_vs_stockfish.sh --quick
#
# With PYKES (space-separated NAME=PATH), nothing is built: those binaries take turns with
# Stockfish, each in its own column, and all arguments go to tools/uci_speed.py. Without PYKES,
# arguments up to `--` are bazel flags for building //cli:pyke, the rest go to uci_speed.py.
# Stockfish is only a yardstick: installed from Debian when missing, never a build dependency.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -n "${PYKES:-}" ]]; then
  [[ "${1:-}" == "--" ]] && shift
  exec python3 tools/uci_speed.py "$@"
fi

bazel_flags=()
while [[ $# -gt 0 && "$1" != "--" ]]; do bazel_flags+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift

./bazelw build "${bazel_flags[@]}" //cli:pyke >&2
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
# A copy, so that a build started meanwhile cannot replace the binary under the measurement.
cp -L "$(./bazelw info "${bazel_flags[@]}" bazel-bin 2>/dev/null)/cli/pyke" "$dir/pyke"
python3 tools/uci_speed.py --pyke "pyke=$dir/pyke" "$@"
