#!/usr/bin/env bash
# pgo/check_profile.sh on build logs made up for the purpose: current, stale in the counting
# path, changed only outside it or only in untrained code, and unreadable.
set -uo pipefail
check="$1"
dir="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0

expect() {  # expect NAME STATUS LOG [TEXT [LEVEL]]
  local name="$1" want="$2" log="$3" text="${4:-}" level=(${5:-}) out status=0
  out="$("$check" "$log" "${level[@]}" 2>&1)" || status=$?
  if [[ $status -ne $want ]]; then
    echo "FAIL $name: exit $status, expected $want"; echo "$out"; failures=$((failures + 1)); return
  fi
  if [[ -n "$text" && "$out" != *"$text"* ]]; then
    echo "FAIL $name: output lacks '$text'"; echo "$out"; failures=$((failures + 1)); return
  fi
  echo "ok $name"
}

mismatch() {  # mismatch SOURCE NAME COUNT
  echo "warning: $1: function control flow change detected (hash mismatch) $2 Hash = 123 up to $3 count discarded [-Wbackend-plugin]"
}

printf '[12 / 90] Compiling perft/depth2_node.cc; 3s linux-sandbox\nINFO: Build completed successfully\n' > "$dir/clean.log"
expect "a clean build is current" 0 "$dir/clean.log" "is current"

printf 'INFO: Build completed successfully, 4 total actions\n' > "$dir/cached.log"
expect "a cached build tells nothing" 2 "$dir/cached.log" "no compile"

{ echo "[3 / 90] Compiling perft/kernel_plain.cc; 1s linux-sandbox"
  echo "INFO: From Compiling perft/kernel_plain.cc:"
  mismatch perft/kernel_plain.cc _ZN4pyke5perft8internal17count_depth2_node 2166188
  mismatch perft/kernel_plain.cc _ZN4pyke5perft8internal17count_depth2_node 2166188
} > "$dir/stale.log"
expect "a trained kernel function changed" 1 "$dir/stale.log" "stale: 1 trained functions"
expect "the level's profile is named" 1 "$dir/stale.log" "pgo/portable.profdata is stale" portable
expect "by default this CPU's level" 0 "$dir/clean.log" "pgo/$("$(dirname "$check")/cpu_level.sh").profdata is current"

{ echo "INFO: From Compiling movegen/position.cc:"
  mismatch movegen/position.cc _ZN4pyke8Position4playENS_4MoveE 12
  mismatch tt/table.cc _ZN4pyke2tt10PerftTable5clearEi 3
} > "$dir/movegen.log"
expect "movegen and tt are the counting path too" 1 "$dir/movegen.log" "stale: 2 trained"

{ echo "INFO: From Compiling cli/main.cc:"
  mismatch cli/main.cc main 84
  mismatch mpi/main.cc _ZN4pyke3mpi12_GLOBAL__N_18run_mainEiPPcb 58611
  mismatch perft/kernel_hashed.cc _ZN4pyke5perft8internal9unreached 0
} > "$dir/drift.log"
expect "front ends and untrained code do not fail" 0 "$dir/drift.log" \
  "2 trained functions changed outside the counting path, 1 untrained ones changed"

expect "an unreadable log" 2 "$dir/missing.log"

echo "$((8 - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
