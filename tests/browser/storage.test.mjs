// Saved state that cannot be trusted: corrupt, old-format, future-format, wrongly typed, illegal and
// huge entries in localStorage are reported, set aside under another key (never silently deleted) and
// not used; set-aside entries are never overwritten; storage that refuses writes keeps the entry in
// place. Also links and pasted records that are far too long, and text from them shown as text only.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, cell, record, waitReady, waitForMoves, setMode, setSettings, assertNoErrors } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const GAME = 'gomoku.game';
const entry = (fields) => JSON.stringify({ version: 1, moves: 'h8 i9', mode: 'hvh', humanColor: 'black', ...fields });

// [what, the stored text, the reason the page must give]
const CORRUPT_GAMES = [
  ['not JSON', '{not json', /it is not valid JSON/],
  ['JSON null', 'null', /not a saved game \(a JSON object was expected, found null\)/],
  ['a list', '["h8","i9"]', /not a saved game \(a JSON object was expected, found a list\)/],
  ['an old plain-text record', '"h8 i9 h10"', /found a string/],
  ['an old format without a version', '{"moves":"h8 i9","mode":"hvh","humanColor":"black"}', /no version number \(an old or unknown format\)/],
  ['a future format', entry({ version: 3, clock: [1, 2] }), /newer version of this page \(format 3; this page reads format 2\)/],
  ['an unknown rule', entry({ version: 2, rule: 'caro' }), /its rule "caro" is unknown/],
  ['a version that is text', entry({ version: '1' }), /format version "1" is unknown/],
  ['a fractional version', entry({ version: 1.5 }), /format version 1.5 is unknown/],
  ['moves missing', JSON.stringify({ version: 1, mode: 'hvh', humanColor: 'black' }), /its moves are missing/],
  ['moves as a list', entry({ moves: ['h8', 'i9'] }), /its moves are not text \(found a list\)/],
  ['moves as a number', entry({ moves: 88 }), /its moves are not text \(found a number\)/],
  ['a mode that is a number', entry({ mode: 3 }), /its mode 3 is unknown/],
  ['an unknown colour', entry({ humanColor: 'red' }), /its colour "red" is unknown/],
  ['a colour missing', JSON.stringify({ version: 1, moves: 'h8', mode: 'hvh' }), /its colour is missing/],
  ['a point played twice', entry({ moves: 'h8 i9 h8' }), /not a legal game: h8 is already occupied \(move 3\)/],
  ['a point off the board', entry({ moves: 'h8 z99' }), /not a legal game: bad point 'z99' at move 2/],
  ['moves after the end', entry({ moves: 'h8 a1 h9 a2 h10 a3 h11 a4 h12 a5' }), /not a legal game: the game was already over/],
  ['moves far too long', entry({ moves: 'h8 '.repeat(2000) }), /its moves are far too long \(6000 characters\)/],
  ['markup in a field', entry({ mode: '<img src=x id=injected>' }), /its mode "<img src=x id=injected>" is unknown/],
];

/** Puts entries into localStorage (null removes one), then opens the page afresh without a link. */
async function reloadWith(page, entries) {
  await page.evaluate((list) => {
    for (const [key, value] of list) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, Object.entries(entries));
  await page.goto(env.server.url);
  await waitReady(page);
}

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const message = (page) => page.textContent('#message');

test('every kind of bad saved game is reported with its reason, kept aside and not used', async () => {
  const { page, context, errors } = await openPage(env);
  for (const [what, raw, reason] of CORRUPT_GAMES) {
    await reloadWith(page, { [GAME]: raw, [`${GAME}.corrupt`]: null });
    const text = await message(page);
    assert.match(text, /The saved game could not be used/, what);
    assert.match(text, reason, `${what}: ${text}`);
    assert.match(text, /kept under "gomoku\.game\.corrupt"/, what);
    assert.ok(text.length < 400, `${what}: the message stays short (${text.length} characters)`);
    const box = await page.locator('#message').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 900, `${what}: the message is in view (${JSON.stringify(box)})`);
    assert.equal(await stored(page, `${GAME}.corrupt`), raw, `${what}: the entry is kept as it was`);
    assert.equal(await record(page), '', `${what}: a new game, nothing of the entry used`);
    assert.equal(await page.inputValue('#mode'), 'hva-black', `${what}: default mode`);
    assert.deepEqual(JSON.parse(await stored(page, GAME)), { version: 2, moves: '', mode: 'hva', humanColor: 'black', rule: 'freestyle' },
      `${what}: the new game is saved in the current format`);
    assert.equal(await page.$$eval('#message *', (children) => children.length), 0, `${what}: the message is text only`);
  }
  assert.equal(await page.$('#injected'), null, 'markup from storage is never parsed');
  // A good entry next to a set-aside one is restored as usual (a finished game shows its result).
  await reloadWith(page, { [GAME]: entry({ moves: 'H8  a1 h9 a2 h10 a3 h11 a4 h12' }) });
  assert.equal(await record(page), 'h8 a1 h9 a2 h10 a3 h11 a4 h12', 'moves normalised');
  assert.match(await page.textContent('#banner-text'), /Black wins/);
  assert.equal(await page.isHidden('#message'), true, 'nothing to report');
  assertNoErrors(errors);
  await context.close();
});

test('a huge entry is not parsed, set aside even when only one copy fits, and the game is saved again', async () => {
  const { page, context, errors } = await openPage(env);
  // About 6 MB of UTF-16: two copies do not fit in Chromium's 10 MB per origin, so setting it aside
  // has to move it rather than copy it.
  const { length, copyFits } = await page.evaluate(() => {
    const raw = `{"version":1,"moves":"${'h8 '.repeat(1_000_000)}","mode":"hvh","humanColor":"black"}`;
    localStorage.setItem('gomoku.game', raw);
    let copyFits = true;
    try {
      localStorage.setItem('probe', raw);
    } catch {
      copyFits = false;
    }
    localStorage.removeItem('probe');
    return { length: raw.length, copyFits };
  });
  console.log(`huge saved entry: ${length} characters; a second copy ${copyFits ? 'fits' : 'does not fit'} in localStorage`);
  await page.goto(env.server.url);
  await waitReady(page);
  const text = await message(page);
  assert.match(text, new RegExp(`far too long \\(${length} characters\\)`));
  assert.match(text, /kept under "gomoku\.game\.corrupt"/);
  assert.ok(text.length < 400, `short message (${text.length} characters)`);
  assert.equal(await page.evaluate(() => localStorage.getItem('gomoku.game.corrupt').length), length, 'kept whole');
  await setMode(page, 'hvh');
  await cell(page, 'h8').click();
  assert.equal(JSON.parse(await stored(page, GAME)).moves, 'h8', 'the game is saved again');
  assertNoErrors(errors);
  await context.close();
});

test('set-aside entries are never overwritten; with no free slot the entry stays and is not replaced', async () => {
  const { page, context, errors } = await openPage(env);
  const slots = ['gomoku.game.corrupt', 'gomoku.game.corrupt.2', 'gomoku.game.corrupt.3', 'gomoku.game.corrupt.4', 'gomoku.game.corrupt.5'];
  for (let i = 0; i < slots.length; i++) {
    await reloadWith(page, { [GAME]: `{bad ${i}` });
    assert.match(await message(page), new RegExp(`kept under "${slots[i].replaceAll('.', '\\.')}"`));
  }
  for (let i = 0; i < slots.length; i++) assert.equal(await stored(page, slots[i]), `{bad ${i}`, `${slots[i]} kept`);

  // A sixth: no free slot. It is reported, left where it is, and the game played meanwhile does not replace it.
  await reloadWith(page, { [GAME]: '{bad 5' });
  assert.match(await message(page), /no room to set the old entry aside, so it was left under "gomoku\.game"/);
  await setMode(page, 'hvh');
  for (const point of ['h8', 'i9', 'h9']) await cell(page, point).click();
  assert.equal(await stored(page, GAME), '{bad 5', 'the entry is not overwritten');
  for (let i = 0; i < slots.length; i++) assert.equal(await stored(page, slots[i]), `{bad ${i}`);
  // The address bar still carries the game, so a reload keeps it; the entry is reported again.
  assert.match(page.url(), /#moves=h8,i9,h9$/);
  await page.reload();
  await waitReady(page);
  // (In the default mode the AI, White, may already have answered: the game restored is what counts.)
  assert.match(await record(page), /^h8 i9 h9( |$)/);
  assert.match(await message(page), /no room/);
  assertNoErrors(errors);
  await context.close();
});

test('storage that refuses every write: the entry stays in place and the page still plays', async () => {
  const { page, context, errors } = await openPage(env);
  await page.evaluate(() => localStorage.setItem('gomoku.game', '{"version":1,"moves":"h8 h8"}'));
  await context.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto(env.server.url);
  await waitReady(page);
  assert.match(await message(page), /could not be used: its mode is missing.*no room to set the old entry aside/s);
  await setSettings(page, { depth: 20, width: 12, timeMs: 100 });
  await cell(page, 'h8').click();
  await waitForMoves(page, 2);
  assert.equal(await stored(page, GAME), '{"version":1,"moves":"h8 h8"}', 'not deleted, not replaced');
  assert.equal(await stored(page, `${GAME}.corrupt`), null);
  assertNoErrors(errors);
  await context.close();
});

test('bad saved settings: reported and set aside, or corrected value by value and said so', async () => {
  const { page, context, errors } = await openPage(env);
  for (const [raw, reason] of [
    ['[1,2', /not valid JSON/],
    ['{"depth":5}', /no version number/],
    ['{"version":3,"depth":5}', /newer version of this page \(format 3; this page reads format 1\)/],
  ]) {
    await reloadWith(page, { 'gomoku.settings': raw, 'gomoku.settings.corrupt': null });
    const text = await message(page);
    assert.match(text, /saved AI settings could not be used/);
    assert.match(text, reason);
    assert.match(text, /kept under "gomoku\.settings\.corrupt"/);
    assert.equal(await stored(page, 'gomoku.settings.corrupt'), raw);
    assert.equal(await page.inputValue('#level'), 'strong', 'defaults: the Strong level');
    assert.equal(await page.inputValue('#depth'), '30', 'defaults: the Strong level\'s depth (no cap)');
  }
  // The current format with wrong values: each is corrected and named; nothing is set aside.
  await reloadWith(page, {
    'gomoku.settings': '{"version":1,"aiType":"magic","depth":"99","width":-4,"timeMs":"soon"}',
    'gomoku.settings.corrupt': null,
  });
  assert.deepEqual(
    await Promise.all(['#ai-type', '#depth', '#width', '#time-ms'].map((s) => page.inputValue(s))),
    ['search', '30', '1', '250'],
  );
  const note = await page.textContent('#settings-note');
  assert.match(note, /corrected: AI type "magic" → search, Search depth "99" → 30, Width -4 → 1, Time per move "soon" → 250/);
  assert.deepEqual(JSON.parse(await stored(page, 'gomoku.settings')),
    { version: 1, aiType: 'search', depth: 30, width: 1, timeMs: 250, level: 'custom', variety: true }, 'saved corrected');
  assert.equal(await stored(page, 'gomoku.settings.corrupt'), null);
  assertNoErrors(errors);
  await context.close();
});

test('links and pasted records far too long are refused without reaching the engine, and shown as text', async () => {
  const long = 'h8,'.repeat(10000);
  const { page, context, errors } = await openPage(env, { hash: `#moves=${long}` });
  assert.match(await message(page), /position in the link could not be loaded: it is far too long \(30000 characters\)/);
  assert.equal(await record(page), '');
  assert.doesNotMatch(page.url(), /#/, 'the address bar shows the (empty) game');
  await setMode(page, 'hvh');
  await cell(page, 'h8').click();

  // Long but under the text limit: too many moves for the engine.
  await page.evaluate((hash) => { location.hash = hash; }, `moves=${'h8,'.repeat(5000)}`);
  await page.waitForFunction(() => /far too long \(5000 moves\)/.test(document.getElementById('message').textContent));
  assert.match(page.url(), /#moves=h8$/);

  await page.fill('#record-input', `${'i9 '.repeat(7000)}`);
  await page.click('#btn-load');
  const note = () => page.textContent('#record-note'); // pasted records are answered next to the field
  assert.match(await note(), /Could not load the record: it is far too long \(21000 characters\)\. The current game is unchanged/);
  // A bad point made of markup is named in the message as text, and a very long one is shortened.
  await page.fill('#record-input', `h8 <img src=x id=injected>${'x'.repeat(3000)}`);
  await page.click('#btn-load');
  const text = await note();
  assert.match(text, /bad point '<img/);
  assert.ok(text.length < 300, `the message is shortened (${text.length} characters)`);
  assert.equal(await page.$('#injected'), null, 'markup from a record is never parsed');
  assert.equal(await page.$$eval('#record-note *', (children) => children.length), 0, 'the note is text only');
  // On a phone the long word wraps instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no horizontal scrolling');
  assert.equal(await record(page), 'h8');
  assertNoErrors(errors);
  await context.close();
});
