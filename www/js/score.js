// Engine scores for people, in the page's language. The engine's scale: a win found n plies from the
// position scores MATE - n; beyond ±MATE_BOUND a result is proven; ±LIKELY_BOUND is a win or loss the
// search saw but could not prove (the width limit cut some defences).

import { t } from './i18n.js';

export const MATE = 1_000_000;
export const MATE_BOUND = MATE - 1000;
export const LIKELY_BOUND = MATE_BOUND - 1;

/** Whether a score is a proven result (a win or a loss). */
export function isProven(score) {
  return Math.abs(score) > MATE_BOUND;
}

/** `+35`, `win in 3`, `loss in 2`, `winning`, `losing` in the current language. */
export function scoreText(score) {
  if (score > MATE_BOUND) return t('analysis.winIn', { n: Math.floor((MATE - score + 1) / 2) });
  if (score < -MATE_BOUND) return t('analysis.lossIn', { n: Math.floor((MATE + score) / 2) });
  if (score >= LIKELY_BOUND) return t('analysis.winning');
  if (score <= -LIKELY_BOUND) return t('analysis.losing');
  return score > 0 ? `+${score}` : String(score);
}

/** A short form for a board label: `+35`, `W3`, `L2`. */
export function shortScore(score) {
  if (score > MATE_BOUND) return t('analysis.winShort', { n: Math.floor((MATE - score + 1) / 2) });
  if (score < -MATE_BOUND) return t('analysis.lossShort', { n: Math.floor((MATE + score) / 2) });
  if (score >= LIKELY_BOUND) return '++';
  if (score <= -LIKELY_BOUND) return '−−';
  return score > 0 ? `+${score}` : String(score);
}
