// Recovery when the search worker misbehaves. The test server wraps the real engine module in a
// small shim that injects faults for two otherwise unused time limits (evaluation-only requests,
// which the helper worker serves, always go to the real engine):
//   timeMs 777: engine.search throws a wasm trap (WebAssembly.RuntimeError), as a Rust panic would;
//   timeMs 888: engine.search reports depth 1 (best move a1), then never returns;
//   timeMs 999: engine.search never returns and reports nothing;
//   evaluate at o15: engine.evaluate throws a wasm trap (in the helper worker).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  startBrowser, openPage, cell, record, moveCount, waitForMoves, waitReady, waitAiIdle, setMode, setSettings, lastMoveLog,
  assertConsistent, assertCanvasMatches, assertNoErrors,
} from './helpers.mjs';
import { WWW } from './server.mjs';

const SHIM = `
import init, * as real from './real-gomoku.js';
export default init;
export const { parseRecord, engineVersion, levels } = real;
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
  evaluate(record, point) {
    if (point === 'o15') throw new WebAssembly.RuntimeError('unreachable (injected trap in evaluate)');
    return super.evaluate(record, point);
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
  await setSettings(page, { depth: 20, width: 12, timeMs: 777 });
  await cell(page, 'h8').click();
  const moves = await waitForMoves(page, 2, 10000);
  assert.match(await page.textContent('#message'), /crashed/);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'crash');
  // The fresh worker searches normally.
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  await cell(page, ['g7', 'j9'].find((p) => !moves.includes(p))).click();
  await waitForMoves(page, 4);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'search');
  assertNoErrors(errors);
  await context.close();
});

test('the watchdog plays the best move so far when a search overruns its time', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 888 });
  const started = Date.now();
  await cell(page, 'h8').click();
  assert.equal(await waitForMoves(page, 2, 10000), 'h8 a1');
  const elapsed = Date.now() - started;
  assert.ok(elapsed > 888 && elapsed < 888 + 1500 + 888 * 0.2 + 1500, `watchdog fired after ${elapsed} ms`);
  assert.match(await page.textContent('#message'), /did not answer in time/);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'timeout');
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  await cell(page, 'g7').click();
  await waitForMoves(page, 4);
  assertNoErrors(errors);
  await context.close();
});

test('Stop before any depth has completed plays an instant evaluation move', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 999 });
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

test('after a crash the game is intact and saved: a reload continues from the same position', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 150 });
  await cell(page, 'h8').click();
  const two = (await waitForMoves(page, 2)).split(' ');
  await waitAiIdle(page);
  await setSettings(page, { depth: 20, width: 12, timeMs: 777 });
  const third = ['g7', 'j9', 'g9'].find((p) => !two.includes(p));
  await cell(page, third).click();
  const four = await waitForMoves(page, 4, 10000);
  await waitAiIdle(page);
  assert.match(await page.textContent('#message'), /crashed twice on this position\. It was restarted/);
  assert.ok(four.startsWith(`${two.join(' ')} ${third} `), 'the moves before the crash are all there');
  await assertConsistent(page, 'after the crash');
  await page.reload();
  await waitReady(page);
  assert.equal(await record(page), four, 'the saved position is the one at the crash');
  await setSettings(page, { depth: 20, width: 12, timeMs: 150 });
  await cell(page, ['f6', 'k10', 'f10'].find((p) => !four.includes(p))).click();
  await waitForMoves(page, 6);
  assert.equal((await lastMoveLog(page)).at(-1).how, 'search', 'a normal search after the reload');
  await assertConsistent(page, 'after the reload');
  assertNoErrors(errors);
  await context.close();
});

test('AI vs AI goes on through repeated crashes, on evaluation moves, and says so', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 777 });
  await setMode(page, 'ava');
  await waitForMoves(page, 4, 20000);
  await page.click('#btn-pause');
  await waitAiIdle(page);
  const moves = await page.$$eval('#search-log li[data-kind="move"]', (l) => l.map((li) => li.dataset.how));
  assert.ok(moves.length >= 4 && moves.every((how) => how === 'crash'), `every move after two crashes: ${moves}`);
  assert.match(await page.textContent('#message'), /crashed twice on this position/);
  await assertConsistent(page, 'after crashes');
  await assertCanvasMatches(page, 'after crashes');
  assert.ok(moveCount(await record(page)) >= 4);
  assertNoErrors(errors);
  await context.close();
});

test('a crash in the evaluation worker is reported; it is restarted and evaluates again', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await cell(page, 'o15').click({ button: 'right' });
  await page.waitForFunction(() => /could not evaluate o15/.test(document.getElementById('eval-note').textContent));
  assert.match(await page.textContent('#message'), /evaluation engine stopped unexpectedly.*restarted/);
  await cell(page, 'h9').click({ button: 'right' });
  await page.waitForSelector('#eval-panel[data-point="h9"] table');
  // And the game goes on.
  await setSettings(page, { depth: 20, width: 12, timeMs: 150 });
  await cell(page, 'j10').click();
  await waitForMoves(page, 4);
  await assertConsistent(page, 'after the helper crash');
  assertNoErrors(errors);
  await context.close();
});
