#!/usr/bin/env python3
"""Balanced freestyle openings for engine-vs-engine testing, made with our own engine.

Each opening is 4-6 stones in the central 7x7 square, black on h8, every stone within two points of an earlier
one; it is kept when `gomoku analyze` (150 ms, one line) scores the side to move within +-MAX. Duplicates (the
same stones per colour) are skipped. Usage:

    python3 tools/openings.py --engine target/release/gomoku --count 400 --seed 1 > openings.txt

The file suits `../shared/tools/match.py --openings` (each opening is played twice, colours swapped).
"""
import argparse
import random
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/gomoku")
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max", type=int, default=60, help="largest |score| kept")
    ap.add_argument("--time-ms", type=int, default=150)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen, kept = set(), 0
    while kept < args.count:
        stones = [(7, 7)]
        while len(stones) < rng.choice([4, 5, 6]):
            x, y = rng.randint(4, 10), rng.randint(4, 10)
            if (x, y) not in stones and min(max(abs(x - a), abs(y - b)) for a, b in stones) <= 2:
                stones.append((x, y))
        key = (frozenset(stones[0::2]), frozenset(stones[1::2]))
        if key in seen:
            continue
        seen.add(key)
        record = " ".join(chr(97 + x) + str(y + 1) for x, y in stones)
        out = subprocess.run(
            [args.engine, "analyze", record, "--lines", "1", "--time-ms", str(args.time_ms)],
            capture_output=True, text=True, check=True,
        ).stdout
        m = re.search(r"^1\. \S+ ([+-]?\d+)\b", out, re.M)
        if m and abs(int(m.group(1))) <= args.max:
            print(record, flush=True)
            kept += 1


if __name__ == "__main__":
    sys.exit(main())
