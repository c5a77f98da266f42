#!/usr/bin/env python3
"""Sums the RESULT lines of match.py logs and prints W/L/D, score and Elo with a 95% interval (trinomial)."""
import math
import re
import sys


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1)


def main():
    w = l = d = 0
    for path in sys.argv[1:]:
        m = re.search(r"W (\d+)\s+L (\d+)\s+D (\d+)", open(path).read())
        if m:
            w, l, d = w + int(m[1]), l + int(m[2]), d + int(m[3])
    n = w + l + d
    if n == 0:
        sys.exit("no finished match in the logs")
    s = (w + 0.5 * d) / n
    se = math.sqrt((w * (1 - s) ** 2 + l * s**2 + d * (0.5 - s) ** 2) / n / n)
    print(f"W {w} L {l} D {d} of {n}: score {s:.3f}, Elo {elo(s):+.0f} [{elo(s - 1.96 * se):+.0f}, {elo(s + 1.96 * se):+.0f}]")


if __name__ == "__main__":
    main()
