// The evaluation panel: how the engine sees one point for both colours
// (engine.evaluate, run in the helper worker so it never waits for the AI).

import { t } from './i18n.js';
import { reasonText } from './rules.js';
import { capitalize } from './coords.js';

const DIRECTION_ZH = { horizontal: '横', vertical: '竖', diagonal: '斜', 'anti-diagonal': '反斜' };

export class EvalPanel {
  #panel;
  #title;
  #note;
  #body;
  #request = 0; // only the answer to the latest request is shown

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
    this.#title.textContent = `Evaluation of ${point}`;
    if (!refresh) {
      this.#note.textContent = 'Evaluating…';
      this.#body.replaceChildren();
      if (window.matchMedia('(max-width: 900px)').matches) this.#panel.scrollIntoView({ block: 'nearest' });
    }
    let result;
    try {
      result = await evaluation;
    } catch (err) {
      if (request === this.#request) {
        this.#note.textContent = `The engine could not evaluate ${point}: ${err.message}`;
        this.#panel.removeAttribute('aria-busy');
      }
      return;
    }
    if (request !== this.#request) return;
    this.#note.textContent = result.occupied
      ? `${point} is occupied by ${capitalize(result.occupied)}. The lines through it are shown; totals are 0 on an occupied point.`
      : `What a stone on ${point} would make for each colour.`;
    if (result.black?.forbidden) {
      this.#note.textContent += ` ${t('rules.evalForbidden', { reason: reasonText(result.black.forbidden) })}`;
    }
    this.#panel.dataset.forbidden = result.black?.forbidden ?? '';
    this.#body.replaceChildren(buildTable(result));
    this.#panel.removeAttribute('aria-busy');
  }

  hide() {
    this.#request++;
    this.#panel.hidden = true;
  }
}

/** Sets a cell's English text, followed by the Chinese name (marked lang="zh") when there is one. */
function fillCell(cell, en, zh) {
  cell.textContent = en;
  if (zh) {
    const span = document.createElement('span');
    span.lang = 'zh';
    span.className = 'zh';
    span.textContent = ` ${zh}`;
    cell.append(span);
  }
}

function buildTable(ev) {
  const table = document.createElement('table');
  table.className = 'eval-table';
  const head = table.createTHead().insertRow();
  for (const text of ['', 'Black ●', 'White ○']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const row = (label, labelZh, black, white, className = '') => {
    const tr = body.insertRow();
    if (className) tr.className = className;
    const th = document.createElement('th');
    th.scope = 'row';
    fillCell(th, label, labelZh);
    tr.append(th);
    for (const [en, zh] of [black, white]) fillCell(tr.insertCell(), en, zh);
  };
  ev.black.directions.forEach((dir, i) => {
    const white = ev.white.directions[i];
    row(capitalize(dir.direction), DIRECTION_ZH[dir.direction], [dir.pattern, dir.patternZh], [white.pattern, white.patternZh]);
  });
  row('Combination', '组合', [ev.black.combo, ev.black.comboZh], [ev.white.combo, ev.white.comboZh], 'combo');
  row('Pattern score', '', [String(ev.black.patternScore)], [String(ev.white.patternScore)]);
  row('Position', '', [String(ev.black.position)], [String(ev.white.position)]);
  row('Total', '', [String(ev.black.total)], [String(ev.white.total)], 'total');
  return table;
}
