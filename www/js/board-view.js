// The board: a canvas for the picture (sharp at any size and pixel ratio) under a transparent
// ARIA grid of 225 cells that takes the clicks, taps, focus and keys and names each point for
// screen readers ("h8 black, move 1").

import { SIZE, pointName, parsePoint } from './coords.js';
import { drawBoard, PAD, UNITS } from './board-draw.js';
import { t } from './i18n.js';
import { reasonText } from './rules.js';


export class BoardView {
  #canvas;
  #grid;
  #cells = new Map(); // point -> gridcell element
  #handlers;
  #state = { stones: new Map(), lastMove: null, winLine: [], showNumbers: false, preview: null, forbidden: new Map(), marks: new Map() };
  #hover = null; // point under the pointer
  #guard = 'touch'; // mis-tap guard: 'off', 'on' (every tap and click) or 'touch' (touch and pen taps only)
  #armed = null; // the point of the guard's ghost stone: a second tap on it plays
  #pointerType = 'mouse'; // of the last pointerdown on the grid
  #focus = 'h8'; // the grid's roving tab stop
  #frame = 0;
  #overlay = null; // {draw(ctx, geometry), labels: Map<point, string>} from js/overlays.js, or null
  #pointed = null; // last point reported to onPointer

  /**
   * @param {{canvas: HTMLCanvasElement, grid: HTMLElement,
   *          onPlay: (point: string) => void, onInspect: (point: string) => void,
   *          onArm: (point: string) => void, onPointer?: (point: string|null) => void}} options
   *   onArm: the guard's first tap put a ghost stone on point.
   *   onPointer: the point under the pointer or the focused point changed (null: none).
   */
  constructor({ canvas, grid, onPlay, onInspect, onArm, onPointer }) {
    this.#canvas = canvas;
    this.#grid = grid;
    this.#handlers = { onPlay, onInspect, onArm, onPointer };
    grid.parentElement.style.setProperty('--pad', String(PAD));
    grid.parentElement.style.setProperty('--units', String(UNITS));
    this.#buildGrid();
    this.#listen();
    this.#watchSize();
  }

  /**
   * Shows a position.
   * @param {{moves: string[], winLine: string[], showNumbers: boolean, preview: string|null,
   *          forbidden?: Map<string, string>, showForbidden?: boolean}} view
   *   preview: colour of the ghost stone under the pointer / focus, or null when no move can be made.
   *   forbidden: black's forbidden points with their reasons (named in the cells; drawn as × if showForbidden).
   */
  render({ moves, winLine, showNumbers, preview, setup = null, forbidden = new Map(), showForbidden = true }) {
    const stones = new Map();
    // A set-up position's stones come first, unnumbered; its side to move plays move 1.
    for (const color of ['black', 'white']) for (const point of setup?.[color] ?? []) stones.set(point, { color, number: null });
    const first = setup?.toMove ?? 'black';
    const other = first === 'black' ? 'white' : 'black';
    moves.forEach((point, i) => stones.set(point, { color: i % 2 === 0 ? first : other, number: i + 1 }));
    if (!preview || stones.has(this.#armed) || stones.size !== this.#state.stones.size) this.#arm(null);
    const marks = showForbidden ? forbidden : new Map();
    this.#state = { stones, lastMove: moves.at(-1) ?? null, winLine, showNumbers, preview, forbidden, marks };
    this.#grid.dataset.forbidden = [...marks.keys()].join(' ');
    this.#label();
    this.#schedule();
  }

  /**
   * Drawing and cell names on top of the stones (analysis candidates, ghost lines, heat map, threats).
   * @param {{draw: (ctx: CanvasRenderingContext2D, geometry: object) => void, labels: Map<string, string>}|null} overlay
   */
  setOverlay(overlay) {
    this.#overlay = overlay;
    this.#label();
    this.#schedule();
  }

  /** Each cell's name for screen readers, in the page's language. */
  #label() {
    const { stones, winLine, lastMove, forbidden } = this.#state;
    const winning = new Set(winLine);
    for (const [point, cell] of this.#cells) {
      const stone = stones.get(point);
      let label = t('page.cell.empty', { point });
      if (stone) {
        const color = t(`page.color.${stone.color}`);
        const win = winning.has(point) ? 'Win' : '';
        label = stone.number
          ? t(`page.cell.stone${point === lastMove ? 'Last' : ''}${win}`, { point, color, n: stone.number })
          : t(`page.cell.placed${win}`, { point, color });
      }
      if (forbidden.has(point)) label += `${t('page.list.separator')}${t('rules.cellForbidden', { reason: reasonText(forbidden.get(point)) })}`;
      const extra = this.#overlay?.labels?.get(point);
      if (extra) label += `${t('page.list.separator')}${extra}`;
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
    }
  }

  /** Sets the mis-tap guard: 'off', 'on', or 'touch' (only for taps on a touch screen). */
  setGuard(mode) {
    this.#guard = mode;
    this.#arm(null);
  }

  /** The guard's ghost stone (data-armed on the grid, for tests and styles), or none. */
  #arm(point) {
    if (point === this.#armed) return;
    this.#armed = point;
    if (point) this.#grid.dataset.armed = point;
    else delete this.#grid.dataset.armed;
    this.#schedule();
  }

  /** A click or tap on a point: played at once, or with the guard on, on the second tap on the same point. */
  #tap(point) {
    const guarded = this.#guard === 'on' || (this.#guard === 'touch' && this.#pointerType !== 'mouse');
    if (!guarded || !this.#state.preview || this.#state.stones.has(point) || point === this.#armed) {
      this.#arm(null);
      this.#handlers.onPlay(point);
      return;
    }
    this.#arm(point);
    this.#handlers.onArm?.(point);
  }

  /** Moves keyboard focus to a point (used after loading a game so the tab stop is sensible). */
  focusPoint(point, { moveFocus = true } = {}) {
    const cell = this.#cells.get(point);
    if (!cell) return;
    this.#cells.get(this.#focus)?.setAttribute('tabindex', '-1');
    cell.setAttribute('tabindex', '0');
    this.#focus = point;
    if (moveFocus) cell.focus();
    this.#schedule();
  }

  #buildGrid() {
    for (let row = SIZE - 1; row >= 0; row--) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      rowEl.className = 'board-row';
      for (let col = 0; col < SIZE; col++) {
        const point = pointName(col, row);
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'board-cell';
        cell.dataset.point = point;
        cell.setAttribute('tabindex', point === this.#focus ? '0' : '-1');
        cell.setAttribute('aria-label', t('page.cell.empty', { point }));
        rowEl.append(cell);
        this.#cells.set(point, cell);
      }
      this.#grid.append(rowEl);
    }
  }

  #listen() {
    const pointOf = (event) => event.target.closest?.('[data-point]')?.dataset.point ?? null;
    const grid = this.#grid;
    grid.addEventListener('click', (event) => {
      const point = pointOf(event);
      if (point) {
        this.focusPoint(point, { moveFocus: false });
        this.#tap(point);
      }
    });
    grid.addEventListener('pointerdown', (event) => {
      this.#pointerType = event.pointerType || 'mouse';
    });
    grid.addEventListener('contextmenu', (event) => {
      const point = pointOf(event);
      if (!point) return;
      event.preventDefault();
      this.focusPoint(point, { moveFocus: false });
      this.#handlers.onInspect(point);
    });
    grid.addEventListener('pointermove', (event) => {
      const point = pointOf(event);
      if (point !== this.#hover) {
        this.#hover = point;
        this.#schedule();
      }
    });
    grid.addEventListener('pointerleave', () => {
      this.#hover = null;
      this.#schedule();
    });
    grid.addEventListener('focusin', (event) => {
      const point = pointOf(event);
      if (point && point !== this.#focus) this.focusPoint(point, { moveFocus: false });
      this.#schedule();
    });
    grid.addEventListener('focusout', () => this.#schedule());
    grid.addEventListener('keydown', (event) => this.#onKey(event));
  }

  #onKey(event) {
    const at = parsePoint(this.#focus);
    let { col, row } = at;
    switch (event.key) {
      case 'ArrowLeft': col -= 1; break;
      case 'ArrowRight': col += 1; break;
      case 'ArrowUp': row += 1; break;
      case 'ArrowDown': row -= 1; break;
      case 'Home': col = 0; break;
      case 'End': col = SIZE - 1; break;
      case 'PageUp': row = SIZE - 1; break;
      case 'PageDown': row = 0; break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        this.#handlers.onPlay(this.#focus);
        return;
      case 'ContextMenu':
      case 'e':
      case 'E':
        event.preventDefault();
        this.#handlers.onInspect(this.#focus);
        return;
      default:
        return;
    }
    event.preventDefault();
    col = Math.min(SIZE - 1, Math.max(0, col));
    row = Math.min(SIZE - 1, Math.max(0, row));
    this.focusPoint(pointName(col, row));
  }

  /** Keeps the canvas backing store at device resolution: CSS size × devicePixelRatio. */
  #watchSize() {
    const resize = () => {
      const width = Math.round(this.#canvas.getBoundingClientRect().width * devicePixelRatio);
      if (width > 0 && width !== this.#canvas.width) {
        this.#canvas.width = width;
        this.#canvas.height = width;
        this.#draw();
      }
    };
    new ResizeObserver(resize).observe(this.#canvas);
    // Zooming or moving the window to another screen changes the ratio, not always the CSS size.
    const watchRatio = () => {
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', () => {
        resize();
        watchRatio();
      }, { once: true });
    };
    watchRatio();
  }

  #schedule() {
    const pointed = this.#previewPoint();
    if (pointed !== this.#pointed) {
      this.#pointed = pointed;
      this.#handlers.onPointer?.(pointed);
    }
    if (!this.#frame) {
      this.#frame = requestAnimationFrame(() => {
        this.#frame = 0;
        this.#draw();
      });
    }
  }

  /** The point whose ghost stone is shown: under the pointer, else the focused point while the grid has focus. */
  #previewPoint() {
    if (this.#hover) return this.#hover;
    return this.#grid.contains(document.activeElement) ? this.#focus : null;
  }

  #draw() {
    const canvas = this.#canvas;
    const size = canvas.width;
    if (!size) return;
    drawBoard(canvas.getContext('2d'), size, {
      ...this.#state, ghost: this.#previewPoint(), armed: this.#armed, overlay: this.#overlay,
    }, devicePixelRatio);
  }
}
