#!/usr/bin/env python3
"""play_vs_stockfish.py — refereed games between pyke_play and Stockfish at a fixed time a move.

    bazel build //play:pyke_play //tools/referee:judge
    python3 tools/play_vs_stockfish.py --games 10 --movetime 100 --skill 0

Colours alternate and each opening (a few book moves) is played once with each colour. Every
move goes through the judge (//tools/referee:judge, on //movegen): an illegal move loses, and it
adjudicates checkmate, stalemate, threefold repetition, the fifty-move rule and insufficient
material. An engine that crashes, or answers later than --movetime + --grace ms, loses (on time).
Games still running after --max-plies are drawn. Prints one line per game and the score.
"""
import argparse
import subprocess
import sys
import time

OPENINGS = [
    "e2e4 e7e5",
    "d2d4 d7d5",
    "e2e4 c7c5",
    "c2c4 e7e5",
    "g1f3 d7d5",
    "e2e4 e7e6",
    "d2d4 g8f6 c2c4 e7e6",
    "e2e4 c7c6",
]


class Engine:
    def __init__(self, command, options):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line.strip()

    def best_move(self, moves, movetime):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        start = time.monotonic()
        self.send(f"go movetime {movetime}")
        line = self.wait_for("bestmove")
        elapsed_ms = (time.monotonic() - start) * 1000
        parts = line.split()
        return (parts[1] if len(parts) > 1 else "0000"), elapsed_ms

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def play_game(args, judge, pyke_white, opening):
    pyke = Engine([args.engine], {"Move Overhead": args.overhead})
    stockfish = Engine([args.opponent], {"Skill Level": args.skill})
    engines = {"white": pyke if pyke_white else stockfish, "black": stockfish if pyke_white else pyke}
    names = {id(pyke): "pyke", id(stockfish): "stockfish"}
    moves = opening.split()
    judge.stdin.write("new startpos moves " + " ".join(moves) + "\n")
    judge.stdin.flush()
    assert judge.stdout.readline().strip() == "ok"
    worst = {"pyke": 0.0, "stockfish": 0.0}
    result, reason = "1/2-1/2", "max plies"
    try:
        while len(moves) < args.max_plies:
            side = "white" if len(moves) % 2 == 0 else "black"
            engine = engines[side]
            who = names[id(engine)]
            try:
                move, ms = engine.best_move(moves, args.movetime)
            except Exception as error:  # a crash loses
                result, reason = ("0-1" if side == "white" else "1-0"), f"{who} crashed: {error}"
                break
            worst[who] = max(worst[who], ms)
            if ms > args.movetime + args.grace:
                result, reason = ("0-1" if side == "white" else "1-0"), f"{who} lost on time ({ms:.0f} ms)"
                break
            judge.stdin.write(f"move {move}\n")
            judge.stdin.flush()
            verdict = judge.stdout.readline().strip()
            if verdict.startswith("illegal"):
                result, reason = ("0-1" if side == "white" else "1-0"), f"{who} illegal move {move}: {verdict}"
                break
            moves.append(move)
            if verdict == "checkmate":
                result, reason = ("1-0" if side == "white" else "0-1"), "checkmate"
                break
            if verdict != "ongoing":
                result, reason = "1/2-1/2", verdict
                break
    finally:
        pyke.close()
        stockfish.close()
    return result, reason, len(moves), worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="bazel-bin/play/pyke_play")
    parser.add_argument("--opponent", default="/usr/games/stockfish")
    parser.add_argument("--judge", default="bazel-bin/tools/referee/judge")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--skill", type=int, default=0)
    parser.add_argument("--overhead", type=int, default=30)
    parser.add_argument("--grace", type=int, default=100, help="ms over movetime before a loss on time")
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()

    judge = subprocess.Popen([args.judge], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             bufsize=1)
    wins = draws = losses = 0
    for game in range(args.games):
        pyke_white = game % 2 == 0
        opening = OPENINGS[(game // 2) % len(OPENINGS)]
        result, reason, plies, worst = play_game(args, judge, pyke_white, opening)
        pyke_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not pyke_white:
            pyke_score = 1.0 - pyke_score
        wins += pyke_score == 1.0
        draws += pyke_score == 0.5
        losses += pyke_score == 0.0
        print(f"game {game + 1}: pyke {'white' if pyke_white else 'black'}, opening {opening}: "
              f"{result} ({reason}, {plies} plies; slowest answer pyke {worst['pyke']:.0f} ms, "
              f"stockfish {worst['stockfish']:.0f} ms)", flush=True)
    print(f"pyke_play vs Stockfish skill {args.skill}, {args.movetime} ms/move: "
          f"+{wins} ={draws} -{losses} of {args.games}")
    judge.stdin.close()
    judge.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
