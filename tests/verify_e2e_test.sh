#!/usr/bin/env bash
# End-to-end tests of `pyke verify`: the published suite passes, a wrong count is named with its
# line (exit 1), a malformed line or FEN is named before anything is counted (exit 2), the EPD
# spelling variants read, and --json, --hash and --max-depth work.
# Usage: verify_e2e_test.sh PYKE DATA_DIR   (DATA_DIR holds published.epd and verify/*.epd)
set -uo pipefail

# check, run, expect_usage_error, need, finish: next to this script, or in the runfiles tree.
lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1" data="$2"
need "$pyke"

run verify "$data/published.epd" --max-depth 3
check "published depth 3: summary" test "$out" = "180 passed, 0 failed"
check "published depth 3: exit 0" test "$status" -eq 0
check "published depth 3: no progress line off a terminal" test -z "$err"

run verify --max_depth=2 --hash 4 "$data/published.epd"
check "hashed, underscore flag: summary" test "$out" = "180 passed, 0 failed"

run verify "$data/verify/wrong_count.epd"
check "wrong count: exit 1" test "$status" -eq 1
check "wrong count: line, depth, expected, got, FEN" grep -qx \
  "$data/verify/wrong_count.epd:4: depth 3: expected 97863, got 97862; FEN r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" <<<"$out"
check "wrong count: summary alone on the last line" test "$(tail -1 <<<"$out")" = "2 passed, 1 failed"

run verify --max-depth 2 "$data/verify/wrong_count.epd"
check "wrong count beyond --max-depth: not checked" test "$out" = "3 passed, 0 failed"

run verify --json "$data/verify/wrong_count.epd"
check "json: exit 1" test "$status" -eq 1
check "json: one line" test "$(line_count "$out")" -eq 1
check "json: totals" grep -q '"passed": 2, "failed": 1' <<<"$out"
check "json: failure record" grep -q '{"line": 4, "fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "depth": 3, "expected": 97863, "got": 97862}' <<<"$out"

run verify "$data/verify/malformed.epd"
check "malformed: exit 2" test "$status" -eq 2
check "malformed: names line 3 and the problem" grep -q "malformed.epd:3: D2: count '' is not" <<<"$err"
check "malformed: nothing counted" test -z "$out"

run verify "$data/verify/bad_fen.epd"
check "bad FEN: exit 2" test "$status" -eq 2
check "bad FEN: names line 3" grep -q "bad_fen.epd:3: .*'9'" <<<"$err"
check "bad FEN: nothing counted" test -z "$out"

run verify "$data/verify/spacing_variants.epd"
check "spacing variants: all read and pass" test "$out" = "5 passed, 0 failed"

run verify "$data/verify/no_such_file.epd"
check "missing file: exit 2" test "$status" -eq 2
check "missing file: named" grep -q "cannot read .*no_such_file.epd" <<<"$err"

run verify
check "no file: exit 2" test "$status" -eq 2

finish
