// Rules in the page: the rule choice, renju's forbidden points for black (marked, named, refused), links and
// saved games that carry the rule, and the AI never playing a forbidden point.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, record, waitReady, waitForMoves, waitAiIdle, setMode, setSettings, assertNoErrors } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// After these moves black is to move and h8 is a double three (h9 h10 with the column, i8 j8 with the row).
const DOUBLE_THREE = ['h9', 'a1', 'h10', 'a3', 'i8', 'a5', 'j8', 'o15'];
const marks = (page) => page.getAttribute('#board-grid', 'data-forbidden');

async function playAll(page, points) {
  for (const [i, point] of points.entries()) {
    await cell(page, point).click();
    await waitForMoves(page, i + 1);
  }
}

test('under renju a double-three point is marked while black is to move and a click on it is refused', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  await page.selectOption('#rule', 'renju'); // empty board: no question asked
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'renju');
  await playAll(page, DOUBLE_THREE.slice(0, 7));
  assert.equal(await marks(page), '', 'white to move: no marks');
  await cell(page, 'o15').click();
  await waitForMoves(page, 8);
  assert.equal(await marks(page), 'h8', 'black to move: h8 is marked');
  assert.match(await cell(page, 'h8').getAttribute('aria-label'), /^h8 empty, forbidden: 三三禁手 double three$/);
  await cell(page, 'h8').click();
  assert.match(await page.textContent('#message'), /h8 is forbidden to Black under renju: 三三禁手 double three/);
  assert.equal(await record(page), DOUBLE_THREE.join(' '), 'the move was not played');
  // The toggle hides the marks (the cell still says it); white to move hides them too.
  await page.uncheck('#show-forbidden');
  assert.equal(await marks(page), '');
  assert.match(await cell(page, 'h8').getAttribute('aria-label'), /forbidden/);
  await page.check('#show-forbidden');
  await cell(page, 'c13').click();
  await waitForMoves(page, 9);
  assert.equal(await marks(page), '', 'white to move again: no marks');
  // Right-click evaluation of the point for black says it is forbidden (black to move again after white's reply).
  await cell(page, 'a7').click();
  await waitForMoves(page, 10);
  assert.equal(await marks(page), 'h8');
  await cell(page, 'h8').click({ button: 'right' });
  await page.waitForSelector('#eval-panel[data-forbidden="double three"]');
  assert.match(await page.textContent('#eval-note'), /forbidden: 三三禁手 double three/);
  assertNoErrors(errors);
  await context.close();
});

test('freestyle does not refuse the same point, and changing the rule mid-game asks first', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  await playAll(page, DOUBLE_THREE);
  assert.equal(await marks(page), '');
  page.once('dialog', (d) => d.dismiss());
  await page.selectOption('#rule', 'renju');
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'freestyle', 'declined: the game keeps its rule');
  assert.equal(await page.inputValue('#rule'), 'freestyle');
  assert.equal(await record(page), DOUBLE_THREE.join(' '));
  page.once('dialog', (d) => d.accept());
  await page.selectOption('#rule', 'renju');
  await waitForMoves(page, 0);
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'renju', 'accepted: a new game under renju');
  assertNoErrors(errors);
  await context.close();
});

test('a renju link round-trips and a link with a forbidden black move is refused with its move number', async () => {
  const link = `#rule=renju&moves=${DOUBLE_THREE.join(',')}`;
  const { page, context, errors } = await openPage(env, { hash: link });
  await setMode(page, 'hvh');
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'renju');
  assert.equal(await record(page), DOUBLE_THREE.join(' '));
  assert.ok(page.url().endsWith(link), page.url());
  assert.equal(await marks(page), 'h8');
  // Reload from the address: same game, same rule.
  await page.goto(page.url());
  await waitReady(page);
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'renju');
  assert.equal(await record(page), DOUBLE_THREE.join(' '));
  // A link whose 9th move is black's forbidden h8.
  await page.evaluate((h) => { location.hash = h; }, `rule=renju&moves=${[...DOUBLE_THREE, 'h8'].join(',')}`);
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /move 9 \(h8\) is forbidden to Black under renju: 三三禁手 double three/);
  assert.equal(await record(page), DOUBLE_THREE.join(' '), 'the game is unchanged');
  // A pasted record too.
  await page.fill('#record-input', [...DOUBLE_THREE, 'h8'].join(' '));
  await page.click('#btn-load');
  assert.match(await page.textContent('#record-note'), /move 9 \(h8\) is forbidden/);
  // Without a rule a link is freestyle.
  await page.evaluate((h) => { location.hash = h; }, `moves=${[...DOUBLE_THREE, 'h8'].join(',')}`);
  await waitForMoves(page, 9);
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'freestyle');
  assertNoErrors(errors);
  await context.close();
});

test('an old (version 1) saved game loads as freestyle; a renju game is saved with its rule', async () => {
  const { page, context, errors } = await openPage(env);
  await page.evaluate((moves) => localStorage.setItem('gomoku.game',
    JSON.stringify({ version: 1, moves, mode: 'hvh', humanColor: 'black' })), DOUBLE_THREE.join(' '));
  await page.goto(env.server.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'freestyle');
  assert.equal(await record(page), DOUBLE_THREE.join(' '));
  assert.equal(await page.inputValue('#rule'), 'freestyle');
  page.once('dialog', (d) => d.accept());
  await page.selectOption('#rule', 'standard');
  await waitForMoves(page, 0);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('gomoku.game')));
  assert.deepEqual(saved, { version: 2, moves: '', mode: 'hvh', humanColor: 'black', rule: 'standard' });
  await page.goto(env.server.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('#app', 'data-rule'), 'standard');
  assertNoErrors(errors);
  await context.close();
});

test('the AI as black under renju does not play the forbidden point that wins in freestyle', async () => {
  for (const [rule, expectH8] of [['freestyle', true], ['renju', false]]) {
    const hash = `${rule === 'renju' ? 'rule=renju&' : ''}moves=${DOUBLE_THREE.join(',')}`;
    const { page, context, errors } = await openPage(env, { hash: `#${hash}` });
    await setSettings(page, { timeMs: 500 });
    await setMode(page, 'hva-white'); // the AI plays black, and black is to move
    const after = await waitForMoves(page, DOUBLE_THREE.length + 1);
    await waitAiIdle(page);
    const move = after.split(' ').at(-1);
    assert.equal(move === 'h8', expectH8, `${rule}: the AI played ${move}`);
    assertNoErrors(errors);
    await context.close();
  }
});

test('the win banner and the win line follow the rule: overlines under standard and renju', async () => {
  // Black's 11th move h8 makes six in a row (e8-j8); white's 12th move h8 makes six in a row too.
  const blackSix = ['e8', 'a1', 'f8', 'a3', 'g8', 'a5', 'i8', 'a7', 'j8', 'a9', 'h8'];
  const whiteSix = ['a1', 'e8', 'c1', 'f8', 'e1', 'g8', 'a3', 'i8', 'c3', 'j8', 'o1', 'h8'];
  const cases = [
    ['freestyle', blackSix, 'black'],
    ['standard', blackSix, null],
    ['standard', whiteSix, null],
    ['renju', whiteSix, 'white'],
  ];
  for (const [rule, moves, winner] of cases) {
    // Two players first, then the link: with the AI as white it could answer before the mode changed.
    const { page, context, errors } = await openPage(env);
    await setMode(page, 'hvh');
    await page.evaluate((h) => { location.hash = h; }, `rule=${rule}&moves=${moves.join(',')}`);
    await waitForMoves(page, moves.length);
    const what = `${rule}, ${moves === blackSix ? 'black' : 'white'}'s six`;
    assert.equal(await page.getAttribute('#app', 'data-rule'), rule, what);
    assert.equal(await record(page), moves.join(' '), what);
    const label = await cell(page, 'h8').getAttribute('aria-label');
    if (winner) {
      await page.waitForSelector('#banner:not([hidden])');
      assert.equal(await page.getAttribute('#banner', 'data-result'), winner, what);
      assert.match(await page.textContent('#banner-text'), new RegExp(`${winner === 'black' ? 'Black' : 'White'} wins`), what);
      assert.match(label, /winning line/, what);
    } else {
      // No win: no banner, no win line, and the game goes on.
      assert.equal(await page.isHidden('#banner'), true, what);
      assert.doesNotMatch(label, /winning line/, what);
      await cell(page, 'o15').click();
      await waitForMoves(page, moves.length + 1);
    }
    assertNoErrors(errors);
    await context.close();
  }
  // Under renju black's six is no win either: it is a forbidden point, and the link is refused with the reason.
  const { page, context, errors } = await openPage(env, { hash: `#rule=renju&moves=${blackSix.join(',')}` });
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /move 11 \(h8\) is forbidden to Black under renju: 长连禁手 overline/);
  assert.equal(await page.isHidden('#banner'), true);
  assertNoErrors(errors);
  await context.close();
});

test('clicks on double-four and overline points are refused with their reasons', async () => {
  const cases = [
    // ●_●●●_● along row 8 once h8 is played: two fours in one line.
    [['e8', 'a1', 'g8', 'a3', 'i8', 'a5', 'k8', 'a7'], '四四禁手 double four'],
    // e8 f8 g8 _ i8 j8: h8 makes six.
    [['e8', 'a1', 'f8', 'a3', 'g8', 'a5', 'i8', 'a7', 'j8', 'a9'], '长连禁手 overline'],
  ];
  for (const [moves, reason] of cases) {
    const { page, context, errors } = await openPage(env, { hash: `#rule=renju&moves=${moves.join(',')}` });
    await setMode(page, 'hvh');
    assert.equal(await marks(page), 'h8', reason);
    assert.equal(await cell(page, 'h8').getAttribute('aria-label'), `h8 empty, forbidden: ${reason}`);
    await cell(page, 'h8').click();
    assert.match(await page.textContent('#message'), new RegExp(`h8 is forbidden to Black under renju: ${reason}`));
    assert.equal(await record(page), moves.join(' '), 'the move was not played');
    assertNoErrors(errors);
    await context.close();
  }
});
