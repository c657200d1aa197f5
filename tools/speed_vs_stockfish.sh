#!/usr/bin/env bash
# speed_vs_stockfish.sh — Pyke's perft speed as a ratio of Stockfish's `go perft`, measured in
# the same run: for each position the programs run alternately RUNS times (default 5), single
# threaded, no hashing, and the median wall-clock times are compared. Counts must agree.
#
#   tools/speed_vs_stockfish.sh                     # builds //cli:pyke (default config, PGO)
#   tools/speed_vs_stockfish.sh --config=portable   # bazel flags select the build
#   RUNS=3 PYKES="pgo=/tmp/pyke nopgo=/tmp/pyke_nopgo" tools/speed_vs_stockfish.sh
#
# With PYKES (space-separated NAME=PATH), several pyke binaries take turns with Stockfish and
# each gets its own column: builds are compared in one run.
# Stockfish is only a yardstick: installed from Debian when missing, never a build dependency.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-5}"
stockfish="$(command -v stockfish || echo /usr/games/stockfish)"
if [[ ! -x "$stockfish" ]]; then
  echo "installing Debian's stockfish package (the yardstick)" >&2
  sudo=(); [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq stockfish >&2
  stockfish="$(command -v stockfish || echo /usr/games/stockfish)"
fi

names=() paths=()
if [[ -n "${PYKES:-}" ]]; then
  for entry in $PYKES; do names+=("${entry%%=*}"); paths+=("${entry#*=}"); done
else
  ./bazelw build "$@" //cli:pyke >&2
  copy="$(mktemp -d)/pyke"
  cp -L "$(./bazelw info "$@" bazel-bin 2>/dev/null)/cli/pyke" "$copy"
  names=(pyke) paths=("$copy")
fi

positions=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|7"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
)

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { print b - a }'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
echo "Stockfish: $("$stockfish" --help 2>&1 | head -1 | cut -d' ' -f1-2); runs: $runs (median)"
for i in "${!names[@]}"; do
  echo "${names[$i]}: $("${paths[$i]}" bench | tail -1 | sed -n 's/.*(\(slider backend: [a-z]*\)).*/\1/p')"
done
printf '%-10s %5s %14s %14s' position depth nodes "stockfish n/s"
for name in "${names[@]}"; do printf ' %14s %7s' "$name n/s" ratio; done
echo
for entry in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  sf_times=()
  declare -A times=() counts=()
  for ((run = 0; run < runs; run++)); do
    for i in "${!names[@]}"; do
      t0=$(now); nodes=$("${paths[$i]}" --quiet --fen "$fen" "$depth" | sed -n 's/^Nodes searched: //p'); t1=$(now)
      times[$i]+="$(elapsed "$t0" "$t1") "
      counts[$i]="$nodes"
    done
    t0=$(now)
    sf_nodes=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$stockfish" | sed -n 's/^Nodes searched: //p')
    t1=$(now)
    sf_times+=("$(elapsed "$t0" "$t1")")
    for i in "${!names[@]}"; do
      if [[ "${counts[$i]}" != "$sf_nodes" ]]; then
        echo "COUNT MISMATCH on $name depth $depth: ${names[$i]} ${counts[$i]}, stockfish $sf_nodes" >&2
        exit 1
      fi
    done
  done
  st=$(printf '%s\n' "${sf_times[@]}" | median)
  printf '%-10s %5d %14s' "$name" "$depth" "$sf_nodes"
  awk -v n="$sf_nodes" -v t="$st" 'BEGIN { printf " %14.0f", n / t }'
  for i in "${!names[@]}"; do
    pt=$(printf '%s\n' ${times[$i]} | median)
    awk -v n="$sf_nodes" -v pt="$pt" -v st="$st" 'BEGIN { printf " %14.0f %6.2fx", n / pt, st / pt }'
  done
  echo
  unset times counts
done
