#!/usr/bin/env bash
# Formats every C++ file of the repository with .clang-format (Google style, 100 columns).
#
#   tools/format.sh           # rewrite the files in place
#   tools/format.sh --check   # change nothing; list the files that need formatting, exit 1 if any
#
# Uses clang-format-16 (Debian's package of that name), the version .ci/run checks with.
set -euo pipefail
cd "$(dirname "$0")/.."

formatter=clang-format-16
if ! command -v "$formatter" > /dev/null; then
  echo "format.sh: $formatter not found (apt-get install clang-format-16)" >&2
  exit 2
fi

mapfile -t files < <(git ls-files '*.cc' '*.h')
if [[ "${1:-}" == "--check" ]]; then
  unformatted=()
  for file in "${files[@]}"; do
    if ! "$formatter" --style=file --dry-run --Werror "$file" > /dev/null 2>&1; then
      unformatted+=("$file")
    fi
  done
  if ((${#unformatted[@]} > 0)); then
    printf 'not formatted (run tools/format.sh): %s\n' "${unformatted[@]}"
    exit 1
  fi
  echo "format check: ${#files[@]} files formatted"
else
  "$formatter" --style=file -i "${files[@]}"
fi
