#!/usr/bin/env bash
# Trains the PGO profile kept in the repository, pgo/pyke.profdata, which every default build
# compiles with (.bazelrc). Run it after a change to code the profile covers, when
# pgo/check_profile.sh (part of .ci/run) reports the profile stale:
#
#   pgo/train_profile.sh            # about 12 minutes on 2 cores from a cold cache
#
# The profile is trained once per instruction level the code is compiled for, in that level's
# build: this machine's own (-march=native: AVX-512 with VPOPCNTDQ on the machines Pyke is
# developed on), x86-64-v3 (--config=avx2) and x86-64-v2 (--config=portable). A function compiled
# differently for another level (the AVX-512 counting, the PEXT sliders) is a different function
# to the profile: the levels' profiles merge side by side, each function keyed by its name and
# the hash of its control flow, so a default build on any of those CPUs finds its own. A function
# compiled alike on several levels keeps the first level's counts (pgo/merge_levels.py). A level
# the CPU here cannot run is left out, and said: on a CPU without AVX-512 VPOPCNTDQ the native
# level is, and the profile then lacks the AVX-512 counting functions, which CI's check reports
# on a machine that has them.
set -euo pipefail
cd "$(dirname "$0")/.."

bazel=(./bazelw)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# The levels and the CPU flags each needs to run its training.
levels=(native avx2 portable)
declare -A needs=(
  [native]="avx512f avx512_vpopcntdq bmi2"
  [avx2]="avx2 bmi2"
  [portable]="sse4_2 popcnt"
)
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "

profiles=()
for level in "${levels[@]}"; do
  missing=()
  for flag in ${needs[$level]}; do
    [[ "$cpu_flags" == *" $flag "* ]] || missing+=("$flag")
  done
  if ((${#missing[@]} > 0)); then
    echo "train_profile: skipping $level: this CPU lacks ${missing[*]}" >&2
    continue
  fi
  config=(--config=train)
  [[ $level != native ]] && config+=("--config=$level")
  echo "train_profile: training the $level build" >&2
  "${bazel[@]}" build "${config[@]}" //pgo:training
  bin="$("${bazel[@]}" info "${config[@]}" bazel-bin 2>/dev/null)"
  llvm-profdata-16 merge --text -o "$out/$level.proftext" "$bin/pgo/training.profdata"
  profiles+=("$out/$level.proftext")
done

pgo/merge_levels.py "$out/merged.proftext" "${profiles[@]}"
llvm-profdata-16 merge -o pgo/pyke.profdata "$out/merged.proftext"
echo "train_profile: wrote pgo/pyke.profdata ($(du -k pgo/pyke.profdata | cut -f1) KB) from" \
  "${#profiles[@]} levels on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" >&2
