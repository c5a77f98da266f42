#!/usr/bin/env python3
"""How engine A's lost games against Rapfi (engine B) were lost, from a tools/ab.sh folder or match.py logs.

    python3 tools/losses.py DIR            (DIR holds a.out/a.log and b.out/b.log, as tools/ab.sh leaves them)
    python3 tools/losses.py OUT LOG [OUT LOG ...]
    python3 tools/losses.py --turning 300 DIR (or OUT LOG ...) > turning.txt

Rapfi prints its evaluation (from its own side) before each move ("MESSAGE Speed ... Eval 123" or "Eval +M9" for
a found win). For each game B won, the trajectory of those evaluations tells a single blunder from a slow loss:
- "sudden": Rapfi's last evaluation before its win was found was at most +150 (about even), so one of A's moves
  turned the game: the position before that move is printed, for a longer search by A to look at;
- "gradual": Rapfi's evaluation climbed above +150 before it found the win (positional pressure);
- "no win found": Rapfi never announced a win (A lost on a move it did not see coming, or lost on time);
- "from the opening": Rapfi announced its win on its first move, before A had moved.

With `--turning N`, it prints instead, for each game B won, the position before A's move after which Rapfi's
evaluation first reached N (or a found win), as `record | move`: a moves file for tools/judge.py (`score` grades
those moves, `moves` asks an engine for its own in the same positions). A count goes to stderr.
"""
import re
import sys

GAME = re.compile(r"game (\d+): opening (.*?) \| black=(\w) \| (.*?) \|.*\| moves (.*)")
EVAL = re.compile(r"B << MESSAGE Speed .*Eval (\S+)")
EVEN = 150


def value(text):
    """Rapfi's evaluation as a number: a found win (+M) or loss (-M) as ±100000, anything unreadable as 0."""
    if text.startswith("+M"):
        return 100_000
    if text.startswith("-M"):
        return -100_000
    try:
        return int(text)
    except ValueError:
        return 0


def read(out_path, log_path):
    """(game number, opening, A's colour, result, moves, Rapfi's evaluations in order) for each game."""
    evals, game = {}, None
    with open(log_path) as log:
        for line in log:
            if line.startswith("# game"):
                game = int(line.split()[2])
                evals[game] = []
            elif game is not None and (m := EVAL.search(line)):
                evals[game].append(m[1])
    games = []
    with open(out_path) as out:
        for line in out:
            if m := GAME.match(line):
                n = int(m[1])
                games.append((n, m[2].split(), m[3], m[4], m[5].split(), evals.get(n, [])))
    return games


def rapfi_plies(opening, a_colour, moves):
    """The plies (indices into `moves`) at which Rapfi, engine B, moved after the opening."""
    a_black = a_colour == "A"
    return [i for i in range(len(opening), len(moves)) if (i % 2 == 0) != a_black]


def classify(opening, a_colour, moves, evals):
    """(kind, the moves before A's turning move, that move): the moves only for "sudden"."""
    pairs = list(zip(rapfi_plies(opening, a_colour, moves), (value(e) for e in evals)))
    for k, (ply, v) in enumerate(pairs):
        if v >= 100_000:
            if ply - 1 < len(opening):
                return "from the opening", None, None
            before = pairs[k - 1][1] if k > 0 else 0
            if before <= EVEN:
                return "sudden", moves[: ply - 1], moves[ply - 1]
            return "gradual", None, None
    return "no win found", None, None


def turning(opening, a_colour, moves, evals, threshold):
    """(the moves before A's move after which Rapfi's evaluation first reached `threshold`, that move), or None
    if it never did or the move was the opening's."""
    for ply, e in zip(rapfi_plies(opening, a_colour, moves), evals):
        if value(e) >= threshold:
            return None if ply - 1 < len(opening) else (moves[: ply - 1], moves[ply - 1])
    return None


def main():
    args = sys.argv[1:]
    threshold = None
    if args[:1] == ["--turning"]:
        try:
            threshold = int(args[1])
        except (IndexError, ValueError):
            sys.exit("losses.py: --turning needs a whole number (Rapfi's evaluation, e.g. 300)")
        args = args[2:]
    if len(args) == 1:
        args = [f"{args[0]}/{h}.{ext}" for h in "ab" for ext in ("out", "log")]
    if not args or len(args) % 2:
        sys.exit(__doc__)
    counts, sudden, turned = {}, [], []
    for out_path, log_path in zip(args[::2], args[1::2]):
        try:
            games = read(out_path, log_path)
        except OSError as e:
            sys.exit(f"losses.py: {e}")
        for n, opening, a_colour, result, moves, evals in games:
            if not result.startswith("B wins"):
                continue
            if threshold is not None:
                counts["lost"] = counts.get("lost", 0) + 1
                if found := turning(opening, a_colour, moves, evals, threshold):
                    turned.append(found)
                continue
            kind, before, move = classify(opening, a_colour, moves, evals)
            counts[kind] = counts.get(kind, 0) + 1
            if kind == "sudden":
                sudden.append((out_path, n, move, before))
    if threshold is not None:
        for before, move in turned:
            print(f"{' '.join(before)} | {move}")
        print(f"{len(turned)} positions from {counts.get('lost', 0)} lost games", file=sys.stderr)
        return
    total = sum(counts.values())
    for kind in ("sudden", "gradual", "no win found", "from the opening"):
        print(f"{kind:16} {counts.get(kind, 0):4} of {total} lost games")
    for out_path, n, move, before in sudden:
        print(f"{out_path} game {n}: A played {move} after: {' '.join(before)}")


if __name__ == "__main__":
    main()
