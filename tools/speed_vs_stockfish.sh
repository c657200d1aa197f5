#!/usr/bin/env bash
# speed_vs_stockfish.sh — Pyke's perft speed as a ratio of Stockfish's `go perft`, measured in
# the same run: for each position the two programs run alternately RUNS times (default 5), single
# threaded, no hashing, and the median wall-clock times are compared. Counts must agree.
#
#   tools/speed_vs_stockfish.sh                       # builds //cli:pyke (default config)
#   tools/speed_vs_stockfish.sh --config=portable     # any bazel flags select the build
#   RUNS=3 PYKE=/path/to/pyke tools/speed_vs_stockfish.sh
#
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

if [[ -z "${PYKE:-}" ]]; then
  ./bazelw build "$@" //cli:pyke >&2
  pyke="$(mktemp -d)/pyke"
  cp "$(./bazelw info "$@" bazel-bin 2>/dev/null)/cli/pyke" "$pyke"
else
  pyke="$PYKE"
fi

positions=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|7"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
)

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "Pyke: $("$pyke" bench | tail -1 | sed -n 's/.*(\(slider backend: [a-z]*\)).*/\1/p'); Stockfish: $("$stockfish" --help 2>&1 | head -1 | cut -d' ' -f1-2)"
printf '%-10s %5s %14s %14s %14s %7s\n' position depth nodes "pyke n/s" "stockfish n/s" ratio
for entry in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  pyke_times=() sf_times=()
  for ((i = 0; i < runs; i++)); do
    t0=$(now); pyke_nodes=$("$pyke" --quiet --fen "$fen" "$depth" | sed -n 's/^Nodes searched: //p'); t1=$(now)
    sf_nodes=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$stockfish" | sed -n 's/^Nodes searched: //p'); t2=$(now)
    if [[ "$pyke_nodes" != "$sf_nodes" ]]; then
      echo "COUNT MISMATCH on $name depth $depth: pyke $pyke_nodes, stockfish $sf_nodes" >&2
      exit 1
    fi
    pyke_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
    sf_times+=("$(awk -v a="$t1" -v b="$t2" 'BEGIN { print b - a }')")
  done
  pt=$(printf '%s\n' "${pyke_times[@]}" | median) st=$(printf '%s\n' "${sf_times[@]}" | median)
  awk -v n="$name" -v d="$depth" -v nodes="$pyke_nodes" -v pt="$pt" -v st="$st" \
    'BEGIN { printf "%-10s %5d %14.0f %14.0f %14.0f %6.2fx\n", n, d, nodes, nodes/pt, nodes/st, st/pt }'
done
