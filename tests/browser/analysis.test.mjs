// Analysis mode: live candidates on the board (named for screen readers), their lines on hover, the
// evaluation bar, Hint, the threat overlay and heat map, and the page answering clicks while it analyses.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  startBrowser, openPage, waitReady, cell, record, setMode, setSettings, waitAiIdle, waitForMoves, assertConsistent, assertNoErrors,
} from './helpers.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/** Grid cells whose name says "candidate K", as {point, rank}. */
function candidateCells(page) {
  return page.$$eval('[role="gridcell"]', (cells) => cells.flatMap((c) => {
    const m = c.getAttribute('aria-label').match(/candidate (\d+)/);
    return m ? [{ point: c.dataset.point, rank: Number(m[1]), label: c.getAttribute('aria-label') }] : [];
  }));
}

async function analysisOn(page) {
  await page.check('#analysis-on');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length >= 5, null, { timeout: 20000 });
}

test('analysis mode marks 5 candidates, shows lines on hover, the bar, and plays a clicked candidate', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9,h10,h9,g9,i7' });
  await analysisOn(page);
  const cands = await candidateCells(page);
  assert.deepEqual(cands.map((c) => c.rank).sort(), [1, 2, 3, 4, 5], JSON.stringify(cands));
  for (const c of cands) assert.match(c.label, new RegExp(`^${c.point} empty, candidate ${c.rank}, `), c.label);
  assert.equal(await record(page), 'h8 i9 h10 h9 g9 i7', 'analysing plays nothing');
  assert.equal(await page.isHidden('#eval-bar'), false, 'the evaluation bar is shown');
  assert.match(await page.getAttribute('#eval-bar', 'aria-valuetext'), /^Black /);

  // Hover the first candidate: its line appears as numbered stones ("line move N") on the grid. The live
  // analysis keeps deepening and may reorder or drop a candidate between depths, so the test hovers the current
  // first candidate and counts in the same frame as it waits, trying again if that candidate left the list.
  let first;
  let pvCells = 0;
  for (let attempt = 0; attempt < 5 && pvCells < 2; attempt += 1) {
    first = (await candidateCells(page)).find((c) => c.rank === 1);
    if (!first) continue;
    await cell(page, first.point).hover();
    pvCells = await page.waitForFunction(() => {
      const n = [...document.querySelectorAll('[role="gridcell"]')]
        .filter((c) => /line move \d/.test(c.getAttribute('aria-label'))).length;
      return n >= 2 ? n : 0;
    }, null, { timeout: 4000 }).then((h) => h.jsonValue(), () => 0);
  }
  assert.ok(pvCells >= 2, `line stones shown: ${pvCells}`);
  await page.screenshot({ path: `${ARTIFACTS}analysis.png` });

  // The page stays responsive while the analysis runs: real clicks (input events through the browser, not
  // dispatched from a script) reach their handler within 100 ms of arriving (event.timeStamp is when the
  // browser received the input, so time spent waiting behind a busy main thread counts).
  await page.evaluate(() => {
    window.clickDelays = [];
    document.getElementById('show-numbers').addEventListener('click', (e) => {
      window.clickDelays.push(performance.now() - e.timeStamp);
    });
  });
  for (let i = 0; i < 6; i++) {
    await page.click('#show-numbers');
    await page.waitForTimeout(150);
  }
  const delays = await page.evaluate(() => window.clickDelays);
  assert.equal(delays.length, 6);
  assert.ok(Math.max(...delays) < 100, `clicks answered after ${delays.map((d) => d.toFixed(1)).join(', ')} ms`);
  assert.match(await page.textContent('#analysis-status'), /^Analysing/, 'the analysis was running meanwhile');

  // Keyboard: Tab reaches the candidate list; the focused candidate's line is shown, and focus stays in the
  // list while the analysis deepens and rebuilds it.
  await page.mouse.move(0, 0);
  await page.focus('#analysis-on');
  for (let i = 0; i < 6 && !(await page.evaluate(() => document.activeElement.classList.contains('candidate'))); i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('candidate')), true, 'Tab reaches a candidate');
  // Every report of the analysis rebuilds the list; so does switching an overlay (clicked from a script here,
  // which leaves the focus where it is, and is not waiting for the next depth).
  for (const box of ['show-threats', 'show-threats']) {
    await page.evaluate((id) => document.getElementById(id).click(), box);
    await page.waitForTimeout(300);
  }
  assert.equal(await page.evaluate(() => document.activeElement.closest('#analysis-list') !== null), true, 'focus kept in the list');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="gridcell"]')]
    .filter((c) => /line move \d/.test(c.getAttribute('aria-label'))).length >= 2, null, { timeout: 4000 });
  assert.equal(await page.isChecked('#show-threats'), false);
  await page.focus('#btn-new');

  // Clicking a candidate plays it and the analysis restarts on the new position.
  await cell(page, first.point).click();
  assert.equal(await record(page), `h8 i9 h10 h9 g9 i7 ${first.point}`);
  await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length >= 5, null, { timeout: 20000 });
  const after = await candidateCells(page);
  assert.ok(!after.some((c) => c.point === first.point), 'candidates are for the new position');
  // Navigating back restarts the analysis on that position: the report starts again from nothing.
  await page.focus('#btn-new');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await record(page), 'h8 i9 h10 h9 g9 i7');
  assert.equal(await page.textContent('#analysis-status'), 'Analysing…', 'a fresh analysis');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length >= 5, null, { timeout: 20000 });
  // The pointer still rests on the clicked point, now empty again: once a report lists it, its line shows
  // without the pointer moving (a resting pointer sends no events).
  await page.waitForFunction(() => [...document.querySelectorAll('[role="gridcell"]')]
    .filter((c) => /line move \d/.test(c.getAttribute('aria-label'))).length >= 2, null, { timeout: 20000 });
  await page.keyboard.press('End');
  await page.uncheck('#analysis-on');
  assert.equal(await page.isHidden('#eval-bar'), true);
  assert.equal((await candidateCells(page)).length, 0, 'candidates cleared when analysis is off');
  assertNoErrors(errors);
  await context.close();
});

test('Hint shows the best move without playing it', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await setSettings(page, { timeMs: 300 });
  assert.equal(await page.isVisible('#btn-hint'), true, 'Hint is offered against the AI');
  await page.click('#btn-hint');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="gridcell"]')].some((c) => /, hint$|, hint,/.test(c.getAttribute('aria-label'))), null, { timeout: 15000 });
  assert.match(await page.textContent('#analysis-status'), /Hint: [a-o]\d+/);
  assert.equal(await record(page), 'h8 i9', 'the hint is not played');
  assertNoErrors(errors);
  await context.close();
});

test('threat overlay marks a four point of each colour and the heat map renders', async () => {
  // Black h8 h9 h10 (open three: h7, h11 make fours), white a1 a3 a5 (a2 and a4 make fours, a6 an open
  // three). Black (the human in the page's default mode) is to move, so the AI does not answer before the mode
  // changes.
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,a1,h9,a3,h10,a5' });
  await setMode(page, 'hvh');
  await page.check('#show-threats');
  await page.waitForFunction(() => /black four/.test(document.querySelector('[data-point="h11"]').getAttribute('aria-label')));
  assert.match(await cell(page, 'h7').getAttribute('aria-label'), /black four/);
  for (const p of ['a2', 'a4']) assert.match(await cell(page, p).getAttribute('aria-label'), /white four/, p);
  assert.match(await cell(page, 'a6').getAttribute('aria-label'), /white open three/);
  assert.doesNotMatch(await cell(page, 'o15').getAttribute('aria-label'), /four|three/);
  const before = await page.$eval('#board-canvas', (c) => c.toDataURL());
  await page.check('#show-heat');
  await page.waitForFunction((prev) => document.getElementById('board-canvas').toDataURL() !== prev, before);
  await page.screenshot({ path: `${ARTIFACTS}overlays.png` });
  assertNoErrors(errors);
  await context.close();
});

test('navigation: go to move 3 and back keeps every move; a new move keeps the old line restorable', async () => {
  // An even number of moves: Black (you, in the page's default mode) is to move, so the AI does not answer
  // before the mode is switched to two players.
  const moves = 'h8 i9 h10 h9 g9 i7 j8 k7';
  const { page, context, errors } = await openPage(env, { hash: `#moves=${moves.replaceAll(' ', ',')}` });
  await setMode(page, 'hvh');
  await page.click('#move-list li:nth-child(3)');
  assert.equal(await record(page), 'h8 i9 h10');
  assert.equal(await page.locator('#move-future li').count(), 5);
  await page.locator('#btn-new').focus(); // outside the board: the arrows navigate
  await page.keyboard.press('ArrowRight');
  assert.equal(await record(page), 'h8 i9 h10 h9');
  await page.keyboard.press('Home');
  assert.equal(await record(page), '');
  await page.keyboard.press('End');
  assert.equal(await record(page), moves, 'every move kept');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await record(page), 'h8 i9 h10 h9 g9 i7');
  // A different move starts a new line; the old one is listed and comes back.
  await cell(page, 'a1').click();
  assert.equal(await record(page), 'h8 i9 h10 h9 g9 i7 a1');
  assert.equal(await page.locator('#variations button').count(), 1);
  await page.click('#variations button');
  assert.equal(await record(page), 'h8 i9 h10 h9 g9 i7');
  await page.keyboard.press('End');
  assert.equal(await record(page), moves, 'the old line is back');
  assertNoErrors(errors);
  await context.close();
});

test('against the AI, going back does not make the AI move; End returns to the game', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9,h10' });
  await setSettings(page, { timeMs: 200 });
  await waitAiIdle(page);
  const game = await record(page);
  await page.click('#move-list li:nth-child(1)');
  assert.equal(await record(page), 'h8');
  await page.waitForTimeout(400);
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'idle');
  assert.equal(await record(page), 'h8');
  await page.locator('#btn-new').focus();
  await page.keyboard.press('End');
  assert.equal(await record(page), game);
  assertNoErrors(errors);
  await context.close();
});

test('a proven win offers "Show winning line": its moves are numbered on the board until hidden', async () => {
  // Black to move with an open three (h8 i8 j8): a forced win the analysis proves at once.
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,a1,i8,a3,j8,a5' });
  await setMode(page, 'hvh');
  await page.check('#analysis-on');
  await page.waitForSelector('#btn-win-line:not([hidden])', { timeout: 20000 });
  assert.equal(await page.textContent('#btn-win-line'), 'Show winning line');
  assert.equal(await page.getAttribute('#btn-win-line', 'aria-pressed'), 'false');
  const winCells = () => page.$$eval('[role="gridcell"]', (cells) => cells
    .map((c) => c.getAttribute('aria-label').match(/^([a-o]\d+) .*winning line move (\d+)/))
    .filter(Boolean).map((m) => ({ point: m[1], n: Number(m[2]) })).sort((a, b) => a.n - b.n));
  assert.deepEqual(await winCells(), [], 'nothing shown before the button is pressed');
  // The first candidate's cell says the proven result in words (the disc on the board shows "W3").
  const first = (await candidateCells(page)).find((c) => c.rank === 1);
  assert.match(first.label, /^[a-o]\d+ empty, candidate 1, win in \d+$/, first.label);
  await page.click('#btn-win-line');
  assert.equal(await page.getAttribute('#btn-win-line', 'aria-pressed'), 'true');
  assert.equal(await page.textContent('#btn-win-line'), 'Hide winning line');
  const shown = await winCells();
  assert.ok(shown.length >= 3, JSON.stringify(shown));
  assert.deepEqual(shown.map((c) => c.n), shown.map((_, i) => i + 1), 'numbered from 1 without gaps');
  assert.ok(['g8', 'k8'].includes(shown[0].point), `the win starts by making the open four: ${shown[0].point}`);
  assert.equal(await record(page), 'h8 a1 i8 a3 j8 a5', 'showing the line plays nothing');
  await page.click('#btn-win-line');
  assert.deepEqual(await winCells(), [], 'hidden again');
  assertNoErrors(errors);
  await context.close();
});

test('the analysis choices (lines, time, threats, heat map) are remembered; bad saved values fall back one by one', async () => {
  const { page, context, errors } = await openPage(env);
  await page.fill('#analysis-lines', '3');
  await page.dispatchEvent('#analysis-lines', 'change');
  await page.selectOption('#analysis-time', '3000');
  await page.check('#show-threats');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#analysis-time'), '3000');
  assert.equal(await page.inputValue('#analysis-lines'), '3');
  assert.equal(await page.isChecked('#show-threats'), true);
  assert.equal(await page.isChecked('#show-heat'), false);
  assert.equal(await page.isChecked('#analysis-on'), false, 'analysis itself does not start on its own');

  // A saved entry with some values out of range: those get their defaults, the valid ones are kept.
  await page.evaluate(() => localStorage.setItem('gomoku.view', JSON.stringify({
    showNumbers: true, analysis: { lines: 99, timeMs: 10000, threats: 'yes', heat: true },
  })));
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#analysis-time'), '10000');
  assert.equal(await page.inputValue('#analysis-lines'), '5');
  assert.equal(await page.isChecked('#show-threats'), false);
  assert.equal(await page.isChecked('#show-heat'), true);
  assert.equal(await page.isChecked('#show-numbers'), true, 'the other view settings are kept');
  assertNoErrors(errors);
  await context.close();
});

test('study tools used while the AI searches, and out-of-range choices: nothing breaks, no move is lost', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { timeMs: 3000 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  // Hint is not offered while the AI is to move; pressing it anyway does nothing.
  assert.equal(await page.isDisabled('#btn-hint'), true);
  await page.evaluate(() => document.getElementById('btn-hint').click());
  // A review of the game so far runs beside the search.
  await page.click('#btn-review');
  await page.waitForSelector('#review-graph:not([hidden])', { timeout: 20000 });
  assert.equal(await record(page), 'h8');
  // Analysis switched on mid-search stops the AI (it does not play in analysis mode) and analyses instead.
  await page.check('#analysis-on');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length >= 1, null, { timeout: 20000 });
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'idle');
  assert.equal(await record(page), 'h8');
  // Out-of-range numbers typed into the analysis and review fields are corrected or clamped.
  for (const [typed, kept] of [['99', '10'], ['-3', '1'], ['0', '1'], ['2.6', '3']]) {
    await page.fill('#analysis-lines', typed);
    await page.dispatchEvent('#analysis-lines', 'change');
    assert.equal(await page.inputValue('#analysis-lines'), kept, typed);
  }
  await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length === 3, null, { timeout: 20000 });
  await page.fill('#review-ms', '-100000');
  await page.dispatchEvent('#review-ms', 'change');
  // Set-up opened and cancelled while analysing: the game is the same.
  await page.click('#btn-setup');
  await page.click('#btn-setup-cancel');
  assert.equal(await record(page), 'h8');
  // Analysis off: the AI is to move again and plays.
  await page.uncheck('#analysis-on');
  await setSettings(page, { timeMs: 200 });
  await waitForMoves(page, 2, 15000);
  await waitAiIdle(page);
  await assertConsistent(page, 'after the study tools');
  // The review with its clamped time still works on the longer game.
  await page.click('#btn-review');
  await page.waitForFunction(() => /Reviewed 2 moves/.test(document.getElementById('review-status').textContent), null, { timeout: 20000 });
  assert.equal((await record(page)).split(' ').length, 2);
  assertNoErrors(errors);
  await context.close();
});
