"""Tests of tools/judge.py: positions from match results, the protocol's coordinates, and judging moves with a
stand-in judge (a small Gomocup engine written here, so that no third-party engine is needed).

Run by `make test-trainer` (part of `make test`), from the repository's root.
"""
import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / 'tools' / 'judge.py'
spec = importlib.util.spec_from_file_location('judge', TOOL)
judge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(judge)

TAIL = '| 9 plies | 1.0s | ms/move avg/max A 1/1 B 1/1 | moves'
# Game 1: A is black after a 3-stone opening, so A moves at plies 4, 6, ...; game 2: A is white, at 3, 5, ...
OUT = f"""game 1: opening h8 i9 j10 | black=A | B wins (five in a row) {TAIL} h8 i9 j10 h9 g7 f6 e5 d4
game 2: opening h8 i9 j10 | black=B | A wins (five in a row) {TAIL} h8 i9 j10 h9 g7 f6
"""

# A stand-in judge: evaluates a position as 10 times the number of stones, except that a position holding k5
# is a found win for the side to move; answers the top left corner.
FAKE = r'''
import sys
stones = 0
for line in sys.stdin:
    line = line.strip()
    if line in ("BOARD",):
        stones, k5 = 0, False
    elif line[:1].isdigit():
        stones += 1
        k5 = k5 or line.startswith("10,10,")
    elif line == "DONE":
        print("MESSAGE Depth 5-5 | Eval " + ("+M3" if k5 else str(10 * stones)) + " | Time 1ms", flush=True)
        print("0,0", flush=True)
    elif line == "END":
        break
'''


class JudgeTest(unittest.TestCase):
    def test_coordinates(self):
        self.assertEqual(judge.gomocup('h8'), '7,7')
        self.assertEqual(judge.gomocup('a1'), '0,14')
        self.assertEqual(judge.from_gomocup('0,14'), 'a1')
        self.assertEqual(judge.from_gomocup('14,0'), 'o15')
        for bad in ('p1', 'a16', 'a0', 'h'):
            with self.assertRaises(judge.InputError):
                judge.point(bad)
        with self.assertRaises(judge.InputError):
            judge.from_gomocup('15,3')

    def test_positions_are_a_to_move_after_the_opening(self):
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / 'a.out'
            out.write_text(OUT + OUT)  # each position once, however often it occurs
            found = judge.positions([str(out)], 2)
        self.assertEqual([' '.join(p) for p in found], [
            'h8 i9 j10 h9', 'h8 i9 j10 h9 g7 f6',  # game 1: black, plies 4 and 6
            'h8 i9 j10', 'h8 i9 j10 h9 g7',        # game 2: white, plies 3 and 5
        ])
        with self.assertRaises(judge.InputError):
            judge.positions([str(Path(d) / 'missing.out')], 2)

    def test_five_and_values(self):
        black_four = ['a1', 'h8', 'b1', 'h9', 'c1', 'h10', 'e1', 'j12']
        self.assertTrue(judge.makes_five(black_four, 'd1'))  # black fills the gap: five
        self.assertFalse(judge.makes_five(black_four[:-1], 'd1'))  # white to move: black's stones do not count
        self.assertFalse(judge.makes_five(black_four, 'f1'))
        self.assertEqual([judge.value(v) for v in ('+M9', '-M4', '1500', '-30')], [1000, -1000, 1000, -30])
        self.assertEqual(judge.summary([(100, -150), (0, 20)]), (-65.0, 125.0, 1))

    def test_moves_and_score_with_a_stand_in_judge(self):
        with tempfile.TemporaryDirectory() as d:
            fake = Path(d) / 'fake.py'
            fake.write_text(FAKE)
            engine = f'{sys.executable} {fake}'
            pos = Path(d) / 'pos.txt'
            pos.write_text('h8 i9 j10 h9\nh8 i9 j10 h9 g7 f6\n')
            moves = subprocess.run([sys.executable, TOOL, 'moves', '--engine', engine, '--ms', '10', str(pos)],
                                   capture_output=True, text=True, check=True).stdout
            self.assertEqual(moves, 'h8 i9 j10 h9 | a15\nh8 i9 j10 h9 g7 f6 | a15\n')
            first, other = Path(d) / 'first.txt', Path(d) / 'other.txt'
            first.write_text(moves)
            other.write_text('h8 i9 j10 h9 | k5\nh8 i9 j10 h9 g7 f6 | a15\n')
            cache = Path(d) / 'cache.json'
            cmd = [sys.executable, TOOL, 'score', '--judge', engine, '--cache', str(cache), str(first), str(other)]
            run = subprocess.run(cmd, capture_output=True, text=True, check=True)
            # first: 40 and 60 before, -50 and -70 after (losses 90, 130); other's k5 leaves the judge a win.
            self.assertIn('first.txt: 2 moves, value -60.0, loss 110.0, blunders 0', run.stdout)
            self.assertIn('other.txt: 2 moves, value -535.0, loss 585.0, blunders 1', run.stdout)
            self.assertIn('value -475.0 ± 475.0 (standard error) on 2 positions, 1 with another move', run.stdout)
            self.assertIn('judging 5 new positions (0 cached)', run.stderr)
            self.assertEqual(json.loads(cache.read_text())['h8 i9 j10 h9 k5'], '+M3')
            again = subprocess.run(cmd, capture_output=True, text=True, check=True)
            self.assertIn('judging 0 new positions (5 cached)', again.stderr)
            for corrupt in ('{"h8": ', '[1, 2]'):
                cache.write_text(corrupt)
                bad = subprocess.run(cmd, capture_output=True, text=True)
                self.assertEqual(bad.returncode, 1)
                self.assertEqual(len(bad.stderr.splitlines()), 1, bad.stderr)
                self.assertIn('cache', bad.stderr)

    def test_bad_input_is_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            pos = Path(d) / 'pos.txt'
            pos.write_text('h8 z9\n')
            run = subprocess.run([sys.executable, TOOL, 'moves', '--engine', 'true', str(pos)],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertEqual(run.stderr, "judge.py: not a move: 'z9'\n")
            pos.write_text('h8 i9\n')
            run = subprocess.run([sys.executable, TOOL, 'moves', '--engine', 'true', str(pos)],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertIn('the engine stopped before answering h8 i9', run.stderr)
            # `score` takes moves files: a positions file (no move after `|`) is refused, not a traceback.
            for text in ('h8 i9\n', 'h8 i9 | \n', 'h8 i9 | j10 k11\n'):
                pos.write_text(text)
                run = subprocess.run([sys.executable, TOOL, 'score', '--judge', 'true', '--cache',
                                      str(Path(d) / 'c.json'), str(pos)], capture_output=True, text=True)
                self.assertEqual(run.returncode, 1)
                self.assertEqual(len(run.stderr.splitlines()), 1, run.stderr)
                self.assertIn('not a `record | move` line', run.stderr)
            pos.write_text('h8 i9\n')
            for option in ('--jobs', '--ms'):
                run = subprocess.run([sys.executable, TOOL, 'moves', '--engine', 'true', option, '0', str(pos)],
                                     capture_output=True, text=True)
                self.assertEqual(run.returncode, 2)
                self.assertIn("'0' is not a whole number of at least 1", run.stderr)


if __name__ == '__main__':
    unittest.main()
