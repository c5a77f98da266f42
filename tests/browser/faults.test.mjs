// Recovery when the search worker misbehaves. The test server wraps the real engine module in a
// small shim that injects faults for two otherwise unused time limits (evaluation-only requests,
// which the helper worker serves, always go to the real engine):
//   timeMs 777: engine.search throws a wasm trap (WebAssembly.RuntimeError), as a Rust panic would;
//   timeMs 888: engine.search reports depth 1 (best move a1), then never returns;
//   timeMs 999: engine.search never returns and reports nothing.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startBrowser, openPage, cell, waitForMoves, setSettings, lastMoveLog, assertNoErrors } from './helpers.mjs';
import { WWW } from './server.mjs';

const SHIM = `
import init, * as real from './real-gomoku.js';
export default init;
export const { parseRecord, engineVersion } = real;
export class Engine extends real.Engine {
  search(record, options, onProgress) {
    if (options?.mode !== 'eval' && options?.timeMs === 777) {
      throw new WebAssembly.RuntimeError('unreachable (injected trap)');
    }
    if (options?.mode !== 'eval' && options?.timeMs === 888) {
      onProgress?.({ depth: 1, score: 0, scoreText: '+0', nodes: 1, timeMs: 1, nps: 1, pv: ['a1'] });
      for (;;) {}
    }
    if (options?.mode !== 'eval' && options?.timeMs === 999) {
      for (;;) {}
    }
    return super.search(record, options, onProgress);
  }
}
`;

let env;
before(async () => {
  const real = await readFile(`${WWW}pkg/gomoku.js`, 'utf8');
  env = await startBrowser({ overrides: { '/pkg/gomoku.js': SHIM, '/pkg/real-gomoku.js': real } });
});
after(async () => { await env?.close(); });

test('a worker that traps is restarted, and the AI still moves', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 777 });
  await cell(page, 'h8').click();
  const moves = await waitForMoves(page, 2, 10000);
  assert.match(await page.textContent('#message'), /crashed/);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'crash');
  // The fresh worker searches normally.
  await setSettings(page, { timeMs: 200 });
  await cell(page, ['g7', 'j9'].find((p) => !moves.includes(p))).click();
  await waitForMoves(page, 4);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'search');
  assertNoErrors(errors);
  await context.close();
});

test('the watchdog plays the best move so far when a search overruns its time', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 888 });
  const started = Date.now();
  await cell(page, 'h8').click();
  assert.equal(await waitForMoves(page, 2, 10000), 'h8 a1');
  const elapsed = Date.now() - started;
  assert.ok(elapsed > 888 && elapsed < 888 + 1500 + 888 * 0.2 + 1500, `watchdog fired after ${elapsed} ms`);
  assert.match(await page.textContent('#message'), /did not answer in time/);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'timeout');
  await setSettings(page, { timeMs: 200 });
  await cell(page, 'g7').click();
  await waitForMoves(page, 4);
  assertNoErrors(errors);
  await context.close();
});

test('Stop before any depth has completed plays an instant evaluation move', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 999 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  await page.waitForTimeout(300);
  const stopped = Date.now();
  await page.click('#btn-stop');
  const moves = await waitForMoves(page, 2, 5000);
  assert.ok(Date.now() - stopped < 2000, 'the move comes right after Stop');
  const last = (await lastMoveLog(page)).at(-1);
  assert.equal(last.how, 'stopped');
  assert.match(last.text, /instant evaluation move/);
  assert.notEqual(moves.split(' ')[1], 'a1');
  assertNoErrors(errors);
  await context.close();
});
