// Game review: a 30-move game is reviewed with a progress bar, the evaluation graph and ?/?? marks with the
// engine's preferred move; a mark jumps to its move; Cancel stops the review at once.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, record, setMode, assertNoErrors } from './helpers.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

// 24 moves on a lattice three points apart (away from the centre, so some are marked), then Black builds
// h8 i8 j8 (an open three) while White plays in the corner: White's corner moves throw the game away.
const LATTICE = 'a1 d1 g1 j1 m1 a4 d4 g4 j4 m4 a7 d7 g7 j7 m7 a10 d10 g10 j10 m10 a13 d13 g13 j13';
const GAME = `${LATTICE} h8 o15 i8 o13 j8 o11`.split(' ');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a 30-move game is reviewed: graph, marks with the better move, and a mark jumps there', async () => {
  assert.equal(GAME.length, 30);
  const { page, context, errors } = await openPage(env, {
    hash: `#moves=${GAME.join(',')}`, permissions: ['clipboard-read', 'clipboard-write'],
  });
  await setMode(page, 'hvh');
  await page.fill('#review-ms', '150');
  await page.dispatchEvent('#review-ms', 'change');
  await page.click('#btn-review');
  assert.equal(await page.isVisible('#review-progress'), true, 'a progress bar while reviewing');
  await page.waitForSelector('#review-graph:not([hidden])', { timeout: 60000 });
  const marks = await page.$$eval('#review-marks button', (bs) => bs.map((b) => ({ move: Number(b.dataset.move), text: b.textContent })));
  assert.ok(marks.length >= 1, 'some moves are marked');
  // White loses this game: somewhere from move 20 on (where depends on how far the engine sees in 150 ms:
  // into the lattice's threats, or only at the corner moves 26-30) a White move is marked as the mistake.
  const whiteMarks = marks.filter((m) => m.move >= 20 && m.move % 2 === 0);
  assert.ok(whiteMarks.length >= 1, `one of White's late moves is marked: ${JSON.stringify(marks)}`);
  const blunder = whiteMarks[whiteMarks.length - 1];
  const played = GAME[blunder.move - 1];
  assert.match(blunder.text, new RegExp(`^${blunder.move}\\. ${played}\\?\\?? — better [a-o]\\d+ \\(`), blunder.text);
  assert.equal(await page.locator('#review-graph polyline').count(), 1);
  assert.match(await page.getAttribute('#review-graph', 'aria-label'), new RegExp(`${blunder.move}\\. ${played}\\?`));
  await page.screenshot({ path: `${ARTIFACTS}review.png` });

  // Copy review: the header, one line per move with its score, and the marked move with the better one.
  await page.click('#btn-review-copy');
  await page.waitForFunction(() => /Review copied/.test(document.getElementById('review-status').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split('\n');
  assert.match(lines[0], /^Review, 150 ms per move/);
  assert.equal(lines.length, 31, copied);
  lines.slice(1).forEach((line, i) => assert.ok(line.startsWith(`${i + 1}. ${GAME[i]}`), line));
  assert.match(lines[blunder.move], new RegExp(`^${blunder.move}\\. ${played}\\?\\?? .*\\{better [a-o]\\d+ `), lines[blunder.move]);
  // Where the clipboard refuses, the same text is offered selected in a text field to copy by hand.
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  await page.click('#btn-review-copy');
  await page.waitForFunction(() => /Ctrl\+C/.test(document.body.textContent));
  const field = page.locator('#review-text');
  assert.equal(await field.isVisible(), true);
  assert.equal(await field.inputValue(), copied);

  await page.click(`#review-marks button[data-move="${blunder.move}"]`);
  assert.equal((await record(page)).split(' ').length, blunder.move);
  await page.click('#review-marks button[data-move="' + marks[0].move + '"]');
  assert.equal((await record(page)).split(' ').length, marks[0].move, 'a mark shows its move');
  // Clicking the graph's left edge goes to the start; the whole game is still there to go forward to. (Going
  // to a mark may scroll the panel, the more so the more marks there are: the graph is brought back into view
  // before its box is read, or the click lands off-screen.)
  await page.locator('#review-graph').scrollIntoViewIfNeeded();
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  assert.equal(await record(page), '');
  assert.equal(await page.locator('#move-future li').count(), 30);
  assertNoErrors(errors);
  await context.close();
});

test('Cancel stops a review at once', async () => {
  const { page, context, errors } = await openPage(env, { hash: `#moves=${GAME.join(',')}` });
  await setMode(page, 'hvh');
  await page.click('#btn-review');
  await page.waitForFunction(() => document.getElementById('review-progress').value >= 1, null, { timeout: 20000 });
  const took = await page.evaluate(() => {
    const t0 = performance.now();
    document.getElementById('btn-review-cancel').click();
    return performance.now() - t0;
  });
  assert.ok(took < 100, `cancel took ${took} ms`);
  assert.equal(await page.isHidden('#review-progress'), true);
  assert.match(await page.textContent('#review-status'), /cancelled/);
  const status = await page.textContent('#review-status');
  await page.waitForTimeout(800);
  assert.equal(await page.textContent('#review-status'), status, 'nothing more arrives');
  assert.equal(await page.isHidden('#review-graph'), true);
  assert.equal(await page.isDisabled('#btn-review'), false);
  assertNoErrors(errors);
  await context.close();
});
