// Analysis mode (分析): the AI thinks about the position on the board without playing, live, until
// stopped or a time limit, and shows its best candidates on the board (rank and score), their lines on
// hover or focus, an evaluation bar, the threat overlay and the heat map. Also the Hint (提示) button for
// games against the AI and "Show winning line" when a forced win is proven.
//
// The analysis runs in its own worker (engine.analyze is synchronous): a new position or Stop terminates
// it and starts afresh. Threats and the heat map come from the helper worker in one call each.

import { t, onLanguageChange } from './i18n.js';
import { EngineCancelled } from './engine-client.js';
import { EvalBar } from './eval-bar.js';
import { MATE_BOUND, scoreText } from './score.js';
import * as overlays from './overlays.js';

/** Time limits offered, in ms; 0 = until stopped. */
const TIMES = [0, 1000, 3000, 10000, 30000];
/** "Until stopped" is a long analysis ended by terminating the worker (the engine's longest time). */
const UNTIL_STOPPED_MS = 600000;

/** The panel's remembered choices with their defaults. */
export const DEFAULT_PREFS = Object.freeze({ lines: 5, timeMs: 0, threats: false, heat: false });

/**
 * The panel's remembered choices from a saved entry: each value checked on its own, anything missing or
 * out of range replaced by its default (the other values are kept).
 */
export function parseAnalysisPrefs(data) {
  const d = data && typeof data === 'object' ? data : {};
  return {
    lines: Number.isInteger(d.lines) && d.lines >= 1 && d.lines <= 10 ? d.lines : DEFAULT_PREFS.lines,
    timeMs: TIMES.includes(d.timeMs) ? d.timeMs : DEFAULT_PREFS.timeMs,
    threats: typeof d.threats === 'boolean' ? d.threats : DEFAULT_PREFS.threats,
    heat: typeof d.heat === 'boolean' ? d.heat : DEFAULT_PREFS.heat,
  };
}

export class AnalysisPanel {
  #engine;
  #helper;
  #board;
  #getPosition;
  #aiOptions;
  #onToggle;
  #announce;
  #play;
  #onPrefs;
  #el = {};
  #bar;
  #on = false;
  #record = null; // position the panel shows
  #result = null; // {record, lines, depth, nodes, timeMs} of the latest analysis report
  #running = false;
  #busy = false; // a request (analysis or hint) is in the analysis worker
  #request = 0;
  #pointed = null; // point under the pointer / focus (its line is shown while it is a candidate)
  #pinned = false; // "Show winning line" on
  #hint = null; // {record, move, score, pv}
  #threats = null;
  #heat = null;
  #error = '';

  /**
   * @param {{engine, helper, board, root: HTMLElement, bar: HTMLElement, toolbar: HTMLElement,
   *   getPosition: () => {record: string, toMove: string, over: boolean, vsAi: boolean, canHint: boolean,
   *     editing: boolean},
   *   aiOptions: () => {depth: number, width: number, timeMs: number},
   *   onToggle: () => void, announce: (text: string) => void, play: (point: string) => void,
   *   prefs?: {lines: number, timeMs: number, threats: boolean, heat: boolean},
   *   onPrefs?: (prefs: object) => void}} options  `prefs` as from parseAnalysisPrefs; `onPrefs` gets them
   *   whenever the user changes one (to remember them).
   */
  constructor({
    engine, helper, board, root, bar, toolbar, getPosition, aiOptions, onToggle, announce, play,
    prefs = DEFAULT_PREFS, onPrefs = () => {},
  }) {
    this.#engine = engine;
    this.#helper = helper;
    this.#board = board;
    this.#getPosition = getPosition;
    this.#aiOptions = aiOptions;
    this.#onToggle = onToggle;
    this.#announce = announce;
    this.#play = play;
    this.#onPrefs = onPrefs;
    this.#build(root, toolbar);
    this.#el.lines.value = String(prefs.lines);
    this.#el.time.value = String(prefs.timeMs);
    this.#el.threats.checked = prefs.threats;
    this.#el.heat.checked = prefs.heat;
    this.#bar = new EvalBar(bar);
    this.#el.barRoot = bar;
    onLanguageChange(() => this.#texts());
    this.#texts();
  }

  /** The user's current choices of lines, time, threat overlay and heat map (see parseAnalysisPrefs). */
  get prefs() {
    const el = this.#el;
    return parseAnalysisPrefs({
      lines: Number(el.lines.value), timeMs: Number(el.time.value), threats: el.threats.checked, heat: el.heat.checked,
    });
  }

  /** Whether analysis mode is on (the AI then does not play). */
  get active() {
    return this.#on;
  }

  /** The position may have changed (a move, undo, navigation, a loaded game): follow it. */
  update() {
    const pos = this.#getPosition();
    if (pos.record !== this.#record) {
      this.#record = pos.record; // #pointed stays: the pointer has not moved
      this.#pinned = false;
      this.#hint = null;
      this.#threats = null;
      this.#heat = null;
      this.#error = '';
      if (this.#on) this.#start();
      else this.#cancel();
      this.#refreshOverlays();
    }
    this.#render();
  }

  /**
   * The board's pointer or focus is on `point` (null: nowhere): show that candidate's line. The point is kept
   * even when it is no candidate now, so a pointer resting on it shows its line as soon as a deeper report
   * lists it again (the pointer sends nothing while it stays still).
   */
  pointer(point) {
    if (point !== this.#pointed) {
      this.#pointed = point;
      this.#drawBoard();
    }
  }

  #build(root, toolbar) {
    const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);
    const el = this.#el;
    el.title = make('h2', { id: 'analysis-title' });
    root.setAttribute('aria-labelledby', 'analysis-title');
    const switchRow = make('label', { className: 'row check' });
    el.toggle = make('input', { type: 'checkbox', id: 'analysis-on' });
    el.toggle.setAttribute('role', 'switch');
    el.toggleText = make('span');
    switchRow.append(el.toggle, el.toggleText);
    const linesRow = make('label', { className: 'row' });
    el.linesText = make('span');
    el.lines = make('input', { type: 'number', id: 'analysis-lines', min: 1, max: 10, step: 1, value: 5 });
    linesRow.append(el.linesText, el.lines);
    const timeRow = make('label', { className: 'row' });
    el.timeText = make('span');
    el.time = make('select', { id: 'analysis-time' });
    for (const ms of TIMES) el.time.append(make('option', { value: String(ms) }));
    timeRow.append(el.timeText, el.time);
    el.status = make('p', { id: 'analysis-status', className: 'note' });
    el.status.setAttribute('aria-live', 'polite');
    el.list = make('ol', { id: 'analysis-list', className: 'analysis-list' });
    const buttons = make('div', { className: 'row buttons' });
    el.winLine = make('button', { type: 'button', id: 'btn-win-line', hidden: true });
    el.winLine.setAttribute('aria-pressed', 'false');
    buttons.append(el.winLine);
    const threatsRow = make('label', { className: 'row check' });
    el.threats = make('input', { type: 'checkbox', id: 'show-threats' });
    el.threatsText = make('span');
    threatsRow.append(el.threats, el.threatsText);
    const heatRow = make('label', { className: 'row check' });
    el.heat = make('input', { type: 'checkbox', id: 'show-heat' });
    el.heatText = make('span');
    heatRow.append(el.heat, el.heatText);
    el.help = make('p', { className: 'help' });
    root.append(el.title, switchRow, linesRow, timeRow, el.status, el.list, buttons, threatsRow, heatRow, el.help);

    el.hintButton = make('button', { type: 'button', id: 'btn-hint' });
    toolbar.append(el.hintButton);

    el.toggle.addEventListener('change', () => this.#setOn(el.toggle.checked));
    const restart = () => { if (this.#on) this.#start(); };
    el.lines.addEventListener('change', () => {
      const n = Math.round(Number(el.lines.value));
      el.lines.value = String(Number.isFinite(n) ? Math.min(10, Math.max(1, n)) : DEFAULT_PREFS.lines);
      this.#onPrefs(this.prefs);
      restart();
    });
    el.time.addEventListener('change', () => {
      this.#onPrefs(this.prefs);
      restart();
    });
    el.winLine.addEventListener('click', () => {
      this.#pinned = !this.#pinned;
      this.#render();
    });
    for (const box of [el.threats, el.heat]) {
      box.addEventListener('change', () => {
        this.#onPrefs(this.prefs);
        this.#refreshOverlays();
      });
    }
    el.hintButton.addEventListener('click', () => this.#giveHint());
    el.list.addEventListener('click', (event) => {
      const move = event.target.closest('[data-move]')?.dataset.move;
      if (move) this.#play(move);
    });
    const show = (event) => this.pointer(event.target.closest?.('[data-move]')?.dataset.move ?? null);
    el.list.addEventListener('pointerover', show);
    el.list.addEventListener('focusin', show);
    el.list.addEventListener('pointerleave', () => this.pointer(null));
    el.list.addEventListener('focusout', () => this.pointer(null));
  }

  #setOn(on) {
    this.#on = on;
    this.#el.toggle.checked = on;
    if (on) this.#start();
    else this.#cancel();
    this.#onToggle();
    this.#render();
  }

  /** Starts analysing the current position (ending any earlier request). */
  #start() {
    this.#cancel();
    const pos = this.#getPosition();
    this.#result = null;
    if (pos.over) return;
    const id = this.#request;
    const { width, rule } = this.#aiOptions();
    const time = Number(this.#el.time.value) || UNTIL_STOPPED_MS;
    const options = { lines: Number(this.#el.lines.value) || 5, timeMs: time, depth: 60, width, rule };
    const record = pos.record;
    this.#running = this.#busy = true;
    const take = (report) => {
      if (id !== this.#request) return;
      this.#result = { record, ...report };
      this.#render();
    };
    this.#engine.analyze(record, options, take).then((report) => {
      if (id !== this.#request) return;
      this.#running = this.#busy = false;
      take(report);
    }, (err) => this.#failed(id, err));
  }

  /** Ends the request in the analysis worker, if any (the worker is restarted). */
  #cancel() {
    this.#request++;
    this.#running = false;
    if (this.#busy) {
      this.#busy = false;
      this.#engine.restart();
    }
  }

  #failed(id, err) {
    if (id !== this.#request || err instanceof EngineCancelled) return;
    this.#running = this.#busy = false;
    this.#error = t('analysis.failed', { reason: err.message });
    this.#render();
  }

  async #giveHint() {
    const pos = this.#getPosition();
    if (!pos.canHint && !this.#on) return;
    const best = this.#currentLines()[0];
    if (best) {
      this.#showHint(pos.record, best);
      return;
    }
    if (this.#busy) return; // the live analysis has no line yet
    const id = this.#request;
    this.#busy = true;
    this.#el.hintButton.disabled = true;
    this.#error = '';
    this.#el.status.textContent = t('analysis.hintThinking');
    const { depth, width, timeMs, rule } = this.#aiOptions();
    try {
      const report = await this.#engine.analyze(pos.record, { lines: 1, timeMs, depth, width, rule });
      if (id !== this.#request) return;
      this.#busy = false;
      if (this.#getPosition().record === pos.record && report.lines[0]) this.#showHint(pos.record, report.lines[0]);
    } catch (err) {
      this.#failed(id, err);
    } finally {
      this.#render();
    }
  }

  #showHint(record, line) {
    this.#hint = { record, move: line.move, score: line.score, pv: line.pv };
    const text = t('analysis.hintText', { move: line.move, score: scoreText(line.score) });
    this.#announce(text);
    this.#render();
  }

  async #refreshOverlays() {
    const record = this.#record;
    const wantThreats = this.#el.threats.checked;
    const wantHeat = this.#el.heat.checked;
    const { rule } = this.#aiOptions();
    try {
      const [threats, heat] = await Promise.all([
        wantThreats && !this.#threats ? this.#helper.threats(record, { rule }) : this.#threats,
        wantHeat && !this.#heat ? this.#helper.heatmap(record, { rule }) : this.#heat,
      ]);
      if (record !== this.#record) return;
      this.#threats = threats;
      this.#heat = heat;
    } catch (err) {
      if (!(err instanceof EngineCancelled)) this.#error = t('analysis.failed', { reason: err.message });
    }
    this.#render();
  }

  /** The latest lines for the position on the board ([] if none). */
  #currentLines() {
    return this.#on && this.#result?.record === this.#record ? this.#result.lines : [];
  }

  /** The proven winning line on show, if any: the analysis's first line, or the hint's. */
  #winningLine() {
    const best = this.#currentLines()[0] ?? (this.#hint?.record === this.#record ? this.#hint : null);
    return best && best.score > MATE_BOUND ? best.pv : null;
  }

  #texts() {
    const el = this.#el;
    el.title.textContent = t('analysis.title');
    el.toggleText.textContent = t('analysis.switch');
    el.linesText.textContent = t('analysis.lines');
    el.timeText.textContent = t('analysis.time');
    [...el.time.options].forEach((o) => {
      const ms = Number(o.value);
      o.textContent = ms ? t('analysis.seconds', { n: ms / 1000 }) : t('analysis.untilStopped');
    });
    el.threatsText.textContent = t('analysis.threats');
    el.heatText.textContent = t('analysis.heat');
    el.hintButton.textContent = t('analysis.hint');
    el.hintButton.title = t('analysis.hintTitle');
    el.help.textContent = t('analysis.help');
    if (this.#record !== null) this.#render();
  }

  #render() {
    const el = this.#el;
    const pos = this.#getPosition();
    const lines = this.#currentLines();
    el.hintButton.hidden = !pos.vsAi && !this.#on;
    el.hintButton.disabled = pos.over || (!pos.canHint && !this.#on) || (this.#busy && !lines.length);
    // Status.
    let status;
    if (this.#error) status = this.#error;
    else if (!this.#on) status = t('analysis.off');
    else if (pos.over) status = t('analysis.over');
    else if (!this.#result) status = t('analysis.starting');
    else {
      const params = { depth: this.#result.depth, nodes: Math.round(this.#result.nodes / 1000), time: (this.#result.timeMs / 1000).toFixed(1) };
      status = t(this.#running ? 'analysis.running' : 'analysis.done', params);
    }
    if (this.#hint?.record === this.#record) status += ` ${t('analysis.hintText', { move: this.#hint.move, score: scoreText(this.#hint.score) })}`;
    el.status.textContent = status;
    el.status.dataset.kind = this.#error ? 'error' : 'info';
    // Candidate list, rebuilt: a keyboard user's focus stays on the same move (or rank if it left the list).
    const buttons = () => [...el.list.querySelectorAll('[data-move]')];
    const focused = el.list.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    const focusedRank = focused ? buttons().findIndex((b) => b.dataset.move === focused) : -1;
    el.list.replaceChildren(...lines.map((line, i) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'candidate';
      button.dataset.move = line.move;
      button.textContent = `${i + 1}. ${line.move} ${scoreText(line.score)}`;
      button.setAttribute('aria-label', t('analysis.candidateName', {
        rank: i + 1, move: line.move, score: scoreText(line.score), depth: line.depth, pv: line.pv.join(' '),
      }));
      const pv = document.createElement('span');
      pv.className = 'pv';
      pv.textContent = line.pv.slice(1, 8).join(' ');
      pv.setAttribute('aria-hidden', 'true');
      item.append(button, pv);
      return item;
    }));
    if (focused) {
      const now = buttons();
      (now.find((b) => b.dataset.move === focused) ?? now[Math.min(focusedRank, now.length - 1)])?.focus();
    }
    // Winning line control.
    const win = this.#winningLine();
    if (!win) this.#pinned = false;
    el.winLine.hidden = !win;
    el.winLine.textContent = t(this.#pinned ? 'analysis.hideWinLine' : 'analysis.showWinLine');
    el.winLine.setAttribute('aria-pressed', String(this.#pinned));
    // Evaluation bar.
    el.barRoot.hidden = !this.#on;
    this.#bar.set(lines[0]?.score ?? null, pos.toMove);
    this.#drawBoard();
  }

  #drawBoard() {
    const { toMove, editing } = this.#getPosition();
    if (editing) {
      this.#board.setOverlay(null); // the board shows the set-up being edited
      return;
    }
    const lines = this.#currentLines();
    const here = (x) => (x && this.#record === this.#getPosition().record ? x : null);
    const ghost = this.#pinned ? this.#winningLine() : lines.find((l) => l.move === this.#pointed)?.pv;
    this.#board.setOverlay(overlays.compose([
      this.#el.heat.checked && here(this.#heat) ? overlays.heat(this.#heat) : null,
      this.#el.threats.checked && here(this.#threats) ? overlays.threats(this.#threats) : null,
      lines.length ? overlays.candidates(lines, new Set(ghost ?? [])) : null,
      this.#hint?.record === this.#record ? overlays.hint(this.#hint.move) : null,
      ghost?.length ? overlays.ghostLine(ghost, toMove, this.#pinned ? 'analysis.cellWin' : 'analysis.cellPv') : null,
    ]));
  }
}
