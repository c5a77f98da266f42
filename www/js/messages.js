// The engine speaks English (its errors and score texts come from Rust); these turn what it says into the
// page's language through the string tables. Text that matches no known form is shown as it is.

import { t } from './i18n.js';

const ENGINE_ERRORS = [
  [/^bad point '(.*)' at move (\d+)$/s, (m) => t('page.engine.badPoint', { text: m[1], n: m[2] })],
  [/^bad point '(.*)'$/s, (m) => t('page.engine.badPointOnly', { text: m[1] })],
  [/^([a-o]\d{1,2}) is already occupied \(move (\d+)\)$/, (m) => t('page.engine.occupied', { point: m[1], n: m[2] })],
  [/^the game was already over before move (\d+)$/, (m) => t('page.engine.over', { n: m[1] })],
  [/^the (record|point) must be text$/, (m) => t('page.engine.notText', { what: t(`page.word.${m[1]}`) })],
  [/^the (record|point) is too long$/, (m) => t('page.engine.tooLong', { what: t(`page.word.${m[1]}`) })],
  [/^the game is over$/, () => t('page.engine.gameOver')],
];

/** An error message from the engine in the page's language (unknown messages unchanged). */
export function reason(message) {
  const text = String(message);
  for (const [pattern, translate] of ENGINE_ERRORS) {
    const m = pattern.exec(text);
    if (m) return translate(m);
  }
  return text;
}

/** The engine's score text ('+35', 'win in 3', 'loss in 2', 'winning', 'losing') in the page's language. */
export function scoreText(text) {
  const m = /^(win|loss) in (\d+)$/.exec(String(text));
  if (m) return t(m[1] === 'win' ? 'page.score.winIn' : 'page.score.lossIn', { n: m[2] });
  if (text === 'winning' || text === 'losing') return t(`page.score.${text}`);
  return String(text);
}
