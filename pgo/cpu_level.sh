#!/usr/bin/env bash
# Prints the instruction level of the CPU this runs on, as Pyke's profiles are kept per level:
#
#   avx512    BMI2 and AVX-512 with VPOPCNTDQ: the PEXT sliders and the AVX-512 setwise counting
#   avx2      BMI2 without VPOPCNTDQ: the PEXT sliders, the scalar counting
#   portable  anything else: the magic sliders, the scalar counting
#
# The default build compiles for this CPU (-march=native) with the profile of its level
# (//pgo:committed, through the repository @pyke_cpu_level, pgo/cpu_level.bzl);
# pgo/train_profile.sh trains the levels this CPU can run. The levels are the code's two switches
# (movegen/attacks.h: __BMI2__; movegen/internal/count_avx512.h: __AVX512F__ and
# __AVX512VPOPCNTDQ__): CPUs of one level compile the counting path's functions alike, so one
# profile serves them all.
#
#   pgo/cpu_level.sh                          # this CPU (the flags line of /proc/cpuinfo)
#   pgo/cpu_level.sh "fpu sse4_2 avx2 bmi2"   # a CPU with these flags: avx2
set -euo pipefail

flags=" ${1:-$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2)} "
has() { [[ "$flags" == *" $1 "* ]]; }

if has bmi2 && has avx512f && has avx512_vpopcntdq; then
  echo avx512
elif has bmi2; then
  echo avx2
else
  echo portable
fi
