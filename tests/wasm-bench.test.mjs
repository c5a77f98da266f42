// tools/wasm_bench.mjs: the page's Benchmark in Node (the web build in www/pkg) and its profile summary.
// Run: `make wasm && node --test tests/wasm-bench.test.mjs` (part of `make test`, beside the long run).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOL = fileURLToPath(new URL('../tools/wasm_bench.mjs', import.meta.url));

test('the benchmark runs the fixed positions and reports the median of its runs', () => {
  const out = execFileSync('node', [TOOL, '2'], { encoding: 'utf8' }).trim().split('\n');
  assert.equal(out.length, 3, out.join('\n'));
  const runs = out.slice(0, 2).map((l) => l.match(/^(\d+) nodes in ([\d.]+) ms$/));
  assert.ok(runs.every(Boolean), out.join('\n'));
  // The same fixed-depth search each time: the same nodes.
  assert.equal(runs[0][1], runs[1][1]);
  assert.ok(Number(runs[0][1]) > 1000, `nodes: ${runs[0][1]}`);
  const median = Number(out[2].match(/^median ([\d.]+) ms over 2 runs$/)?.[1]);
  // Of two runs, the median is the slower (index ⌊2/2⌋ of the sorted times).
  assert.equal(median, Math.max(...runs.map((r) => Number(r[2]))));
});

test('a profile summary gives each function its share of the samples, largest first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-bench-'));
  const file = join(dir, 'p.cpuprofile');
  const node = (id, functionName) => ({ id, callFrame: { functionName } });
  writeFileSync(file, JSON.stringify({
    nodes: [node(1, ''), node(2, 'gomoku::search::negamax::h0123456789abcdef'), node(3, 'undo')],
    samples: [2, 3, 2, 1, 2, 2, 3, 2],
  }));
  const out = execFileSync('node', [TOOL, '--top', file], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(out.map((l) => l.trim()), ['62.5%  gomoku::search::negamax', '25.0%  undo', '12.5%  (anonymous)']);
});

test('a bad run count is an error, not a silent default', () => {
  for (const bad of ['0', '-3', 'many', '2.5']) {
    const r = spawnSync('node', [TOOL, bad], { encoding: 'utf8' });
    assert.notEqual(r.status, 0, `RUNS ${bad}`);
    assert.match(r.stderr, /RUNS must be a positive whole number/);
  }
});
