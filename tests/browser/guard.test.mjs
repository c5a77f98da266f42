// The mis-tap guard on a touch screen: a first tap shows a ghost stone and plays nothing, a second tap on it
// plays, a tap elsewhere moves the ghost; off, a tap plays at once; a mouse click is never held back by the
// default setting (on for touch screens only); the choice is remembered.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, record, waitForMoves, waitReady, setMode, assertNoErrors } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const armed = (page) => page.getAttribute('#board-grid', 'data-armed');

/** The colour of the canvas pixel just off a point's centre (as in assertCanvasMatches). */
function pixelAt(page, point) {
  return page.evaluate(async (point) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const canvas = document.getElementById('board-canvas');
    const box = canvas.getBoundingClientRect();
    const r = document.querySelector(`[data-point="${point}"]`).getBoundingClientRect();
    const scale = canvas.width / box.width;
    const radius = r.width * scale * 0.46;
    const x = (r.left + r.width / 2 - box.left) * scale + 0.5 * radius;
    const y = (r.top + r.height / 2 - box.top) * scale + 0.2 * radius;
    return [...canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)];
  }, point);
}

test('with the guard on a touch screen, one tap shows a ghost and a second tap on it plays', async () => {
  const { page, context, errors } = await openPage(env, PHONE);
  await setMode(page, 'hvh');
  assert.equal(await page.inputValue('#guard'), 'touch', 'on for touch screens by default');
  const empty = await pixelAt(page, 'h8');
  await cell(page, 'h8').tap();
  assert.equal(await armed(page), 'h8', 'a ghost stone on h8');
  assert.equal(await record(page), '', 'one tap plays nothing');
  const ghost = await pixelAt(page, 'h8');
  assert.ok(Math.max(...ghost) < Math.max(...empty) - 40, `the ghost is drawn: ${empty} → ${ghost}`);
  assert.match(await page.textContent('#announcer'), /h8: tap again to play/);
  await cell(page, 'j9').tap();
  assert.equal(await armed(page), 'j9', 'a tap elsewhere moves the ghost');
  assert.equal(await record(page), '');
  await cell(page, 'j9').tap();
  await waitForMoves(page, 1);
  assert.equal(await record(page), 'j9', 'the second tap on the ghost plays it');
  assert.equal(await armed(page), null, 'the ghost is gone once played');
  assertNoErrors(errors);
  await context.close();
});

test('guard off plays at once, guard on holds back mouse clicks too, and the choice is remembered', async () => {
  const { page, context, errors } = await openPage(env, PHONE);
  await setMode(page, 'hvh');
  await page.selectOption('#guard', 'off');
  await cell(page, 'h8').tap();
  await waitForMoves(page, 1);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#guard'), 'off', 'remembered');
  await page.selectOption('#guard', 'on');
  await cell(page, 'i9').click();
  assert.equal(await armed(page), 'i9', 'with the guard on, a click also only shows the ghost');
  await cell(page, 'i9').click();
  await waitForMoves(page, 2);
  assertNoErrors(errors);
  await context.close();
});

test('the default guard never holds back a mouse click', async () => {
  const { page, context, errors } = await openPage(env);
  await setMode(page, 'hvh');
  await cell(page, 'h8').click();
  await waitForMoves(page, 1);
  assert.equal(await armed(page), null);
  assertNoErrors(errors);
  await context.close();
});
