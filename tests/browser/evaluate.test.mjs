// The evaluation panel: right-click or keyboard, both colours, occupied points, and it answers
// while the AI is thinking without disturbing it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, record, waitForMoves, setMode, setSettings, assertNoErrors } from './helpers.mjs';

const PATTERNS = /\b(five|open four|four|open three|closed three|open two|closed two|none)\b/;
const PATTERNS_ZH = /(连五|活四|冲四|活三|眠三|活二|眠二|无)/;

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/** The panel's table as rows of cell texts. */
function panelRows(page) {
  return page.$$eval('#eval-panel tr', (rows) => rows.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
}

test('right-click shows the evaluation of a point for both colours', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9,h9,i10' });
  await cell(page, 'h10').click({ button: 'right' });
  await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
  assert.match(await page.textContent('#eval-title'), /h10/);
  const rows = await panelRows(page);
  assert.deepEqual(rows[0].slice(1).map((t) => t.split(' ')[0]), ['Black', 'White']);
  const directions = rows.slice(1, 5);
  assert.deepEqual(directions.map((r) => r[0].split(' ')[0]), ['Horizontal', 'Vertical', 'Diagonal', 'Anti-diagonal']);
  for (const row of directions) {
    for (const text of row.slice(1)) {
      assert.match(text, PATTERNS, `pattern name in "${text}"`);
      assert.match(text, PATTERNS_ZH, `Chinese pattern name in "${text}"`);
    }
  }
  const labels = rows.map((r) => r[0].split(' ')[0]);
  for (const label of ['Combination', 'Pattern', 'Position', 'Total']) assert.ok(labels.includes(label), label);
  // Black has three in a column at h8-h10 with h10 played: the engine should see at least a three there.
  const vertical = directions[1][1];
  assert.match(vertical, /three|four/, `vertical pattern for Black on h10: ${vertical}`);
  assert.equal(await record(page), 'h8 i9 h9 i10', 'evaluating does not change the game');
  assertNoErrors(errors);
  await context.close();
});

test('occupied points are evaluated and say so; the E key opens the panel', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await cell(page, 'i9').focus();
  await page.keyboard.press('e');
  await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
  assert.match(await page.textContent('#eval-title'), /i9/);
  assert.match(await page.textContent('#eval-note'), /occupied by White/);
  await page.click('#eval-close');
  assert.equal(await page.isHidden('#eval-panel'), true);
  assertNoErrors(errors);
  await context.close();
});

test('evaluation works while the AI is thinking and does not disturb it', async () => {
  const { page, context, errors } = await openPage(env);
  await setSettings(page, { depth: 20, width: 12, timeMs: 2500 });
  await cell(page, 'h8').click();
  await page.waitForSelector('#app[data-ai-state="thinking"]');
  const asked = Date.now();
  await cell(page, 'g7').click({ button: 'right' });
  await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
  assert.ok(Date.now() - asked < 1500, 'the evaluation does not wait for the search');
  assert.equal(await page.getAttribute('#app', 'data-ai-state'), 'thinking', 'the AI is still thinking');
  await waitForMoves(page, 2, 8000);
  const log = await page.$$eval('#search-log li[data-kind="move"]', (l) => l.map((li) => li.dataset.how));
  assert.deepEqual(log, ['search'], 'the AI finished its search normally');
  assertNoErrors(errors);
  await context.close();
});

test('an open evaluation follows the game: the same point is evaluated again after each move', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9' });
  await setMode(page, 'hvh');
  await cell(page, 'j9').click({ button: 'right' });
  await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
  assert.match(await page.textContent('#eval-note'), /What a stone on j9 would make/);
  await cell(page, 'j9').click();
  await page.waitForFunction(() => /j9 is occupied by Black/.test(document.getElementById('eval-note').textContent));
  await page.click('#btn-undo');
  await page.waitForFunction(() => /What a stone on j9/.test(document.getElementById('eval-note').textContent));
  // Closed, it stays closed.
  await page.click('#eval-close');
  await cell(page, 'k10').click();
  await page.waitForTimeout(300);
  assert.equal(await page.isHidden('#eval-panel'), true);
  assertNoErrors(errors);
  await context.close();
});
