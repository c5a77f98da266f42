// A short game at the default settings: the median time of the AI's moves (printed), and a
// screenshot of the game in progress in test-artifacts/ for a person to look at.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, cell, record, waitForMoves, waitAiIdle, assertNoErrors } from './helpers.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const AI_MOVES = 5;

let env;
before(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  env = await startBrowser();
});
after(async () => { await env?.close(); });

test(`median AI move time at the default settings over ${AI_MOVES} moves`, async () => {
  const { page, context, errors } = await openPage(env);
  assert.equal(await page.inputValue('#time-ms'), '1000', 'default settings');
  // Human moves: the first free point of a fixed list near the centre.
  const wishes = ['h8', 'g9', 'i7', 'g7', 'i9', 'f8', 'j8', 'h10', 'h6', 'f6', 'j10', 'k7', 'e9'];
  for (let i = 0; i < AI_MOVES; i++) {
    const taken = (await record(page)).split(' ');
    const point = wishes.find((p) => !taken.includes(p));
    await cell(page, point).click();
    await waitForMoves(page, 2 * i + 2, 10000);
    await waitAiIdle(page);
    if (await page.isVisible('#banner')) break;
  }
  const times = await page.$$eval('#search-log li[data-kind="move"]', (l) => l.map((li) => Number(li.dataset.ms)));
  const hows = await page.$$eval('#search-log li[data-kind="move"]', (l) => l.map((li) => li.dataset.how));
  assert.ok(times.length >= 3, 'enough AI moves to measure');
  assert.ok(hows.every((h) => h === 'search'), `every move came from a finished search (${hows})`);
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const nps = await page.$$eval('#search-log li[data-kind="depth"]', (l) => l.at(-1)?.textContent ?? '');
  console.log(`AI move time at default settings (depth 20, width 20, 1000 ms) in headless Chromium: ` +
    `median ${median} ms over ${times.length} moves [${times.join(', ')}]`);
  console.log(`last search line: ${nps}`);
  assert.ok(median <= 1000 + 1500, `median ${median} ms stays near the 1000 ms limit`);

  await page.check('#show-numbers');
  await cell(page, 'k11').hover();
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${ARTIFACTS}game.png` });
  assertNoErrors(errors);
  await context.close();
});

test('the page fits a phone in portrait', async () => {
  const { page, context, errors } = await openPage(env, {
    hash: '#moves=h8,i9,h9,h10,g8,i8,i10,f7',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no horizontal scrolling (page is ${width}px wide)`);
  const board = await page.locator('#board-canvas').boundingBox();
  assert.ok(board.width >= 340 && board.x >= 0 && board.x + board.width <= 390, `board fills the width: ${JSON.stringify(board)}`);
  // The canvas is drawn at device resolution, so it stays sharp.
  const pixels = await page.$eval('#board-canvas', (c) => c.width);
  assert.ok(Math.abs(pixels - board.width * 3) <= 2, `canvas has ${pixels} px for ${board.width} CSS px at 3x`);
  await page.screenshot({ path: `${ARTIFACTS}phone.png` });
  assertNoErrors(errors);
  await context.close();
});
