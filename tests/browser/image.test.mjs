// Save image: the PNG is the board's size (plus its caption) and its pixels show the stones played, the
// empty points as wood; the caption follows the page's language.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startBrowser, openPage, record, assertNoErrors } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/** Clicks Save image and returns the downloaded file's name and bytes. */
async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save-image')]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/**
 * Decodes the PNG in the page and reads it: its size, the colour just off each point's centre (the same
 * sampling as the board tests), and whether the caption band has text.
 */
function readPicture(page, bytes) {
  return page.evaluate(async (data) => {
    const { pointCentre } = await import('./js/board-draw.js');
    const { IMAGE_SIZE, CAPTION_HEIGHT } = await import('./js/save-image.js');
    const blob = new Blob([new Uint8Array(data)], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const cellPx = IMAGE_SIZE / (14 + 2.4);
    const seen = {};
    for (const col of 'abcdefghijklmno') {
      for (let row = 1; row <= 15; row++) {
        const point = `${col}${row}`;
        const [x, y] = pointCentre(point, IMAGE_SIZE);
        const [r, g, b] = ctx.getImageData(Math.round(x + 0.23 * cellPx), Math.round(y + 0.09 * cellPx), 1, 1).data;
        seen[point] = Math.max(r, g, b) < 90 ? 'black' : b > 180 && Math.abs(r - b) < 30 ? 'white'
          : r > 180 && b < 170 ? 'empty' : `unknown rgb(${r},${g},${b})`;
      }
    }
    const band = ctx.getImageData(0, IMAGE_SIZE, bitmap.width, CAPTION_HEIGHT).data;
    let dark = 0;
    for (let i = 0; i < band.length; i += 4) if (band[i] < 100) dark++;
    return { width: bitmap.width, height: bitmap.height, IMAGE_SIZE, CAPTION_HEIGHT, seen, captionInk: dark };
  }, [...bytes]);
}

test('Save image gives a PNG of the board whose pixels show the stones played', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9,h9,i10,j7,g9' });
  await page.selectOption('#mode', 'hvh');
  const moves = (await record(page)).split(' ');
  const { name, bytes } = await download(page);
  assert.equal(name, 'gomoku-6.png');
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG file');
  const pic = await readPicture(page, bytes);
  assert.equal(pic.width, pic.IMAGE_SIZE, 'as wide as the board');
  assert.equal(pic.height, pic.IMAGE_SIZE + pic.CAPTION_HEIGHT, 'the board and its caption');
  const expected = {};
  for (const point of Object.keys(pic.seen)) expected[point] = 'empty';
  moves.forEach((point, i) => { expected[point] = i % 2 === 0 ? 'black' : 'white'; });
  const wrong = Object.keys(expected).filter((p) => expected[p] !== pic.seen[p]).map((p) => `${p}: ${pic.seen[p]}, expected ${expected[p]}`);
  assert.deepEqual(wrong, [], 'the picture shows the game');
  assert.ok(pic.captionInk > 200, `the caption is written (${pic.captionInk} dark pixels)`);
  assert.match(await page.textContent('#record-note'), /Image saved as gomoku-6\.png/);
  assertNoErrors(errors);
  await context.close();
});

test('the caption names the game in the page language', async () => {
  const { page, context, errors } = await openPage(env, { hash: '#moves=h8,i9', locale: 'zh-CN' }); // your move
  const caption = await page.evaluate(async () => {
    const texts = [];
    const original = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      texts.push(String(text));
      return original.call(this, text, ...rest);
    };
    document.getElementById('btn-save-image').click();
    await new Promise((r) => setTimeout(r, 500));
    CanvasRenderingContext2D.prototype.fillText = original;
    return texts.find((s) => s.includes('·'));
  });
  assert.equal(caption, '五子棋 · 无禁手 · 2 手 · 轮到黑棋。', 'game, rule, moves, whose move');
  assertNoErrors(errors);
  await context.close();
});
