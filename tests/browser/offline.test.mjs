// Offline and installable: after one online visit the page (board, AI, evaluation) works with the server
// gone; a new build's service worker is announced, replaces the old one on request and deletes its cache;
// the manifest is valid and its icons load.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startBrowser, openPage, cell, waitReady, waitForMoves, assertNoErrors } from './helpers.mjs';
import { WWW } from './server.mjs';

/** Waits until the service worker controls the page and has cached the build; returns the cache names. */
async function waitOffline(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const sizes = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
    return names.map((name, i) => ({ name, entries: sizes[i] }));
  });
}

test('after one online visit, the page loads and the AI plays with the network gone', async () => {
  const env = await startBrowser();
  try {
    const { page, context, errors } = await openPage(env);
    const caches = await waitOffline(page);
    const build = await readFile(`${WWW}pkg/build-id.js`, 'utf8');
    const files = (build.match(/^ {4}"/gm) ?? []).length;
    assert.equal(caches.length, 1);
    assert.equal(caches[0].entries, files, `every file of the build is cached (${files})`);
    await env.server.close(); // really offline: nothing answers any more
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
    await cell(page, 'h8').click();
    await waitForMoves(page, 2);
    await cell(page, 'j9').click({ button: 'right' });
    await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
    // The page with a query (a language forced) is the same cached page.
    await page.goto(`${page.url().split('#')[0]}?lang=zh`);
    await waitReady(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assertNoErrors(errors);
    await context.close();
  } finally {
    await env.browser.close();
  }
});

test("a new build's service worker is offered, replaces the old one and its cache", async () => {
  const overrides = {};
  const env = await startBrowser({ overrides });
  try {
    const { page, context, errors } = await openPage(env);
    const [old] = await waitOffline(page);
    assert.match(old.name, /^gomoku-[0-9a-f]{16}$/);
    assert.equal(await page.isHidden('#update-bar'), true, 'nothing to announce on a first visit');
    // A new build: a new build id (the deployment changed).
    const build = await readFile(`${WWW}pkg/build-id.js`, 'utf8');
    overrides['/pkg/build-id.js'] = build.replace(/id: "[0-9a-f]+"/, 'id: "0123456789abcdef"');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#update-bar:not([hidden])', { timeout: 20000 });
    assert.match(await page.textContent('#update-bar'), /A new version of the page is ready/);
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await waitReady(page);
    await page.waitForFunction(async () => {
      const names = await caches.keys();
      return names.length === 1 && names[0] === 'gomoku-0123456789abcdef';
    }, null, { timeout: 10000 });
    assert.equal(await page.isHidden('#update-bar'), true);
    assertNoErrors(errors);
    await context.close();
  } finally {
    await env.close();
  }
});

test('the manifest is valid: name, start URL, display, theme colour and icons that load', async () => {
  const env = await startBrowser();
  try {
    const { page, context, errors } = await openPage(env);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    const result = await page.evaluate(async (href) => {
      const url = new URL(href, location.href);
      const manifest = await (await fetch(url)).json();
      const icons = [];
      for (const icon of manifest.icons) {
        const response = await fetch(new URL(icon.src, url));
        const blob = await response.blob();
        let size = null;
        if (blob.type === 'image/png') {
          const bitmap = await createImageBitmap(blob);
          size = `${bitmap.width}x${bitmap.height}`;
        }
        icons.push({ ...icon, ok: response.ok, mime: blob.type, bytes: blob.size, size });
      }
      return { manifest, start: new URL(manifest.start_url, url).href, page: location.href.split('#')[0], icons };
    }, href);
    const { manifest, icons } = result;
    assert.equal(manifest.name, '五子棋 Gomoku');
    assert.ok(manifest.short_name);
    assert.equal(manifest.display, 'standalone');
    assert.equal(result.start, result.page, 'the start URL is the page');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
    assert.ok(icons.some((i) => i.type === 'image/svg+xml' && i.mime === 'image/svg+xml' && i.ok), 'an SVG icon');
    for (const size of ['192x192', '512x512']) {
      const icon = icons.find((i) => i.sizes === size);
      assert.ok(icon?.ok && icon.mime === 'image/png', `a PNG icon of ${size}`);
      assert.equal(icon.size, size, 'the PNG is the size it claims');
    }
    assertNoErrors(errors);
    await context.close();
  } finally {
    await env.close();
  }
});
