// Playing against the AI: clicks, the AI's reply and its time limit, a responsive page while it
// thinks, Stop, undo/redo (also while it thinks).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startBrowser, openPage, cell, record, waitForMoves, waitAiIdle, setSettings, lastMoveLog, assertNoErrors,
} from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('opens ready to play as Black against the AI', async () => {
  const { page, context, errors } = await openPage(env);
  assert.equal(await page.inputValue('#mode'), 'hva-black');
  assert.equal(await record(page), '');
  assert.match(await page.textContent('#status'), /Your move \(Black\)/);
  assert.equal(await page.locator('[role="grid"] [role="gridcell"]').count(), 225);
  assert.equal(await cell(page, 'h8').getAttribute('aria-label'), 'h8 empty');
  assertNoErrors(errors);
  await context.close();
});

test('a click plays, the AI answers in time and the page stays responsive meanwhile', async () => {
  const { page, context, errors } = await openPage(env);
  const timeMs = 1500;
  await setSettings(page, { depth: 20, width: 12, timeMs });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  const started = Date.now();
  assert.match(await cell(page, 'h8').getAttribute('aria-label'), /^h8 black/);

  // While the worker searches, the main thread keeps running: the clock ticks, keys move focus,
  // and a round trip into the page is quick.
  const clock1 = await page.textContent('#clock');
  await page.waitForTimeout(350);
  const clock2 = await page.textContent('#clock');
  assert.notEqual(clock1, clock2, 'the thinking clock should tick');
  await cell(page, 'h8').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.point), 'i8');
  const t0 = Date.now();
  await page.evaluate(() => 1 + 1);
  assert.ok(Date.now() - t0 < 250, 'page answers within 250 ms while the AI thinks');
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'thinking', 'still thinking during the checks');

  const moves = await waitForMoves(page, 2, timeMs + 5000);
  const elapsed = Date.now() - started;
  assert.ok(elapsed < timeMs + 2500, `AI answered in ${elapsed} ms, limit ${timeMs} ms`);
  const reply = moves.split(' ')[1];
  assert.match(await cell(page, reply).getAttribute('aria-label'), new RegExp(`^${reply} white, move 2, last move`));
  const log = await lastMoveLog(page);
  assert.ok(log.some((l) => l.kind === 'depth'), 'the log shows completed depths');
  assert.equal(log.at(-1).kind, 'move');
  assert.match(log.at(-1).text, new RegExp(`→ ${reply}`));
  assert.match(await page.textContent('#status'), /Your move \(Black\)/);
  assertNoErrors(errors);
  await context.close();
});

test('undo takes back the AI reply and your move; redo brings both back', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  await cell(page, 'h8').click();
  const two = await waitForMoves(page, 2);
  await waitAiIdle(page);
  await page.click('#btn-undo');
  assert.equal(await record(page), '');
  assert.equal(await page.isDisabled('#btn-undo'), true);
  await page.click('#btn-redo');
  assert.equal(await record(page), two);
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'idle', 'redo does not make the AI move again');
  assert.equal(await page.isDisabled('#btn-redo'), true);
  assertNoErrors(errors);
  await context.close();
});

test('undo while the AI is thinking stops it and takes back your move', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 30000 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  await page.waitForTimeout(200);
  await page.click('#btn-undo');
  assert.equal(await record(page), '');
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'idle');
  await page.waitForTimeout(800);
  assert.equal(await record(page), '', 'the cancelled search does not play later');
  // And the AI still works afterwards.
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  await cell(page, 'g7').click();
  await waitForMoves(page, 2);
  assertNoErrors(errors);
  await context.close();
});

test('Stop makes the AI play its best move so far', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 30, width: 12, timeMs: 60000 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  assert.equal(await page.isEnabled('#btn-stop'), true);
  // Let a few depths complete so that there is a best move so far.
  await page.waitForSelector('#search-log li[data-kind="depth"]', { timeout: 10000 });
  const stopped = Date.now();
  await page.click('#btn-stop');
  const moves = await waitForMoves(page, 2, 5000);
  assert.ok(Date.now() - stopped < 3000, 'the move comes right after Stop');
  const log = await lastMoveLog(page);
  const last = log.at(-1);
  assert.equal(last.kind, 'move');
  assert.equal(last.how, 'stopped');
  const lastDepth = log.filter((l) => l.kind === 'depth').at(-1);
  assert.equal(lastDepth.pv.split(' ')[0], moves.split(' ')[1], 'plays pv[0] of the last completed depth');
  assert.equal(await page.isDisabled('#btn-stop'), true);

  // A fresh worker answers the next move.
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  const free = ['g7', 'g9', 'j7', 'j9', 'f6'].find((p) => !moves.split(' ').includes(p));
  await cell(page, free).click();
  await waitForMoves(page, 4);
  assertNoErrors(errors);
  await context.close();
});
