#!/usr/bin/env bash
# hash_table_sizes.sh — start position perft without hashing and with several --hash sizes: time,
# nodes per second, and how much of the table the kernel backed with huge pages (the README's
# table). One run each; the plain count is skipped at depths in NO_PLAIN (too slow to be worth it).
#
#   tools/hash_table_sizes.sh                 # builds //cli:pyke (default config)
#   PYKE=/path/to/pyke DEPTHS="7 8 9" SIZES="64 1024" THREADS=2 NO_PLAIN=9 tools/hash_table_sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${PYKE:-}" ]]; then
  ./bazelw build //cli:pyke >&2
  PYKE="$(mktemp -d)/pyke"
  cp -L "$(./bazelw info bazel-bin 2>/dev/null)/cli/pyke" "$PYKE"
fi
threads=${THREADS:-1}

echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), threads: $threads," \
  "transparent_hugepage: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
printf '%-6s %-8s %16s %10s %16s %12s\n' depth hash nodes seconds "nodes/s" "huge pages"
for depth in ${DEPTHS:-7 8}; do
  for hash in 0 ${SIZES:-64 256 1024 4096}; do
    if [[ $hash == 0 && " ${NO_PLAIN:-} " == *" $depth "* ]]; then continue; fi
    out=$("$PYKE" --quiet --threads "$threads" --hash "$hash" "$depth")
    nodes=$(sed -n 's/^Nodes searched: //p' <<<"$out")
    seconds=$(sed -n 's/^Time: \([0-9.]*\) s$/\1/p' <<<"$out")
    speed=$(sed -n 's/^Speed: \([0-9]*\) nodes\/s$/\1/p' <<<"$out")
    huge=$(sed -n 's/^Hash: .*huge pages \([0-9]*\) MB.*/\1 MB/p' <<<"$out")
    printf '%-6s %-8s %16s %10s %16s %12s\n' "$depth" "$([[ $hash == 0 ]] && echo off || echo "$hash MB")" \
      "$nodes" "$seconds" "$speed" "${huge:--}"
  done
done
