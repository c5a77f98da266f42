// The Chinese page on a desktop and a phone (and the English one on a phone): screenshots in test-artifacts/
// for a person to look at, and a check that no text overflows its box and the page never scrolls sideways.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, cell, waitForMoves, waitAiIdle, assertNoErrors } from './helpers.mjs';

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
