// The evaluation panel: how the engine sees one point for both colours
// (engine.evaluate, run in the helper worker so it never waits for the AI).

import { t, tIn, language } from './i18n.js';
import { reason } from './messages.js';
import { reasonText } from './rules.js';

/** String keys of the engine's direction, pattern and combination names (its English names). */
const DIRECTION_KEYS = {
  horizontal: 'page.dir.horizontal', vertical: 'page.dir.vertical',
  diagonal: 'page.dir.diagonal', 'anti-diagonal': 'page.dir.antiDiagonal',
};
const PATTERN_KEYS = {
  none: 'none', 'closed two': 'closedTwo', 'open two': 'openTwo', 'open two + closed two': 'openTwoClosedTwo',
  'closed three': 'closedThree', 'double open two': 'doubleOpenTwo', 'open three': 'openThree', four: 'four',
  'open three + closed three': 'openThreeClosedThree', 'double open three': 'doubleThree',
  'four + open three': 'fourThree', 'double four': 'doubleFour', 'open four': 'openFour', five: 'five',
};

export class EvalPanel {
  #panel;
  #title;
  #note;
  #body;
  #request = 0; // only the answer to the latest request is shown
  #texts = { title: null, note: null }; // () => text, re-read when the language changes
  #result = null; // the evaluation shown, rebuilt in a new language

  constructor({ panel, title, note, body, closeButton }) {
    this.#panel = panel;
    this.#title = title;
    this.#note = note;
    this.#body = body;
    closeButton.addEventListener('click', () => this.hide());
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.hide();
    });
  }

  /** The point shown, or null when the panel is closed. */
  get point() {
    return this.#panel.hidden ? null : this.#panel.dataset.point;
  }

  /**
   * Shows the panel for `point` and fills it when `evaluation` (a promise) settles.
   * `refresh`: the same point in a new position; the old table stays until the new one is there, no scrolling.
   */
  async show(point, evaluation, { refresh = false } = {}) {
    const request = ++this.#request;
    this.#panel.hidden = false;
    this.#panel.dataset.point = point;
    this.#panel.setAttribute('aria-busy', 'true');
    this.#set('title', () => t('page.eval.of', { point }));
    if (!refresh) {
      this.#set('note', () => t('page.eval.evaluating'));
      this.#result = null;
      this.#body.replaceChildren();
      if (window.matchMedia('(max-width: 900px)').matches) this.#panel.scrollIntoView({ block: 'nearest' });
    }
    let result;
    try {
      result = await evaluation;
    } catch (err) {
      if (request === this.#request) {
        this.#set('note', () => t('page.eval.failed', { point, reason: reason(err.message) }));
        this.#panel.removeAttribute('aria-busy');
      }
      return;
    }
    if (request !== this.#request) return;
    const forbidden = result.black?.forbidden;
    this.#set('note', () => (result.occupied
      ? t('page.eval.occupied', { point, color: t(`page.side.${result.occupied}`) })
      : t('page.eval.empty', { point }))
      + (forbidden ? ` ${t('rules.evalForbidden', { reason: reasonText(forbidden) })}` : ''));
    this.#panel.dataset.forbidden = forbidden ?? '';
    this.#result = result;
    this.#body.replaceChildren(buildTable(result));
    this.#panel.removeAttribute('aria-busy');
  }

  /** Shows the panel's text again in the current language. */
  relabel() {
    for (const [part, text] of Object.entries(this.#texts)) if (text) this.#element(part).textContent = text();
    if (this.#result) this.#body.replaceChildren(buildTable(this.#result));
  }

  #set(part, text) {
    this.#texts[part] = text;
    this.#element(part).textContent = text();
  }

  #element(part) {
    return part === 'title' ? this.#title : this.#note;
  }

  hide() {
    this.#request++;
    this.#panel.hidden = true;
  }
}

/**
 * Sets a cell's text from `key` (or plain `text`, a number); on the English page the Chinese term follows
 * (marked lang="zh"), since Gomoku's pattern names are Chinese terms.
 */
function fillCell(cell, { key, text, fallback }) {
  cell.textContent = key ? t(key) : (text ?? fallback?.en ?? '');
  if (language() !== 'zh' && (key || fallback?.zh)) {
    const span = document.createElement('span');
    span.lang = 'zh';
    span.className = 'zh';
    span.textContent = ` ${key ? tIn('zh', key) : fallback.zh}`;
    cell.append(span);
  }
}

/** A pattern or combination name from the engine as a cell's content. */
function patternCell(name, nameZh) {
  const key = PATTERN_KEYS[name];
  return key ? { key: `page.pattern.${key}` } : { fallback: { en: name, zh: nameZh } };
}

function buildTable(ev) {
  const table = document.createElement('table');
  table.className = 'eval-table';
  const head = table.createTHead().insertRow();
  for (const text of ['', t('page.eval.black'), t('page.eval.white')]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const row = (label, black, white, className = '') => {
    const tr = body.insertRow();
    if (className) tr.className = className;
    const th = document.createElement('th');
    th.scope = 'row';
    fillCell(th, label);
    tr.append(th);
    for (const content of [black, white]) fillCell(tr.insertCell(), content);
  };
  ev.black.directions.forEach((dir, i) => {
    const white = ev.white.directions[i];
    const label = DIRECTION_KEYS[dir.direction] ? { key: DIRECTION_KEYS[dir.direction] } : { text: dir.direction };
    row(label, patternCell(dir.pattern, dir.patternZh), patternCell(white.pattern, white.patternZh));
  });
  row({ key: 'page.eval.combo' }, patternCell(ev.black.combo, ev.black.comboZh),
    patternCell(ev.white.combo, ev.white.comboZh), 'combo');
  const number = (n) => ({ text: String(n) });
  const plain = (key) => ({ text: t(key) }); // score rows: no Chinese term beside them
  row(plain('page.eval.patternScore'), number(ev.black.patternScore), number(ev.white.patternScore));
  row(plain('page.eval.position'), number(ev.black.position), number(ev.white.position));
  row(plain('page.eval.total'), number(ev.black.total), number(ev.white.total), 'total');
  return table;
}
