// AI settings: they reach the engine (the search log shows it), are clamped, and are remembered.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, waitForMoves, waitReady, setSettings, lastMoveLog, assertNoErrors } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('depth and width change what the AI searches', async () => {
  const { page, context, errors } = await openPage(env);

  await setSettings(page, { depth: 2, width: 3, timeMs: 2000 });
  await cell(page, 'h8').click();
  const two = await waitForMoves(page, 2);
  const shallow = await lastMoveLog(page);
  assert.match(shallow[0].text, /depth ≤ 2, width 3, 2000 ms/);
  const shallowDepths = shallow.filter((l) => l.kind === 'depth').map((l) => l.depth);
  assert.ok(shallowDepths.length > 0, 'at least one depth completed');
  assert.ok(Math.max(...shallowDepths) <= 2, `depths ${shallowDepths} should stop at 2`);

  await page.click('#btn-undo');
  await setSettings(page, { depth: 8, width: 15, timeMs: 1000 });
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  const deeper = await lastMoveLog(page);
  assert.match(deeper[0].text, /depth ≤ 8, width 15, 1000 ms/);
  const deeperDepths = deeper.filter((l) => l.kind === 'depth').map((l) => l.depth);
  assert.ok(Math.max(...deeperDepths) > 2, `depths ${deeperDepths} should go past 2`);
  assert.ok(two.startsWith('h8 '));

  await page.click('#btn-undo');
  await setSettings(page, { aiType: 'eval' });
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  const evalOnly = await lastMoveLog(page);
  assert.match(evalOnly[0].text, /evaluation only/);
  assertNoErrors(errors);
  await context.close();
});

test('values are clamped, explained, and remembered across reloads', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 99 });
  assert.equal(await page.inputValue('#depth'), '30');
  assert.match(await page.textContent('#settings-note'), /Search depth set to 30/);
  await setSettings(page, { width: 0, timeMs: 5 });
  assert.equal(await page.inputValue('#width'), '1');
  assert.equal(await page.inputValue('#time-ms'), '10');
  await setSettings(page, { width: 9, timeMs: 750, aiType: 'eval' });
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#depth'), '30');
  assert.equal(await page.inputValue('#width'), '9');
  assert.equal(await page.inputValue('#time-ms'), '750');
  assert.equal(await page.inputValue('#ai-type'), 'eval');
  await page.click('#settings-reset');
  assert.deepEqual(
    await Promise.all(['#ai-type', '#depth', '#width', '#time-ms'].map((s) => page.inputValue(s))),
    ['search', '20', '12', '1000'],
  );
  assertNoErrors(errors);
  await context.close();
});
