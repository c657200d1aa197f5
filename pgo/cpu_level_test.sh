#!/usr/bin/env bash
# pgo/cpu_level.sh on the flags of CPUs of each level, and on this one.
set -uo pipefail
level="$1"
failures=0

expect() {  # expect NAME LEVEL FLAGS
  local got
  got="$("$level" "$3")"
  if [[ "$got" != "$2" ]]; then
    echo "FAIL $1: $got, expected $2"; failures=$((failures + 1)); return
  fi
  echo "ok $1: $got"
}

expect "Zen 4 and 5, Ice Lake and later" avx512 "sse4_2 popcnt avx2 bmi2 avx512f avx512_vpopcntdq"
expect "Skylake-X: AVX-512 without VPOPCNTDQ" avx2 "sse4_2 popcnt avx2 bmi2 avx512f avx512bw"
expect "Haswell, Zen 1 to 3" avx2 "sse4_2 popcnt avx2 bmi2"
expect "VPOPCNTDQ without BMI2 (no such CPU, but the sliders need BMI2)" portable \
  "sse4_2 avx512f avx512_vpopcntdq"
expect "Nehalem" portable "sse4_2 popcnt"
expect "a flag that only begins like bmi2" portable "sse4_2 bmi2x"

here="$("$level")"
case "$here" in
  avx512 | avx2 | portable) echo "ok this CPU: $here" ;;
  *) echo "FAIL this CPU: '$here'"; failures=$((failures + 1)) ;;
esac

echo "$((7 - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
