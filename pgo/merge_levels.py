#!/usr/bin/env python3
"""merge_levels.py — one PGO profile from the profiles of several instruction levels.

    pgo/merge_levels.py OUT.proftext NATIVE.proftext V3.proftext V2.proftext

Each input is an IR-level profile in llvm-profdata's text form (`llvm-profdata-16 merge --text`).
A function is keyed by its name and the hash of its control flow. Where the levels compiled a
function alike, its key is in several inputs: the output keeps the first input's counts, not
their sum (`llvm-profdata merge` would add them). Summing would count such a function three
times and a function of one level only (the AVX-512 counting, say) once, so that a level's own
hottest functions would look colder than they are beside the shared ones, and a build would no
longer be optimised as if trained on its level alone. Functions of one level only are kept as
they are. Used by pgo/train_profile.sh; the standard library only.
"""

import sys


def read_profile(path):
    """The header lines and the records (each a list of lines, the first the function's name)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    header = []
    while lines and (lines[0].startswith("#") or lines[0].startswith(":")):
        header.append(lines.pop(0))
    if ":ir" not in header:
        raise SystemExit(f"merge_levels: {path}: not an IR-level profile in text form")
    records, record = [], []
    for line in lines:
        if line:
            record.append(line)
        elif record:
            records.append(record)
            record = []
    if record:
        records.append(record)
    for r in records:
        if len(r) < 3 or r[1] != "# Func Hash:":
            raise SystemExit(f"merge_levels: {path}: unexpected record starting {r[:2]}")
    return header, records


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    out, inputs = argv[1], argv[2:]
    header, kept, seen = None, [], set()
    for path in inputs:
        h, records = read_profile(path)
        header = header or h
        for r in records:
            key = (r[0], r[2])  # name, hash
            if key not in seen:
                seen.add(key)
                kept.append(r)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(header) + "\n")
        for r in kept:
            f.write("\n".join(r) + "\n\n")
    print(f"merge_levels: {len(kept)} functions from {len(inputs)} levels", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
