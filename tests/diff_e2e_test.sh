#!/usr/bin/env bash
# End-to-end tests of `pyke diff` against the fixture engine (//diff/testing), one bug per run:
# each bug is found and named, a correct engine agrees (exit 0), and an engine that prints
# garbage, exits, stays silent or closes its input gives exit 2 with a message (never a crash).
# Usage: diff_e2e_test.sh PYKE FIXTURE_ENGINE
set -uo pipefail

# check, run, expect_usage_error, need, finish: next to this script, or in the runfiles tree.
lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1" fixture="$2"
need "$pyke" "$fixture"

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

run diff --engine "$fixture --bug=none" --fen "$kiwipete" 3
check "correct engine: exit 0" test "$status" -eq 0
check "correct engine: agrees" grep -qx "Every count agrees." <<<"$out"

run diff --engine "$fixture --bug=no-castling" 3 e2e4 e7e5 g1f3 b8c6 f1c4
check "no castling: exit 1" test "$status" -eq 1
check "no castling: path" grep -qx "Path: e2e4 e7e5 g1f3 b8c6 f1c4 a7a5" <<<"$out"
check "no castling: FEN" grep -qx \
  "FEN: r1bqkbnr/1ppp1ppp/2n5/p3p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4" <<<"$out"
check "no castling: missing e1g1" grep -qx "Missing in the engine (legal here): e1g1" <<<"$out"
check "no castling: nothing illegal" grep -qx "Listed by the engine but not legal here: none" <<<"$out"

run diff --engine "$fixture --bug=no-en-passant" --fen "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1" 3
check "no en passant: exit 1" test "$status" -eq 1
check "no en passant: FEN" grep -qx "FEN: 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2" <<<"$out"
check "no en passant: missing e5d6" grep -qx "Missing in the engine (legal here): e5d6" <<<"$out"

run diff --engine "$fixture --bug=pinned-piece-moves" --fen "$kiwipete" 3
check "pinned piece: exit 1" test "$status" -eq 1
check "pinned piece: path" grep -qx "Path: e1c1 g7h6" <<<"$out"
check "pinned piece: d2e1 named" grep -qx "Listed by the engine but not legal here: d2e1" <<<"$out"

run diff --engine "$fixture --bug=en-passant-into-check" --fen "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1" 3
check "en passant into check: exit 1" test "$status" -eq 1
check "en passant into check: e5d6 named" grep -qx "Listed by the engine but not legal here: e5d6" <<<"$out"

run diff --engine "$fixture --bug=no-castling" --engine-protocol perftree 3 e2e4 e7e5 g1f3 b8c6 f1c4
check "perftree: exit 1" test "$status" -eq 1
check "perftree: missing e1g1" grep -qx "Missing in the engine (legal here): e1g1" <<<"$out"

expect_engine_error() {  # NAME MESSAGE-PART ARGS...
  local name="$1" part="$2"; shift 2
  run "$@"
  check "$name: exit 2" test "$status" -eq 2
  check "$name: message names '$part'" grep -q -- "$part" <<<"$err"
}
expect_engine_error "garbage" "'perft? what is a perft?'" diff --engine "$fixture --bug=garbage" 2
expect_engine_error "engine exits" "exit status 3" diff --engine "$fixture --bug=exit" 2
expect_engine_error "engine crashes (abort, through sh: 128 + 6)" "exit status 134" diff --engine "$fixture --bug=crash" 2
expect_engine_error "engine hangs on go perft" "within 1 s" \
  diff --engine "$fixture --bug=hang" --engine-timeout 1 2
expect_engine_error "no such engine" "exit status 127" diff --engine "/nonexistent/engine" 2
expect_engine_error "silent engine" "within 1 s" diff --engine "sleep 30" --engine-timeout 1 2
expect_engine_error "engine closes its input (SIGPIPE)" "Broken pipe" \
  diff --engine 'exec 0<&-; echo uciok; echo readyok; sleep 30' 2
expect_engine_error "bad protocol" "uci or perftree" diff --engine "$fixture" --engine-protocol xboard 2
expect_engine_error "illegal starting move" "illegal move 'e2e5'" diff --engine "$fixture" 2 e2e5
expect_engine_error "no engine" "--engine" diff 2

# --stats: Pyke against itself over UCI compares every column; the fixture prints no statistics.
run diff --stats --engine "$pyke" --fen "$kiwipete" 3
check "stats against itself: exit 0" test "$status" -eq 0
check "stats against itself: columns agree" grep -qx "Every statistics column agrees." <<<"$out"
run diff --stats --engine "$fixture --bug=none" 3
check "stats, engine without: exit 0" test "$status" -eq 0
check "stats, engine without: said" grep -q "prints no statistics" <<<"$out"

finish
