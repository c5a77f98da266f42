// Drawing the board on a 2D canvas context: wood, grid, coordinates, stones, move numbers or the last-move
// mark, the winning line, and the ghost stones. Used by the board on the page and by Save image.

import { SIZE, STAR_POINTS, COLUMNS, parsePoint } from './coords.js';

/** Margin around the outer lines, in cells: room for the coordinates and the edge stones. */
export const PAD = 1.2;
/** The board's width in cells, margins included. */
export const UNITS = SIZE - 1 + 2 * PAD;

const COLORS = {
  wood: ['#eccb8b', '#dfb36a'],
  line: '#4d3818',
  label: '#5b4320',
  lastMove: '#e0362b',
  win: '#e0362b',
  forbidden: '#7b1fa2',
};

/** The pixel centre [x, y] of a point on a board drawn `size` pixels wide (lines snapped as drawn). */
export function pointCentre(point, size) {
  const cell = size / UNITS;
  const thin = lineWidth(size);
  const snap = (v) => Math.round(v) + (thin % 2 ? 0.5 : 0);
  const p = parsePoint(point);
  return [snap(PAD * cell + p.col * cell), snap(PAD * cell + (SIZE - 1 - p.row) * cell)];
}

function lineWidth(size) {
  return Math.max(1, Math.round(size / 700));
}

/**
 * Draws the board `size` pixels square at the context's origin.
 * state: {stones: Map(point -> {color, number}), lastMove, winLine, showNumbers,
 *         preview: colour of ghost stones or null, ghost: point under the pointer or null,
 *         armed: the mis-tap guard's ghost or null, marks: Map of forbidden points to cross or none, overlay: {draw(ctx, geometry)} from js/overlays.js or null};
 * `ratio` is the device pixel ratio (label size).
 */
export function drawBoard(ctx, size, state, ratio = 1) {
  const cell = size / UNITS;
  const thin = lineWidth(size);
  // Line positions snapped to device pixels so the grid stays sharp.
  const snap = (v, width) => Math.round(v) + (width % 2 ? 0.5 : 0);
  const x = (col) => snap(PAD * cell + col * cell, thin);
  const y = (row) => snap(PAD * cell + (SIZE - 1 - row) * cell, thin);
  const centre = (point) => pointCentre(point, size);

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
  const labelPx = Math.max(cell * 0.42, Math.min(cell * 0.52, 10.5 * ratio));
  ctx.font = `600 ${Math.round(labelPx)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < SIZE; i++) {
    ctx.fillText(COLUMNS[i], x(i), y(0) + cell * 0.85);
    ctx.fillText(String(i + 1), x(0) - cell * 0.85, y(i));
  }

  // Stones.
  const radius = cell * 0.46;
  const { stones, lastMove, winLine, showNumbers, preview, ghost, armed, overlay, marks } = state;
  for (const [point, stone] of stones) {
    const [cx, cy] = centre(point);
    drawStone(ctx, cx, cy, radius, stone.color, 1);
  }

  // Black's forbidden points (renju): a cross in their own colour.
  ctx.save();
  ctx.strokeStyle = COLORS.forbidden;
  ctx.lineWidth = Math.max(2, cell * 0.09);
  ctx.lineCap = 'round';
  for (const point of marks?.keys() ?? []) {
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

  // Ghost stone where the next move would go; the guard's ghost, waiting for a second tap, more clearly.
  if (preview && ghost && !stones.has(ghost) && ghost !== armed) {
    const [cx, cy] = centre(ghost);
    drawStone(ctx, cx, cy, radius, preview, 0.45);
  }
  if (preview && armed && !stones.has(armed)) {
    const [cx, cy] = centre(armed);
    drawStone(ctx, cx, cy, radius, preview, 0.6);
    ctx.strokeStyle = COLORS.lastMove;
    ctx.lineWidth = Math.max(2, cell * 0.07);
    ctx.setLineDash([cell * 0.12, cell * 0.09]);
    ctx.beginPath();
    ctx.arc(cx, cy, radius * 1.05, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  overlay?.draw(ctx, { cell, radius, centre, drawStone });

  // Move numbers (set-up stones have none), or a dot on the last move.
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
