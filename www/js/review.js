// Game review (复盘): analyses every position of the game's line at a set time per move in its own worker
// (progress bar, Cancel), then draws an evaluation graph from Black's view, marks the moves that lose most
// (? and ??) with the move the engine preferred, jumps to a move from the graph or a mark, and copies the
// review as an annotated text record.
//
// A move's loss is the mover's evaluation of the best move minus that of the move played, both on a capped
// scale (a proven or search-found win counts as +3000, a loss as -3000, other scores clamped to ±3000):
//   loss ≥ 1500 → ?? (a blunder: typically throws away a win or walks into a forced loss)
//   loss ≥ 400  → ?  (a mistake)

import { t, onLanguageChange } from './i18n.js';
import { EngineCancelled } from './engine-client.js';
import { LIKELY_BOUND, scoreText } from './score.js';

/** Default time per position, ms. */
export const REVIEW_MS = 300;
const CAP = 3000;
export const BLUNDER = 1500;
export const MISTAKE = 400;
const SVG = 'http://www.w3.org/2000/svg';

/** A score on the capped scale used for losses and the graph. */
export function capped(score) {
  if (score >= LIKELY_BOUND) return CAP;
  if (score <= -LIKELY_BOUND) return -CAP;
  return Math.max(-CAP, Math.min(CAP, score));
}

export class Review {
  #engine;
  #getLine;
  #goTo;
  #el = {};
  #job = 0;
  #running = false;
  #result = null; // {moves, evals: [{score (black view), best, bestScore (mover view)} per position], marks}

  /**
   * @param {{engine, root: HTMLElement,
   *   getLine: () => {setup: string, first: string, moves: string[], over: boolean, at: number},
   *   goTo: (moveCount: number) => void}} options
   *   getLine: the game's set-up part and first mover, its whole line, whether the line ends the game, and how
   *   many moves are on the board now.
   */
  constructor({ engine, root, getLine, goTo }) {
    this.#engine = engine;
    this.#getLine = getLine;
    this.#goTo = goTo;
    this.#build(root);
    onLanguageChange(() => this.#texts());
    this.#texts();
  }

  /** The game changed: drop a review of another line; mark the current move on the graph. */
  update() {
    const line = this.#lineKey();
    if (this.#result && line !== this.#result.line) {
      this.#result = null;
      this.#render();
    } else {
      this.#drawCursor();
    }
    if (this.#running && line !== this.#reviewing) this.cancel();
  }

  /** The reviewed line as text: set-up part and moves. */
  #lineKey() {
    const { setup, moves } = this.#getLine();
    return `${setup}|${moves.join(' ')}`;
  }

  #reviewing = '';

  #build(root) {
    const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);
    const el = this.#el;
    el.title = make('h2', { id: 'review-title' });
    root.setAttribute('aria-labelledby', 'review-title');
    const timeRow = make('label', { className: 'row' });
    el.timeText = make('span');
    el.time = make('input', { type: 'number', id: 'review-ms', min: 50, max: 10000, step: 50, value: REVIEW_MS });
    timeRow.append(el.timeText, el.time);
    const buttons = make('div', { className: 'row buttons' });
    el.start = make('button', { type: 'button', id: 'btn-review' });
    el.cancel = make('button', { type: 'button', id: 'btn-review-cancel', hidden: true });
    el.copy = make('button', { type: 'button', id: 'btn-review-copy', hidden: true });
    buttons.append(el.start, el.cancel, el.copy);
    el.progress = make('progress', { id: 'review-progress', max: 1, value: 0, hidden: true });
    el.status = make('p', { id: 'review-status', className: 'note' });
    el.status.setAttribute('aria-live', 'polite');
    el.graph = document.createElementNS(SVG, 'svg');
    el.graph.id = 'review-graph';
    el.graph.classList.add('review-graph');
    el.graph.setAttribute('viewBox', '0 0 400 120');
    el.graph.setAttribute('role', 'img');
    el.graph.setAttribute('hidden', '');
    el.marks = make('ol', { id: 'review-marks', className: 'review-marks' });
    el.text = make('textarea', { id: 'review-text', readOnly: true, rows: 4, hidden: true });
    root.append(el.title, timeRow, buttons, el.progress, el.status, el.graph, el.marks, el.text);

    el.start.addEventListener('click', () => this.start());
    el.cancel.addEventListener('click', () => this.cancel());
    el.copy.addEventListener('click', () => this.#copy());
    el.graph.addEventListener('click', (event) => {
      const n = this.#result?.evals.length;
      if (!n) return;
      const box = el.graph.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * 400;
      this.#goTo(Math.max(0, Math.min(n - 1, Math.round((x / 400) * Math.max(1, n - 1)))));
    });
    el.marks.addEventListener('click', (event) => {
      const button = event.target.closest('[data-move]');
      if (button) this.#goTo(Number(button.dataset.move));
    });
  }

  /** Reviews the game's whole line. */
  async start() {
    this.cancel();
    const { moves, over, setup, first, rule } = this.#getLine();
    const job = ++this.#job;
    this.#running = true;
    this.#reviewing = this.#lineKey();
    const blackAt = (i) => (i % 2 === 0) === (first === 'black'); // Black to move after i moves
    this.#result = null;
    const timeMs = Math.min(10000, Math.max(50, Number(this.#el.time.value) || REVIEW_MS));
    const positions = over ? moves.length : moves.length + 1; // a finished game's last position needs no search
    const evals = [];
    this.#render();
    this.#progress(0, positions);
    try {
      for (let i = 0; i < positions; i++) {
        const position = [setup, moves.slice(0, i).join(' ')].filter(Boolean).join(' ');
        const report = await this.#engine.analyze(position, { lines: 1, timeMs, depth: 60, rule });
        if (job !== this.#job) return;
        const best = report.lines[0];
        const black = blackAt(i) ? best.score : -best.score;
        evals.push({ score: black, best: best.move, bestScore: best.score });
        this.#progress(i + 1, positions);
      }
      if (over) evals.push({ score: blackAt(moves.length - 1) ? LIKELY_BOUND + 1 : -(LIKELY_BOUND + 1), best: null, bestScore: null });
    } catch (err) {
      if (job !== this.#job || err instanceof EngineCancelled) return;
      this.#running = false;
      this.#el.status.textContent = t('analysis.reviewFailed', { reason: err.message });
      this.#render();
      return;
    }
    this.#running = false;
    this.#result = { line: this.#reviewing, moves, evals, marks: marks(moves, evals, first), timeMs };
    this.#render();
  }

  /** Stops a running review at once (its worker is terminated). */
  cancel() {
    if (!this.#running) return;
    this.#job++;
    this.#running = false;
    this.#engine.restart();
    this.#el.status.textContent = t('analysis.reviewCancelled');
    this.#render();
  }

  #progress(done, total) {
    this.#el.progress.max = total;
    this.#el.progress.value = done;
    this.#el.status.textContent = t('analysis.reviewProgress', { done, total });
  }

  #texts() {
    const el = this.#el;
    el.title.textContent = t('analysis.reviewTitle');
    el.timeText.textContent = t('analysis.reviewTime');
    el.start.textContent = t('analysis.reviewStart');
    el.cancel.textContent = t('analysis.reviewCancel');
    el.copy.textContent = t('analysis.reviewCopy');
    el.progress.setAttribute('aria-label', t('analysis.reviewProgressName'));
    if (this.#result) this.#render();
  }

  #render() {
    const el = this.#el;
    el.start.disabled = this.#running;
    el.cancel.hidden = !this.#running;
    el.progress.hidden = !this.#running;
    const r = this.#result;
    el.copy.hidden = !r;
    el.text.hidden = true;
    if (!r) {
      el.graph.setAttribute('hidden', '');
      el.marks.replaceChildren();
      return;
    }
    el.status.textContent = t('analysis.reviewDone', {
      moves: r.moves.length, blunders: r.marks.filter((m) => m.sign === '??').length,
      mistakes: r.marks.filter((m) => m.sign === '?').length,
    });
    this.#drawGraph(r);
    el.marks.replaceChildren(...r.marks.map((m) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.move = String(m.index);
      button.textContent = t('analysis.reviewMark', { n: m.index, move: m.move, sign: m.sign, best: m.best, score: scoreText(m.bestScore) });
      item.append(button);
      return item;
    }));
    el.graph.setAttribute('aria-label', t('analysis.reviewGraphName', {
      marks: r.marks.length ? r.marks.map((m) => `${m.index}. ${m.move}${m.sign}`).join(', ') : t('analysis.reviewNoMarks'),
    }));
  }

  #drawGraph(r) {
    const g = this.#el.graph;
    g.removeAttribute('hidden');
    const n = r.evals.length;
    const x = (i) => (n > 1 ? (i / (n - 1)) * 400 : 200);
    const y = (score) => 60 - (capped(score) / CAP) * 56;
    const node = (tag, attrs) => {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      return e;
    };
    const points = r.evals.map((e, i) => `${x(i).toFixed(1)},${y(e.score).toFixed(1)}`);
    const children = [
      node('rect', { x: 0, y: 0, width: 400, height: 120, class: 'graph-bg' }),
      node('polygon', { points: `0,60 ${points.join(' ')} 400,60`, class: 'graph-area' }),
      node('line', { x1: 0, y1: 60, x2: 400, y2: 60, class: 'graph-axis' }),
      node('polyline', { points: points.join(' '), class: 'graph-line' }),
    ];
    for (const m of r.marks) {
      const c = node('circle', { cx: x(m.index), cy: y(r.evals[m.index].score), r: m.sign === '??' ? 5 : 4, class: m.sign === '??' ? 'graph-blunder' : 'graph-mistake' });
      c.dataset.move = String(m.index);
      children.push(c);
    }
    this.#cursor = node('line', { x1: 0, y1: 0, x2: 0, y2: 120, class: 'graph-cursor' });
    children.push(this.#cursor);
    g.replaceChildren(...children);
    this.#drawCursor();
  }

  #cursor = null;

  #drawCursor() {
    const r = this.#result;
    if (!r || !this.#cursor) return;
    const n = r.evals.length;
    const at = Math.min(n - 1, this.#getLine().at);
    const cx = n > 1 ? (at / (n - 1)) * 400 : 200;
    this.#cursor.setAttribute('x1', String(cx));
    this.#cursor.setAttribute('x2', String(cx));
  }

  async #copy() {
    const r = this.#result;
    if (!r) return;
    const marksAt = new Map(r.marks.map((m) => [m.index, m]));
    const lines = [t('analysis.reviewHeader', { ms: r.timeMs })];
    r.moves.forEach((move, i) => {
      const m = marksAt.get(i + 1);
      const after = r.evals[i + 1];
      const value = !after ? '' : after.best === null ? t('analysis.reviewFive') : scoreText(after.score);
      let line = `${i + 1}. ${move}${m ? m.sign : ''} ${value}`.trimEnd();
      if (m) line += ` {${t('analysis.reviewBetter', { move: m.best, score: scoreText(m.bestScore) })}}`;
      lines.push(line);
    });
    const text = lines.join('\n');
    const el = this.#el;
    try {
      await navigator.clipboard.writeText(text);
      el.status.textContent = t('analysis.reviewCopied');
    } catch {
      el.text.value = text;
      el.text.hidden = false;
      el.text.select();
      el.status.textContent = t('analysis.reviewCopyByHand');
    }
  }
}

/**
 * The marked moves: for move k (1-based, played in position k-1), the mover's loss is the capped best
 * score of position k-1 minus the capped score of the move played (the negated score of position k).
 */
export function marks(moves, evals, first = 'black') {
  const out = [];
  for (let k = 1; k < evals.length; k++) {
    const before = evals[k - 1];
    if (before.bestScore === null || before.best === moves[k - 1]) continue;
    const moverIsBlack = ((k - 1) % 2 === 0) === (first === 'black');
    const played = moverIsBlack ? evals[k].score : -evals[k].score;
    const loss = capped(before.bestScore) - capped(played);
    const sign = loss >= BLUNDER ? '??' : loss >= MISTAKE ? '?' : null;
    if (sign) out.push({ index: k, move: moves[k - 1], sign, best: before.best, bestScore: before.bestScore, loss });
  }
  return out;
}
