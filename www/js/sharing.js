// The Moves panel's Copy, Copy link and Save image buttons: the record or the link to the clipboard (or into
// the record field to copy by hand), the board as a PNG shared or downloaded. Each answers in the note next
// to the buttons (js/notices.js).

import { t } from './i18n.js';
import { boardPicture, saveImage } from './save-image.js';

/**
 * Copies `text` (what it is: the string key `whatKey`); without clipboard permission puts it in `input`
 * selected. `notices`: a Notices.
 */
export async function copyText(text, whatKey, { input, notices }) {
  try {
    await navigator.clipboard.writeText(text);
    notices.showNote(() => (text ? t('page.copied', { what: t(whatKey), text }) : t('page.copiedEmpty', { what: t(whatKey) })), 'info');
  } catch {
    // No clipboard permission: put the text where the user can copy it by hand.
    input.value = text;
    input.select();
    notices.showNote(() => t('page.copyByHand', { what: t(whatKey) }), 'info');
  }
}

/** Save image: the board of `game` as a PNG with `caption` (in the page's language). */
export async function saveBoardImage({ game, showNumbers, caption, notices }) {
  const picture = boardPicture({
    moves: game.moves, setup: game.setup, winLine: game.winLine, showNumbers, caption,
  });
  const name = `gomoku-${game.moves.length}.png`;
  try {
    const how = await saveImage(picture, name);
    if (how !== 'cancelled') notices.showNote(() => t(how === 'shared' ? 'reach.image.shared' : 'reach.image.saved', { name }), 'info');
  } catch (err) {
    notices.showNote(() => t('reach.image.error', { reason: err.message }), 'error');
  }
}
