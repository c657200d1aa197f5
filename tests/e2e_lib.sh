# Shared helpers of the end-to-end scripts (tests/cli_e2e_test.sh, verify_e2e_test.sh,
# diff_e2e_test.sh, uci_suite_test.sh, mpi/mpi_test.sh). Source it, then set `pyke` (the binary
# `run` starts) before the first `run`:
#
#   check NAME COMMAND...                  a pass if COMMAND exits 0, else a "FAIL: NAME" line
#   run ARGS...                            runs "$pyke" ARGS...; sets out, err and status
#   expect_usage_error NAME PART ARGS...   run ARGS: exit 2, one line on stderr naming PART,
#                                          nothing on stdout (four checks)
#   need PROGRAM...                        stops the test (one failure) if a PROGRAM is missing
#   line_count TEXT                        prints how many lines TEXT has: 0 if it is empty
#   finish                                 prints "N passed, N failed"; exits 1 on any failure
#
# A command that cannot be run never passes: a check whose command is not found (or exits 127)
# is a failure, `run` on a missing binary (or one that exits 126 or 127) is a failure, any other
# command that exits 127 ("command not found", even a helper called before it is defined) is a
# failure, and a script that ends without reaching `finish` exits 1. Don't set an EXIT or ERR
# trap of your own: the library's would be lost.

set -uo pipefail
set -o errtrace  # the ERR guard below also sees commands inside functions

passes=0
failures=0
out="" err="" status=0
e2e_finished=0

e2e_tmp=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/e2e.XXXXXX") || {
  echo "e2e_lib: cannot make a temporary directory" >&2
  exit 2
}

e2e_fail() {  # e2e_fail NAME [WHY]
  echo "FAIL: $1${2:+ ($2)}"
  failures=$((failures + 1))
}

# Exit status 127 is "command not found" (or a binary that cannot start). Wherever it happens
# outside a check, it is a failure. A subshell's counters and output are lost (its stdout may be
# captured), so it writes its FAIL line to a file that `finish` prints and counts; a nested
# subshell that passes the 127 on is counted at each level.
e2e_on_err() {  # e2e_on_err STATUS WHERE COMMAND
  (($1 == 127)) || return 0
  local line="FAIL: $2: exit 127, command not found? ($3)"
  if [[ "$BASHPID" == "$$" ]]; then
    echo "$line"
    failures=$((failures + 1))
  else
    echo "$line (in a subshell)" >>"$e2e_tmp/subshell_failures"
  fi
}
trap 'e2e_on_err $? "${BASH_SOURCE[0]##*/}:$LINENO" "$BASH_COMMAND"' ERR

e2e_on_exit() {
  local code=$?
  if ((e2e_finished != 1)); then
    echo "FAIL: ${0##*/} ended (exit $code) before finish; $passes passed, $failures failed so far"
    ((code != 0)) || code=1
  fi
  rm -rf "$e2e_tmp"
  exit "$code"
}
trap e2e_on_exit EXIT

check() {  # check NAME COMMAND...
  local name="$1"; shift
  if (($# == 0)); then e2e_fail "$name" "no command to check"; return 1; fi
  if ! type -t "$1" >/dev/null; then e2e_fail "$name" "command not found: $1"; return 1; fi
  local code=0
  "$@" || code=$?
  if ((code == 0)); then
    passes=$((passes + 1))
  elif ((code == 127)); then
    e2e_fail "$name" "exit 127: command not found?"
    return 1
  else
    e2e_fail "$name"
    return 1
  fi
}

run() {  # run ARGS...  -> out (stdout), err (stderr), status; stdin is passed on
  out="" err="" status=127
  if [[ -z "${pyke:-}" || ! -f "$pyke" || ! -x "$pyke" ]]; then
    e2e_fail "run $*" "cannot run '${pyke:-}': missing or not executable"
    return 1
  fi
  status=0
  out=$("$pyke" "$@" 2>"$e2e_tmp/err") || status=$?
  err=$(<"$e2e_tmp/err")
  if ((status == 126 || status == 127)); then
    e2e_fail "run $*" "exit $status: '$pyke' could not be started"
    return 1
  fi
}

# `wc -l <<<"$text"` says 1 for an empty text, so "one line" would pass on none.
line_count() {  # line_count TEXT
  if [[ -z "$1" ]]; then echo 0; else grep -c '' <<<"$1"; fi
}

expect_usage_error() {  # expect_usage_error NAME MESSAGE-PART ARGS...
  local name="$1" part="$2"; shift 2
  run "$@"
  check "$name: exit 2" test "$status" -eq 2
  check "$name: one line on stderr" test "$(line_count "$err")" -eq 1
  check "$name: message names '$part'" grep -q -- "$part" <<<"$err"
  check "$name: nothing on stdout" test -z "$out"
}

need() {  # need PROGRAM...  -> stops the test with one failure unless each is an executable file
  local program
  for program in "$@"; do
    if [[ ! -f "$program" || ! -x "$program" ]]; then
      e2e_fail "need $program" "missing or not executable"
      finish
    fi
  done
}

finish() {  # prints "N passed, N failed"; exit 0 only if every check passed and one ran
  if [[ -s "$e2e_tmp/subshell_failures" ]]; then
    cat "$e2e_tmp/subshell_failures"
    failures=$((failures + $(wc -l <"$e2e_tmp/subshell_failures")))
    : >"$e2e_tmp/subshell_failures"
  fi
  if ((passes + failures == 0)); then e2e_fail "${0##*/}" "no checks ran"; fi
  echo "$passes passed, $failures failed"
  e2e_finished=1
  if ((failures == 0)); then exit 0; fi
  exit 1
}
