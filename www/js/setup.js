// Board set-up (摆棋): an edit mode that places black or white stones anywhere, removes stones, clears the
// board and chooses the side to move (white may move first). Done checks the position with the engine's
// rules (no five on the board, stone counts that fit the side to move, no stone twice) and says clearly what
// is wrong; a valid position becomes the game's start (its record gains a set-up part: b:h8 w:i9 to:white).

import { t, onLanguageChange } from './i18n.js';
import { setupText } from './game.js';
import { refusalText } from './refusals.js';

const TOOLS = ['black', 'white', 'erase'];

export class SetupEditor {
  #rules;
  #getStart;
  #onChange;
  #onDone;
  #el = {};
  #active = false;
  #stones = new Map(); // point -> 'black' | 'white'
  #noteText = () => ''; // the note under the editor, in the current language

  /**
   * @param {{root: HTMLElement, rules: (record: string) => object,
   *   getStart: () => {stones: Map<string, string>, toMove: string},
   *   onChange: () => void, onDone: (record: string) => void}} options
   *   getStart: the stones on the board now and the side to move (the editor starts from them);
   *   onChange: the editor opened, closed or changed the board; onDone: a valid set-up record to play from.
   */
  constructor({ root, rules, getStart, onChange, onDone }) {
    this.#rules = rules;
    this.#getStart = getStart;
    this.#onChange = onChange;
    this.#onDone = onDone;
    this.#build(root);
    onLanguageChange(() => {
      this.#texts();
      this.#el.note.textContent = this.#noteText();
    });
    this.#texts();
    this.#render();
  }

  /** Whether the board is being edited (clicks then place or remove stones, and the AI waits). */
  get active() {
    return this.#active;
  }

  /** What the board shows while editing: the stones as a set-up, and the colour of the stone a click places. */
  view() {
    const setup = { black: [], white: [], toMove: this.#el.toMove.value };
    for (const [point, color] of this.#stones) setup[color].push(point);
    const tool = this.#tool();
    return { moves: [], setup, winLine: [], preview: tool === 'erase' ? null : tool };
  }

  /** A click or Enter on a board point while editing. */
  click(point) {
    const tool = this.#tool();
    if (tool === 'erase' || this.#stones.get(point) === tool) this.#stones.delete(point);
    else this.#stones.set(point, tool);
    this.#note('', 'info');
    this.#onChange();
  }

  #tool() {
    return this.#el.tools.find((r) => r.checked)?.value ?? 'black';
  }

  #build(root) {
    this.#el.root = root;
    const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);
    const el = this.#el;
    el.title = make('h2', { id: 'setup-title' });
    root.setAttribute('aria-labelledby', 'setup-title');
    el.start = make('button', { type: 'button', id: 'btn-setup' });
    el.editor = make('div', { className: 'setup-editor', hidden: true });
    el.toolGroup = make('div', { className: 'row buttons', role: 'radiogroup' });
    el.toolGroup.setAttribute('role', 'radiogroup');
    el.tools = [];
    el.toolTexts = [];
    for (const tool of TOOLS) {
      const label = make('label', { className: 'check' });
      const radio = make('input', { type: 'radio', name: 'setup-tool', value: tool, id: `setup-${tool}`, checked: tool === 'black' });
      const text = make('span');
      label.append(radio, text);
      el.tools.push(radio);
      el.toolTexts.push(text);
      el.toolGroup.append(label);
    }
    const sideRow = make('label', { className: 'row' });
    el.sideText = make('span');
    el.toMove = make('select', { id: 'setup-to-move' });
    for (const color of ['black', 'white']) el.toMove.append(make('option', { value: color }));
    sideRow.append(el.sideText, el.toMove);
    const buttons = make('div', { className: 'row buttons' });
    el.clear = make('button', { type: 'button', id: 'btn-setup-clear' });
    el.done = make('button', { type: 'button', id: 'btn-setup-done', className: 'primary' });
    el.cancel = make('button', { type: 'button', id: 'btn-setup-cancel' });
    buttons.append(el.clear, el.done, el.cancel);
    el.help = make('p', { className: 'help' });
    el.editor.append(el.help, el.toolGroup, sideRow, buttons);
    el.note = make('p', { id: 'setup-note', className: 'note' });
    el.note.setAttribute('role', 'status');
    root.append(el.title, el.start, el.editor, el.note);

    el.start.addEventListener('click', () => this.#open());
    el.clear.addEventListener('click', () => {
      this.#stones.clear();
      this.#onChange();
    });
    el.done.addEventListener('click', () => this.#finish());
    el.cancel.addEventListener('click', () => this.#close());
    el.toMove.addEventListener('change', () => this.#onChange());
    el.toolGroup.addEventListener('change', () => this.#onChange());
  }

  #open() {
    const { stones, toMove } = this.#getStart();
    this.#stones = new Map(stones);
    this.#el.toMove.value = toMove;
    this.#active = true;
    this.#note('', 'info');
    this.#render();
    this.#onChange();
  }

  #close() {
    this.#active = false;
    this.#render();
    this.#onChange();
  }

  #finish() {
    const record = setupText(this.view().setup);
    try {
      this.#rules(record);
    } catch (err) {
      this.#note(() => t('analysis.setupInvalid', { reason: refusalText(err, { inSetup: true }) }), 'error');
      return;
    }
    this.#active = false;
    this.#render();
    const side = this.#el.toMove.value;
    this.#note(() => t('analysis.setupDone', { side: t(`analysis.${side}`) }), 'info');
    this.#onDone(record);
  }

  /** Shows `text` (a function giving it in the current language, or '' to clear) under the editor. */
  #note(text, kind) {
    this.#noteText = typeof text === 'function' ? text : () => text;
    this.#el.note.textContent = this.#noteText();
    this.#el.note.dataset.kind = kind;
  }

  #texts() {
    const el = this.#el;
    el.title.textContent = t('analysis.setupTitle');
    el.start.textContent = t('analysis.setupStart');
    TOOLS.forEach((tool, i) => { el.toolTexts[i].textContent = t(`analysis.setupTool.${tool}`); });
    el.toolGroup.setAttribute('aria-label', t('analysis.setupTools'));
    el.sideText.textContent = t('analysis.setupToMove');
    [...el.toMove.options].forEach((o) => { o.textContent = t(`analysis.setupSide.${o.value}`); });
    el.clear.textContent = t('analysis.setupClear');
    el.done.textContent = t('analysis.setupFinish');
    el.cancel.textContent = t('analysis.setupCancel');
    el.help.textContent = t('analysis.setupHelp');
  }

  #render() {
    // While editing, the panel comes first in its column (on a phone, right under the board).
    this.#el.root.classList.toggle('editing', this.#active);
    this.#el.start.hidden = this.#active;
    this.#el.editor.hidden = !this.#active;
  }
}
