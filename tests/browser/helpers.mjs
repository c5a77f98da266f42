// Shared set-up for the browser tests: a static server, Debian's Chromium through playwright-core,
// and a page that records every console error and uncaught exception (each test asserts none).

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the server and the browser once per test file. */
export async function startBrowser(serverOptions) {
  const server = await startServer(serverOptions);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Opens the page in a fresh context (fresh localStorage) and waits until the engine is loaded.
 * Returns {page, context, errors, violations}; `errors` collects console errors and page errors,
 * workers included, and Content-Security-Policy violations (which `violations` also lists).
 */
export async function openPage(env, { hash = '', viewport = { width: 1280, height: 900 }, deviceScaleFactor = 1 } = {}) {
  const context = await env.browser.newContext({ viewport, deviceScaleFactor });
  const errors = [];
  const violations = [];
  // Every CSP violation the page sees, from before its first script runs.
  await context.exposeFunction('reportCspViolation', (v) => {
    violations.push(v);
    errors.push(`csp: ${v.directive} blocked ${v.blocked} (${v.sample})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const page = await context.newPage();
  const onConsole = (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('worker', (worker) => worker.on('console', onConsole));
  await page.goto(env.server.url + hash);
  await waitReady(page);
  return { page, context, errors, violations };
}

/** Waits until the page has loaded the engine and shown the game. */
export async function waitReady(page) {
  await page.waitForSelector('#app:is([data-ai-state="idle"], [data-ai-state="thinking"])', { timeout: 20000 });
}

export function cell(page, point) {
  return page.locator(`[role="gridcell"][data-point="${point}"]`);
}

export function record(page) {
  return page.getAttribute('#app', 'data-record');
}

export function moveCount(record) {
  return record ? record.split(' ').length : 0;
}

/** Waits until the game has `count` moves; returns the record. */
export async function waitForMoves(page, count, timeout = 15000) {
  await page.waitForFunction(
    (n) => {
      const r = document.getElementById('app').dataset.record;
      return (r ? r.split(' ').length : 0) === n;
    },
    count,
    { timeout },
  );
  return record(page);
}

export async function waitAiIdle(page, timeout = 15000) {
  await page.waitForSelector('#app[data-ai-state="idle"]', { timeout });
}

/** Sets AI settings through the panel, as a user would (type, then leave the field). */
export async function setSettings(page, { aiType, depth, width, timeMs }) {
  if (aiType !== undefined) await page.selectOption('#ai-type', aiType);
  for (const [id, value] of [['#depth', depth], ['#width', width], ['#time-ms', timeMs]]) {
    if (value === undefined) continue;
    await page.fill(id, String(value));
    await page.locator(id).dispatchEvent('change');
  }
}

export async function setMode(page, mode) {
  await page.selectOption('#mode', mode);
}

/** Lines of the search log as {kind, text, depth, ms, how, pv}. */
export function logLines(page) {
  return page.$$eval('#search-log li', (items) => items.map((li) => ({
    kind: li.dataset.kind,
    text: li.textContent,
    depth: li.dataset.depth === undefined ? undefined : Number(li.dataset.depth),
    ms: li.dataset.ms === undefined ? undefined : Number(li.dataset.ms),
    how: li.dataset.how,
    pv: li.dataset.pv,
  })));
}

/** The log lines of the latest AI move (from its heading line on). */
export async function lastMoveLog(page) {
  const lines = await logLines(page);
  const start = lines.map((l) => l.kind).lastIndexOf('head');
  return start < 0 ? [] : lines.slice(start);
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], 'console errors or uncaught exceptions on the page');
}

/**
 * Asserts that everything showing the game agrees: the ARIA grid (each cell's name), the move list,
 * the record in #app[data-record], the saved game in localStorage and the address bar. Returns the moves.
 */
export async function assertConsistent(page, label = '') {
  const s = await page.evaluate(() => {
    let saved;
    try {
      saved = JSON.parse(localStorage.getItem('gomoku.game'));
    } catch {
      saved = 'unreadable';
    }
    return {
      record: document.getElementById('app').dataset.record,
      cells: [...document.querySelectorAll('[role="gridcell"]')].map((c) => [c.dataset.point, c.getAttribute('aria-label')]),
      list: [...document.querySelectorAll('#move-list li')].map((li) => ({ point: li.dataset.point, color: li.dataset.color, text: li.textContent })),
      saved,
      hash: decodeURIComponent(location.hash),
    };
  });
  const at = label ? `${label}: ` : '';
  const moves = s.record ? s.record.split(' ') : [];
  assert.equal(new Set(moves).size, moves.length, `${at}no point twice in ${s.record}`);
  assert.deepEqual(s.list.map((item) => item.point), moves, `${at}the move list is the game`);
  s.list.forEach((item, i) => {
    assert.equal(item.color, i % 2 === 0 ? 'black' : 'white', `${at}colour of move ${i + 1}`);
    assert.equal(item.text, `${i + 1}.${item.point}`, `${at}move list item ${i + 1}`);
  });
  assert.equal(s.cells.length, 225, `${at}225 cells`);
  const index = new Map(moves.map((point, i) => [point, i]));
  for (const [point, name] of s.cells) {
    const i = index.get(point);
    if (i === undefined) {
      assert.equal(name, `${point} empty`, `${at}cell ${point}`);
    } else {
      const color = i % 2 === 0 ? 'black' : 'white';
      assert.ok(name.startsWith(`${point} ${color}, move ${i + 1}`), `${at}cell ${point} is "${name}", expected ${color} move ${i + 1}`);
      assert.equal(name.includes('last move'), i === moves.length - 1, `${at}last-move mark on ${point}: "${name}"`);
    }
  }
  assert.equal(s.saved?.version, 2, `${at}the game is saved`);
  assert.equal(s.saved.moves, s.record, `${at}the saved game is the game`);
  assert.equal(s.hash, moves.length ? `#moves=${moves.join(',')}` : '', `${at}the address bar is the game`);
  return moves;
}

/**
 * Asserts that the canvas shows the stones of the record: samples each point's pixel just off its centre
 * (clear of the last-move dot, move numbers and a winning-line bar) once the next frame is drawn.
 */
export async function assertCanvasMatches(page, label = '') {
  await page.mouse.move(0, 0); // no ghost stone under the pointer
  const seen = await page.evaluate(async () => {
    document.activeElement?.blur(); // nor at the focused point
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const canvas = document.getElementById('board-canvas');
    const ctx = canvas.getContext('2d');
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const out = {};
    for (const cell of document.querySelectorAll('[role="gridcell"]')) {
      const r = cell.getBoundingClientRect();
      const radius = r.width * scale * 0.46;
      const x = (r.left + r.width / 2 - box.left) * scale + 0.5 * radius;
      const y = (r.top + r.height / 2 - box.top) * scale + 0.2 * radius;
      const [red, green, blue] = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
      out[cell.dataset.point] = Math.max(red, green, blue) < 90 ? 'black'
        : blue > 180 && Math.abs(red - blue) < 30 ? 'white'
          : red > 180 && blue < 170 ? 'empty' : `unknown rgb(${red},${green},${blue})`;
    }
    return { out, record: document.getElementById('app').dataset.record };
  });
  const moves = seen.record ? seen.record.split(' ') : [];
  const expected = {};
  for (const point of Object.keys(seen.out)) expected[point] = 'empty';
  moves.forEach((point, i) => { expected[point] = i % 2 === 0 ? 'black' : 'white'; });
  const wrong = Object.keys(expected).filter((p) => expected[p] !== seen.out[p]).map((p) => `${p}: drawn ${seen.out[p]}, expected ${expected[p]}`);
  assert.deepEqual(wrong, [], `${label ? `${label}: ` : ''}the picture matches the game`);
}
