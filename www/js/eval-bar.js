// The evaluation bar over the board: who stands better, from Black's view. The black part (from the left) is
//   1 / (1 + e^(-s / 400))   for a score s (Black's view; the engine's units, a plain four ≈ 1000),
// so 0 is half and half, +400 about three quarters; a proven or search-found win fills it (100 % or 0 %).
// The text beside it and the element's aria-valuetext say the score in words.

import { t } from './i18n.js';
import { LIKELY_BOUND, scoreText } from './score.js';

/** The black share (0..1) shown for a score from Black's view. */
export function blackShare(score) {
  if (score >= LIKELY_BOUND) return 1;
  if (score <= -LIKELY_BOUND) return 0;
  return 1 / (1 + Math.exp(-score / 400));
}

export class EvalBar {
  #root;
  #fill;
  #text;

  /** @param {HTMLElement} root  an element with role="meter"; the bar is built inside it */
  constructor(root) {
    this.#root = root;
    this.#fill = document.createElement('div');
    this.#fill.className = 'eval-fill';
    this.#text = document.createElement('span');
    this.#text.className = 'eval-text';
    root.append(this.#fill, this.#text);
    root.setAttribute('aria-valuemin', '0');
    root.setAttribute('aria-valuemax', '100');
    this.set(null);
  }

  /** Shows `score` (side to move's view) for a position with `toMove` to play; null clears the bar. */
  set(score, toMove = 'black') {
    this.#root.setAttribute('aria-label', t('analysis.barName'));
    if (score === null || score === undefined) {
      this.#fill.style.width = '50%';
      this.#text.textContent = '';
      this.#root.setAttribute('aria-valuenow', '50');
      this.#root.setAttribute('aria-valuetext', t('analysis.barNone'));
      this.#root.dataset.score = '';
      return;
    }
    const black = toMove === 'black' ? score : -score;
    const share = blackShare(black);
    this.#fill.style.width = `${(share * 100).toFixed(1)}%`;
    const text = t('analysis.barText', { score: scoreText(black) });
    this.#text.textContent = scoreText(black);
    this.#root.dataset.score = String(black);
    this.#root.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.#root.setAttribute('aria-valuetext', text);
  }
}
