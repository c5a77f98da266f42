// Board set-up: stones of either colour placed and removed, the side to move chosen (white first is fine),
// a bad position refused with a clear message and the game untouched, and play continuing from a good one;
// the set-up travels in the record and the link.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, waitReady, cell, record, setSettings, waitAiIdle, assertNoErrors } from './helpers.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('set up a position with white to move; the AI (white) plays from it and the link keeps it', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 200 });
  await page.click('#btn-setup');
  await page.check('#setup-black');
  for (const p of ['h8', 'h9', 'h10']) await cell(page, p).click();
  await page.check('#setup-white');
  await cell(page, 'i9').click();
  await cell(page, 'a1').click();
  await page.check('#setup-erase');
  await cell(page, 'a1').click(); // removed again
  await page.selectOption('#setup-to-move', 'white');
  assert.match(await cell(page, 'h10').getAttribute('aria-label'), /^h10 black/);
  assert.match(await cell(page, 'a1').getAttribute('aria-label'), /^a1 empty/);
  await page.screenshot({ path: `${ARTIFACTS}setup.png` });
  assert.equal(await record(page), '', 'editing leaves the game alone until Done');

  // 3 black and 1 white cannot have white to move: refused, editor stays open.
  await page.click('#btn-setup-done');
  assert.match(await page.textContent('#setup-note'), /cannot be played: .*3 black and 1 white stones cannot have white to move/);
  assert.equal(await page.isVisible('#btn-setup-done'), true);
  await page.check('#setup-white');
  await cell(page, 'o15').click();
  await page.click('#btn-setup-done');
  assert.match(await page.textContent('#setup-note'), /white to move/);
  // You are Black: the AI plays White's move from the set-up; it must stop the open three.
  await page.waitForFunction(() => /to:white \w+/.test(document.getElementById('app').dataset.record), null, { timeout: 15000 });
  await waitAiIdle(page);
  const rec = await record(page);
  assert.match(rec, /^b:h8 b:h9 b:h10 w:i9 w:o15 to:white (h7|h11|h6|h12)$/, rec);
  assert.equal(await page.locator('#move-list li').count(), 1);
  assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /^#moves=b:h8,b:h9,b:h10,w:i9,w:o15,to:white,/);

  // The game with its set-up is saved like any other: a reload brings it back.
  await page.reload();
  await waitReady(page);
  assert.equal(await record(page), rec, 'restored after a reload');
  // The link reopens the same set-up and moves.
  const { page: page2, context: context2, errors: errors2 } = await openPage(env, { hash: await page.evaluate(() => location.hash) });
  assert.equal(await record(page2), rec);
  assert.match(await cell(page2, 'i9').getAttribute('aria-label'), /^i9 white/);
  assertNoErrors(errors2);
  await context2.close();
  assertNoErrors(errors);
  await context.close();
});

test('on a phone the set-up controls come right under the board while editing, and go back after', async () => {
  const { page, context, errors } = await openPage(env, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const top = (selector) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(await top('#setup-panel') > await top('#analysis-panel'), 'closed: after the analysis panel, as in the page');
  await page.click('#btn-setup');
  const board = await page.locator('.play').evaluate((el) => el.getBoundingClientRect().bottom);
  const setupTop = await top('#setup-panel');
  assert.ok(setupTop >= board, 'below the board');
  for (const other of ['#analysis-panel', '#review-panel']) {
    assert.ok(setupTop < await top(other), `editing: above ${other}`);
  }
  await page.click('#btn-setup-cancel');
  assert.ok(await top('#setup-panel') > await top('#analysis-panel'), 'closed again: back in its place');
  assertNoErrors(errors);
  await context.close();
});

test('a set-up with a five on the board is refused; an empty board with white first is fine', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await page.selectOption('#mode', 'hvh');
  await page.click('#btn-setup');
  // The game under the editor is not on show: Undo and Redo wait until the editor is closed.
  assert.equal(await page.isDisabled('#btn-undo'), true);
  assert.equal(await page.isDisabled('#btn-redo'), true);
  await page.click('#btn-setup-clear');
  for (const p of ['a1', 'a2', 'a3', 'a4', 'a5']) await cell(page, p).click();
  await page.check('#setup-white');
  for (const p of ['c1', 'c2', 'c3', 'c4', 'c5']) await cell(page, p).click();
  await page.click('#btn-setup-done');
  assert.match(await page.textContent('#setup-note'), /cannot be played/);
  assert.equal(await record(page), 'h8 i9', 'the game is untouched');
  await page.click('#btn-setup-clear');
  await page.selectOption('#setup-to-move', 'white');
  await page.click('#btn-setup-done');
  assert.equal(await record(page), 'to:white');
  await cell(page, 'h8').click();
  assert.match(await cell(page, 'h8').getAttribute('aria-label'), /^h8 white, move 1/);
  assertNoErrors(errors);
  await context.close();
});

test('malformed set-up records and links are refused with the reason; the game stays as it was', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await page.selectOption('#mode', 'hvh');
  for (const [bad, reason] of [
    ['b:h8 b:z99 to:white', /set-up position is not valid: bad point/],
    ['b:h8 b:h9 to:black', /2 black and 0 white stones cannot have black to move/],
    ['to:purple h8', /unknown side/],
    ['h8 b:i9', /comes after the moves/],
    ['b:h8 w:h8', /already occupied|h8/],
    ['b:a1 b:a2 b:a3 b:a4 b:a5 w:c1 w:c2 w:c3 w:c4 w:c6 to:white', /not valid/],
    ['x:h8', /unknown part/],
  ]) {
    await page.fill('#record-input', bad);
    await page.click('#btn-load');
    const note = await page.textContent('#record-note');
    assert.match(note, reason, bad);
    assert.match(note, /unchanged/, bad);
    assert.equal(await record(page), 'h8 i9', `game intact after "${bad}"`);
  }
  // The same as a link.
  await page.evaluate(() => { location.hash = 'moves=b:h8,b:h9,to:black'; });
  await page.waitForFunction(() => /could not load the link/i.test(document.getElementById('message').textContent));
  assert.match(await page.textContent('#message'), /cannot have black to move/);
  assert.equal(await record(page), 'h8 i9');
  assert.match(page.url(), /#moves=h8,i9$/, 'the address bar shows the game again');
  assertNoErrors(errors);
  await context.close();
});

test('refusals are in the page\'s language: set-up, link, pasted record and saved game; a switch follows', async () => {
  const { page, context, errors } = await openPage(env, { query: '?lang=zh', hash: '#moves=h8,i9' });
  await page.selectOption('#mode', 'hvh');
  const english = /occupied|stones|cannot|black|white|move \d/i;
  // A set-up that is not a position: 3 black and 1 white with white to move.
  await page.click('#btn-setup');
  await page.click('#btn-setup-clear');
  for (const p of ['h8', 'h9', 'h10']) await cell(page, p).click();
  await page.check('#setup-white');
  await cell(page, 'i9').click();
  await page.selectOption('#setup-to-move', 'white');
  await page.click('#btn-setup-done');
  let note = await page.textContent('#setup-note');
  // Said once: the editor's own words, then the problem (not "invalid: invalid: …").
  assert.match(note, /^该局面无法对弈：黑棋 3 子、白棋 1 子时不可能轮到白方走/, note);
  assert.doesNotMatch(note, english, note);
  // The language switch relabels the refusal shown, and back.
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('#setup-note'),
    'This position cannot be played: 3 black and 1 white stones cannot have white to move. Change it and press Done again.');
  await page.selectOption('#lang', 'zh');
  assert.equal(await page.textContent('#setup-note'), note);
  await page.click('#btn-setup-cancel');

  // A link with an occupied point.
  await page.evaluate(() => { location.hash = 'moves=h8,i9,h8'; });
  await page.waitForFunction(() => /无法载入链接/.test(document.getElementById('message').textContent));
  const message = await page.textContent('#message');
  assert.match(message, /第 3 手（h8）已有棋子/, message);
  assert.doesNotMatch(message, english, message);
  assert.equal(await record(page), 'h8 i9');
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('#message'),
    'Could not load the link: h8 is already occupied (move 3). The current game is unchanged.');
  await page.selectOption('#lang', 'zh');

  // Pasted records: a bad point, a set-up with a point twice, a move after the end.
  for (const [bad, chinese] of [
    ['h8 z99', /第 2 手的点“z99”无效/],
    ['b:h8 w:h8', /摆出的局面无效：h8 上放了两个棋子/],
    ['h8 a1 h9 a2 h10 a3 h11 a4 h12 a5', /第 10 手之前对局已经结束/],
    ['b:a1 b:a2 b:a3 b:a4 b:a5 w:c1 w:c2 w:c3 w:c4 w:c6 to:white', /黑方已经连成五子（经过 a\d）/],
  ]) {
    await page.fill('#record-input', bad);
    await page.click('#btn-load');
    note = await page.textContent('#record-note');
    assert.match(note, chinese, note);
    assert.match(note, /当前对局未改变/);
    assert.doesNotMatch(note, english, note);
  }
  assert.equal(await record(page), 'h8 i9');

  // A saved game that is not a legal game, and a link with a bad set-up, on opening the page.
  await page.evaluate(() => localStorage.setItem('gomoku.game', JSON.stringify({
    version: 2, moves: 'h8 i9 h8', mode: 'hvh', humanColor: 'black', rule: 'freestyle',
  })));
  await page.goto('about:blank'); // a real reload (only the hash changing would be a link in the same page)
  await page.goto(`${env.server.url}?lang=zh#moves=b:h8,b:h9,to:black`);
  await waitReady(page);
  const opened = await page.textContent('#message');
  assert.match(opened, /保存的对局无法使用：着法不是合法的对局：第 3 手（h8）已有棋子/, opened);
  assert.match(opened, /链接中的局面无法载入：摆出的局面无效：黑棋 2 子、白棋 0 子时不可能轮到黑方走/, opened);
  assert.doesNotMatch(opened, english, opened);
  await page.selectOption('#lang', 'en');
  const relabelled = await page.textContent('#message');
  assert.match(relabelled, /The saved game could not be used: its moves are not a legal game: h8 is already occupied \(move 3\)/);
  assert.match(relabelled, /The position in the link could not be loaded: the set-up position is not valid: 2 black and 0 white stones cannot have black to move/);
  assertNoErrors(errors);
  await context.close();
});
