#!/usr/bin/env python3
"""Fits the evaluation's non-linear part (src/eval/net.rs) and writes src/eval/net_freestyle.rs.

The linear tables (src/eval/weights_freestyle.rs) stay fixed: the network learns a correction on top of them.
Another rule's network comes from that rule's samples (`gomoku train --rule R ...`) with `--linear
src/eval/weights_R.rs --out src/eval/net_R.rs` (R = standard, renju).
Input: training samples written by `gomoku train --record GAMES --leaves --lambda 1 --epochs 0 --samples S`
(one line per position: game, label, fine-code features from the side to move's view, threat mask, stone
balance). Games whose index ends in 9 are held out, as in `gomoku train`. The fine codes are folded onto the
coarse codes (the map comes from `gomoku codes`), each point's code adds an embedding of HIDDEN values for the
side to move or the opponent, the threat mask adds one more, and the output is
sum(v * clamp(acc + mask + bias, 0, 1)) in log-odds, added to the linear evaluation / 300.
Minibatch Adam (4 096 positions, seeded; `--schedule cosine` lowers the step size through the epochs),
cross-entropy against the labels; the epoch with the best held-out loss is kept, then quantised (activation
unit 128, embeddings i8) and written as Rust source.
`--measure NET` instead prints the losses of an existing network file (the committed one, or one this script
wrote) on the samples' training and held-out parts, as the engine computes them (on top of `--linear`: give
another rule's network its rule's tables): whether new games have anything left to teach it, before any training.

Needs numpy and scipy (tested with numpy 2.4.6, scipy 1.17.1, pinned in tools/requirements.txt: `make setup-python`
installs them in .venv/). Bad input (samples, binary, tables, a network to measure) gives a one-line error and
exit status 1. `make test-trainer` runs its test, tests/train_net_test.py.
"""
import argparse, re, shlex, subprocess, sys, time
import numpy as np
import scipy.sparse as sp

FINE, COARSE, MASKS, SCALE, Q = 2380, 330, 128, 300.0, 128


class InputError(Exception):
    """Bad input (samples, binary, linear tables): main prints it on one line and exits 1."""


def read_samples(path):
    rows, cols, vals, labels, games = [], [], [], [], []
    r, line = 0, ''
    try:
        with open(path) as f:
            for r, line in enumerate(f):
                p = line.split()
                games.append(int(p[0]))
                labels.append(float(p[1]))
                for feat in p[2:]:
                    i, v = feat.split(':')
                    rows.append(r)
                    cols.append(int(i))
                    vals.append(float(v))
    except OSError as e:
        raise InputError(f'cannot read {path}: {e.strerror or e}') from None
    except UnicodeDecodeError:
        raise InputError(f'{path} is not a text file of samples') from None
    except (ValueError, IndexError):
        raise InputError(f'{path}, line {r + 1}: not a sample (game label index:value ...): '
                         f'{line.strip()[:60]!r}') from None
    n, width = len(labels), 2 * FINE + MASKS + 1
    labels, games = np.array(labels, np.float64), np.array(games)
    vals, cols = np.array(vals, np.float64), np.array(cols, np.int64)
    if n == 0:
        raise InputError(f'{path} holds no samples')
    sample, feature = np.arange(n), np.array(rows)  # the line (from 0) of each sample, of each feature
    for line_of, bad, what in ((sample, ~((labels >= 0) & (labels <= 1)), 'a label outside [0, 1]'),
                               (sample, games < 0, 'a negative game index'),
                               (feature, ~np.isfinite(vals), 'a feature value that is not finite'),
                               (feature, (cols < 0) | (cols >= width), f'a feature index outside 0..{width - 1}')):
        if bad.any():
            raise InputError(f'{path}, line {line_of[np.argmax(bad)] + 1}: {what}')
    x = sp.csr_matrix((vals, (rows, cols)), shape=(n, width))
    return x, labels, games


def linear_weights(path):
    try:
        with open(path) as f:
            src = f.read()
    except OSError as e:
        raise InputError(f'cannot read the linear tables {path}: {e.strerror or e}') from None

    def find(pattern, name):
        m = re.search(pattern % name, src, re.S)
        if not m:
            raise InputError(f'{path} has no table {name}')
        return m.group(1)

    def table(name):
        return [int(t) for t in find(r'pub const %s: \[i16; \w+\] = \[(.*?)\];', name).split(',') if t.strip()]

    stone = int(find(r'pub const %s: i16 = (-?\d+);', 'STONE'))
    return np.array(table('ME') + table('OPP') + table('MASK') + [stone], np.float64)


def bce(z, y):
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))


def read_net(path):
    """A network file as this script writes it: the embeddings (side to move's codes, then the opponent's),
    the mask rows, the biases and the output weights, as integer arrays."""
    try:
        with open(path) as f:
            src = f.read()
    except OSError as e:
        raise InputError(f'cannot read the network {path}: {e.strerror or e}') from None
    except UnicodeDecodeError:
        raise InputError(f'{path} is not a network written by this script') from None

    def find(pattern, what):
        m = re.search(pattern, src, re.S)
        if not m:
            raise InputError(f'{path} has no {what}')
        return [int(t) for t in re.findall(r'-?\d+', m.group(1))]

    hidden = find(r'pub const HIDDEN: usize = (\d+);', 'HIDDEN')[0]
    emb = find(r'pub static EMBEDDING: \[\[\[i8; HIDDEN\]; 2\]; CODES\] = \[(.*?)\n\];', 'EMBEDDING')
    mask = find(r'pub const MASK: \[\[i16; HIDDEN\]; MASKS\] = \[(.*?)\n\];', 'MASK')
    bias = find(r'pub const BIAS: \[i16; HIDDEN\] = \[(.*?)\];', 'BIAS')
    out = find(r'pub const OUT: \[i32; HIDDEN\] = \[(.*?)\];', 'OUT')
    if (hidden < 1 or len(emb) != COARSE * 2 * hidden or len(mask) != MASKS * hidden
            or len(bias) != hidden or len(out) != hidden):
        raise InputError(f'{path}: the tables do not match HIDDEN = {hidden}')
    emb = np.array(emb).reshape(COARSE, 2, hidden)
    return (np.concatenate([emb[:, 0], emb[:, 1]]), np.array(mask).reshape(MASKS, hidden), np.array(bias),
            np.array(out))


def quantised_loss(part, emb, mk, bias, out):
    """The loss of a quantised network (as src/eval/net.rs computes it) on one part of the samples."""
    codes, mask, linear, y = part
    a = codes @ emb + mk[mask] + bias
    return bce(linear + np.floor(np.clip(a, 0, Q) @ out / Q) / SCALE, y)


class Model:
    def __init__(self, hidden, rng):
        self.p = {'E': rng.normal(0, 0.01, (2 * COARSE, hidden)), 'M': np.zeros((MASKS, hidden)),
                  'b': np.full(hidden, 0.5), 'v': np.zeros(hidden)}

    def forward(self, codes, mask, linear):
        a = codes @ self.p['E'] + self.p['M'][mask] + self.p['b']
        h = np.clip(a, 0, 1)
        return linear + h @ self.p['v'], a, h

    def grads(self, codes, mask, linear, y):
        z, a, h = self.forward(codes, mask, linear)
        dz = (1 / (1 + np.exp(-z)) - y) / len(y)
        da = np.outer(dz, self.p['v']) * ((a > 0) & (a < 1))
        g = {'v': h.T @ dz, 'E': codes.T @ da, 'M': np.zeros_like(self.p['M']), 'b': da.sum(0)}
        np.add.at(g['M'], mask, da)
        return g


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('samples')
    ap.add_argument('--gomoku', default='target/release/gomoku', help='our binary, for the coarse-code map')
    ap.add_argument('--linear', default='src/eval/weights_freestyle.rs')
    ap.add_argument('--out', default='src/eval/net_freestyle.rs')
    ap.add_argument('--hidden', type=int, default=16)
    ap.add_argument('--epochs', type=int, default=25)
    ap.add_argument('--rate', type=float, default=1e-3)
    ap.add_argument('--l2', type=float, default=1e-5)
    ap.add_argument('--schedule', choices=('constant', 'cosine'), default='constant',
                    help='the step size through the epochs: --rate throughout, or --rate falling towards 0 along a '
                    'half cosine (steadier last epochs on large sample sets)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--source', default='', help='how the samples were made, for the header')
    ap.add_argument('--measure', metavar='NET', help='only print the losses of the network file NET (e.g. the '
                    'committed one) on these samples; no training, nothing written')
    args = ap.parse_args()
    if args.epochs < 1 or args.hidden < 1:
        ap.error('--epochs and --hidden must be at least 1')

    try:
        coarse = np.array([int(c) for c in subprocess.check_output([args.gomoku, 'codes']).split()])
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        raise InputError(f'cannot read the coarse-code map from `{args.gomoku} codes` (cargo build --release?): {e}')
    if len(coarse) != FINE or coarse.min() < 0 or coarse.max() >= COARSE:
        raise InputError(f'`{args.gomoku} codes` gave {len(coarse)} codes, not {FINE} in 0..{COARSE - 1}')
    net = read_net(args.measure) if args.measure else None
    x, y, games = read_samples(args.samples)
    fold = sp.csr_matrix((np.ones(2 * FINE), (np.arange(2 * FINE), np.concatenate([coarse, COARSE + coarse]))),
                         shape=(2 * FINE, 2 * COARSE))
    codes = (x[:, :2 * FINE] @ fold).tocsr()
    mask = np.asarray(x[:, 2 * FINE:2 * FINE + MASKS].argmax(axis=1)).ravel()
    linear = x @ linear_weights(args.linear) / SCALE
    held = games % 10 == 9
    if held.all() or not held.any():
        raise InputError(f'{args.samples}: need positions of training games and of held-out games (index ending in 9)')
    parts = {name: (codes[sel], mask[sel], linear[sel], y[sel]) for name, sel in (('fit', ~held), ('held', held))}
    # The network starts with zero output weights: before training, its loss is the linear tables' alone.
    print(f'{int((~held).sum())} training and {int(held.sum())} held-out positions; linear tables alone: '
          f"train {bce(parts['fit'][2], parts['fit'][3]):.4f}, held-out {bce(parts['held'][2], parts['held'][3]):.4f}",
          flush=True)
    if net is not None:
        print(f"{args.measure}: train {quantised_loss(parts['fit'], *net):.4f}, "
              f"held-out {quantised_loss(parts['held'], *net):.4f}")
        return

    rng = np.random.default_rng(args.seed)
    model = Model(args.hidden, rng)
    m1 = {k: np.zeros_like(v) for k, v in model.p.items()}
    m2 = {k: np.zeros_like(v) for k, v in model.p.items()}
    best, step = (np.inf, 0, None), 0
    fc, fm, fl, fy = parts['fit']
    for epoch in range(1, args.epochs + 1):
        start = time.time()
        order = rng.permutation(len(fy))
        rate = args.rate * (0.5 + 0.5 * np.cos(np.pi * (epoch - 1) / args.epochs) if args.schedule == 'cosine' else 1)
        for s in range(0, len(fy), 4096):
            i = order[s:s + 4096]
            g = model.grads(fc[i], fm[i], fl[i], fy[i])
            g['E'] += 2 * args.l2 * model.p['E']
            step += 1
            for k in model.p:
                m1[k] = 0.9 * m1[k] + 0.1 * g[k]
                m2[k] = 0.999 * m2[k] + 0.001 * g[k] ** 2
                model.p[k] -= rate * (m1[k] / (1 - 0.9 ** step)) / (np.sqrt(m2[k] / (1 - 0.999 ** step)) + 1e-8)
        losses = {n: bce(model.forward(c, m, l)[0], t) for n, (c, m, l, t) in parts.items()}
        print(f"epoch {epoch}: train {losses['fit']:.4f}, held-out {losses['held']:.4f} ({time.time() - start:.1f} s)",
              flush=True)
        if losses['held'] < best[0]:
            best = (losses['held'], epoch, {k: v.copy() for k, v in model.p.items()})
    held_loss, epoch, p = best
    emb = np.clip(np.round(p['E'] * Q), -127, 127).astype(int)
    emb[0] = emb[COARSE] = 0  # code 0 (no pattern, or an occupied or forbidden point) is never a feature
    mk, bias, out = np.round(p['M'] * Q).astype(int), np.round(p['b'] * Q).astype(int), np.round(p['v'] * SCALE).astype(int)
    quantised = quantised_loss(parts['held'], emb, mk, bias, out)
    hl, hy = parts['held'][2:]
    command = shlex.join(['python3', 'tools/train_net.py'] + sys.argv[1:])
    note = (f'{int((~held).sum())} training + {int(held.sum())} held-out positions; held-out loss {bce(hl, hy):.4f} '
            f'with the linear tables alone, {held_loss:.4f} with the network (epoch {epoch}), {quantised:.4f} quantised.')
    row = lambda v: '[' + ', '.join(str(int(t)) for t in v) + ']'
    lines = ['//! The evaluation network\'s weights, written by `tools/train_net.py` (do not edit by hand).',
             f'//! Command: {command}'] + ([f'//! Samples: {args.source}'] if args.source else []) + [f'//! {note}', '',
             'use crate::eval::codes::CODES;', 'use crate::eval::learned::MASKS;', '',
             '/// Width of the hidden layer.', f'pub const HIDDEN: usize = {args.hidden};', '',
             '/// Per coarse code: its embedding for the side to move, then for the opponent.', '#[rustfmt::skip]',
             'pub static EMBEDDING: [[[i8; HIDDEN]; 2]; CODES] = [']
    lines += [f'    [{row(emb[c])}, {row(emb[COARSE + c])}],' for c in range(COARSE)]
    lines += ['];', '', '/// Per threat mask.', '#[rustfmt::skip]', 'pub const MASK: [[i16; HIDDEN]; MASKS] = [']
    lines += [f'    {row(r)},' for r in mk]
    lines += ['];', '', '/// Hidden biases.', '#[rustfmt::skip]', f'pub const BIAS: [i16; HIDDEN] = {row(bias)};', '',
              '/// Output weights, in evaluation units per unit of activation.', '#[rustfmt::skip]',
              f'pub const OUT: [i32; HIDDEN] = {row(out)};', '']
    open(args.out, 'w').write('\n'.join(lines))
    print(note)
    print(f'wrote {args.out}')


if __name__ == '__main__':
    try:
        main()
    except InputError as e:
        sys.exit(f'train_net.py: error: {e}')
