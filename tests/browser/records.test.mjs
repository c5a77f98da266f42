// Games kept and shared: the end of a game, records pasted and in the URL, bad records,
// saved games across reloads; also two-player and AI-vs-AI modes. (Corrupt saved state: storage.test.mjs.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startBrowser, openPage, cell, record, moveCount, waitForMoves, waitReady, setMode, setSettings, assertNoErrors,
} from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a won game shows the banner, highlights the five and refuses further moves', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  for (const point of ['h8', 'a1', 'i8', 'a2', 'j8', 'a3', 'k8', 'a4']) await cell(page, point).click();
  assert.equal(await page.isHidden('#banner'), true);
  await cell(page, 'l8').click();
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner-text'), /Black wins in 5 moves/);
  for (const point of ['h8', 'i8', 'j8', 'k8', 'l8']) {
    assert.match(await cell(page, point).getAttribute('aria-label'), /winning line/);
  }
  const before = await record(page);
  await cell(page, 'a5').click();
  assert.equal(await record(page), before, 'no move after the end');
  assert.match(await page.textContent('#message'), /game is over/);
  // Undo reopens the game; the banner goes away.
  await page.click('#btn-undo');
  assert.equal(await page.isHidden('#banner'), true);
  assert.equal(moveCount(await record(page)), 8);
  assertNoErrors(errors);
  await context.close();
});

test('a full board without five is a draw', async () => {
  // Colouring (x + 2y) mod 4 < 2 has no run longer than two in any direction: 113 black, 112 white.
  const black = [];
  const white = [];
  for (let y = 0; y < 15; y++) {
    for (let x = 0; x < 15; x++) ((x + 2 * y) % 4 < 2 ? black : white).push(`${'abcdefghijklmno'[x]}${y + 1}`);
  }
  const moves = black.flatMap((b, i) => (i < white.length ? [b, white[i]] : [b]));
  const { page, context, errors } = await openPage(env, { hash: `#moves=${moves.join(',')}` });
  assert.equal(moveCount(await record(page)), 225);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner-text'), /Draw/);
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'idle');
  assertNoErrors(errors);
  await context.close();
});

test('a link with #moves= opens that position, and the URL follows the game', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9,h9,i10' });
  assert.equal(await record(page), 'h8 i9 h9 i10');
  assert.match(await cell(page, 'i10').getAttribute('aria-label'), /^i10 white, move 4, last move/);
  await setMode(page, 'hvh');
  await cell(page, 'h10').click();
  assert.match(page.url(), /#moves=h8,i9,h9,i10,h10$/);
  // A won position from a link shows the result at once.
  await page.goto(`${env.server.url}#moves=h8,a1,h9,a2,h10,a3,h11,a4,h12`);
  await waitReady(page);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner-text'), /wins in 5 moves/);
  assertNoErrors(errors);
  await context.close();
});

test('a pasted record is loaded; a bad one is refused and leaves the game intact', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  await page.fill('#record-input', '1. H8 2. i9  3. h10, i11');
  await page.click('#btn-load');
  assert.equal(await record(page), 'h8 i9 h10 i11');
  assert.match(await page.textContent('#record-note'), /Loaded 4 moves/);
  assert.equal(await page.locator('#move-list li').count(), 4);

  for (const [bad, reason] of [['h8 h8', /already occupied/], ['h8 z99', /bad point/], ['h8 a1 h9 a2 h10 a3 h11 a4 h12 a5', /already over/]]) {
    await page.fill('#record-input', bad);
    await page.click('#btn-load');
    assert.match(await page.textContent('#record-note'), reason);
    assert.match(await page.textContent('#record-note'), /unchanged/);
    assert.equal(await record(page), 'h8 i9 h10 i11', `game intact after "${bad}"`);
  }

  // A bad link is refused the same way.
  await page.evaluate(() => { location.hash = 'moves=h8,h8'; });
  await page.waitForFunction(() => /could not load the link/i.test(document.getElementById('message').textContent));
  assert.equal(await record(page), 'h8 i9 h10 i11');
  assert.match(page.url(), /#moves=h8,i9,h10,i11$/, 'the address bar shows the game again');
  assertNoErrors(errors);
  await context.close();
});

test('the game is saved and restored on reload', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  for (const point of ['h8', 'g7', 'j9']) await cell(page, point).click();
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('gomoku.game')));
  assert.deepEqual(saved, { version: 2, moves: 'h8 g7 j9', mode: 'hvh', humanColor: 'black', rule: 'freestyle' });
  await page.goto(env.server.url); // no hash: the saved game is used
  await waitReady(page);
  assert.equal(await record(page), 'h8 g7 j9');
  assert.equal(await page.inputValue('#mode'), 'hvh');
  assertNoErrors(errors);
  await context.close();
});

test('AI vs AI can be paused, stepped and resumed; you can play White', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 4, timeMs: 100 });
  await setMode(page, 'ava');
  await waitForMoves(page, 3, 10000);
  await page.click('#btn-pause');
  await page.waitForSelector('#app[data-ai-state="idle"]');
  const paused = moveCount(await record(page));
  await page.waitForTimeout(900);
  assert.equal(moveCount(await record(page)), paused, 'no moves while paused');
  await page.click('#btn-step');
  await waitForMoves(page, paused + 1);
  await page.waitForTimeout(900);
  assert.equal(moveCount(await record(page)), paused + 1, 'Step plays exactly one move');
  await page.click('#btn-pause'); // Resume
  await waitForMoves(page, paused + 3, 10000);

  // You as White: the AI opens.
  await setMode(page, 'hva-white');
  await page.click('#btn-new');
  const first = await waitForMoves(page, 1);
  assert.match(await page.textContent('#status'), /Your move \(White\)/);
  assert.equal(await page.isDisabled('#btn-undo'), true, 'nothing of yours to take back');
  assert.ok(first.length >= 2);
  assertNoErrors(errors);
  await context.close();
});
