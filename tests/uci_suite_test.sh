#!/usr/bin/env bash
# A perft driver that speaks UCI: for every position of the suite it sends `position fen`,
# `go perft N` and `isready` to one `pyke` process, reads `Nodes searched:` and compares with the
# suite's count. Usage: uci_suite_test.sh PYKE SUITE DEPTH [UCI LINE ...]
# Each extra argument is a line sent first, e.g. "setoption name UCI_Chess960 value true".
set -uo pipefail
pyke="$1" suite="$2" depth="$3"
shift 3
setup=$(printf '%s\n' "$@")

expected=$(sed -n "s/^\([^;]*\);.*;D$depth \([0-9]*\).*/\2/p" "$suite")
commands=$(if [[ -n "$setup" ]]; then printf '%s\n' "$setup"; fi; sed -n "s/^\([^;]*[^ ]\) *;.*;D$depth [0-9]*.*/position fen \1\ngo perft $depth\nisready/p" "$suite")
# No `quit` at the end: quit would stop the last count; end of input lets it finish.
output=$(printf '%s\n' "$commands" | "$pyke")
actual=$(sed -n 's/^Nodes searched: //p' <<<"$output")
readies=$(printf '%s\n' "$commands" | grep -c isready)

total=$(wc -l <<<"$expected")
if [[ "$expected" == "$actual" && "$total" -eq "$readies" ]]; then
  echo "$total passed, 0 failed"
  exit 0
fi
diff <(echo "$expected") <(echo "$actual") | head -20
first=$(diff <(echo "$expected") <(echo "$actual") | grep -m1 '^>' | cut -c3-)
if [[ -n "$first" ]]; then
  echo "output around the first surplus count:"
  grep -n -B3 -A3 "Nodes searched: $first\$" <<<"$output" | head -40
fi
echo "0 passed, $total failed"
exit 1
