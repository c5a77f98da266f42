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
