// English and 简体中文: the browser's language on a first visit, ?lang= forcing one, the switch changing the
// page at once without losing the game, and no visible text that bypasses the string tables.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, record, waitForMoves, waitAiIdle, setMode, assertNoErrors } from './helpers.mjs';
import en from '../../www/js/strings/en.js';
import zh from '../../www/js/strings/zh.js';

const TABLES = { en, zh };

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/**
 * Every text a person can see or hear: visible text nodes (with the language of their nearest lang
 * attribute), aria-labels, titles and placeholders of visible elements, the options of visible selects,
 * the grid cells' names, the live announcer and the page title.
 */
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const pageLang = document.documentElement.lang;
    const langOf = (el) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang).startsWith('zh') ? 'zh' : 'en';
    const shown = (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[hidden]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (!text || el.closest('script, style, option') || !shown(el)) continue;
      out.push({ text, lang: langOf(el), where: el.id || el.className || el.tagName });
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!shown(el) && el.getAttribute('role') !== 'gridcell') continue;
      for (const attr of ['aria-label', 'title', 'placeholder']) {
        const text = el.getAttribute(attr)?.trim();
        if (text) out.push({ text, lang: langOf(el), where: `${el.id || el.tagName}[${attr}]` });
      }
    }
    for (const select of document.querySelectorAll('select')) {
      if (!shown(select)) continue;
      for (const option of select.options) out.push({ text: option.text.trim(), lang: langOf(option), where: `#${select.id} option` });
    }
    const announcer = document.getElementById('announcer').textContent.trim();
    if (announcer) out.push({ text: announcer, lang: langOf(document.body), where: 'announcer' });
    out.push({ text: document.title, lang: pageLang.startsWith('zh') ? 'zh' : 'en', where: 'title' });
    return out;
  });
}

/** Text that needs no translation: coordinates, numbers, units of punctuation, the engine version. */
function neutral(text) {
  return text.split(/\s+/).every((token) => /^([a-o](1[0-5]|[1-9])|[\d.,:;·→()%+\-–—/×●○…'"]*|\d+\.\d+\.\d+)$/.test(token));
}

function templateRegex(value) {
  const escaped = value.replace(/\s+/g, ' ').trim().replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[\\s\\S]*?')}$`);
}
// Values that are only placeholders and punctuation ('{type}') would match anything: they prove nothing.
const meaningful = (value) => /\p{L}/u.test(value.replace(/\{\w+\}/g, ''));
const PATTERNS = Object.fromEntries(Object.entries(TABLES).map(([lang, table]) => [
  lang, Object.values(table).filter(meaningful).map(templateRegex),
]));

/** Texts on the page that are not a value (with placeholders filled) of the table of their language. */
async function bypassing(page) {
  const texts = await visibleTexts(page);
  const bad = texts.filter(({ text, lang }) => {
    const s = text.replace(/\s+/g, ' ').trim();
    return !neutral(s) && !PATTERNS[lang].some((re) => re.test(s));
  });
  return { texts, bad: bad.map((b) => `${b.where}: "${b.text}" (${b.lang})`) };
}

/** Plays h8, waits for the AI's reply and opens the evaluation of a point, so every panel has text. */
async function fillThePage(page) {
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  await waitAiIdle(page);
  await cell(page, 'j10').click({ button: 'right' });
  await page.waitForSelector('#eval-panel:not([hidden]):not([aria-busy]) table');
}

test('a zh-CN browser opens the page in Chinese, with every visible text from the Chinese table', async () => {
  const { page, context, errors } = await openPage(env, { locale: 'zh-CN' });
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await page.inputValue('#lang'), 'zh');
  await fillThePage(page);
  const { texts, bad } = await bypassing(page);
  assert.ok(texts.length > 300, `the walk saw the page (${texts.length} texts)`);
  assert.deepEqual(bad, [], 'texts not from the Chinese table');
  const english = texts
    .filter(({ lang, where }) => lang === 'zh' && where !== 'title')
    // (Key names such as Home/End stay as printed on the keys.)
    .filter(({ text }) => /[A-Za-z]{2,}/.test(text.replace(/\b(Home|End|Enter|Tab|Esc|Ctrl)\b/g, '')
      .split(/\s+/).filter((w) => !neutral(w)).join(' ')))
    .map(({ text, where }) => `${where}: ${text}`);
  assert.deepEqual(english, [], 'English words left in the Chinese page');
  assert.match(await page.textContent('#status'), /轮到你/);
  assert.match(await cell(page, 'h8').getAttribute('aria-label'), /^h8 黑棋，第 1 手/);
  assertNoErrors(errors);
  await context.close();
});

test('the English page takes every visible text from the English table', async () => {
  const { page, context, errors } = await openPage(env, { locale: 'en-GB' });
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  await fillThePage(page);
  const { texts, bad } = await bypassing(page);
  assert.ok(texts.length > 300);
  assert.deepEqual(bad, [], 'texts not from the English table');
  assertNoErrors(errors);
  await context.close();
});

test('the switch changes the language mid-game at once, keeps the game and is remembered', async () => {
  const { page, context, errors } = await openPage(env, { locale: 'en-US' });
  await setMode(page, 'hvh');
  for (const [i, point] of ['h8', 'i9', 'h9'].entries()) {
    await cell(page, point).click();
    await waitForMoves(page, i + 1);
  }
  await page.click('#btn-undo');
  assert.match(await page.textContent('#status'), /Black to move/);
  const before = await record(page);
  const url = page.url();
  await page.selectOption('#lang', 'zh');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.match(await page.textContent('#status'), /轮到黑棋/);
  assert.equal(await page.textContent('#btn-new'), '新对局');
  assert.match(await cell(page, 'i9').getAttribute('aria-label'), /^i9 白棋，第 2 手，最后一手$/);
  assert.equal(await record(page), before, 'the game is kept');
  assert.equal(page.url(), url, 'no reload, no new address');
  assert.equal(await page.isDisabled('#btn-redo'), false, 'the undone move can still be redone');
  assert.equal(await page.title(), zh['page.title']);
  await page.reload();
  await page.waitForSelector('#app[data-ai-state="idle"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN', 'the choice is remembered');
  assert.equal(await record(page), before);
  await page.selectOption('#lang', 'en');
  assert.match(await page.textContent('#status'), /Black to move/);
  assertNoErrors(errors);
  await context.close();
});

test('?lang=en wins over a Chinese browser, ?lang=zh over an English one', async () => {
  let { page, context, errors } = await openPage(env, { locale: 'zh-CN', query: '?lang=en' });
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await page.textContent('#status'), /Your move \(Black\)/);
  assertNoErrors(errors);
  await context.close();
  ({ page, context, errors } = await openPage(env, { locale: 'en-US', query: '?lang=zh' }));
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.match(await page.textContent('#status'), /轮到你（黑棋）/);
  assertNoErrors(errors);
  await context.close();
});
