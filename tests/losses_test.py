"""Tests of tools/losses.py: sorting the games Rapfi won into one turning move of ours or a gradual loss.

Run by `make test-trainer` (part of `make test`), from the repository's root.
"""
import importlib.util
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location('losses', ROOT / 'tools' / 'losses.py')
losses = importlib.util.module_from_spec(spec)
spec.loader.exec_module(losses)

TAIL = '| 9 plies | 1.0s | ms/move avg/max A 1/1 B 1/1 | moves'
# match.py's result lines: game 1 lost to one move (Rapfi +40, then a found win), game 2 lost gradually (+20,
# +300, then a win), game 3 lost before we moved (Rapfi's first move announces the win), game 4 won by us
# (ignored), game 5 lost without an announcement.
OUT = f"""game 1: opening h8 i9 j10 | black=A | B wins (five in a row) {TAIL} h8 i9 j10 h9 g7 f6 e5 d4
game 2: opening h8 i9 j10 | black=B | B wins (five in a row) {TAIL} h8 i9 j10 h9 g7 f6 e5 d4 c3
game 3: opening h8 i9 j10 | black=A | B wins (five in a row) {TAIL} h8 i9 j10 h9 g7 f6
game 4: opening h8 i9 j10 | black=A | A wins (five in a row) {TAIL} h8 i9 j10 h9 g7
game 5: opening h8 i9 j10 | black=A | B wins (A timed out) {TAIL} h8 i9 j10 h9 g7 f6
"""


def speed(t, value):
    return f'{t} B << MESSAGE Speed 900K | Depth 18-30 | Eval {value} | Node 400K | Time 450ms\n'


LOG = (
    '# game 1 opening h8 i9 j10 A=black\n' + speed(1.1, 40) + speed(1.3, '+M9') + speed(1.5, '+M7')
    + '# game 2 opening h8 i9 j10 A=white\n' + speed(2.1, 20) + speed(2.3, 300) + speed(2.5, '+M7')
    + '# game 3 opening h8 i9 j10 A=black\n' + speed(3.1, '+M5') + speed(3.3, '+M3')
    + '# game 4 opening h8 i9 j10 A=black\n' + speed(4.1, 10)
    + '# game 5 opening h8 i9 j10 A=black\n' + speed(5.1, 50) + speed(5.3, 'garbled')
)


class LossesTest(unittest.TestCase):
    def test_each_lost_game_is_sorted_and_the_turning_move_found(self):
        with tempfile.TemporaryDirectory() as d:
            out, log = Path(d) / 'a.out', Path(d) / 'a.log'
            out.write_text(OUT)
            log.write_text(LOG)
            games = losses.read(str(out), str(log))
        self.assertEqual([g[0] for g in games], [1, 2, 3, 4, 5])
        kinds = {n: losses.classify(op, colour, moves, evals) for n, op, colour, _, moves, evals in games}
        # Game 1: Rapfi (white) moved at plies 3 and 5; our g7 (ply 4) came between its +40 and its win.
        self.assertEqual(kinds[1], ('sudden', ['h8', 'i9', 'j10', 'h9'], 'g7'))
        self.assertEqual(kinds[2][0], 'gradual')
        self.assertEqual(kinds[3][0], 'from the opening')
        self.assertEqual(kinds[5][0], 'no win found')

    def test_the_move_after_which_rapfi_first_reached_a_threshold(self):
        with tempfile.TemporaryDirectory() as d:
            out, log = Path(d) / 'a.out', Path(d) / 'a.log'
            out.write_text(OUT)
            log.write_text(LOG)
            games = {g[0]: g[1:] for g in losses.read(str(out), str(log))}
            tool = [sys.executable, str(ROOT / 'tools' / 'losses.py'), '--turning']
            run = subprocess.run(tool + ['300', str(out), str(log)], capture_output=True, text=True)
            missing = subprocess.run(tool + ['300', d], capture_output=True, text=True)
            bad = subprocess.run(tool + ['x', str(out), str(log)], capture_output=True, text=True)

        def turning(n, threshold):
            opening, colour, _, moves, evals = games[n]
            return losses.turning(opening, colour, moves, evals, threshold)

        # Game 1 (Rapfi white, +40 then a win): our g7 is the move after which Rapfi first read 300 or more.
        self.assertEqual(turning(1, 300), (['h8', 'i9', 'j10', 'h9'], 'g7'))
        # Game 2 (Rapfi black, +20 at ply 4, +300 at ply 6): our f6 (ply 5) at 300; at 10, our first move h9.
        self.assertEqual(turning(2, 300), (['h8', 'i9', 'j10', 'h9', 'g7'], 'f6'))
        self.assertEqual(turning(2, 10), (['h8', 'i9', 'j10'], 'h9'))
        # Game 3: Rapfi's first evaluation is a win, so the move before it is the opening's: none of ours.
        self.assertIsNone(turning(3, 300))
        # Game 5: Rapfi never reached 300 (an unreadable evaluation counts 0).
        self.assertIsNone(turning(5, 300))
        self.assertIsNone(turning(5, 100))
        # The command prints the two as a moves file for tools/judge.py, the count of lost games on stderr.
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, 'h8 i9 j10 h9 | g7\nh8 i9 j10 h9 g7 | f6\n')
        self.assertEqual(run.stderr, '2 positions from 4 lost games\n')
        # A folder without b.out and b.log, and a threshold that is not a number: one line, exit status 1.
        self.assertEqual(missing.returncode, 1)
        self.assertTrue(missing.stderr.startswith('losses.py: '), missing.stderr)
        self.assertEqual(len(missing.stderr.strip().splitlines()), 1)
        self.assertEqual(bad.returncode, 1)
        self.assertEqual(bad.stderr, "losses.py: --turning needs a whole number (Rapfi's evaluation, e.g. 300)\n")

    def test_rapfi_scores_are_read_as_numbers(self):
        self.assertEqual(losses.value('+M9'), 100_000)
        self.assertEqual(losses.value('-M4'), -100_000)
        self.assertEqual(losses.value('-37'), -37)
        self.assertEqual(losses.value('garbled'), 0)


if __name__ == '__main__':
    unittest.main()
