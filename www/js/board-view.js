// The board: a canvas for the picture (sharp at any size and pixel ratio) under a transparent
// ARIA grid of 225 cells that takes the clicks, taps, focus and keys and names each point for
// screen readers ("h8 black, move 1").

import { SIZE, STAR_POINTS, COLUMNS, pointName, parsePoint } from './coords.js';
import { t } from './i18n.js';
import { reasonText } from './rules.js';

// Margin around the outer lines, in cells: room for the coordinates and the edge stones.
const PAD = 1.2;
const UNITS = SIZE - 1 + 2 * PAD;

const COLORS = {
  wood: ['#eccb8b', '#dfb36a'],
  line: '#4d3818',
  label: '#5b4320',
  lastMove: '#e0362b',
  win: '#e0362b',
  forbidden: '#7b1fa2',
};

export class BoardView {
  #canvas;
  #grid;
  #cells = new Map(); // point -> gridcell element
  #handlers;
  #state = { stones: new Map(), lastMove: null, winLine: [], showNumbers: false, preview: null, forbidden: new Map(), marks: new Map() };
  #hover = null; // point under the pointer
  #focus = 'h8'; // the grid's roving tab stop
  #frame = 0;
  #overlay = null; // {draw(ctx, geometry), labels: Map<point, string>} from js/overlays.js, or null
  #pointed = null; // last point reported to onPointer

  /**
   * @param {{canvas: HTMLCanvasElement, grid: HTMLElement,
   *          onPlay: (point: string) => void, onInspect: (point: string) => void,
   *          onPointer?: (point: string|null) => void}} options
   *   onPointer: the point under the pointer or the focused point changed (null: none).
   */
  constructor({ canvas, grid, onPlay, onInspect, onPointer }) {
    this.#canvas = canvas;
    this.#grid = grid;
    this.#handlers = { onPlay, onInspect, onPointer };
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

  #label() {
    const { stones, winLine, lastMove, forbidden } = this.#state;
    const winning = new Set(winLine);
    for (const [point, cell] of this.#cells) {
      const stone = stones.get(point);
      let label = `${point} ${stone ? stone.color : 'empty'}`;
      if (stone?.number) label += `, move ${stone.number}`;
      if (point === lastMove) label += ', last move';
      if (winning.has(point)) label += ', winning line';
      if (forbidden.has(point)) label += `, ${t('rules.cellForbidden', { reason: reasonText(forbidden.get(point)) })}`;
      const extra = this.#overlay?.labels?.get(point);
      if (extra) label += `, ${extra}`;
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
    }
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
        cell.setAttribute('aria-label', `${point} empty`);
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
        this.#handlers.onPlay(point);
      }
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
    const ctx = canvas.getContext('2d');
    const size = canvas.width;
    if (!size) return;
    const cell = size / UNITS;
    const thin = Math.max(1, Math.round(size / 700));
    // Line positions snapped to device pixels so the grid stays sharp.
    const snap = (v, width) => Math.round(v) + (width % 2 ? 0.5 : 0);
    const x = (col) => snap(PAD * cell + col * cell, thin);
    const y = (row) => snap(PAD * cell + (SIZE - 1 - row) * cell, thin);
    const centre = (point) => {
      const p = parsePoint(point);
      return [x(p.col), y(p.row)];
    };

    // Wood.
    const wood = ctx.createLinearGradient(0, 0, size, size);
    wood.addColorStop(0, COLORS.wood[0]);
    wood.addColorStop(1, COLORS.wood[1]);
    ctx.fillStyle = wood;
    ctx.fillRect(0, 0, size, size);

    // Grid lines, the outer square a little heavier.
    ctx.strokeStyle = COLORS.line;
    ctx.lineWidth = thin;
    ctx.beginPath();
    for (let i = 0; i < SIZE; i++) {
      ctx.moveTo(x(i), y(0));
      ctx.lineTo(x(i), y(SIZE - 1));
      ctx.moveTo(x(0), y(i));
      ctx.lineTo(x(SIZE - 1), y(i));
    }
    ctx.stroke();
    ctx.lineWidth = thin * 2;
    ctx.strokeRect(x(0), y(SIZE - 1), x(SIZE - 1) - x(0), y(0) - y(SIZE - 1));

    // Star points.
    ctx.fillStyle = COLORS.line;
    for (const point of STAR_POINTS) {
      const [cx, cy] = centre(point);
      ctx.beginPath();
      ctx.arc(cx, cy, Math.max(2, cell * 0.11), 0, Math.PI * 2);
      ctx.fill();
    }

    // Coordinates: letters under the board, numbers to its left.
    ctx.fillStyle = COLORS.label;
    // About 0.42 cell, but legible (≥ 10.5 CSS px) on phones where cells are small.
    const labelPx = Math.max(cell * 0.42, Math.min(cell * 0.52, 10.5 * devicePixelRatio));
    ctx.font = `600 ${Math.round(labelPx)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < SIZE; i++) {
      ctx.fillText(COLUMNS[i], x(i), y(0) + cell * 0.85);
      ctx.fillText(String(i + 1), x(0) - cell * 0.85, y(i));
    }

    // Stones.
    const radius = cell * 0.46;
    const { stones, lastMove, winLine, showNumbers, preview, marks } = this.#state;
    for (const [point, stone] of stones) {
      const [cx, cy] = centre(point);
      drawStone(ctx, cx, cy, radius, stone.color, 1);
    }

    // Black's forbidden points (renju): a cross in their own colour.
    ctx.save();
    ctx.strokeStyle = COLORS.forbidden;
    ctx.lineWidth = Math.max(2, cell * 0.09);
    ctx.lineCap = 'round';
    for (const point of marks.keys()) {
      const [cx, cy] = centre(point);
      const r = radius * 0.5;
      ctx.beginPath();
      ctx.moveTo(cx - r, cy - r);
      ctx.lineTo(cx + r, cy + r);
      ctx.moveTo(cx + r, cy - r);
      ctx.lineTo(cx - r, cy + r);
      ctx.stroke();
    }
    ctx.restore();

    // Ghost stone where the next move would go.
    const ghost = this.#previewPoint();
    if (preview && ghost && !stones.has(ghost)) {
      const [cx, cy] = centre(ghost);
      drawStone(ctx, cx, cy, radius, preview, 0.45);
    }

    this.#overlay?.draw(ctx, { cell, radius, centre, drawStone });

    // Move numbers, or a dot on the last move.
    if (showNumbers) {
      for (const [point, stone] of stones) {
        if (!stone.number) continue;
        const [cx, cy] = centre(point);
        const digits = String(stone.number).length;
        ctx.font = `600 ${Math.round(cell * (digits > 2 ? 0.32 : 0.4))}px system-ui, sans-serif`;
        ctx.fillStyle = point === lastMove ? COLORS.lastMove : stone.color === 'black' ? '#f4f4f4' : '#1a1a1a';
        ctx.fillText(String(stone.number), cx, cy + cell * 0.02);
      }
    } else if (lastMove) {
      const [cx, cy] = centre(lastMove);
      ctx.fillStyle = COLORS.lastMove;
      ctx.beginPath();
      ctx.arc(cx, cy, radius * 0.28, 0, Math.PI * 2);
      ctx.fill();
    }

    // The winning line: a bar through the stones and a ring on each.
    if (winLine.length) {
      const ends = [...winLine].map(parsePoint).sort((a, b) => a.col - b.col || a.row - b.row);
      const [ax, ay] = [x(ends[0].col), y(ends[0].row)];
      const [bx, by] = [x(ends.at(-1).col), y(ends.at(-1).row)];
      ctx.save();
      ctx.globalAlpha = 0.55;
      ctx.strokeStyle = COLORS.win;
      ctx.lineCap = 'round';
      ctx.lineWidth = cell * 0.16;
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.restore();
      ctx.strokeStyle = COLORS.win;
      ctx.lineWidth = Math.max(2, cell * 0.08);
      for (const point of winLine) {
        const [cx, cy] = centre(point);
        ctx.beginPath();
        ctx.arc(cx, cy, radius * 0.98, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  }
}

function drawStone(ctx, cx, cy, r, color, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha;
  if (alpha === 1) {
    ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
    ctx.shadowBlur = r * 0.25;
    ctx.shadowOffsetX = r * 0.08;
    ctx.shadowOffsetY = r * 0.12;
  }
  const g = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
  if (color === 'black') {
    g.addColorStop(0, '#6b6b6b');
    g.addColorStop(0.45, '#222');
    g.addColorStop(1, '#050505');
  } else {
    g.addColorStop(0, '#ffffff');
    g.addColorStop(0.6, '#ececec');
    g.addColorStop(1, '#bcbcbc');
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
