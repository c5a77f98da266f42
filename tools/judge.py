#!/usr/bin/env python3
"""How good are an engine's moves, by a stronger engine's judgement: a paired, low-noise look between matches.

    python3 tools/judge.py positions [--moves K] OUT [OUT ...] > positions.txt
    python3 tools/judge.py moves --engine CMD [--cwd DIR] [--ms 500] [--jobs 2] positions.txt > moves.txt
    python3 tools/judge.py score --judge CMD [--cwd DIR] [--ms 300] [--jobs 2] --cache cache.json moves.txt [more]

`positions` takes the positions engine A had to move in from match.py results (`game N: ... | moves ...` lines,
as tools/ab.sh leaves them in a.out/b.out): its first K moves after each opening (default 8, where the games
against Rapfi are decided), one record per line, each once. `moves` asks a Gomocup engine (a command, run in
`--cwd`) for its move in each, at `--ms` a move, and writes `record | move`. `score` asks the judge (another
Gomocup engine, e.g. Rapfi) for its evaluation of every position before and after the move, caching each answer
in `--cache` (a position is judged once, whichever engine played into it), and prints for each moves file:
- value: the judge's evaluation after the move, from the mover's side (a five is +1000, a found win or loss
  of the judge's ±1000, everything clamped to ±1000);
- loss: how far that stays below the judge's own evaluation of the position before it (at least 0);
- blunders: moves that lose 200 or more.
With two or more files, each later one is compared with the first on the positions both hold: the mean
difference of value with its standard error, and on how many positions the moves differ. A judge's evaluation
is no proof, and a better value is no win: this picks experiments worth a match; only matches decide.
Nothing of the judge goes into the repository: run it, keep its answers (the cache) outside.
"""
import argparse
import json
import math
import re
import shlex
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

GAME = re.compile(r"game \d+: opening (.*?) \| black=(\w) \|.*\| moves (.*)")
EVAL = re.compile(r"Eval ([+-]?M?\d+)")
CLAMP, BLUNDER, SIZE = 1000, 200, 15


class InputError(Exception):
    """Bad input or a failed engine: main prints it on one line and exits 1."""


def point(move):
    """(x, y) of a move in our notation: columns a-o, rows 1-15 from the bottom."""
    m = re.fullmatch(r"([a-o])(\d{1,2})", move)
    if not m or not 1 <= int(m[2]) <= SIZE:
        raise InputError(f"not a move: {move!r}")
    return ord(m[1]) - ord("a"), int(m[2]) - 1


def gomocup(move):
    """The Gomocup protocol's `x,y` of a move (y counted from the top)."""
    x, y = point(move)
    return f"{x},{SIZE - 1 - y}"


def from_gomocup(text):
    """Our notation of a Gomocup `x,y` answer."""
    x, y = (int(v) for v in text.split(","))
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise InputError(f"move off the board: {text!r}")
    return f"{chr(ord('a') + x)}{SIZE - y}"


def makes_five(moves, move):
    """Whether `move`, played after `moves`, makes five or more in a row for its player."""
    mine = {point(m) for m in moves[len(moves) % 2 :: 2]} | {point(move)}
    x, y = point(move)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while (x + sign * k * dx, y + sign * k * dy) in mine:
                run, k = run + 1, k + 1
        if run >= 5:
            return True
    return False


def value(text):
    """A judge's evaluation as a number: a found win or loss (`+M9`, `-M4`) is ±CLAMP; all clamped to ±CLAMP."""
    if "M" in text:
        return -CLAMP if text.startswith("-") else CLAMP
    return max(-CLAMP, min(CLAMP, int(text)))


def positions(out_paths, first):
    """Engine A's positions (move lists) for its first `first` moves after each opening, each once, in order."""
    seen, found = set(), []
    for path in out_paths:
        try:
            with open(path) as f:
                lines = f.readlines()
        except OSError as e:
            raise InputError(f"cannot read {path}: {e.strerror or e}") from None
        for line in lines:
            if not (m := GAME.match(line)):
                continue
            opening, moves = m[1].split(), m[3].split()
            a_moves_first = (len(opening) % 2 == 0) == (m[2] == "A")
            start = len(opening) + (0 if a_moves_first else 1)
            for ply in range(start, min(len(moves), start + 2 * first), 2):
                record = " ".join(moves[:ply])
                if record not in seen:
                    seen.add(record)
                    found.append(moves[:ply])
    return found


class Engine:
    """A Gomocup engine process, asked for one position at a time (`START`, later `RESTART`, then `BOARD`)."""

    def __init__(self, command, cwd, ms):
        self.ms = ms
        self.started = False
        try:
            self.proc = subprocess.Popen(shlex.split(command), cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        except OSError as e:
            raise InputError(f"cannot run {command!r}: {e.strerror or e}") from None

    def ask(self, moves):
        """(the engine's move, the last evaluation it printed or None) for the side to move after `moves`."""
        me = len(moves) % 2
        lines = ["RESTART" if self.started else "START 15", f"INFO timeout_turn {self.ms}", "INFO timeout_match 0",
                 "INFO time_left 2147483647", "INFO rule 0", "BOARD"]
        lines += [f"{gomocup(m)},{1 if i % 2 == me else 2}" for i, m in enumerate(moves)]
        try:
            self.proc.stdin.write("\n".join(lines + ["DONE"]) + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise InputError(f"the engine stopped before answering {' '.join(moves)}") from None
        self.started = True
        evaluation = None
        while line := self.proc.stdout.readline():
            line = line.strip()
            if e := EVAL.search(line):
                evaluation = e[1]
            elif re.fullmatch(r"\d+,\d+", line):
                return from_gomocup(line), evaluation
            elif line.startswith("ERROR"):
                raise InputError(f"the engine answered {line!r} to {' '.join(moves)}")
        raise InputError(f"the engine stopped before answering {' '.join(moves)}")

    def close(self):
        try:
            self.proc.stdin.write("END\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def run_pool(args, jobs_list, work):
    """`work(engine, job)` for each job on `args.jobs` engines of `args.engine`, results in order."""
    local = threading.local()
    engines = []

    def run(job):
        if not hasattr(local, "engine"):
            local.engine = Engine(args.engine, args.cwd, args.ms)
            engines.append(local.engine)
        return work(local.engine, job)

    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            return list(pool.map(run, jobs_list))
    finally:
        for e in engines:
            e.close()


def read_records(path):
    """The lines of a positions or moves file, split at `|`."""
    try:
        with open(path) as f:
            return [[part.split() for part in line.split("|")] for line in f if line.strip()]
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror or e}") from None


def read_moves(path):
    """A moves file (`record | move` lines) as {record: move}; a line without exactly one move is refused."""
    moves = {}
    for parts in read_records(path):
        if len(parts) != 2 or len(parts[1]) != 1:
            raise InputError(f"{path}: not a `record | move` line: {' | '.join(' '.join(p) for p in parts)}")
        for m in parts[0] + parts[1]:
            point(m)
        moves[" ".join(parts[0])] = parts[1][0]
    return moves


def summary(rows):
    """(mean value, mean loss, blunders) of (before, after) pairs."""
    n = len(rows)
    losses = [max(0, before - after) for before, after in rows]
    return sum(a for _, a in rows) / n, sum(losses) / n, sum(x >= BLUNDER for x in losses)


def score(args):
    files = [(path, read_moves(path)) for path in args.moves]
    try:
        with open(args.cache) as f:
            cache = json.load(f)
    except FileNotFoundError:
        cache = {}
    except (OSError, ValueError) as e:
        raise InputError(f"cannot read the cache {args.cache}: {e}") from None
    if not isinstance(cache, dict) or not all(isinstance(v, str) for v in cache.values()):
        raise InputError(f"the cache {args.cache} is not a judge.py cache")
    wanted = set()
    for _, moves in files:
        for record, move in moves.items():
            wanted.add(record)
            if not makes_five(record.split(), move):
                wanted.add(f"{record} {move}".strip())
    todo = sorted(r for r in wanted if r not in cache)
    print(f"judging {len(todo)} new positions ({len(wanted) - len(todo)} cached)", file=sys.stderr)
    args.engine = args.judge
    results = run_pool(args, todo, lambda engine, record: engine.ask(record.split())[1])
    for record, evaluation in zip(todo, results):
        if evaluation is None:
            raise InputError(f"the judge printed no evaluation for {record}")
        cache[record] = evaluation
    with open(args.cache, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)

    def judged(record, move):
        before = value(cache[record])
        after = CLAMP if makes_five(record.split(), move) else -value(cache[f"{record} {move}".strip()])
        return before, after

    first = None
    for path, moves in files:
        rows = {r: judged(r, m) for r, m in moves.items()}
        mean, loss, blunders = summary(list(rows.values()))
        print(f"{path}: {len(rows)} moves, value {mean:+.1f}, loss {loss:.1f}, blunders {blunders}")
        if first is None:
            first = (moves, rows)
            continue
        common = [r for r in rows if r in first[1]]
        diffs = [rows[r][1] - first[1][r][1] for r in common]
        differ = sum(moves[r] != first[0][r] for r in common)
        if len(diffs) > 1:
            mean = sum(diffs) / len(diffs)
            se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
            print(f"  against {files[0][0]}: value {mean:+.1f} ± {se:.1f} (standard error) on {len(common)} "
                  f"positions, {differ} with another move")


def positive(text):
    """An argument that must be a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return n


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("--moves", type=positive, default=8)
    p.add_argument("out", nargs="+")
    for name in ("moves", "score"):
        p = sub.add_parser(name)
        p.add_argument("--engine" if name == "moves" else "--judge", required=True)
        p.add_argument("--cwd")
        p.add_argument("--ms", type=positive, default=500 if name == "moves" else 300)
        p.add_argument("--jobs", type=positive, default=2)
        if name == "moves":
            p.add_argument("positions")
        else:
            p.add_argument("--cache", required=True)
            p.add_argument("moves", nargs="+")
    args = parser.parse_args()
    try:
        if args.command == "positions":
            for moves in positions(args.out, args.moves):
                print(" ".join(moves))
        elif args.command == "moves":
            records = [r[0] for r in read_records(args.positions)]
            for moves in records:
                for m in moves:
                    point(m)
            for moves, (move, _) in zip(records, run_pool(args, records, lambda e, m: e.ask(m))):
                print(f"{' '.join(moves)} | {move}", flush=True)
        else:
            score(args)
    except InputError as e:
        sys.exit(f"judge.py: {e}")


if __name__ == "__main__":
    main()
