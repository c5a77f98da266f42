"""Tests of tools/horizon.py: reading Rapfi's win announcements from a match log, and asking our engine.

Run by `make test-trainer` (part of `make test`), from the repository's root, after `cargo build --release`.
"""
import importlib.util
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOMOKU = ROOT / 'target' / 'release' / 'gomoku'

spec = importlib.util.spec_from_file_location('horizon', ROOT / 'tools' / 'horizon.py')
horizon = importlib.util.module_from_spec(spec)
spec.loader.exec_module(horizon)

# Two games in `match.py --log`'s format. In game 1 (ours black) Rapfi (white, B) announces a win on its
# second move: the position is the opening and the two moves before it. In game 2 its last depth line before
# each move has no mate score.
LOG = """# game 1 opening h8 i9 j10 A=black
1.000 A >> START 15
1.100 B << MESSAGE Depth 9-12 | Eval 40 | Time 3ms | G7 H6
1.101 B << 7,6
1.200 A << MESSAGE depth 5 score +10 nodes 9 nps 9 time 1 ms pv g7
1.201 A << 6,8
1.300 B << MESSAGE Depth 17-25 | Eval 866 | Time 107ms | H5 N9
1.301 B << MESSAGE Depth 19-31 | Eval +M25 | Time 132ms | H5 H7 F4
1.302 B << MESSAGE Speed 936K | Depth 25-19 | Eval +M23 | Node 354K | Time 378ms
1.303 B << 7,4
1.400 A << 7,8
1.500 B << MESSAGE Depth 20-21 | Eval +M21 | Time 1ms | F4
1.501 B << 5,3
# game 2 opening h8 i9 j10 A=white
2.000 B << MESSAGE Depth 9-12 | Eval +M5 | Time 3ms | G7 H6
2.001 B << MESSAGE Depth 10-12 | Eval -20 | Time 4ms | G7
2.002 B << 7,6
2.101 A << 6,8
2.200 B << 8,8
"""


class HorizonTest(unittest.TestCase):
    def test_the_first_announcement_of_each_game_with_its_position_and_line(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / 'match.log'
            path.write_text(LOG)
            found = horizon.announcements(str(path))
        # Protocol 7,6 is h9 (y counted from the top), 6,8 is g7; Rapfi's H5 is our h11 (its rows count from
        # the top, from 1). Game 1's later announcement and game 2's mate score that a deeper iteration withdrew
        # are ignored.
        self.assertEqual(found, [(1, 25, ['h8', 'i9', 'j10', 'h9', 'g7'], ['h11', 'h9', 'f12'])])

    def test_a_win_is_read_for_the_side_to_move_only(self):
        self.assertTrue(GOMOKU.exists(), 'build with cargo build --release first')
        # Black to move with an open three: our engine reports the win.
        self.assertTrue(horizon.sees_win(str(GOMOKU), ['h8', 'a1', 'i8', 'a2', 'j8', 'a3'], 300))
        # The same stones with white to move (one more black stone far away): white loses, no win for it.
        self.assertFalse(horizon.sees_win(str(GOMOKU), ['h8', 'a1', 'i8', 'a2', 'j8', 'a3', 'o15'], 300))
        # A quiet opening: no win either way.
        self.assertFalse(horizon.sees_win(str(GOMOKU), ['h8', 'i9', 'h10'], 300))


if __name__ == '__main__':
    unittest.main()
