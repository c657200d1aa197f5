#!/usr/bin/env bash
# pyke_mpi on loopback against single-process pyke: 2, 3 and 4 ranks, plain and hashed; a run
# killed part-way and resumed from its journal; a foreign journal refused (exit 2); a torn last
# line ignored. Usage: mpi_test.sh PYKE_MPI PYKE SUITE [DEPTH]  (DEPTH of the kill-and-resume
# run, default 7; the manual deep check uses 8).
set -uo pipefail

# check, need, finish and a temporary directory: tests/e2e_lib.sh, found beside this script's
# directory or in the runfiles tree.
lib="$(dirname "${BASH_SOURCE[0]}")/../tests/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke_mpi="$1" pyke="$2" suite="$3" depth="${4:-7}"
need "$pyke_mpi" "$pyke" "$(command -v mpirun || echo mpirun)"
mpirun_() { timeout 600 mpirun --allow-run-as-root --oversubscribe -np "$@" < /dev/null; }
work="$e2e_tmp"

# The divide and total of start position perft 6 and Kiwipete perft 5 equal pyke's, for every
# rank count, plain and hashed (the divide, not only the total: lines are sorted the same way).
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
for ranks in 2 3 4; do
  for hash in 0 8; do
    for args in "6" "--fen|$kiwipete|5"; do
      IFS='|' read -r -a argv <<<"$args"
      want=$("$pyke" --quiet --threads 1 "${argv[@]}" | grep -v '^Time\|^Speed')
      got=$(mpirun_ "$ranks" "$pyke_mpi" --quiet --threads 1 --hash "$hash" "${argv[@]}" |
            grep -v '^Time\|^Speed\|^Units')
      # (pyke printing nothing must not pass against pyke_mpi printing nothing)
      check "$ranks ranks, hash $hash, ${argv[*]}" test "${want:-no output from pyke}" = "$got"
    done
  done
done

# --stats: the same tables as pyke --stats (Kiwipete depth 4 tells the conventions apart), plain
# and through a statistics table, and from a statistics journal: a second run takes every unit
# from it and prints the same; a plain run refuses that journal.
for hash in 0 8; do
  want=$("$pyke" --stats --quiet --threads 1 --fen "$kiwipete" 4 | grep -v '^Time\|^Speed')
  got=$(mpirun_ 3 "$pyke_mpi" --stats --quiet --threads 1 --hash "$hash" --fen "$kiwipete" 4 |
        grep -v '^Time\|^Speed\|^Units')
  check "stats, 3 ranks, hash $hash" test "${want:-no output from pyke}" = "$got"
done
stats_journal="$work/stats.journal"
rm -f "$stats_journal"
first=$(mpirun_ 2 "$pyke_mpi" --stats --quiet --threads 1 --journal "$stats_journal" --fen "$kiwipete" 4 |
        grep -v '^Time\|^Speed\|^Units')
again=$(mpirun_ 2 "$pyke_mpi" --stats --quiet --threads 1 --journal "$stats_journal" --fen "$kiwipete" 4 2>"$work/stats_resume.err" |
        grep -v '^Time\|^Speed\|^Units')
check "stats journal resumed: same tables" test "${first:-no output}" = "$again"
check "stats journal resumed: every unit" grep -q "resuming: 48 of 48 units" "$work/stats_resume.err"
check "stats row from the cluster" grep -Eq '^4 +4085603 +757163 +1929 +128013 +15172 +25523 +42 +6 +43$' <<<"$first"
mpirun_ 2 "$pyke_mpi" --quiet --threads 1 --journal "$stats_journal" --fen "$kiwipete" 4 > "$work/mixed.out" 2>&1
check "a plain run refuses a statistics journal" grep -q "belongs to another run" "$work/mixed.out"
# Units of depth 0 have no moves to classify: refused, not counted wrong.
mpirun_ 2 "$pyke_mpi" --stats --quiet --threads 1 --fen "$kiwipete" 1 > "$work/stats1.out" 2>&1
check "stats depth 1: refused" grep -q "needs a depth of at least 2" "$work/stats1.out"
mpirun_ 2 "$pyke_mpi" --stats --quiet --threads 1 --frontier 3 3 > "$work/stats_ply.out" 2>&1
check "stats frontier at DEPTH: refused" grep -q "needs --frontier below DEPTH" "$work/stats_ply.out"
want=$("$pyke" --stats --quiet --threads 1 --fen "$kiwipete" 2 | grep -v '^Time\|^Speed')
got=$(mpirun_ 2 "$pyke_mpi" --stats --quiet --threads 1 --fen "$kiwipete" 2 | grep -v '^Time\|^Speed\|^Units')
check "stats depth 2 (units of depth 1)" test "${want:-no output from pyke}" = "$got"

# Published positions (every seventh) at depth 4, against the suite's counts.
i=0
while IFS= read -r line; do
  i=$((i + 1))
  (( i % 7 == 1 )) || continue
  fen="${line%% ;*}"
  expected=$(sed -n 's/.*;D4 \([0-9]*\).*/\1/p' <<<"$line")
  [[ -n "$expected" ]] || continue
  ranks=$(( 2 + i % 3 ))
  got=$(mpirun_ "$ranks" "$pyke_mpi" --quiet --threads 1 --hash $(( i % 2 * 4 )) --fen "$fen" 4 |
        sed -n 's/^Nodes searched: //p')
  check "suite line $i on $ranks ranks" test "$got" = "$expected"
done < "$suite"

# Kill and resume.
journal="$work/perft$depth.journal"
rm -f "$journal"
want=$("$pyke" --quiet --threads 2 "$depth" | sed -n 's/^Nodes searched: //p')
mpirun --allow-run-as-root --oversubscribe -np 2 "$pyke_mpi" --quiet --threads 1 \
  --journal "$journal" "$depth" < /dev/null > "$work/killed.out" 2>&1 &
runner=$!
for _ in $(seq 1 600); do  # until a good part of the units is journaled
  [[ -f "$journal" ]] && (( $(wc -l < "$journal") > 200 )) && break
  sleep 0.1
done
kill -TERM "$runner" 2>/dev/null; sleep 0.5; kill -KILL "$runner" 2>/dev/null; wait "$runner" 2>/dev/null
pkill -KILL -f "pyke_mpi.*$journal" 2>/dev/null
lines_after_kill=$(wc -l < "$journal")
check "killed run left a journal" test "$lines_after_kill" -gt 100
check "killed run printed no total" test "$(grep -c '^Nodes searched' "$work/killed.out")" -eq 0
got=$(mpirun_ 2 "$pyke_mpi" --threads 1 --quiet --journal "$journal" "$depth" 2>"$work/resume.err" |
      sed -n 's/^Nodes searched: //p')
check "resumed perft $depth is exact ($got, want $want)" test "$got" = "${want:-no count from pyke}"
check "resume says so" grep -q "resuming: [0-9]* of [0-9]* units taken from" "$work/resume.err"

# The speed of a journaled run is that of the units it counted (it read 0 nodes/s when the
# units journaled during the run were taken for the journal's own).
rm -f "$work/fresh.journal"
mpirun_ 2 "$pyke_mpi" --threads 1 --quiet --journal "$work/fresh.journal" 6 > "$work/fresh.out"
check "journaled run: speed above 0" grep -q "^Speed: [1-9][0-9]* nodes/s$" "$work/fresh.out"

# A torn last line: dropped, and the (finished) run prints the same total again.
printf '12 3456' >> "$journal"
got=$(mpirun_ 2 "$pyke_mpi" --threads 1 --quiet --journal "$journal" "$depth" 2>"$work/torn.err" |
      sed -n 's/^Nodes searched: //p')
check "torn line dropped, total exact" test "$got" = "${want:-no count from pyke}"
check "torn line reported" grep -q "torn last line was dropped" "$work/torn.err"

# A foreign journal (another depth): exit 2, a clear message, nothing counted.
mpirun_ 2 "$pyke_mpi" --threads 1 --quiet --journal "$journal" 5 > "$work/foreign.out" 2>&1
status=$?
check "foreign journal: exit 2 (got $status)" test "$status" -eq 2
check "foreign journal: message" grep -q "belongs to another run" "$work/foreign.out"
check "foreign journal: no count" test "$(grep -c '^Nodes searched' "$work/foreign.out")" -eq 0

# --verify rekey: every unit under two seeds on two ranks; both seeds in the journal's header,
# both counts of every unit in its lines; the same divide as pyke; resumable like any run.
want=$("$pyke" --quiet --threads 1 6 | grep -v '^Time\|^Speed')
rm -f "$work/rekey.journal"
for ranks in 2 3; do
  got=$(mpirun_ "$ranks" "$pyke_mpi" --quiet --threads 1 --hash 8 --zobrist-seed 99 --verify rekey \
        --journal "$work/rekey.journal" 6)
  check "rekey on $ranks ranks: divide" test "${want:-no output from pyke}" = \
    "$(grep -v '^Time\|^Speed\|^Units\|^Verified' <<<"$got")"
  check "rekey on $ranks ranks: verified" grep -q "^Verified: every unit counted under Zobrist seeds 99 and [0-9]* on two different ranks agrees$" <<<"$got"
done
check "rekey journal header names both seeds" grep -q "rekey=99,[0-9]*" <(head -1 "$work/rekey.journal")
units=$(head -1 "$work/rekey.journal" | sed -n 's/.* units=\([0-9]*\) .*/\1/p')
check "rekey journal holds both counts of every unit" test "$(( $(wc -l < "$work/rekey.journal") - 1 ))" -eq "${units:-0}"
mpirun_ 2 "$pyke_mpi" --quiet --verify rekey 5 > "$work/rekey_nohash.out" 2>&1
check "rekey without hash: exit 2" test "$?" -eq 2
check "rekey without hash: message" grep -q "needs --hash" "$work/rekey_nohash.out"

# Bad input: the same errors as pyke, exit 2.
mpirun_ 2 "$pyke_mpi" --quiet --fen "8/8/8/8 w - - 0 1" 3 > "$work/bad.out" 2>&1
status=$?
check "bad FEN: exit 2 (got $status)" test "$status" -eq 2
check "bad FEN: message" grep -q "bad FEN" "$work/bad.out"

finish
