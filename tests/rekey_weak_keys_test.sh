#!/usr/bin/env bash
# `pyke` built with Zobrist keys cut to 8 bits (//cli:pyke_weak_keys_for_test): distinct
# positions share keys, every key lands in one bucket, and a hashed count comes out wrong
# without any sign of it. `--verify rekey` must catch that: the count under keys from a second
# seed goes wrong differently, so the two disagree and the exit status is 1.
# Usage: rekey_weak_keys_test.sh PYKE_WEAK_KEYS_FOR_TEST
set -uo pipefail

lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1"
need "$pyke"

run --quiet 5
check "unhashed perft 5 is right (no keys used)" grep -qx "Nodes searched: 4865609" <<<"$out"
run --quiet --hash 1 --threads 1 5
check "a single hashed run exits 0" test "$status" -eq 0
check "a single hashed run prints a wrong count" test "$(grep -c '^Nodes searched: 4865609$' <<<"$out")" -eq 0
run --quiet --hash 1 --threads 1 --verify rekey 5
check "rekey catches it: exit 1" test "$status" -eq 1
check "rekey catches it: says so" grep -q "verification FAILED: Zobrist seed [0-9]* counts [0-9]*, seed [0-9]* counts [0-9]*" <<<"$err"
check "rekey names a differing root move" grep -q "^pyke:   [a-h][1-8][a-h][1-8] [0-9]* vs [0-9]*$" <<<"$err"
run --quiet --hash 1 --threads 1 --verify recount 5
check "recount catches it: exit 1" test "$status" -eq 1
check "recount catches it: says so" grep -q "verification FAILED: hashed count [0-9]*, unhashed 4865609" <<<"$err"
check "recount names a differing root move" grep -q "^pyke:   [a-h][1-8][a-h][1-8] [0-9]* vs [0-9]*$" <<<"$err"
run --quiet --stats --hash 1 --threads 1 --verify rekey 5
check "statistics rekey catches it: exit 1" test "$status" -eq 1
check "statistics rekey names a move and a column" grep -Eq "^pyke:   [a-h][1-8][a-h][1-8] [a-z_]+ [0-9]+ vs [0-9]+$" <<<"$err"
run --quiet --json --hash 1 --threads 2 --verify rekey 5
check "rekey catches it in JSON too" python3 -c 'import json, sys; d = json.loads(sys.argv[1]); sys.exit(d["verified"] is not False)' "$out"

finish
