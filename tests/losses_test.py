"""Tests of tools/losses.py: sorting the games Rapfi won into one turning move of ours or a gradual loss.

Run by `make test-trainer` (part of `make test`), from the repository's root.
"""
import importlib.util
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

    def test_rapfi_scores_are_read_as_numbers(self):
        self.assertEqual(losses.value('+M9'), 100_000)
        self.assertEqual(losses.value('-M4'), -100_000)
        self.assertEqual(losses.value('-37'), -37)
        self.assertEqual(losses.value('garbled'), 0)


if __name__ == '__main__':
    unittest.main()
