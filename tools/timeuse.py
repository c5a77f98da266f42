#!/usr/bin/env python3
"""Time per move of engine A in match.py protocol logs (`match.py ... --log FILE`).

    python3 tools/timeuse.py BUDGET_MS LOG [LOG ...]

Each of A's moves is timed from the command that asked for it (TURN or DONE) to its reply, and classed by the
last `MESSAGE depth ...` line the engine printed before replying: a found win or proven loss ("win in N",
"loss in N"), a likely one ("winning", "losing"), the only reply (depth 1), or an open move. Prints each
class's count, mean and median, and the average, the maximum and the moves over the budget.
"""
import re
import sys
from collections import defaultdict

LINE = re.compile(r"([\d.]+) (\w) (>>|<<) (.*)")
MOVE = re.compile(r"^\d+,\d+$")


def kind(message):
    if message is None:
        return "no search line"
    for word, name in (("win in", "win found"), ("loss in", "loss proven"), ("winning", "winning"),
                       ("losing", "losing")):
        if word in message:
            return name
    depth = re.search(r"depth (\d+)", message)
    return "only reply (depth 1)" if depth and depth[1] == "1" else "open"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    budget = float(sys.argv[1])
    classes = defaultdict(list)
    for path in sys.argv[2:]:
        asked = last = None
        with open(path) as log:
            for line in log:
                m = LINE.match(line.rstrip("\n"))
                if not m or m[2] != "A":
                    continue
                t, direction, text = float(m[1]), m[3], m[4]
                if direction == ">>" and (text.startswith("TURN") or text == "DONE"):
                    asked, last = t, None
                elif direction == "<<" and text.startswith("MESSAGE depth"):
                    last = text
                elif direction == "<<" and MOVE.match(text) and asked is not None:
                    classes[kind(last)].append((t - asked) * 1000)
                    asked = None
    times = [ms for v in classes.values() for ms in v]
    if not times:
        sys.exit("no moves of engine A in the logs")
    for name, v in sorted(classes.items()):
        v.sort()
        print(f"{name:22s} {len(v):5d} moves ({100 * len(v) / len(times):4.1f} %)  "
              f"mean {sum(v) / len(v):6.0f} ms  median {v[len(v) // 2]:6.0f} ms")
    mean = sum(times) / len(times)
    over = sum(ms > budget for ms in times)
    print(f"all {len(times)} moves: mean {mean:.0f} ms ({100 * mean / budget:.0f} % of {budget:.0f}), "
          f"max {max(times):.0f} ms, {over} over the budget")


if __name__ == "__main__":
    main()
