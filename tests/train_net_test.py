"""Tests of tools/train_net.py, the evaluation network's trainer, on samples made by our own binary.

Run by `make test-trainer` (part of `make test`): `.venv/bin/python -m unittest -v tests/train_net_test.py`, from
the repository's root, after `cargo build --release`. Needs numpy and scipy (tools/requirements.txt). Nothing is
skipped: a missing binary or package is an error.
"""
import importlib.util
import re
import shlex
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np
import scipy.sparse as sp

ROOT = Path(__file__).resolve().parent.parent
GOMOKU = ROOT / 'target' / 'release' / 'gomoku'
SCRIPT = ROOT / 'tools' / 'train_net.py'
# A tiny training set (60 quick games, about 1 000 positions: one full batch per epoch), so a higher rate than
# the default 1e-3 and a width other than the default 16.
HIDDEN, EPOCHS, RATE = 8, 20, 0.003

spec = importlib.util.spec_from_file_location('train_net', SCRIPT)
train_net = importlib.util.module_from_spec(spec)
spec.loader.exec_module(train_net)
FINE, COARSE, MASKS, SCALE, Q = train_net.FINE, train_net.COARSE, train_net.MASKS, train_net.SCALE, train_net.Q


def run(args, timeout=300):
    return subprocess.run([str(a) for a in args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def run_ok(args):
    r = run(args)
    if r.returncode != 0:
        raise AssertionError(f'{shlex.join(map(str, args))} exited {r.returncode}:\n{r.stdout}\n{r.stderr}')
    return r


def ints(text):
    return [int(t) for t in text.split(',') if t.strip()]


def block(src, header):
    """The rows between `header` and the next line `];`."""
    lines = src.split('\n')
    start = lines.index(header) + 1
    return lines[start:lines.index('];', start)]


class TrainNetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = Path(cls.tmp.name)
        if not GOMOKU.is_file():
            raise AssertionError(f'{GOMOKU} is missing: cargo build --release')
        cls.games, cls.samples, cls.out = d / 'g.txt', d / 's.txt', d / 'net.rs'
        # Games whose index ends in 9 are held out: 60 games give 6 of them.
        run_ok([GOMOKU, 'train', '--games', 60, '--nodes', 300, '--seed', 5, '--epochs', 0, '--record', cls.games])
        run_ok([GOMOKU, 'train', '--record', cls.games, '--leaves', '--lambda', 1, '--epochs', 0,
                '--samples', cls.samples])
        cls.args = [str(cls.samples), '--out', str(cls.out), '--hidden', str(HIDDEN), '--epochs', str(EPOCHS),
                    '--rate', str(RATE)]
        cls.result = run_ok([sys.executable, SCRIPT] + cls.args)
        cls.stdout = cls.result.stdout

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_training_lowers_the_loss(self):
        before = re.search(r'^(\d+) training and (\d+) held-out positions; linear tables alone: '
                           r'train (\d\.\d+), held-out (\d\.\d+)$', self.stdout, re.M)
        self.assertIsNotNone(before, self.stdout)
        self.assertGreater(int(before[1]), 500)
        self.assertGreater(int(before[2]), 50)
        epochs = re.findall(r'^epoch (\d+): train (\d\.\d+), held-out (\d\.\d+) \(', self.stdout, re.M)
        self.assertEqual([int(e[0]) for e in epochs], list(range(1, EPOCHS + 1)), self.stdout)
        train = [float(before[3])] + [float(e[1]) for e in epochs]
        held = [float(e[2]) for e in epochs]
        # Full-batch Adam at a small rate: the training loss falls from epoch to epoch (equal at the printed
        # 4 decimals allowed), and by a clear margin overall; a wrong gradient or sign would not do this.
        for a, b in zip(train, train[1:]):
            self.assertLessEqual(b, a, f'training loss rose: {train}')
        self.assertLess(train[-1], train[0] - 0.01, f'training loss barely fell: {train}')
        # The summary: the linear tables' held-out loss as printed before training, the best epoch's held-out
        # loss (the epoch kept), and the quantised network close to it.
        note = re.search(r'^(\d+) training \+ (\d+) held-out positions; held-out loss (\d\.\d+) with the linear '
                         r'tables alone, (\d\.\d+) with the network \(epoch (\d+)\), (\d\.\d+) quantised\.$',
                         self.stdout, re.M)
        self.assertIsNotNone(note, self.stdout)
        self.assertEqual(note.group(1, 2, 3), before.group(1, 2, 4))
        self.assertEqual(float(note[4]), min(held))
        self.assertEqual(int(note[5]), held.index(min(held)) + 1)
        self.assertLess(abs(float(note[6]) - float(note[4])), 0.005)
        self.assertTrue(self.stdout.endswith(f'wrote {self.out}\n'), self.stdout)

    def test_gradient_matches_finite_differences(self):
        rng = np.random.default_rng(3)
        n, hidden = 40, 4
        # A few codes per position, each present 1 to 3 times, among 30 of the 660 (code, side) inputs.
        used = rng.choice(2 * COARSE, 30, replace=False)
        rows = np.repeat(np.arange(n), 6)
        codes = sp.csr_matrix((rng.integers(1, 4, 6 * n).astype(float), (rows, rng.choice(used, 6 * n))),
                              shape=(n, 2 * COARSE))
        mask, linear, y = rng.integers(0, MASKS, n), rng.normal(0, 1, n), rng.integers(0, 2, n).astype(float)
        model = train_net.Model(hidden, rng)
        model.p = {'E': rng.normal(0, 0.15, (2 * COARSE, hidden)), 'M': rng.normal(0, 0.2, (MASKS, hidden)),
                   'b': rng.uniform(0.2, 0.8, hidden), 'v': rng.normal(0, 1, hidden)}
        a = model.forward(codes, mask, linear)[1]
        self.assertTrue(((a > 0) & (a < 1)).any() and ((a < 0) | (a > 1)).any(), 'both sides of the clamp')
        grads = model.grads(codes, mask, linear, y)
        eps = 1e-6
        for k, p in model.p.items():
            numeric = np.zeros_like(p)
            for i in np.ndindex(p.shape):
                old = p[i]
                p[i] = old + eps
                up = train_net.bce(model.forward(codes, mask, linear)[0], y)
                p[i] = old - eps
                down = train_net.bce(model.forward(codes, mask, linear)[0], y)
                p[i] = old
                numeric[i] = (up - down) / (2 * eps)
            self.assertGreater(np.abs(numeric).max(), 1e-3, k)
            np.testing.assert_allclose(grads[k], numeric, rtol=1e-4, atol=1e-8, err_msg=k)

    def test_written_file(self):
        src = self.out.read_text()
        lines = src.split('\n')
        self.assertIn('tools/train_net.py', lines[0])
        self.assertEqual(lines[1], '//! Command: ' + shlex.join(['python3', 'tools/train_net.py'] + self.args))
        self.assertIn(f'pub const HIDDEN: usize = {HIDDEN};', lines)
        # The same declarations, in the same order, as the committed file that src/eval/net.rs reads.
        decl = re.compile(r'^(use |pub const |pub static |#\[rustfmt::skip\])')
        committed = (ROOT / 'src' / 'eval' / 'net_freestyle.rs').read_text().split('\n')
        self.assertEqual([t.split('=')[0] for t in lines if decl.match(t)],
                         [t.split('=')[0] for t in committed if decl.match(t)])

        rows = block(src, 'pub static EMBEDDING: [[[i8; HIDDEN]; 2]; CODES] = [')
        self.assertEqual(len(rows), COARSE)
        me, opp = [], []
        for row in rows:
            m = re.fullmatch(r'    \[\[(.*)\], \[(.*)\]\],', row)
            self.assertIsNotNone(m, row)
            me.append(ints(m[1]))
            opp.append(ints(m[2]))
        emb = np.array(me + opp)
        self.assertEqual(emb.shape, (2 * COARSE, HIDDEN))
        self.assertTrue((np.abs(emb) <= 127).all())
        self.assertTrue((emb[0] == 0).all() and (emb[COARSE] == 0).all(), 'code 0 has no embedding')
        self.assertGreater(np.count_nonzero(emb), 100, 'the embeddings learned something')

        rows = block(src, 'pub const MASK: [[i16; HIDDEN]; MASKS] = [')
        self.assertEqual(len(rows), MASKS)
        for row in rows:
            self.assertRegex(row, r'^    \[-?\d+(, -?\d+)*\],$')
        mask = np.array([ints(row.strip()[1:-2]) for row in rows])
        self.assertEqual(mask.shape, (MASKS, HIDDEN))
        bias = ints(re.search(r'^pub const BIAS: \[i16; HIDDEN\] = \[(.*)\];$', src, re.M)[1])
        out = ints(re.search(r'^pub const OUT: \[i32; HIDDEN\] = \[(.*)\];$', src, re.M)[1])
        self.assertEqual((len(bias), len(out)), (HIDDEN, HIDDEN))
        self.assertTrue(any(out), 'the output weights moved from zero')

        # The weights written are the ones measured: the held-out loss of the file's quantised network,
        # computed here, is the one the script printed.
        x, y, games = train_net.read_samples(self.samples)
        coarse = np.array(run_ok([GOMOKU, 'codes']).stdout.split(), int)
        fine = x[:, :2 * FINE].tocoo()
        folded = sp.csr_matrix((fine.data, (fine.row, np.where(fine.col < FINE, coarse[fine.col % FINE],
                                                                 COARSE + coarse[fine.col % FINE]))),
                               shape=(x.shape[0], 2 * COARSE))
        threat = np.asarray(x[:, 2 * FINE:2 * FINE + MASKS].argmax(axis=1)).ravel()
        linear = x @ train_net.linear_weights(ROOT / 'src' / 'eval' / 'weights_freestyle.rs') / SCALE
        held = games % 10 == 9
        a = folded[held] @ emb + mask[threat[held]] + np.array(bias)
        loss = train_net.bce(linear[held] + np.floor(np.clip(a, 0, Q) @ np.array(out) / Q) / SCALE, y[held])
        printed = float(re.search(r'(\d\.\d+) quantised\.', self.stdout)[1])
        self.assertAlmostEqual(loss, printed, delta=0.00006)

    def test_cosine_schedule_starts_at_the_rate_and_then_lowers_it(self):
        out = Path(self.tmp.name) / 'cosine.rs'
        args = [a if a != str(self.out) else str(out) for a in self.args]
        r = run_ok([sys.executable, SCRIPT] + args + ['--schedule', 'cosine'])
        pattern = r'^epoch (\d+): train (\d\.\d+), held-out (\d\.\d+) \('
        constant = re.findall(pattern, self.stdout, re.M)
        cosine = re.findall(pattern, r.stdout, re.M)
        self.assertEqual(len(cosine), EPOCHS, r.stdout)
        # The same seed and the full --rate in the first epoch: the same first step; smaller steps afterwards
        # take the later epochs elsewhere, still downhill.
        self.assertEqual(cosine[0], constant[0])
        self.assertNotEqual(cosine[-1], constant[-1])
        train = [float(e[1]) for e in cosine]
        for a, b in zip(train, train[1:]):
            self.assertLessEqual(b, a, f'training loss rose: {train}')
        self.assertLess(train[-1], train[0] - 0.005, f'training loss barely fell: {train}')
        self.assertTrue(r.stdout.endswith(f'wrote {out}\n'), r.stdout)
        bad = run([sys.executable, SCRIPT] + args + ['--schedule', 'linear'])
        self.assertEqual(bad.returncode, 2, bad.stderr)  # argparse's usage error

    def test_measure_reads_networks_back(self):
        # The file just written, measured on the same samples: the quantised held-out loss printed when it was
        # written (the same computation, so the same four decimals), and nothing trained or written.
        printed = re.search(r'(\d\.\d+) quantised\.', self.stdout)[1]
        r = run_ok([sys.executable, SCRIPT, self.samples, '--measure', self.out])
        self.assertRegex(r.stdout, rf'\n{re.escape(str(self.out))}: train \d\.\d+, held-out {printed}\n$')
        self.assertNotIn('epoch', r.stdout)
        # The committed network (another width) reads as well, and its loss is a loss. Measuring writes nothing:
        # not the file measured, not the default --out (the committed network itself).
        committed = ROOT / 'src' / 'eval' / 'net_freestyle.rs'
        before = committed.read_bytes()
        written = self.out.read_bytes()
        r = run_ok([sys.executable, SCRIPT, self.samples, '--measure', committed])
        self.assertEqual(committed.read_bytes(), before)
        self.assertEqual(self.out.read_bytes(), written)
        m = re.search(rf'^{re.escape(str(committed))}: train (\d\.\d+), held-out (\d\.\d+)$', r.stdout, re.M)
        self.assertIsNotNone(m, r.stdout)
        self.assertTrue(0 < float(m[1]) < 1 and 0 < float(m[2]) < 1, r.stdout)

    def test_bad_input_is_refused_in_one_line(self):
        d = Path(self.tmp.name)
        good = self.samples.read_text().split('\n')[:5]
        cases = {  # file contents (None: no file), what the error says
            'malformed': ('\n'.join(good + ['3 1 12:x', '']), 'line 6: not a sample'),
            'truncated': ('\n'.join(good + ['3', '']), 'line 6: not a sample'),
            'index': ('\n'.join(good + ['3 1 99999:1', '']), 'line 6: a feature index outside'),
            'label': ('\n'.join(['3 2 12:1'] + good + ['']), 'line 1: a label outside [0, 1]'),
            'empty': ('', 'holds no samples'),
            'no held-out games': ('\n'.join(good + ['']), 'need positions of training games and of held-out'),
            'missing': (None, 'cannot read'),
        }
        for name, (text, message) in cases.items():
            with self.subTest(name):
                path, out = d / f'bad-{name}.txt', d / f'bad-{name}.rs'
                if text is not None:
                    path.write_text(text)
                r = run([sys.executable, SCRIPT, path, '--out', out, '--epochs', 1])
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertNotIn('Traceback', r.stderr)
                self.assertEqual(len(r.stderr.strip().split('\n')), 1, r.stderr)
                self.assertTrue(r.stderr.startswith('train_net.py: error: '), r.stderr)
                self.assertIn(message, r.stderr)
                self.assertFalse(out.exists())
        d_rs = self.out.read_text()
        nets = {  # network files for --measure, what the error says
            'not a network': (ROOT / 'README.md', 'has no HIDDEN'),
            'missing network': (d / 'no-such-net.rs', 'cannot read the network'),
            'cut short': (d_rs.replace('pub const OUT', '//'), 'has no OUT'),
            'wrong width': (d_rs.replace(f'HIDDEN: usize = {HIDDEN};', f'HIDDEN: usize = {HIDDEN + 1};'),
                            f'do not match HIDDEN = {HIDDEN + 1}'),
        }
        for name, (net, message) in nets.items():
            with self.subTest(name):
                if isinstance(net, str):
                    path = d / f'bad-{name}.rs'
                    path.write_text(net)
                    net = path
                r = run([sys.executable, SCRIPT, self.samples, '--measure', net])
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertNotIn('Traceback', r.stderr)
                self.assertEqual(len(r.stderr.strip().split('\n')), 1, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(r.stdout, '', 'refused before the samples are read')
        with self.subTest('no epochs'):
            r = run([sys.executable, SCRIPT, self.samples, '--out', d / 'bad-epochs.rs', '--epochs', 0])
            self.assertEqual(r.returncode, 2, r.stderr)  # argparse's usage error
            self.assertNotIn('Traceback', r.stderr)
            self.assertIn('--epochs and --hidden must be at least 1', r.stderr)
            self.assertFalse((d / 'bad-epochs.rs').exists())


if __name__ == '__main__':
    unittest.main()
