// Save image: the board as a PNG — coordinates, stones, move numbers if shown, the last-move mark and the
// winning line, with a caption (rule, moves, whose move or the result) in the page's language. Shared
// through the system share sheet where the browser can share files, downloaded otherwise.

import { drawBoard } from './board-draw.js';
import { t } from './i18n.js';

/** Width and height of the board in the image, in pixels. */
export const IMAGE_SIZE = 960;
/** Height of the caption under the board, in pixels. */
export const CAPTION_HEIGHT = 72;

/**
 * Draws the picture on a new canvas: {moves, setup, winLine, showNumbers, caption}. Returns the canvas
 * (IMAGE_SIZE wide, IMAGE_SIZE + CAPTION_HEIGHT high).
 */
export function boardPicture({ moves, setup = null, winLine, showNumbers, caption }) {
  const canvas = document.createElement('canvas');
  canvas.width = IMAGE_SIZE;
  canvas.height = IMAGE_SIZE + CAPTION_HEIGHT;
  const ctx = canvas.getContext('2d');
  const stones = new Map();
  // A set-up position's stones first, unnumbered; its side to move plays move 1 (as on the board).
  for (const color of ['black', 'white']) for (const point of setup?.[color] ?? []) stones.set(point, { color, number: null });
  const first = setup?.toMove ?? 'black';
  const other = first === 'black' ? 'white' : 'black';
  moves.forEach((point, i) => stones.set(point, { color: i % 2 === 0 ? first : other, number: i + 1 }));
  drawBoard(ctx, IMAGE_SIZE, {
    stones, lastMove: moves.at(-1) ?? null, winLine, showNumbers, preview: null, ghost: null, armed: null,
  });
  ctx.fillStyle = '#f6efe3';
  ctx.fillRect(0, IMAGE_SIZE, IMAGE_SIZE, CAPTION_HEIGHT);
  ctx.fillStyle = '#2a2723';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let px = 30;
  do {
    ctx.font = `600 ${px}px system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`;
    px -= 2;
  } while (px > 12 && ctx.measureText(caption).width > IMAGE_SIZE - 40);
  ctx.fillText(caption, IMAGE_SIZE / 2, IMAGE_SIZE + CAPTION_HEIGHT / 2);
  return canvas;
}

/**
 * Makes the PNG and offers it: the share sheet when the browser can share files, else a download.
 * Resolves 'shared', 'downloaded' or 'cancelled' (the person closed the share sheet).
 */
export async function saveImage(picture, fileName) {
  const blob = await new Promise((resolve, reject) => {
    picture.toBlob((b) => (b ? resolve(b) : reject(new Error(t('reach.image.failed')))), 'image/png');
  });
  const file = new File([blob], fileName, { type: 'image/png' });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: t('page.heading') });
      return 'shared';
    } catch (err) {
      if (err.name === 'AbortError') return 'cancelled';
      // Sharing refused (no user activation left, a policy): download instead.
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return 'downloaded';
}
