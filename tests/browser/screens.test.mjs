// The Chinese page on a desktop and a phone (and the English one on a phone): screenshots in test-artifacts/
// for a person to look at, and a check that no text overflows its box and the page never scrolls sideways.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, cell, waitForMoves, waitAiIdle, setMode, assertNoErrors } from './helpers.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

let env;
before(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  env = await startBrowser();
});
after(async () => { await env?.close(); });

/** Visible elements whose text is wider than their box (clipped or spilling out), and the page's overflow. */
function overflow(page) {
  return page.evaluate(() => {
    const bad = [];
    for (const el of document.querySelectorAll('button, label, select, h1, h2, p, th, td, li, option, span, small')) {
      if (!el.checkVisibility() || el.closest('.search-log')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') {
        bad.push(`${el.tagName}#${el.id || el.className}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return { bad, sideways: document.documentElement.scrollWidth > innerWidth };
  });
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
for (const [name, locale, options] of [
  ['zh-desktop', 'zh-CN', { viewport: { width: 1280, height: 900 } }],
  ['zh-phone', 'zh-CN', PHONE],
  ['en-phone', 'en-US', PHONE],
]) {
  test(`the page in ${name}: screenshot, no overflowing text`, async () => {
    const { page, context, errors } = await openPage(env, { ...options, locale });
    await cell(page, 'h8').click();
    await waitForMoves(page, 2);
    await waitAiIdle(page);
    await cell(page, 'j9').click({ button: 'right' });
    await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
    await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
    const { bad, sideways } = await overflow(page);
    assert.deepEqual(bad, [], 'text wider than its box');
    assert.equal(sideways, false, 'no sideways scrolling');
    assertNoErrors(errors);
    await context.close();
  });
}

// The study tools in Chinese (analysis with a candidate's line shown, the review graph with its marks, the set-up
// editor), on a desktop and a phone: screenshots to look at, and no text wider than its box.
const STUDY_GAME = 'a1 d1 g1 j1 m1 a4 d4 g4 j4 m4 a7 d7 g7 j7 m7 a10 d10 g10 j10 m10 a13 d13 g13 j13 h8 o15 i8 o13 j8 o11';
for (const [name, options] of [['zh-desktop', { viewport: { width: 1280, height: 900 } }], ['zh-phone', PHONE]]) {
  test(`the study tools in ${name}: screenshots, no overflowing text`, async () => {
    const { page, context, errors } = await openPage(env, { ...options, locale: 'zh-CN', hash: '#moves=h8,i9,h10,h9,g9,i7' });
    await setMode(page, 'hvh');
    const check = async (shot) => {
      await page.screenshot({ path: `${ARTIFACTS}${shot}-${name}.png`, fullPage: true });
      const { bad, sideways } = await overflow(page);
      assert.deepEqual(bad, [], `${shot}: text wider than its box`);
      assert.equal(sideways, false, `${shot}: no sideways scrolling`);
    };
    // Analysis: candidates marked, the first one's line shown as numbered stones (focus, as a keyboard would).
    await page.check('#analysis-on');
    await page.waitForFunction(() => document.querySelectorAll('#analysis-list .candidate').length >= 5, null, { timeout: 20000 });
    await page.focus('#analysis-list .candidate');
    await page.waitForFunction(() => [...document.querySelectorAll('[role="gridcell"]')]
      .some((c) => /变化第 2 手/.test(c.getAttribute('aria-label'))));
    await check('analysis');
    await page.uncheck('#analysis-on');
    // Review of a 30-move game: the graph and its marks.
    await page.fill('#record-input', STUDY_GAME);
    await page.click('#btn-load');
    await page.fill('#review-ms', '100');
    await page.dispatchEvent('#review-ms', 'change');
    await page.click('#btn-review');
    await page.waitForSelector('#review-graph:not([hidden])', { timeout: 60000 });
    await check('review');
    // Set-up: a few stones of each colour, white to move.
    await page.click('#btn-setup');
    await page.click('#btn-setup-clear');
    await page.check('#setup-black');
    for (const p of ['h8', 'h9', 'i10']) await cell(page, p).click();
    await page.check('#setup-white');
    for (const p of ['g8', 'j9', 'i8']) await cell(page, p).click();
    await page.selectOption('#setup-to-move', 'white');
    await check('setup');
    assertNoErrors(errors);
    await context.close();
  });
}
