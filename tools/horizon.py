#!/usr/bin/env python3
"""How far behind a stronger engine our engine sees forced wins.

Reads `match.py --log` files of matches against Rapfi (engine B, which prints `Eval +M<n>` when its search
has found a forced win). For each game, takes the position where B first announced a win and B's principal
variation then; asks our engine (`gomoku analyze RECORD --lines 1`, the single-line search, `--ms` per
position) whether it sees the win too (a proven or likely win: `win in N` or `winning`), and if not, plays
the first 2, 4, ... plies of B's line and asks again. Prints, per position, B's mate length and the plies of
its line ours needed, then a summary: how many wins ours saw from the start, the median number of plies it
needed, and the plies of B's line left when it saw them.

    python3 tools/horizon.py --engine target/release/gomoku --ms 500 match-h1.log match-h2.log

A measurement (slow: up to a few seconds per position), not a test.
"""
import argparse
import re
import subprocess
import sys


def to_ours(rapfi_coord):
    """Rapfi's notation (column letter, row counted from the top, 1-based) in ours."""
    return rapfi_coord[0].lower() + str(16 - int(rapfi_coord[1:]))


def announcements(path):
    """(game, mate length, position as our moves, B's line) for each game where B announced a win."""
    out = []
    game, opening, moves, pending, done = None, [], [], None, False
    with open(path) as f:
        lines = f.readlines()
    for line in lines:
        if line.startswith('# game'):
            m = re.match(r'# game (\d+) opening (.*) A=', line)
            game, opening, moves, pending, done = int(m.group(1)), m.group(2).split(), [], None, False
            continue
        parts = line.split(None, 3)
        if len(parts) < 4 or parts[2] != '<<':
            continue
        who, msg = parts[1], parts[3].strip()
        if who == 'B' and msg.startswith('MESSAGE Depth'):
            pending = msg if 'Eval +M' in msg else None
        if re.fullmatch(r'\d+,\d+', msg):
            x, y = map(int, msg.split(','))
            if who == 'B' and pending and not done:
                mate = int(re.search(r'Eval \+M(\d+)', pending).group(1))
                line_b = [to_ours(t) for t in pending.split('|')[-1].split()]
                out.append((game, mate, opening + moves, line_b))
                done = True
            moves.append(chr(97 + x) + str(15 - y))
    return out


def sees_win(engine, moves, ms):
    """Whether our engine's one-line analysis of the position after `moves` scores a win for the side to move."""
    run = subprocess.run(engine.split() + ['analyze', ' '.join(moves), '--lines', '1', '--time-ms', str(ms)],
                         capture_output=True, text=True, check=True, timeout=ms / 1000 + 30)
    best = re.search(r'^1\. \S+ (.+?) pv ', run.stdout, re.M)
    return bool(best) and best.group(1).startswith('win')


def median(xs):
    return sorted(xs)[len(xs) // 2] if xs else '-'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', default='target/release/gomoku', help='our engine command line')
    ap.add_argument('--ms', type=int, default=500, help='time per position (ms)')
    ap.add_argument('logs', nargs='+')
    args = ap.parse_args()
    needed, left, missed = [], [], 0
    for path in args.logs:
        for game, mate, moves, line in announcements(path):
            need = next((k for k in range(0, len(line), 2) if sees_win(args.engine, moves + line[:k], args.ms)),
                        None)
            print(f'{path} game {game}: B mate in {mate} plies; ours saw it after {need} plies of its line',
                  flush=True)
            if need is None:
                missed += 1
            else:
                needed.append(need)
                left.append(mate - need)
    total = len(needed) + missed
    if total == 0:
        sys.exit('no win announcements found')
    print(f'positions: {total}; seen from the start: {needed.count(0)}; seen along the line: {len(needed)}; '
          f'never: {missed}; median plies needed: {median(needed)}; median plies of B\'s line left when seen: '
          f'{median(left)}')


if __name__ == '__main__':
    main()
