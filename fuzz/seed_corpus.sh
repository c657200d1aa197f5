#!/usr/bin/env bash
# seed_corpus.sh SEEDS_FILE DIR — writes each line of a seed file (replay format: `\n` written as
# backslash-n) into DIR as one libFuzzer corpus file.
set -euo pipefail
mkdir -p "$2"
i=0
while IFS= read -r line || [[ -n "$line" ]]; do
  printf '%b' "$line" > "$2/seed_$i"
  i=$((i + 1))
done < "$1"
