// The page under stress: rapid clicks while the AI thinks, undo / redo / new game during a search,
// settings and mode changed mid-search, reloads mid-game and mid-search, and a seeded random "monkey"
// mixing all of it. After every step the ARIA grid, the move list, the record, the saved game and the
// address bar must agree (assertConsistent), the canvas must show the same stones (assertCanvasMatches),
// a cancelled search must never play later, and there must be no console error, page error or CSP violation.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startBrowser, openPage, cell, record, moveCount, waitForMoves, waitReady, waitAiIdle, setMode, setSettings,
  lastMoveLog, assertConsistent, assertCanvasMatches, assertNoErrors,
} from './helpers.mjs';
import { random } from '../seeded-random.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const COLUMNS = 'abcdefghijklmno';
const ALL_POINTS = [...COLUMNS].flatMap((c) => Array.from({ length: 15 }, (_, r) => `${c}${r + 1}`));

const state = (page) => page.getAttribute('#app', 'data-ai-state');
const freePoint = (moves, near = ['g7', 'j9', 'g9', 'j7', 'f6', 'k10', 'f10', 'k6', 'e5', 'l11']) =>
  near.find((p) => !moves.includes(p)) ?? ALL_POINTS.find((p) => !moves.includes(p));

/** Undo against the AI (you are Black): takes back moves up to and including your last one. */
function undoAgainstAi(moves) {
  const i = moves.findLastIndex((_, n) => n % 2 === 0);
  return i < 0 ? moves : moves.slice(0, i);
}

/** Clicks buttons from inside the page, in one task: no waiting for them to be enabled or visible. */
function press(page, ...ids) {
  return page.evaluate((list) => { for (const id of list) document.getElementById(id).click(); }, ids);
}

test('rapid clicks while the AI thinks are ignored; the board and the move list agree throughout', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 30, width: 12, timeMs: 2500 });
  // Fifty clicks in one task on an empty board: the first plays, the AI's turn refuses the rest.
  await page.evaluate((points) => {
    for (const p of points) document.querySelector(`[data-point="${p}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, ['h8', ...ALL_POINTS.slice(0, 49)]);
  assert.equal(await record(page), 'h8');
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  // Real clicks, double clicks and keys while it thinks.
  for (const p of ['g7', 'h8', 'i9', 'a1', 'o15', 'j10']) await cell(page, p).click({ delay: 0 });
  await cell(page, 'f6').dblclick();
  await cell(page, 'e5').focus();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
  }
  assert.equal(await record(page), 'h8', 'nothing played while the AI thinks');
  assert.equal(await state(page), 'thinking');
  assert.match(await page.textContent('#announcer'), /Wait for the AI/);
  await assertConsistent(page, 'during the search');
  const two = (await waitForMoves(page, 2, 8000)).split(' ');
  await assertConsistent(page, 'after the AI moved');

  // Right after the AI's move: a burst of clicks, only the first counts.
  const burst = ALL_POINTS.filter((p) => !two.includes(p)).slice(40, 50);
  await page.evaluate((points) => {
    for (const p of points) document.querySelector(`[data-point="${p}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, burst);
  assert.equal(await record(page), [...two, burst[0]].join(' '));
  await press(page, 'btn-stop');
  await waitForMoves(page, 4);
  await waitAiIdle(page);
  await assertConsistent(page, 'after Stop');
  await assertCanvasMatches(page, 'after Stop');
  assertNoErrors(errors);
  await context.close();
});

test('undo, redo and new game during a search: the cancelled search never plays, nothing is lost', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 30, width: 12, timeMs: 5000 });
  const rand = random(7);
  const actions = [
    ['undo', async () => press(page, 'btn-undo'), undoAgainstAi],
    ['new game', async () => press(page, 'btn-new'), () => []],
    ['undo then redo', async () => press(page, 'btn-undo', 'btn-redo'), (before) => before],
    ['stop and undo in one task', async () => press(page, 'btn-stop', 'btn-undo'), undoAgainstAi],
    ['undo twice in one task', async () => press(page, 'btn-undo', 'btn-undo'), (before) => undoAgainstAi(undoAgainstAi(before))],
    ['new game and a click in one task', async () => page.evaluate(() => {
      document.getElementById('btn-new').click();
      document.querySelector('[data-point="h8"]').click();
    }), () => ['h8']],
  ];
  // Start from a position with one AI reply on the board.
  await setSettings(page, { timeMs: 150 });
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  await waitAiIdle(page);
  await setSettings(page, { timeMs: 5000 });
  for (const [what, act, expect] of [...actions, ...actions]) {
    const moves = (await record(page)) ? (await record(page)).split(' ') : [];
    if (await state(page) !== 'thinking') {
      await cell(page, freePoint(moves)).click();
      await page.waitForSelector('#app[data-ai-state="thinking"]');
    }
    const before = (await record(page)).split(' ');
    await page.waitForTimeout(Math.floor(rand() * 400));
    await act();
    const expected = expect(before);
    assert.equal(await record(page), expected.join(' '), what);
    await assertConsistent(page, what);
    const thinking = await state(page) === 'thinking';
    // The AI thinks again only when it is its turn (after redo, or the click after new game).
    assert.equal(thinking, expected.length % 2 === 1, `${what}: AI thinking = ${thinking}`);
    await page.waitForTimeout(600);
    assert.equal(await record(page), expected.join(' '), `${what}: the cancelled search did not play later`);
  }
  // And the AI still answers normally.
  if (await state(page) === 'thinking') await press(page, 'btn-stop');
  await page.waitForFunction(() => document.getElementById('app').dataset.aiState === 'idle');
  await setSettings(page, { timeMs: 150 });
  const moves = (await record(page)) ? (await record(page)).split(' ') : [];
  await cell(page, freePoint(moves)).click();
  await waitForMoves(page, moves.length + 2);
  await waitAiIdle(page);
  await assertConsistent(page, 'at the end');
  await assertCanvasMatches(page, 'at the end');
  assertNoErrors(errors);
  await context.close();
});

test('settings and mode changed mid-search: the search goes on, the next move uses the new settings', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 30, width: 12, timeMs: 4000 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  // Many changes while it thinks, including invalid ones.
  for (const [depth, width, timeMs] of [[2, 5, 300], [99, 0, 5], ['', '', -1], [3, 6, 250]]) {
    await setSettings(page, { depth, width, timeMs });
  }
  await setSettings(page, { aiType: 'eval' });
  await setSettings(page, { aiType: 'search' });
  await setSettings(page, { aiType: 'eval' });
  assert.equal(await state(page), 'thinking', 'settings do not stop the current search');
  assert.equal(await record(page), 'h8');
  await press(page, 'btn-stop');
  await waitForMoves(page, 2);
  await assertConsistent(page, 'after Stop');
  const moves = (await record(page)).split(' ');
  await cell(page, freePoint(moves)).click();
  await waitForMoves(page, 4, 3000);
  assert.match((await lastMoveLog(page))[0].text, /evaluation only/, 'the next move uses the new AI type');

  await setSettings(page, { aiType: 'search' });
  await setSettings(page, { depth: 30, timeMs: 4000 });
  await cell(page, freePoint((await record(page)).split(' '))).click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  assert.match((await lastMoveLog(page))[0].text, /depth ≤ 30, width 6, 4000 ms/);
  // Mode changes mid-search: two players stops the AI, back to "you vs AI" restarts it on the same position.
  const five = await record(page);
  await setMode(page, 'hvh');
  assert.equal(await state(page), 'idle');
  assert.match(await page.textContent('#status'), /^White to move/);
  await page.waitForTimeout(500);
  assert.equal(await record(page), five, 'no AI move after switching to two players');
  await setMode(page, 'hva-black');
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  // Defaults mid-search, then Stop.
  await page.click('#settings-reset');
  await press(page, 'btn-stop');
  await waitForMoves(page, 6);
  await waitAiIdle(page);
  // Now as White: six moves, Black to move, so the AI (Black) thinks at once; modes flipped mid-search.
  await setSettings(page, { depth: 30, width: 12, timeMs: 4000 });
  await setMode(page, 'hva-white');
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  await setMode(page, 'ava');
  await setMode(page, 'hvh');
  assert.equal(await state(page), 'idle');
  await setMode(page, 'hva-white');
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  await press(page, 'btn-stop');
  await waitForMoves(page, 7);
  await waitAiIdle(page);
  assert.match(await page.textContent('#status'), /Your move \(White\)/);
  await cell(page, freePoint((await record(page)).split(' '))).click();
  // The position comes from searches stopped at any moment, so White's move may leave Black a single reply or
  // a found win, which take no time: wait for the search or for its move, then stop it if it still runs.
  await page.waitForFunction(() => {
    const app = document.getElementById('app');
    const r = app.dataset.record;
    return app.dataset.aiState === 'thinking' || (r ? r.split(' ').length : 0) === 9;
  });
  await press(page, 'btn-stop');
  await waitForMoves(page, 9);
  await waitAiIdle(page);
  await assertConsistent(page, 'at the end');
  await assertCanvasMatches(page, 'at the end');
  assertNoErrors(errors);
  await context.close();
});

test('reloads mid-game and mid-search keep every move made; the AI picks up where it was', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 150 });
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  await waitAiIdle(page);
  await setSettings(page, { depth: 30, width: 12, timeMs: 5000 });
  // Reload while the AI thinks: your move is kept, the AI's unfinished one is not, and it thinks again.
  await cell(page, freePoint((await record(page)).split(' '))).click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  const three = await record(page);
  await page.reload();
  await waitReady(page);
  assert.equal(await record(page), three);
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  await assertConsistent(page, 'after a reload mid-search');
  // Reload in the same task as a click: the move is saved before the page goes.
  await press(page, 'btn-stop');
  const four = await waitForMoves(page, 4);
  await waitAiIdle(page);
  const fifth = freePoint(four.split(' '));
  await Promise.all([page.waitForNavigation(), page.evaluate((p) => {
    document.querySelector(`[data-point="${p}"]`).click();
    location.reload();
  }, fifth)]);
  await waitReady(page);
  assert.equal(await record(page), `${four} ${fifth}`);
  // Reloads in a row, without waiting for the engine.
  for (let i = 0; i < 3; i++) await page.reload({ waitUntil: 'domcontentloaded' });
  await waitReady(page);
  assert.equal(await record(page), `${four} ${fifth}`);
  await assertConsistent(page, 'after reloads in a row');
  await press(page, 'btn-stop');
  await waitForMoves(page, 6);
  await waitAiIdle(page);

  // AI vs AI: the mode and the game survive a reload, and the game goes on from there.
  await setSettings(page, { depth: 3, width: 8, timeMs: 100 });
  await setMode(page, 'ava');
  await waitForMoves(page, 9, 15000);
  const prefix = await record(page);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#mode'), 'ava');
  assert.ok((await record(page)).startsWith(prefix), 'no move lost across the reload');
  await waitForMoves(page, moveCount(prefix) + 2, 15000);
  await press(page, 'btn-pause');
  await waitAiIdle(page);
  await assertConsistent(page, 'AI vs AI after a reload');
  await assertCanvasMatches(page, 'AI vs AI after a reload');
  assertNoErrors(errors);
  await context.close();
});

test('monkey: 80 seeded random actions, the page stays consistent after each', async () => {
  const seed = Number(process.env.MONKEY_SEED ?? 5);
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 4, width: 10, timeMs: 300 });
  const counts = {};
  const actions = {
    click: async () => {
      const moves = (await record(page)) ? (await record(page)).split(' ') : [];
      const near = ALL_POINTS.filter((p) => !moves.includes(p) && /^[e-k]([4-9]|1[0-2])$/.test(p));
      await cell(page, pick(near.length ? near : ALL_POINTS)).click({ delay: 0 });
    },
    undo: () => press(page, 'btn-undo'),
    redo: () => press(page, 'btn-redo'),
    stop: () => press(page, 'btn-stop'),
    'new game': () => press(page, 'btn-new'),
    pause: () => press(page, 'btn-pause'),
    step: () => press(page, 'btn-step'),
    mode: () => setMode(page, pick(['hva-black', 'hva-white', 'hvh', 'ava'])),
    settings: () => setSettings(page, { timeMs: pick([50, 150, 400, 1500]), depth: pick([2, 4, 30]) }),
    'load record': async () => {
      await page.fill('#record-input', pick(['h8 i9 h9', 'h8 h8', '1. h8 2. g7', 'z1', '']));
      await page.click('#btn-load');
    },
    link: () => page.evaluate((h) => new Promise((done) => {
      if (location.hash === `#${h}`) return done();
      addEventListener('hashchange', () => setTimeout(done, 0), { once: true });
      location.hash = h;
    }), pick(['moves=h8,i9', 'moves=j10,a1,k11', 'moves=q1'])),
    evaluate: () => cell(page, pick(ALL_POINTS)).click({ button: 'right' }),
    reload: async () => {
      await page.reload();
      await waitReady(page);
    },
  };
  const weights = [['click', 24], ['undo', 8], ['redo', 6], ['stop', 6], ['new game', 3], ['pause', 5], ['step', 5],
    ['mode', 8], ['settings', 5], ['load record', 4], ['link', 3], ['evaluate', 4], ['reload', 2]];
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const history = [];
  for (let i = 0; i < 80; i++) {
    let r = rand() * total;
    const name = weights.find(([, w]) => (r -= w) < 0)[0];
    counts[name] = (counts[name] ?? 0) + 1;
    history.push(name);
    await actions[name]();
    await page.waitForTimeout(Math.floor(rand() * 250));
    await assertConsistent(page, `seed ${seed}, action ${i + 1} (${history.slice(-4).join(', ')})`);
  }
  // Let whatever is thinking finish, then look at the picture too.
  await setMode(page, 'hvh');
  await waitAiIdle(page);
  await assertConsistent(page, 'at the end');
  await assertCanvasMatches(page, 'at the end');
  console.log(`monkey (seed ${seed}): ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
    `final game ${moveCount(await record(page))} moves`);
  assertNoErrors(errors);
  await context.close();
});
