// Move navigation: the move list's items go to that move, the moves ahead (after going back) are listed
// after them and go forward, and ←/→/Home/End step through the game when the keyboard focus is not on the
// board (whose cursor uses the arrows) or in a text field. Earlier lines left by playing a different move are
// listed as variations and can be restored: nothing is discarded silently.

import { t, onLanguageChange } from './i18n.js';

export class Navigation {
  #game;
  #goTo;
  #restore;
  #el;

  /**
   * @param {{game: import('./game.js').Game, future: HTMLElement, variations: HTMLElement, list: HTMLElement,
   *   goTo: (moveCount: number) => void, restore: (index: number) => void}} options
   *   goTo shows the position after `moveCount` moves of the line; restore makes variation `index` the line.
   */
  constructor({ game, list, future, variations, goTo, restore }) {
    this.#game = game;
    this.#goTo = goTo;
    this.#restore = restore;
    this.#el = { list, future, variations };
    list.addEventListener('click', (event) => {
      const item = event.target.closest('li');
      if (item) goTo([...list.children].indexOf(item) + 1);
    });
    future.addEventListener('click', (event) => {
      const item = event.target.closest('li');
      if (item) goTo(game.moves.length + [...future.children].indexOf(item) + 1);
    });
    variations.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-index]');
      if (button) restore(Number(button.dataset.index));
    });
    document.addEventListener('keydown', (event) => this.#onKey(event));
    onLanguageChange(() => this.render());
  }

  /** Redraws the moves ahead and the variations (the move list itself is the game's moves, drawn by main). */
  render() {
    const game = this.#game;
    const ahead = game.line.slice(game.moves.length);
    const { future, variations, list } = this.#el;
    for (const item of list.children) {
      item.title = t('analysis.goToMove', { n: [...list.children].indexOf(item) + 1 });
    }
    future.replaceChildren(...ahead.map((point, i) => {
      const n = game.moves.length + i + 1;
      const item = document.createElement('li');
      item.dataset.point = point;
      item.dataset.color = game.colorOf(n - 1);
      item.value = n;
      item.textContent = `${n}. ${point}`;
      item.title = t('analysis.goToMove', { n });
      return item;
    }));
    future.hidden = ahead.length === 0;
    future.setAttribute('aria-label', t('analysis.aheadName'));
    variations.replaceChildren(...game.variations.map((line, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.index = String(i);
      const shown = line.length > 12 ? `${line.slice(0, 12).join(' ')} …` : line.join(' ');
      button.textContent = t('analysis.restoreLine', { n: line.length, moves: shown });
      return button;
    }));
    variations.hidden = game.variations.length === 0;
  }

  #onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    if (target.closest?.('[role="grid"], input, select, textarea, [contenteditable]')) return;
    const game = this.#game;
    const here = game.moves.length;
    const last = game.line.length;
    let to;
    switch (event.key) {
      case 'ArrowLeft': to = here - 1; break;
      case 'ArrowRight': to = here + 1; break;
      case 'Home': to = 0; break;
      case 'End': to = last; break;
      default: return;
    }
    event.preventDefault();
    to = Math.min(last, Math.max(0, to));
    if (to !== here) this.#goTo(to);
  }
}
