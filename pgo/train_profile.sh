#!/usr/bin/env bash
# Trains the PGO profiles kept in the repository, one per instruction level (pgo/cpu_level.sh):
# pgo/avx512.profdata, pgo/avx2.profdata and pgo/portable.profdata. A default build compiles with
# the one of its CPU's level, --config=avx2 and --config=portable with theirs (//pgo:committed).
# Run it after a change to code the profiles cover, when pgo/check_profile.sh (part of .ci/run)
# reports a profile stale:
#
#   pgo/train_profile.sh                    # every level this CPU runs: ~12 minutes on 2 cores
#   pgo/train_profile.sh portable avx2      # only those
#
# Each level is trained in its own build (`bazel build --config=train //pgo:training`), and its
# profile holds that build's training runs alone. One profile for every level, merged, was tried:
# it held each level's version of a function side by side, but LLVM sets its thresholds for hot
# and cold code from the whole profile's counts, and with three levels' counts in it a build's
# own kernels looked cooler than they are (Kiwipete --stats 6 ran 0.96x the build trained on its
# level alone; see docs/log.md). A level whose code this CPU cannot run (avx512 without AVX-512
# VPOPCNTDQ, avx2 without BMI2) is skipped, said, and its profile left as it was.
set -euo pipefail
cd "$(dirname "$0")/.."

bazel=(./bazelw)
all=(avx512 avx2 portable)
levels=("${@:-${all[@]}}")
here="$(pgo/cpu_level.sh)"

# The levels this CPU runs: its own and those below it.
rank() { case "$1" in avx512) echo 2 ;; avx2) echo 1 ;; portable) echo 0 ;; *) return 1 ;; esac; }

trained=()
for level in "${levels[@]}"; do
  rank "$level" > /dev/null || { echo "train_profile: unknown level $level (${all[*]})" >&2; exit 2; }
  if (($(rank "$level") > $(rank "$here"))); then
    echo "train_profile: skipping $level: this CPU's level is $here; pgo/$level.profdata is" \
      "left as it was" >&2
    continue
  fi
  # avx512 is the native build of a CPU of that level; the others have configs of their own.
  config=(--config=train)
  [[ $level != avx512 ]] && config+=("--config=$level")
  echo "train_profile: training the $level build" >&2
  "${bazel[@]}" build "${config[@]}" //pgo:training
  bin="$("${bazel[@]}" info "${config[@]}" bazel-bin 2>/dev/null)"
  install -m 644 "$bin/pgo/training.profdata" "pgo/$level.profdata"
  trained+=("$level")
done

echo "train_profile: trained ${trained[*]:-nothing} on" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //') ($here)" >&2
