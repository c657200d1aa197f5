#!/usr/bin/env bash
# pgo/merge_levels.py on two small text profiles: a function both levels compiled alike keeps
# the first level's counts (not their sum), each level's own functions are kept, and a file that
# is not an IR profile is refused.
set -euo pipefail
merge="$1"
dir="${TEST_TMPDIR:-$(mktemp -d)}"

record() {  # record NAME HASH COUNT...
  local name="$1" hash="$2"; shift 2
  printf '%s\n# Func Hash:\n%s\n# Num Counters:\n%s\n# Counter Values:\n' "$name" "$hash" "$#"
  printf '%s\n' "$@"
  printf '\n'
}

{ printf '# IR level Instrumentation Flag\n:ir\n'
  record shared 111 10 20
  record native_only 222 5
} > "$dir/native.proftext"
{ printf '# IR level Instrumentation Flag\n:ir\n'
  record shared 111 1000 2000
  record shared 333 7
  record v2_only 444 9
} > "$dir/v2.proftext"

"$merge" "$dir/out.proftext" "$dir/native.proftext" "$dir/v2.proftext"
{ printf '# IR level Instrumentation Flag\n:ir\n'
  record shared 111 10 20
  record native_only 222 5
  record shared 333 7
  record v2_only 444 9
} > "$dir/want.proftext"
if ! diff -u "$dir/want.proftext" "$dir/out.proftext"; then
  echo "FAIL: merged profile differs"; exit 1
fi

printf 'not a profile\n' > "$dir/bad.proftext"
if "$merge" "$dir/out2.proftext" "$dir/bad.proftext" 2>/dev/null; then
  echo "FAIL: accepted a file that is not an IR profile"; exit 1
fi
echo "2 passed, 0 failed"
