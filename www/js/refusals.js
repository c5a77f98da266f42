// Why a record was refused (a pasted record, a link, a saved game, a board set-up), in the page's language.
// The engine's parseRecord throws an Error that carries the reason in parts: `kind` ('badPoint', 'occupied',
// 'afterEnd', 'forbidden', 'setup' with its `problem`) and the move number, point or text (docs/wasm-api.md).
// The page's own checks throw js/storage.js `refusal`s, which say themselves again in the current language;
// anything else is shown by its message (known engine texts translated by js/messages.js).

import { t } from './i18n.js';
import { reason } from './messages.js';
import { reasonText } from './rules.js';

const MOVE_KEYS = {
  badPoint: 'rules.refusal.badPoint',
  occupied: 'rules.refusal.occupied',
  afterEnd: 'rules.refusal.afterEnd',
};

const SETUP_KEYS = {
  afterMoves: 'rules.setup.afterMoves',
  badPoint: 'rules.setup.badPoint',
  unknownSide: 'rules.setup.unknownSide',
  unknownPart: 'rules.setup.unknownPart',
  counts: 'rules.setup.counts',
  occupied: 'rules.setup.occupied',
  five: 'rules.setup.five',
  overline: 'rules.setup.overline',
  decided: 'rules.setup.decided',
};

const side = (color) => (color === 'black' || color === 'white' ? t(`analysis.${color}`) : '?');

/**
 * The reason `err` (what parseRecord or the page's own checks threw) gives for refusing a record, in the
 * current language. Call it again after a language change: it reads only `err`. The engine has already cut
 * user text to 12 characters; callers shorten the whole reason (storage.clip) as for any message.
 * `inSetup`: the set-up editor says itself that its position is refused, so a set-up problem comes bare.
 */
export function refusalText(err, { inSetup = false } = {}) {
  const n = err?.moveNumber;
  if (Object.hasOwn(MOVE_KEYS, err?.kind ?? '')) {
    return t(MOVE_KEYS[err.kind], { n, point: err.point, text: err.text });
  }
  if (err?.kind === 'forbidden') {
    return t('rules.recordRefused', { number: n, point: err.point, reason: reasonText(err.reason) });
  }
  if (err?.kind === 'setup' && Object.hasOwn(SETUP_KEYS, err.problem ?? '')) {
    const why = t(SETUP_KEYS[err.problem], {
      text: err.text, point: err.point, black: err.black, white: err.white,
      side: side(err.toMove), color: side(err.color),
    });
    return inSetup ? why : t('rules.refusal.setup', { reason: why });
  }
  if (typeof err?.localized === 'function') return err.localized();
  return reason(err?.message ?? err);
}
