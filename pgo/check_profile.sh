#!/usr/bin/env bash
# Says whether a PGO profile kept in the repository (pgo/LEVEL.profdata) is stale: reads the
# output of a build that compiled the sources with it (a build from a fresh clone, as .ci/run's
# first step is) and fails when code of the counting path that the training ran has changed since
# the profile was trained. LEVEL is the level the build compiled for (pgo/cpu_level.sh): by
# default this CPU's, as in a default build.
#
#   ./bazelw test //... 2>&1 | tee build.log
#   pgo/check_profile.sh build.log
#   ./bazelw build --config=portable //cli:pyke 2>&1 | tee portable.log
#   pgo/check_profile.sh portable.log portable
#
# clang warns for each function whose control flow changed since the profile was trained:
#   warning: perft/kernel_plain.cc: function control flow change detected (hash mismatch) NAME
#   Hash = H up to N count discarded [-Wbackend-plugin]
# N is the largest count the function had in training. Such a function is compiled without its
# profile. (PGO_COPTS make clang report templates and inline functions too, which it leaves out
# by default; a function the profile has never seen, new since the training, is not reported.) Where that is code of the counting path (a source under movegen/, perft/ or tt/, whose
# headers hold the kernels) and the training ran it (N > 0), the build is slower than the one
# the docs' figures were measured with: the profile is stale, and this script fails. Changed
# functions elsewhere (the front ends, the playing engine) and functions the training never ran
# are listed, and do not fail the check: retrain when they matter to you.
#
# Exit status: 0 current, 1 stale, 2 the log cannot be read or shows no compile.
set -euo pipefail

log="${1:?usage: pgo/check_profile.sh BUILD_LOG [LEVEL]}"
level="${2:-$("$(dirname "$0")/cpu_level.sh")}"
profile="pgo/$level.profdata"
[[ -r "$log" ]] || { echo "check_profile: cannot read $log" >&2; exit 2; }

if ! grep -q "Compiling " "$log"; then
  echo "check_profile: $log shows no compile: a cached build says nothing of the profile" \
    "(build from clean: bazel clean, then the build)" >&2
  exit 2
fi

pattern='warning: ([^:]+): function control flow change detected \(hash mismatch\) ([^ ]+) Hash = [0-9]+ up to ([0-9]+) count discarded'
stale=0 drifted=0 cold=0
declare -A seen=()
while IFS= read -r line; do
  [[ $line =~ $pattern ]] || continue
  source="${BASH_REMATCH[1]}" name="${BASH_REMATCH[2]}" count="${BASH_REMATCH[3]}"
  [[ -n "${seen[$source $name]:-}" ]] && continue
  seen[$source $name]=1
  if ((count == 0)); then
    cold=$((cold + 1))
  elif [[ $source == movegen/* || $source == perft/* || $source == tt/* ]]; then
    stale=$((stale + 1))
    echo "check_profile: STALE: $source: $name (up to $count counts lost)" >&2
  else
    drifted=$((drifted + 1))
    echo "check_profile: changed outside the counting path: $source: $name (up to $count counts lost)"
  fi
done < "$log"

summary="$drifted trained functions changed outside the counting path, $cold untrained ones changed"
if ((stale > 0)); then
  echo "check_profile: $profile is stale: $stale trained functions of the counting path" \
    "changed since it was trained ($summary); run pgo/train_profile.sh and commit the profiles" >&2
  exit 1
fi
echo "check_profile: $profile is current for the counting path ($summary)"
