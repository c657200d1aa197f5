#!/usr/bin/env bash
# A perft driver that speaks UCI: for every position of the suite it sends `position fen`,
# `go perft N` and `isready` to one `pyke` process, reads `Nodes searched:` and compares with the
# suite's count. Usage: uci_suite_test.sh PYKE SUITE DEPTH [UCI LINE ...]
# Each extra argument is a line sent first, e.g. "setoption name UCI_Chess960 value true".
# One check per position with a D<DEPTH> count, and three on the whole run.
set -uo pipefail

# check, run, need, finish: next to this script, or in the runfiles tree.
lib="$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
[[ -f "$lib" ]] || lib="${TEST_SRCDIR:-}/${TEST_WORKSPACE:-}/tests/e2e_lib.sh"
source "$lib" || { echo "${0##*/}: cannot read tests/e2e_lib.sh" >&2; exit 2; }

pyke="$1" suite="$2" depth="$3"
shift 3
need "$pyke"
setup=$(printf '%s\n' "$@")

mapfile -t expected < <(sed -n "s/^\([^;]*\);.*;D$depth \([0-9]*\).*/\2/p" "$suite")
mapfile -t fens < <(sed -n "s/^\([^;]*[^ ]\) *;.*;D$depth [0-9]*.*/\1/p" "$suite")
commands=$(if [[ -n "$setup" ]]; then printf '%s\n' "$setup"; fi
           for fen in "${fens[@]}"; do printf 'position fen %s\ngo perft %s\nisready\n' "$fen" "$depth"; done
           echo quit)
# `quit` at the end, as perft scripts send it: the last count finishes and prints first.
run <<<"$commands"
output="$out"
mapfile -t actual < <(sed -n 's/^Nodes searched: //p' <<<"$output")

check "$suite has positions with a D$depth count" test "${#expected[@]}" -gt 0
check "every position with a D$depth count is sent" test "${#fens[@]}" -eq "${#expected[@]}"
check "one count per position (${#actual[@]} for ${#expected[@]})" \
  test "${#actual[@]}" -eq "${#expected[@]}"
for i in "${!expected[@]}"; do
  check "position $((i + 1)): D$depth ${expected[i]}, got ${actual[i]:-none}; FEN ${fens[i]:-?}" \
    test "${actual[i]:-none}" = "${expected[i]}"
done

if ((failures > 0)); then
  diff <(printf '%s\n' "${expected[@]}") <(printf '%s\n' "${actual[@]}") | head -20
  first=$(diff <(printf '%s\n' "${expected[@]}") <(printf '%s\n' "${actual[@]}") | grep -m1 '^>' | cut -c3-)
  if [[ -n "$first" ]]; then
    echo "output around the first surplus count:"
    grep -n -B3 -A3 "Nodes searched: $first\$" <<<"$output" | head -40
  fi
fi
finish
