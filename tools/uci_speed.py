#!/usr/bin/env python3
"""uci_speed.py — Pyke's perft speed against Stockfish's `go perft`, timed inside each process.

Every engine (each Pyke build and Stockfish) is started once and driven over UCI on pipes:

    uci -> uciok;  setoption ... (checked);  ucinewgame;  position fen <FEN>;  isready -> readyok
    clock starts;  go perft N;  clock stops at the line "Nodes searched: <count>"

so process start-up, option handling and hash-table allocation and clearing all stay outside the
timed region. RUNS rounds (default 3) alternate: in each round every position is run once by
every engine in turn (the order rotates from round to round). The table gives the median
nodes/s of each engine and the ratio Pyke/Stockfish of those medians. Every count is checked
against the published value where one is known, and Pyke's against Stockfish's where the
depths are equal; any mismatch stops the run with exit status 1.

    tools/uci_speed.py --pyke pyke=./pyke
    RUNS=5 PYKES="pgo=./pyke nopgo=./pyke_nopgo" tools/uci_speed.py
    tools/uci_speed.py --pyke ./pyke --quick --runs 1          # smoke test, small depths
    tools/uci_speed.py --pyke ./pyke --positions start,kiwipete=5/5 --json
    PYKE_OPTIONS="Threads=2 Hash=512" tools/uci_speed.py --pyke ./pyke
    tools/uci_speed.py --pyke t1=./pyke --pyke t2=./pyke --pyke-option t2:Threads=2
    tools/uci_speed.py --pyke ./pyke --stats --positions start=7/7,kiwipete=6/5  # statistics
    tools/uci_speed.py --pyke ./pyke --epd cli/bench.epd --set endgame   # bench's endgames

Positions: start, kiwipete, position3, position4 (the CPW suite), each NAME or NAME=D or
NAME=PYKE_DEPTH/STOCKFISH_DEPTH. Depths may differ (Kiwipete: Pyke 6, Stockfish 5 by default):
then nodes/s are compared and each count is checked against the known value. `--epd FILE` adds
the records of an EPD perft file (`FEN ;D7 178633661 ;id "position3" ;c0 "endgame"`), named by
their ids and counted to their deepest listed depth, whose count is checked; with it, the default
positions are the file's (`--set NAME`: only those whose c0 is NAME).

Stockfish is only a yardstick: Debian's package, installed with apt-get when missing.
Only the Python 3 standard library is used. Exit status: 0 ok, 1 count mismatch or engine
failure, 2 usage error.
"""

import argparse
import json
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

POSITIONS = {
    # name: (label, FEN, Pyke depth, Stockfish depth, quick Pyke depth, quick Stockfish depth)
    "start": ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, 7, 5, 5),
    "kiwipete": ("Kiwipete",
                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 6, 5, 4, 3),
    "position3": ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 7, 5, 5),
    "position4": ("position 4",
                  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                  6, 6, 4, 4),
}

# Published perft counts (Chess Programming Wiki), by position and depth.
KNOWN = {
    "start": [1, 20, 400, 8902, 197281, 4865609, 119060324, 3195901860, 84998978956,
              2439530234167],
    "kiwipete": [1, 48, 2039, 97862, 4085603, 193690690, 8031647685, 374190009323],
    "position3": [1, 14, 191, 2812, 43238, 674624, 11030083, 178633661, 3009794393,
                  53392823128],
    "position4": [1, 6, 264, 9467, 422333, 15833292, 706045033, 15889892104],
}

DEFAULT_STOCKFISH = "/usr/games/stockfish"


class SpeedError(Exception):
    """A failure that ends the run with exit status 1 and a one-line explanation."""


class Engine:
    """One engine process spoken to over UCI on pipes."""

    def __init__(self, name, path, timeout, options=(), perft_suffix=""):
        self.name = name
        self.perft_suffix = perft_suffix  # " stats": Pyke's perft statistics
        self.path = path
        self.timeout = timeout
        self.options = list(options)  # [(option, value)]
        self.banner = None  # the first line the engine printed
        self.id_name = None
        self.stderr_file = tempfile.TemporaryFile()
        self.recent = []  # the last lines read, for error messages
        self._buffer = b""
        try:
            self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.stderr_file, bufsize=0)
        except OSError as e:
            raise SpeedError(f"{name}: cannot start {path}: {e}") from e

    # --- low-level I/O -------------------------------------------------------------------------

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._died(f"sending '{line}'")

    def read_line(self, deadline, waiting_for):
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                raw, self._buffer = self._buffer[:newline], self._buffer[newline + 1:]
                line = raw.decode(errors="replace").rstrip("\r")
                self.recent = (self.recent + [line])[-8:]
                if self.banner is None:
                    self.banner = line
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise SpeedError(f"{self.name}: no {waiting_for} within {self.timeout:g} s "
                                 f"(engine killed){self._context()}")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    self._died(f"waiting for {waiting_for}")
                self._buffer += chunk

    def wait_for(self, predicate, waiting_for, timeout=None, on_line=None):
        """Reads lines until predicate(line) holds; returns that line."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            line = self.read_line(deadline, waiting_for)
            if on_line is not None:
                on_line(line)
            if predicate(line):
                return line

    def _context(self):
        parts = []
        if self.recent:
            parts.append("last output: " + " | ".join(self.recent[-4:]))
        self.stderr_file.seek(0)
        err = self.stderr_file.read().decode(errors="replace").strip().splitlines()
        if err:
            parts.append("stderr: " + " | ".join(err[-4:]))
        return "" if not parts else "; " + "; ".join(parts)

    def _died(self, doing):
        try:
            code = self.proc.wait(timeout=5)
            how = (f"killed by signal {-code}" if code < 0 else f"exited with status {code}")
        except subprocess.TimeoutExpired:
            how = "closed its output"
        raise SpeedError(f"{self.name} ({self.path}) {how} while {doing}{self._context()}")

    # --- UCI -----------------------------------------------------------------------------------

    def check_errors(self, line, doing):
        # Pyke reports a rejected command as "info string error: …"; Stockfish prints
        # "No such option: …" or "Unknown command: …".
        lowered = line.lower()
        if (lowered.startswith("info string error") or lowered.startswith("no such option")
                or lowered.startswith("unknown command")):
            raise SpeedError(f"{self.name} rejected {doing}: {line}")

    def sync(self, doing):
        """isready -> readyok, failing on any error line printed meanwhile."""
        self.send("isready")
        self.wait_for(lambda l: l.strip() == "readyok", "readyok",
                      on_line=lambda l: self.check_errors(l, doing))

    def start(self):
        self.send("uci")

        def note(line):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
        self.wait_for(lambda l: l.strip() == "uciok", "uciok", on_line=note)
        for option, value in self.options:
            command = f"setoption name {option} value {value}"
            self.send(command)
            self.sync(f"'{command}'")
        self.sync("the start-up")

    def perft(self, fen, depth):
        """Returns (nodes, seconds), timed from sending `go perft` to `Nodes searched`."""
        # ucinewgame first: it clears a hash table an earlier count filled, and Pyke also
        # resets the position on it.
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.sync(f"'position fen {fen}'")
        found = {}

        def watch(line):
            self.check_errors(line, f"'go perft {depth}'")
            m = re.match(r"\s*Nodes searched\s*:\s*(\d+)\s*$", line)
            if m:
                found["nodes"] = int(m.group(1))
        t0 = time.perf_counter()
        self.send(f"go perft {depth}{self.perft_suffix}")
        self.wait_for(lambda l: "nodes" in found, f"'Nodes searched' after go perft {depth}",
                      on_line=watch)
        seconds = time.perf_counter() - t0
        return found["nodes"], seconds

    def quit(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=10)
            except (SpeedError, subprocess.TimeoutExpired):
                self.kill()
        self.stderr_file.close()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# --- set-up ------------------------------------------------------------------------------------

def find_stockfish(explicit, install):
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise SpeedError(f"stockfish not executable: {explicit}")
        return explicit
    found = shutil.which("stockfish") or (DEFAULT_STOCKFISH if os.access(DEFAULT_STOCKFISH, os.X_OK)
                                          else None)
    if found:
        return found
    if not install:
        raise SpeedError("stockfish not found (apt-get install stockfish, or --stockfish PATH)")
    print("installing Debian's stockfish package (the yardstick)", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (sudo + ["apt-get", "update", "-qq"],
                sudo + ["apt-get", "install", "-y", "-qq", "stockfish"]):
        if subprocess.run(cmd, env=env, stdout=sys.stderr).returncode != 0:
            raise SpeedError(f"failed: {' '.join(cmd)}")
    found = shutil.which("stockfish") or (DEFAULT_STOCKFISH if os.access(DEFAULT_STOCKFISH, os.X_OK)
                                          else None)
    if not found:
        raise SpeedError("stockfish still missing after apt-get install")
    return found


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read()
    except OSError:
        return "unknown CPU"
    model = re.search(r"^model name\s*:\s*(.*)$", info, re.M)
    text = model.group(1).strip() if model else "unknown CPU"
    family = re.search(r"^cpu family\s*:\s*(\d+)$", info, re.M)
    number = re.search(r"^model\s*:\s*(\d+)$", info, re.M)
    if family and number:
        text += f" (family {family.group(1)} model {number.group(1)})"
    flags = re.search(r"^flags\s*:\s*(.*)$", info, re.M)
    if flags:
        have = set(flags.group(1).split())
        wanted = [f for f in ("avx2", "bmi2", "avx512f", "avx512_vpopcntdq") if f in have]
        if wanted:
            text += ", " + " ".join(wanted)
    return text


def bench_backend(path, timeout):
    """The `slider backend: …` of `pyke bench` (about half a second), or a note why not."""
    try:
        out = subprocess.run([path, "bench"], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"bench failed: {e}"
    m = re.search(r"^(slider backend: .*)$", out.stdout, re.M)
    return m.group(1) if m else "bench printed no slider backend"


def parse_option(text, what):
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"{what} '{text}' is not NAME=VALUE")
    name, value = text.split("=", 1)
    if not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"{what} '{text}' is not NAME=VALUE")
    return name.strip(), value.strip()


def parse_positions(spec, quick):
    chosen = []
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        key, _, depths = item.partition("=")
        key = key.strip().lower().replace(" ", "")
        if key not in POSITIONS:
            raise argparse.ArgumentTypeError(
                f"unknown position '{key}' (known: {', '.join(POSITIONS)})")
        label, fen, pd, sd, qpd, qsd = POSITIONS[key]
        if quick:
            pd, sd = qpd, qsd
        if depths:
            parts = depths.split("/")
            try:
                values = [int(p) for p in parts]
            except ValueError:
                values = []
            if len(values) not in (1, 2) or any(v < 1 or v > 12 for v in values):
                raise argparse.ArgumentTypeError(
                    f"'{item}': depths are D or PYKE_DEPTH/STOCKFISH_DEPTH, 1 to 12")
            pd, sd = values[0], values[-1]
        chosen.append({"key": key, "label": label, "fen": fen, "pyke_depth": pd,
                       "stockfish_depth": sd})
    if not chosen:
        raise argparse.ArgumentTypeError("no positions")
    return chosen


def read_epd(path, wanted_set):
    """Adds the records of an EPD perft file to POSITIONS and KNOWN; returns their keys."""
    keys = []
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        raise argparse.ArgumentTypeError(f"cannot read {path}: {e.strerror}")
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in re.split(r';(?=(?:[^"]*"[^"]*")*[^"]*$)', line)]
        fen, counts, ident, comment = fields[0], {}, None, None
        for field in fields[1:]:
            if m := re.fullmatch(r"D(\d+)\s+(\d+)", field):
                counts[int(m[1])] = int(m[2])
            elif m := re.fullmatch(r'id\s+"(.*)"', field):
                ident = m[1]
            elif m := re.fullmatch(r'c0\s+"(.*)"', field):
                comment = m[1]
        if not counts or not ident:
            raise argparse.ArgumentTypeError(
                f"{path}:{number}: a record needs a D<depth> <count> and an id")
        if wanted_set is not None and comment != wanted_set:
            continue
        key = ident.lower().replace(" ", "")
        depth = max(counts)
        quick = max(1, depth - 2)
        POSITIONS[key] = (ident, fen, depth, depth, quick, quick)
        KNOWN[key] = [counts.get(d) for d in range(depth + 1)]
        keys.append(key)
    if not keys:
        raise argparse.ArgumentTypeError(f"{path}: no records" +
                                         (f" of set '{wanted_set}'" if wanted_set else ""))
    return keys


def known_count(key, depth):
    counts = KNOWN.get(key, [])
    return counts[depth] if depth < len(counts) else None


# --- the run -----------------------------------------------------------------------------------

def measure(args, pykes, positions, stockfish_path, pyke_options, sf_options):
    engines = []
    try:
        for name, path in pykes:
            suffix = " stats" if args.stats else ""
            engines.append(("pyke", Engine(name, path, args.timeout, pyke_options[name], suffix)))
        engines.append(("stockfish", Engine("stockfish", stockfish_path, args.timeout,
                                            sf_options)))
        for _, engine in engines:
            engine.start()

        # times[(position key, engine name)] = [seconds, ...]; counts likewise
        times, counts = {}, {}
        for rnd in range(args.runs):
            # Rotate the engine order each round so that none always runs first or last.
            order = engines[rnd % len(engines):] + engines[:rnd % len(engines)]
            for pos in positions:
                for kind, engine in order:
                    depth = pos["pyke_depth"] if kind == "pyke" else pos["stockfish_depth"]
                    nodes, seconds = engine.perft(pos["fen"], depth)
                    if args.verbose:
                        print(f"round {rnd + 1}/{args.runs} {pos['label']:<10} "
                              f"{engine.name:<10} depth {depth} {nodes} nodes "
                              f"{seconds:.3f} s {nodes / seconds:,.0f} n/s",
                              file=sys.stderr, flush=True)
                    expected = known_count(pos["key"], depth)
                    if expected is not None and nodes != expected:
                        raise CountMismatch(
                            f"COUNT MISMATCH on {pos['label']} depth {depth}: {engine.name} "
                            f"{nodes}, known value {expected}")
                    counts[(pos["key"], engine.name)] = nodes
                    times.setdefault((pos["key"], engine.name), []).append(seconds)
                if pos["pyke_depth"] == pos["stockfish_depth"]:
                    sf_nodes = counts[(pos["key"], "stockfish")]
                    for name, _ in pykes:
                        if counts[(pos["key"], name)] != sf_nodes:
                            raise CountMismatch(
                                f"COUNT MISMATCH on {pos['label']} depth {pos['pyke_depth']}: "
                                f"{name} {counts[(pos['key'], name)]}, stockfish {sf_nodes}")
        info = {e.name: (e.banner, e.id_name) for _, e in engines}
        return times, counts, info
    finally:
        for _, engine in engines:
            engine.quit()


class CountMismatch(SpeedError):
    pass


def main():
    env_runs = os.environ.get("RUNS", "3")
    parser = argparse.ArgumentParser(
        description="Perft speed of Pyke builds against Stockfish, timed inside each process "
                    "over UCI (from `go perft` to `Nodes searched`, after isready).",
        formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False,
        epilog="environment: RUNS (rounds), PYKES ('NAME=PATH ...'), PYKE_OPTIONS "
               "('Option=Value ...'), STOCKFISH (path)")
    parser.add_argument("--pyke", action="append", default=[], metavar="[NAME=]PATH",
                        help="a Pyke binary; repeat to compare builds (default: $PYKES)")
    parser.add_argument("--runs", type=int, default=None,
                        help=f"alternating rounds, median reported (default $RUNS or 3; now "
                             f"{env_runs})")
    parser.add_argument("--positions", default=None,
                        help="comma-separated NAME[=D|=PYKE_D/SF_D] from: " + ", ".join(POSITIONS) +
                             " and the ids of --epd (default: all of those, or of --epd)")
    parser.add_argument("--epd", metavar="FILE",
                        help="also the records of an EPD perft file (id, deepest D, count "
                             "checked), e.g. cli/bench.epd")
    parser.add_argument("--set", metavar="NAME",
                        help="with --epd: only the records whose c0 is NAME (bench: middlegame, "
                             "endgame)")
    parser.add_argument("--quick", action="store_true",
                        help="small depths (start 5, Kiwipete 4/3, position 3 5, position 4 4): "
                             "a smoke test, not a measurement")
    parser.add_argument("--pyke-option", action="append", default=[], metavar="[BUILD:]NAME=VALUE",
                        help="UCI option for every Pyke build (or only BUILD), e.g. Threads=2, "
                             "Hash=512; added to $PYKE_OPTIONS")
    parser.add_argument("--stockfish-option", action="append", default=[], metavar="NAME=VALUE",
                        help="UCI option for Stockfish")
    parser.add_argument("--stockfish", default=os.environ.get("STOCKFISH"),
                        help="Stockfish binary (default: stockfish on PATH or "
                             f"{DEFAULT_STOCKFISH}, installed with apt-get if missing)")
    parser.add_argument("--no-install", action="store_true",
                        help="fail instead of installing Stockfish")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds allowed for each UCI reply, `go perft` included "
                             "(default 600)")
    parser.add_argument("--stats", action="store_true",
                        help="Pyke counts `go perft N stats` (perft statistics, every depth to "
                             "N) against Stockfish's plain `go perft N`")
    parser.add_argument("--no-bench", action="store_true",
                        help="skip `pyke bench` (run only to print the slider backend)")
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list of records instead of the table")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every single measurement on stderr")
    args = parser.parse_args()

    if args.runs is None:
        try:
            args.runs = int(env_runs)
        except ValueError:
            parser.error(f"RUNS='{env_runs}' is not a number")
    if args.runs < 1:
        parser.error("runs must be at least 1")
    if args.timeout <= 0:
        parser.error("timeout must be positive")
    if args.set is not None and args.epd is None:
        parser.error("--set needs --epd")
    try:
        default = ",".join(POSITIONS)
        if args.epd is not None:
            default = ",".join(read_epd(args.epd, args.set))
        positions = parse_positions(args.positions or default, args.quick)
    except argparse.ArgumentTypeError as e:
        parser.error(str(e))

    entries = args.pyke or os.environ.get("PYKES", "").split()
    if not entries:
        parser.error("no Pyke binary: give --pyke [NAME=]PATH or PYKES='NAME=PATH ...'")
    pykes = []
    for entry in entries:
        name, sep, path = entry.partition("=")
        if not sep:
            name, path = ("pyke" if len(entries) == 1 else os.path.basename(entry)), entry
        if name == "stockfish" or name in (n for n, _ in pykes):
            parser.error(f"Pyke build name '{name}' is used twice or reserved")
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            parser.error(f"{name}: no executable at {path}")
        pykes.append((name, path))

    names = [n for n, _ in pykes]
    pyke_options = {n: [] for n in names}
    try:
        for text in os.environ.get("PYKE_OPTIONS", "").split() + args.pyke_option:
            build, colon, rest = text.partition(":")
            targets = names
            if colon and "=" not in build:
                if build not in pyke_options:
                    raise argparse.ArgumentTypeError(f"option '{text}': no Pyke build '{build}'")
                targets, text = [build], rest
            option = parse_option(text, "Pyke option")
            for n in targets:
                pyke_options[n].append(option)
        sf_options = [parse_option(t, "Stockfish option") for t in args.stockfish_option]
    except argparse.ArgumentTypeError as e:
        parser.error(str(e))

    try:
        stockfish = find_stockfish(args.stockfish, not args.no_install)
        backends = {} if args.no_bench else {n: bench_backend(p, args.timeout) for n, p in pykes}
        times, counts, info = measure(args, pykes, positions, stockfish, pyke_options, sf_options)
    except CountMismatch as e:
        print(e, file=sys.stderr)
        return 1
    except SpeedError as e:
        print(f"uci_speed: {e}", file=sys.stderr)
        return 1

    cpu, cores = cpu_model(), os.cpu_count()
    sf_version = info["stockfish"][0]

    def options_text(opts):
        return ", ".join(f"{k}={v}" for k, v in opts) if opts else "defaults"

    records = []
    for pos in positions:
        sf_times = times[(pos["key"], "stockfish")]
        sf_nodes = counts[(pos["key"], "stockfish")]
        sf_nps = statistics.median(sf_nodes / t for t in sf_times)
        records.append({
            "position": pos["label"], "fen": pos["fen"], "engine": "stockfish",
            "kind": "stockfish", "path": stockfish, "version": sf_version,
            "depth": pos["stockfish_depth"], "nodes": sf_nodes, "seconds": sf_times,
            "median_seconds": statistics.median(sf_times), "median_nps": sf_nps,
            "options": dict(sf_options), "runs": args.runs, "cpu": cpu, "cores": cores})
        for name, path in pykes:
            ts = times[(pos["key"], name)]
            nodes = counts[(pos["key"], name)]
            nps = statistics.median(nodes / t for t in ts)
            records.append({
                "position": pos["label"], "fen": pos["fen"], "engine": name, "kind": "pyke",
                "path": path, "backend": backends.get(name), "depth": pos["pyke_depth"],
                "nodes": nodes, "seconds": ts, "median_seconds": statistics.median(ts),
                "median_nps": nps, "ratio": nps / sf_nps, "options": dict(pyke_options[name]),
                "runs": args.runs, "cpu": cpu, "cores": cores})

    if args.json:
        json.dump(records, sys.stdout, indent=1)
        print()
        return 0

    print(f"CPU: {cpu}, {cores} cores")
    print(f"Stockfish: {sf_version} ({stockfish}); options: {options_text(sf_options)}")
    for name, path in pykes:
        extra = f"{backends[name]}; " if name in backends else ""
        print(f"{name}: {path}; {extra}options: {options_text(pyke_options[name])}")
    print(f"timed in-process from `go perft` to `Nodes searched` (after isready); "
          f"median of {args.runs} alternating round{'s' if args.runs != 1 else ''}; "
          f"ratio = Pyke n/s / Stockfish n/s" + ("; --quick depths" if args.quick else ""))

    header = ["position", "depth", "nodes", "stockfish n/s"]
    for name in names:
        header += [f"{name} n/s", "ratio"]
    rows = []
    by = {(r["position"], r["engine"]): r for r in records}
    for pos in positions:
        sf = by[(pos["label"], "stockfish")]
        first = by[(pos["label"], names[0])]
        if pos["pyke_depth"] == pos["stockfish_depth"]:
            depth, nodes = str(sf["depth"]), f"{sf['nodes']}"
        else:
            depth = f"{pos['pyke_depth']}/{pos['stockfish_depth']}"
            nodes = f"{first['nodes']}/{sf['nodes']}"
        row = [pos["label"], depth, nodes, f"{sf['median_nps']:.0f}"]
        for name in names:
            r = by[(pos["label"], name)]
            row += [f"{r['median_nps']:.0f}", f"{r['ratio']:.2f}x"]
        rows.append(row)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    for line in [header] + rows:
        print(" ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(line, widths))).rstrip())
    if any(p["pyke_depth"] != p["stockfish_depth"] for p in positions):
        print("(depth and nodes given as Pyke/Stockfish where they differ; those counts are "
              "checked against the published values)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
