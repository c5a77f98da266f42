// Page hygiene: the Content-Security-Policy allows only the page's own scripts and wasm, and nothing
// in a normal game violates it (checked with 'securitypolicyviolation' events, and shown to be live by a
// control: an inline script and eval are blocked and reported); no HTML is ever built from strings;
// the page works from a plain static file server with no special headers (python3 -m http.server).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  startBrowser, openPage, cell, record, waitForMoves, waitAiIdle, setMode, setSettings, assertNoErrors,
} from './helpers.mjs';
import { WWW } from './server.mjs';

let env;
let python; // {url, process}
before(async () => {
  env = await startBrowser();
  python = await startPythonServer();
});
after(async () => {
  python?.process.kill();
  await env?.close();
});

/** `python3 -m http.server` on a free port, serving www/ as it is: no headers of our own. */
function startPythonServer() {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', WWW], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`python3 -m http.server did not start: ${out}`)), 10000);
    child.stderr.resume(); // request log
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = /port (\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}/`, process: child });
      }
    });
    child.on('error', reject);
  });
}

/** Files of the page itself (not the generated www/pkg). */
async function pageFiles(dir = WWW) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (relative(WWW, path) !== 'pkg') files.push(...await pageFiles(path));
    } else if (/\.(js|mjs|html|css)$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

test('no HTML built from strings, no eval, no inline scripts, handlers or styles in the page sources', async () => {
  const files = await pageFiles();
  assert.ok(files.some((f) => f.endsWith('main.js')) && files.some((f) => f.endsWith('index.html')), `found ${files.length} files`);
  const forbidden = [
    [/\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|createContextualFragment|document\.write|DOMParser/, 'HTML from strings'],
    [/\beval\s*\(|new\s+Function\s*\(|set(Timeout|Interval)\s*\(\s*['"`]/, 'code from strings'],
    [/<script(?![^>]*\bsrc=)[^>]*>/i, 'inline script'],
    [/\son[a-z]+\s*=\s*["']/i, 'inline event handler'],
    [/\sstyle\s*=\s*["']|setAttribute\(\s*['"]style['"]/i, 'inline style'],
  ];
  const found = [];
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      for (const [pattern, what] of forbidden) {
        if (pattern.test(line)) found.push(`${relative(WWW, file)}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
  }
  assert.deepEqual(found, []);
});

test('the Content-Security-Policy allows only the page\'s own scripts and wasm', async () => {
  const html = await readFile(join(WWW, 'index.html'), 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  assert.ok(meta, 'index.html carries its policy (a static server adds no header)');
  const policy = Object.fromEntries(meta[1].split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...v]) => [name, v]));
  assert.deepEqual(policy['default-src'], ["'self'"]);
  assert.deepEqual(policy['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
  assert.deepEqual(policy['object-src'], ["'none'"]);
  assert.deepEqual(policy['base-uri'], ["'none'"]);
  assert.deepEqual(policy['worker-src'], ["'self'"]);
  assert.doesNotMatch(meta[1], /unsafe-inline|'unsafe-eval'|\*|https?:/, 'nothing looser');
});

test('python3 -m http.server: plain headers, and a normal game raises no CSP violation or error', async () => {
  // What the server sends: no policy header (the page's <meta> is in force), the types the page needs.
  const index = await fetch(python.url);
  assert.equal(index.status, 200);
  for (const header of ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-embedder-policy']) {
    assert.equal(index.headers.get(header), null, `no ${header} header`);
  }
  assert.equal((await fetch(`${python.url}pkg/gomoku_bg.wasm`)).headers.get('content-type'), 'application/wasm');
  assert.match((await fetch(`${python.url}js/main.js`)).headers.get('content-type'), /javascript/);

  const { page, context, errors, violations } = await openPage({ browser: env.browser, server: python });
  assert.equal(await page.evaluate(() => typeof WebAssembly.compile), 'function');
  // Against the AI.
  await setSettings(page, { depth: 20, width: 12, timeMs: 200 });
  await cell(page, 'h8').click();
  const two = await waitForMoves(page, 2);
  await waitAiIdle(page);
  await cell(page, ['g7', 'j9'].find((p) => !two.includes(p))).click();
  await waitForMoves(page, 4);
  await waitAiIdle(page);
  // Evaluation panel, move numbers, undo and redo, a pasted record, a link, the benchmark.
  await cell(page, 'k11').click({ button: 'right' });
  await page.waitForSelector('#eval-panel table');
  await page.check('#show-numbers');
  await page.click('#btn-undo');
  await page.click('#btn-redo');
  await setMode(page, 'hvh');
  await page.fill('#record-input', '1. h8 2. i9 3. h9');
  await page.click('#btn-load');
  assert.equal(await record(page), 'h8 i9 h9');
  await page.evaluate(() => { location.hash = 'moves=h8,i9,h9,i10'; });
  await page.waitForFunction(() => document.getElementById('app').dataset.record === 'h8 i9 h9 i10');
  await page.click('#btn-bench');
  await page.waitForSelector('#search-log li[data-kind="note"]:text-matches("^Benchmark:")', { timeout: 30000 });
  // AI against itself for a few moves, then a reload that restores the game.
  await setSettings(page, { depth: 3, timeMs: 100 });
  await setMode(page, 'ava');
  await waitForMoves(page, 7, 15000);
  await page.click('#btn-pause');
  await waitAiIdle(page);
  const game = await record(page);
  await page.reload();
  await page.waitForSelector('#app[data-ai-state="idle"]');
  // After a reload AI vs AI is no longer paused, so a fast AI may already have added a move.
  assert.ok((await record(page)).startsWith(game), 'the game is restored');
  await page.waitForTimeout(300); // violations are reported asynchronously
  assert.deepEqual(violations, [], 'no Content-Security-Policy violation during a normal game');
  assertNoErrors(errors);

  // Control: the policy is in force and the listener hears it. An inline script is refused, and so is a
  // worker made from a string (a blob: URL).
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.body.append(script);
    // (The worker is refused as it loads: no exception here, a violation event and an error event.)
    const worker = new Worker(URL.createObjectURL(new Blob(['self.postMessage("ran")'], { type: 'text/javascript' })));
    worker.onmessage = () => { window.blobWorkerRan = true; };
    worker.onerror = (event) => event.preventDefault();
    return { inline: window.inlineRan === true };
  });
  assert.deepEqual(ran, { inline: false }, 'the inline script did not run');
  await assertEventually(() => violations.length >= 2, 'both blocked attempts are reported');
  assert.deepEqual(violations.map((v) => v.directive).sort(), ['script-src-elem', 'worker-src']);
  assert.equal(await page.evaluate(() => window.blobWorkerRan ?? false), false, 'the blob: worker did not run');
  await context.close();
});

async function assertEventually(check, message, timeout = 3000) {
  const until = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > until) assert.fail(message);
    await new Promise((r) => setTimeout(r, 50));
  }
}
