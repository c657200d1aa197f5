#!/usr/bin/env bash
# End-to-end tests of the built `pyke` binary: divides, flags, bad arguments (exit status 2 and
# a message), `pyke bench`, and a UCI session through a pipe.
# Expected counts are published perft values, or Stockfish's `go perft` for the lines after moves.
# Usage: cli_e2e_test.sh PYKE PERFT_STATS_TSV
set -uo pipefail

# check, run, expect_usage_error, need, finish: next to this script, or in the runfiles tree.
lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1"
stats_file="$2"  # tests/data/perft_stats.tsv
need "$pyke"

run 5
check "perft 5 total" grep -qx "Nodes searched: 4865609" <<<"$out"
check "perft 5 has 20 divide lines" test "$(grep -c '^[a-h][1-8][a-h][1-8][nbrq]*: [0-9]*$' <<<"$out")" -eq 20
check "perft 5 divide sorted" test "$(grep ': ' <<<"$out" | head -1)" = "a2a3: 181046"
check "perft 5 prints time and speed" grep -q "^Speed: [0-9]* nodes/s$" <<<"$out"
check "perft 5 exit 0" test "$status" -eq 0

run --quiet 5 e2e4 e7e5
check "moves e2e4 e7e5" grep -qx "Nodes searched: 22273312" <<<"$out"

run --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3
check "kiwipete perft 3" grep -qx "Nodes searched: 97862" <<<"$out"

run --hash 16 5
check "hashed perft 5" grep -qx "Nodes searched: 4865609" <<<"$out"

run --hash 4 --verify 4
check "verify agrees" grep -qx "Verified: the count without hashing agrees, every root move" <<<"$out"
check "verify exit 0" test "$status" -eq 0

run 0
check "depth 0 is one node" grep -qx "Nodes searched: 1" <<<"$out"

# Chess960: a Shredder-FEN turns on king-takes-rook notation; --chess960 does it for any FEN.
run --quiet --fen "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" 3
check "chess960 perft 3" grep -qx "Nodes searched: 12189" <<<"$out"
# (Counts below from Stockfish 15.1 with UCI_Chess960.)
c960="1r2k1rr/ppppppp1/8/8/8/8/PPPPPPP1/1R2K1RR w GBgb - 0 1"
run --quiet --fen "$c960" 1
check "chess960 castling printed as king takes rook (kingside)" grep -qx "e1g1: 1" <<<"$out"
check "chess960 castling printed as king takes rook (queenside)" grep -qx "e1b1: 1" <<<"$out"
check "chess960 perft 1" grep -qx "Nodes searched: 29" <<<"$out"
run --quiet --fen "$c960" 3 e1g1
check "chess960 castling move accepted" grep -qx "Nodes searched: 21851" <<<"$out"
run --quiet --chess960 --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" 1
check "--chess960 on a standard position" grep -qx "e1h1: 1" <<<"$out"
run --quiet --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" 1
check "standard notation by default" grep -qx "e1g1: 1" <<<"$out"
expect_usage_error "bad castling field" "castling right 'G'" --fen "4k3/8/8/8/8/8/8/R2K3R w G - 0 1" 1

# Threads: the same counts on 1, 2 and 3 threads, with and without a table; bad counts refused.
for t in 1 2 3; do
  run --quiet --threads $t --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 4
  check "kiwipete perft 4 on $t threads" grep -qx "Nodes searched: 4085603" <<<"$out"
  run --quiet --threads $t --hash 8 5
  check "hashed perft 5 on $t threads" grep -qx "Nodes searched: 4865609" <<<"$out"
done
expect_usage_error "zero threads" "thread count 0" --threads 0 3
expect_usage_error "too many threads" "1 to 1024" --threads 1025 3
run --threads 2 bench
check "bench on 2 threads" grep -q "^Total: 1090404732 nodes.*2 threads" <<<"$out"

expect_usage_error "depth not a number" "depth 'x'" x
expect_usage_error "depth too deep" "out of range" 99
expect_usage_error "negative depth" "out of range" -- -3
expect_usage_error "illegal move" "illegal move 'e2e5'" 3 e2e5
expect_usage_error "malformed move" "malformed move 'zz'" 3 e2e4 zz
expect_usage_error "bad FEN" "bad FEN" --fen "8/8/8/8 w - - 0 1" 3
expect_usage_error "absurd hash" "hash" --hash 99999999999 3
expect_usage_error "hash above memory" "MB" --hash 1048576 3

expect_usage_error "verify without hash" "needs --hash" --verify 3
expect_usage_error "rekey without hash" "needs --hash" --verify rekey 3
expect_usage_error "verify mode unknown" "not one of recount, rekey" --hash 4 --verify=twice 3

# Zobrist keys from a seed: the same counts under any seed, with threads, Chess960 and divide.
run --quiet --hash 4 --zobrist-seed 12345 --threads 2 5
check "zobrist seed: hashed perft 5" grep -qx "Nodes searched: 4865609" <<<"$out"
check "zobrist seed printed" grep -q "Zobrist seed 12345$" <<<"$out"
run --quiet --hash 4 --zobrist-seed 0 --fen "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" 4
check "zobrist seed 0: chess960 perft 4" grep -qx "Nodes searched: 326672" <<<"$out"
run --quiet --hash 4 --verify recount 4 e2e4
check "verify recount" grep -qx "Verified: the count without hashing agrees, every root move" <<<"$out"
run --quiet --hash 4 --zobrist-seed 7 --verify rekey --threads 2 5
check "verify rekey agrees" grep -q "^Verified: the count under other keys (Zobrist seeds 7 and [0-9]*) agrees, every root move$" <<<"$out"
check "verify rekey exit 0" test "$status" -eq 0
run --hash 4 --zobrist-seed x 3
check "zobrist seed not a number: refused by the flag parser" test "$status" -eq 1
check "zobrist seed not a number: named" grep -q "zobrist_seed" <<<"$err"

run --help
help="$out$err"
check "--help does not say 'No flags matched'" test "$(grep -c 'No flags matched' <<<"$help")" -eq 0
check "--help explains --fen" grep -q -- "-fen (count from this FEN" <<<"$help"
check "--help explains --hash" grep -q -- "-hash (transposition table size" <<<"$help"
check "--help explains --quiet" grep -q -- "-quiet (no progress" <<<"$help"
check "--help explains --verify" grep -q -- "-verify (with --hash" <<<"$help"

run --version
check "--version exits 0" test "$status" -eq 0
check "--version names the engine" grep -q "^Pyke [0-9][0-9.]*$" <<<"$out"
check "--version names the slider backend" grep -Eq "^slider backend on this CPU: (pext|magic|hq) \(.+\)$" <<<"$out"
check "--version says nothing of debug builds" test "$(grep -c 'Debug build' <<<"$out$err")" -eq 0

run --hash 4 --verify 6
time_line=$(sed -n 's/^Time: \([0-9.]*\) s$/\1/p' <<<"$out")
speed_line=$(sed -n 's/^Speed: \([0-9]*\) nodes\/s$/\1/p' <<<"$out")
# Speed is the hashed count's own: nodes / Time, not nodes / (Time + recount).
check "verify: speed is nodes / time" awk -v t="$time_line" -v s="$speed_line" \
  'BEGIN { e = 119060324 / t; exit !(s > 0.9 * e && s < 1.1 * e) }' 

run bench
check "bench exit 0" test "$status" -eq 0
check "bench total" grep -q "^Total: 1090404732 nodes" <<<"$out"
check "bench middlegames" grep -q "^middlegame: 582601051 nodes" <<<"$out"
check "bench endgames" grep -q "^endgame: 507803681 nodes" <<<"$out"

run < <(printf 'uci\nisready\nposition startpos moves e2e4\ngo perft 3\nisready\nbogus line\n\x01\x02\nposition startpos moves e2e5\nisready\nd\nquit\n')
uci="$out"
check "uci handshake" grep -qx "uciok" <<<"$uci"
check "uci perft after e2e4" grep -qx "Nodes searched: 13160" <<<"$uci"
check "uci errors reported" test "$(grep -c '^info string error: ' <<<"$uci")" -eq 3
check "uci still answers" test "$(grep -cx 'readyok' <<<"$uci")" -eq 3
check "uci bad move kept position" grep -q "^Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1$" <<<"$uci"

# What perftree-style scripts send: go perft, then quit at once. The whole divide comes out.
run < <(printf 'position startpos\ngo perft 5\nquit\n')
check "quit after go perft: 20 divide lines" test "$(line_count "$(grep -E '^[a-h][1-8][a-h][1-8][nbrq]*: [0-9]+$' <<<"$out")")" -eq 20
check "quit after go perft: total" grep -qx "Nodes searched: 4865609" <<<"$out"
check "quit after go perft: not stopped" test "$(line_count "$(grep 'perft stopped' <<<"$out")")" -eq 0
run < <(printf 'position startpos\ngo perft 5\nisready\n')
check "end of input after isready: total" grep -qx "Nodes searched: 4865609" <<<"$out"

# --json: one object that Python reads, counts exact.
json_field() {  # json_field EXPRESSION: evaluates it on the parsed JSON in $out, prints it
  python3 -c 'import json, sys; d = json.loads(sys.stdin.read()); print(eval(sys.argv[1]))' "$1" <<<"$out"
}
run --json --quiet 5 e2e4
check "json exit 0" test "$status" -eq 0
check "json is one line" test "$(line_count "$out")" -eq 1
check "json nodes" test "$(json_field 'd["nodes"]')" = "9771632"
# (e7e5: 728887 from Stockfish 15.1.)
check "json divide after e2e4" test "$(json_field 'len(d["divide"]), d["divide"]["e7e5"]')" = "(20, 728887)"
check "json fen after the moves" test "$(json_field 'd["fen"]')" = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
check "json depth and threads" test "$(json_field 'd["depth"], d["threads"] >= 1, d["hash_mb"]')" = "(5, True, 0)"
run --json --hash 8 --verify --threads 2 4
check "json verified" test "$(json_field 'd["verified"], d["unhashed_nodes"], d["nodes"], d["hash_mb"], d["threads"]')" = "(True, 197281, 197281, 8, 2)"
run --json --hash 8 --verify rekey --zobrist-seed 3 --threads 2 4
check "json rekey" test "$(json_field 'd["verify"], d["verified"], d["zobrist_seed"], d["rekey_seed"] != 3, d["rekey_nodes"], d["rekey_divide"] == d["divide"]')" = "('rekey', True, 3, True, 197281, True)"
run --json --quiet --chess960 --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" 1
check "json chess960 castling as king takes rook" test "$(json_field 'd["chess960"], d["divide"]["e1h1"]')" = "(True, 1)"
run --json bench
check "json bench total" test "$(json_field 'd["total"]["nodes"], d["wrong"]')" = "(1090404732, 0)"
check "json bench sets" test "$(json_field '[(s["name"], s["nodes"]) for s in d["sets"]]')" = "[('middlegame', 582601051), ('endgame', 507803681)]"
check "json bench rows in sets" test "$(json_field 'sorted(set(p["set"] for p in d["positions"]))')" = "['endgame', 'middlegame']"
check "json bench positions" test "$(json_field 'all(p["nodes"] == p["expected"] for p in d["positions"])')" = "True"

# UCI: go perft N stats prints the divide, then the statistics tables; plain go perft is unchanged.
run < <(printf 'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\ngo perft 4 stats\ngo perft 4 stat\nquit\n')
check "uci stats divide" grep -qx "Nodes searched: 43238" <<<"$out"
check "uci stats row" grep -Eq '^4 +43238 +3348 +123 +0 +0 +1680 +106 +0 +17$' <<<"$out"
check "uci stats: a bad word is an error" grep -q "info string error: go perft takes one depth" <<<"$out"

# --stats: the wiki's table, by depth and by root move; plain digits when piped.
run --stats --quiet 5
check "stats exit 0" test "$status" -eq 0
check "stats depth 5 row" grep -Eq '^5 +4865609 +82719 +258 +0 +0 +27351 +6 +0 +347$' <<<"$out"
check "stats depth 4 row" grep -Eq '^4 +197281 +1576 +0 +0 +0 +469 +0 +0 +8$' <<<"$out"
check "stats headings" grep -Eq '^Depth +Nodes +Captures +E\.p\. +Castles +Promotions +Checks +Discovery Checks +Double Checks +Checkmates$' <<<"$out"
check "stats row per root move" grep -Eq '^f2f3 +178889( +[0-9]+){8}$' <<<"$out"
check "stats rows: 20 moves, 5 depths" test "$(grep -Ec '^([a-h][1-8][a-h][1-8]|[1-5])( +[0-9]+){9}$' <<<"$out")" -eq 25
check "stats keeps the divide" grep -qx "Nodes searched: 4865609" <<<"$out"
# Kiwipete depth 4 tells the conventions apart (42 discovered, 6 double checks), on 2 threads
# through a table, recounted without it.
run --stats --quiet --threads 2 --hash 8 --verify --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 4
check "stats hashed row" grep -Eq '^4 +4085603 +757163 +1929 +128013 +15172 +25523 +42 +6 +43$' <<<"$out"
check "stats verified" grep -qx "Verified: the statistics without hashing agree, every root move" <<<"$out"
run --stats --quiet --hash 8 --verify rekey --zobrist-seed 7 4
check "stats rekeyed" grep -Eq "^Verified: the statistics under other keys \(Zobrist seeds 7 and [0-9]+\) agree, every root move$" <<<"$out"
check "stats rekeyed row" grep -Eq '^4 +197281 +1576 +0 +0 +0 +469 +0 +0 +8$' <<<"$out"
run --stats --json --quiet 3 e2e4
check "stats json" test "$(json_field 'd["stats"][2]["nodes"], d["stats"][2]["depth"], d["nodes"], sum(v["nodes"] for v in d["divide"].values()), len(d["stats"]), len(d["divide"])')" = "(13160, 3, 13160, 13160, 3, 20)"
run --stats --json --quiet --chess960 --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" 1
check "stats json chess960" test "$(json_field 'd["divide"]["e1h1"]["castles"], d["divide"]["a1a8"]["checks"], d["stats"][0]["captures"], d["stats"][0]["castles"]')" = "(1, 1, 2, 2)"
expect_usage_error "stats depth 0" "at least 1" --stats 0
expect_usage_error "stats bad depth" "not a number" --stats x
# verify --stats: the published rows, and bad files refused with the line named.
run verify --stats --max_depth 3 "$stats_file"
check "verify stats passes" grep -Eq '^[0-9]+ passed, 0 failed$' <<<"$out"
check "verify stats exit 0" test "$status" -eq 0
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t3\t8902\t34\t0\t0\t0\t12\t0\t0\t1\n' >"$TEST_TMPDIR/wrong.tsv"
run verify --stats "$TEST_TMPDIR/wrong.tsv"
check "verify stats names the column" grep -q "wrong.tsv:1: depth 3: checkmates: expected 1, got 0" <<<"$out"
check "verify stats exit 1" test "$status" -eq 1
printf '# a comment\nfoo\t1\t2\n' >"$TEST_TMPDIR/short.tsv"
expect_usage_error "verify stats wrong column count" "short.tsv:2: 3 tab-separated fields" verify --stats "$TEST_TMPDIR/short.tsv"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t2\t400\t0\t0\t0\t0\tx\t0\t0\t0\n' >"$TEST_TMPDIR/nan.tsv"
expect_usage_error "verify stats not a number" "nan.tsv:1: column 8: 'x' is not a whole number" verify --stats "$TEST_TMPDIR/nan.tsv"

# estimate: a fixed number of samples is deterministic; the interval holds the count.
run --quiet --json estimate 7 --samples 20000 --seed 5 --threads 2
check "estimate exit 0" test "$status" -eq 0
check "estimate 7 interval holds perft 7" test "$(json_field 'd["low"] <= 3195901860 <= d["high"], d["samples"], d["seed"], d["exact"]')" = "(True, 20000, 5, False)"
first="$(json_field 'd["estimate"], d["standard_error"]')"
run --quiet --json estimate 7 --samples 20000 --seed 5 --threads 2
check "estimate: same seed, same estimate" test "$(json_field 'd["estimate"], d["standard_error"]')" = "$first"
run --quiet estimate 6 --samples 1000 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
check "estimate text: full digits" grep -q "^Estimate of perft 6: [0-9]* ([0-9.]*e+09)$" <<<"$out"
check "estimate text: interval" grep -q "^95 % interval: [0-9]* to [0-9]*$" <<<"$out"
run --quiet estimate 2 --samples 10
check "estimate of a shallow tree is exact" grep -qx "Estimate of perft 2: 400 (4.000000e+02)" <<<"$out"
run --quiet --json --chess960 estimate 5 --samples 1000 --fen "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
check "estimate chess960" test "$(json_field 'd["chess960"], d["depth"]')" = "(True, 5)"
expect_usage_error "estimate without depth" "needs a depth" estimate
expect_usage_error "estimate bad depth" "out of range" estimate 21 --samples 5
expect_usage_error "estimate depth not a number" "not a number" estimate x
expect_usage_error "estimate seconds zero" "out of range" estimate 8 --seconds 0
expect_usage_error "estimate seconds absurd" "out of range" estimate 8 --seconds 1e9
expect_usage_error "estimate bad move" "illegal move" estimate 5 e2e5 --samples 5

# suite: random positions with their counts. The first lines of seed 7 were checked against
# Stockfish's go perft when they were pinned here; they must not change with the compiler or CPU.
run --quiet suite 5 4 --seed 7
check "suite exit 0" test "$status" -eq 0
check "suite: 5 lines" test "$(line_count "$out")" -eq 5
check "suite: every line has D1 to D4" test "$(grep -c ' ;D1 [0-9]* ;D2 [0-9]* ;D3 [0-9]* ;D4 [0-9]*$' <<<"$out")" -eq 5
check "suite: seed 7's first position and counts" test "$(head -1 <<<"$out")" = \
  "rnbqkbnr/ppppppp1/8/7p/5P2/7P/PPPPP1P1/RNBQKBNR b KQkq - 0 2 ;D1 21 ;D2 399 ;D3 9376 ;D4 200706"
suite7="$out"
run --quiet suite 5 4 --seed 7 --threads 1 --hash 16
check "suite: the same positions and counts on one thread, hashed" test "$out" = "$suite7"
run --quiet suite 5 4 --seed 8
check "suite: another seed, other positions" test "$out" != "$suite7"
printf '%s\n' "$suite7" > "$e2e_tmp/suite.epd"
run --quiet verify "$e2e_tmp/suite.epd"
check "suite: pyke verify passes its own suite" test "$status" -eq 0
run --quiet suite 2 3 --seed 7 --chess960
check "suite --chess960: Shredder-FEN castling, checked against Stockfish" test "$(head -1 <<<"$out")" = \
  "rbk1qnBn/2r1p1p1/p2p2Pp/1pp5/2P1Pp1P/PP1P4/1K3PN1/R2RQ1BN b a e3 0 14 ;D1 29 ;D2 953 ;D3 26232"
expect_usage_error "suite without depth" "usage: pyke suite" suite 3
expect_usage_error "suite of no positions" "from 1 to 1000000" suite 0 3
expect_usage_error "suite depth 0" "depth of at least 1" suite 3 0
expect_usage_error "suite depth absurd" "out of range" suite 3 99
expect_usage_error "suite --json" "do not apply" --json suite 3 2
expect_usage_error "suite --stats" "do not apply" --stats suite 3 2

finish
