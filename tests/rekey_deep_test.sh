#!/usr/bin/env bash
# Manual: start position perft 9 with a 4096 MB table, confirmed by --verify rekey (a second
# count under keys from another seed, every root move compared), on 2 threads.
# Usage: rekey_deep_test.sh PYKE
set -uo pipefail

lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1"
need "$pyke"

run --quiet --threads 2 --hash 4096 --verify rekey 9
check "perft 9 total" grep -qx "Nodes searched: 2439530234167" <<<"$out"
check "rekey agrees" grep -q "^Verified: the count under other keys (Zobrist seeds [0-9]* and [0-9]*) agrees, every root move$" <<<"$out"
check "exit 0" test "$status" -eq 0
echo "$out" | tail -4

finish
