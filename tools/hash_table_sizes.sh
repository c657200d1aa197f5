#!/usr/bin/env bash
# hash_table_sizes.sh — start position perft 7 and 8 without hashing and with --hash 64, 256,
# 1024 and 4096 MB: time and nodes per second of each, one run each (the README's table).
#
#   tools/hash_table_sizes.sh                 # builds //cli:pyke (default config)
#   PYKE=/path/to/pyke DEPTHS="7" tools/hash_table_sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${PYKE:-}" ]]; then
  ./bazelw build //cli:pyke >&2
  PYKE="$(mktemp -d)/pyke"
  cp -L "$(./bazelw info bazel-bin 2>/dev/null)/cli/pyke" "$PYKE"
fi

printf '%-6s %-8s %16s %10s %16s\n' depth hash nodes seconds "nodes/s"
for depth in ${DEPTHS:-7 8}; do
  for hash in 0 64 256 1024 4096; do
    out=$("$PYKE" --quiet --hash "$hash" "$depth")
    nodes=$(sed -n 's/^Nodes searched: //p' <<<"$out")
    seconds=$(sed -n 's/^Time: \([0-9.]*\) s$/\1/p' <<<"$out")
    speed=$(sed -n 's/^Speed: \([0-9]*\) nodes\/s$/\1/p' <<<"$out")
    printf '%-6s %-8s %16s %10s %16s\n' "$depth" "$([[ $hash == 0 ]] && echo off || echo "$hash MB")" "$nodes" "$seconds" "$speed"
  done
done
