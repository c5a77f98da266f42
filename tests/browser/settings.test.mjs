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
  assert.equal(await page.inputValue('#level'), 'custom', 'edited settings are a custom level');
  await page.click('#settings-reset');
  assert.deepEqual(
    await Promise.all(['#level', '#ai-type', '#depth', '#width', '#time-ms'].map((s) => page.inputValue(s))),
    ['strong', 'search', '30', '24', '250'],
    'defaults: the Strong level',
  );
  assertNoErrors(errors);
  await context.close();
});

test('levels fill the raw settings from the engine, reach the AI, and editing makes them custom', async () => {
  const { page, context, errors } = await openPage(env);
  const levels = await page.evaluate(async () => {
    const wasm = await import('./pkg/gomoku.js');
    await wasm.default();
    return wasm.levels();
  });
  assert.deepEqual(levels.map((l) => l.name), ['beginner', 'casual', 'strong', 'maximum']);
  assert.equal(await page.inputValue('#level'), 'strong', 'Strong is the default level');
  assert.equal(await page.isChecked('#variety'), true, 'variety is on by default');
  for (const level of levels) {
    await page.selectOption('#level', level.name);
    assert.equal(await page.inputValue('#ai-type'), level.mode, level.name);
    assert.equal(await page.inputValue('#time-ms'), String(level.timeMs), level.name);
    if (level.mode === 'search') {
      assert.equal(await page.inputValue('#depth'), String(level.depth), level.name);
      assert.equal(await page.inputValue('#width'), String(level.width), level.name);
      assert.ok(await page.isVisible('#depth') && await page.isEditable('#depth'), 'depth stays visible and editable');
    }
  }
  await page.selectOption('#level', 'casual');
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  const casual = levels.find((l) => l.name === 'casual');
  assert.match((await lastMoveLog(page))[0].text, new RegExp(`depth ≤ ${casual.depth}, width ${casual.width}, ${casual.timeMs} ms`));
  await setSettings(page, { width: 7 });
  assert.equal(await page.inputValue('#level'), 'custom');
  await page.uncheck('#variety');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#level'), 'custom', 'remembered');
  assert.equal(await page.inputValue('#width'), '7');
  assert.equal(await page.isChecked('#variety'), false, 'variety off is remembered');
  assertNoErrors(errors);
  await context.close();
});
