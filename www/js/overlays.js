// What the board shows on top of the stones for study: analysis candidates (rank and score), a line of
// numbered translucent stones (a principal variation, a hint, the winning line), the threat overlay (where
// each colour would make five, a four or an open three) and the heat map (every empty point's value).
// Each layer is {draw(ctx, geometry), labels: Map<point, string>}; compose() stacks them for BoardView.

import { t } from './i18n.js';
import { scoreText, shortScore } from './score.js';

const RANK_COLORS = ['#1f8a4c', '#2a62b8', '#2a62b8', '#2a62b8', '#2a62b8'];

/** One overlay from several layers (nulls skipped); null when there is nothing to show. */
export function compose(layers) {
  const active = layers.filter(Boolean);
  if (!active.length) return null;
  const labels = new Map();
  for (const layer of active) {
    for (const [point, text] of layer.labels) labels.set(point, labels.has(point) ? `${labels.get(point)}, ${text}` : text);
  }
  return { draw: (ctx, geometry) => active.forEach((layer) => layer.draw(ctx, geometry)), labels };
}

/**
 * Analysis candidates: a disc with the rank and the score under it. lines = [{move, score}], best first;
 * points in `covered` (under a line being shown) are named but not drawn.
 */
export function candidates(lines, covered = new Set()) {
  const labels = new Map();
  // Screen readers get the score in words ("win in 3"); the disc has room only for the short form ("W3").
  lines.forEach((line, i) => labels.set(line.move, t('analysis.cellCandidate', { rank: i + 1, score: scoreText(line.score) })));
  return {
    labels,
    draw(ctx, { cell, centre }) {
      lines.forEach((line, i) => {
        if (covered.has(line.move)) return;
        const [cx, cy] = centre(line.move);
        ctx.save();
        ctx.globalAlpha = 0.82;
        ctx.fillStyle = RANK_COLORS[i] ?? '#6a6a6a';
        ctx.beginPath();
        ctx.arc(cx, cy, cell * 0.4, 0, Math.PI * 2);
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.fillStyle = '#fff';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.font = `700 ${Math.round(cell * 0.34)}px system-ui, sans-serif`;
        ctx.fillText(String(i + 1), cx, cy - cell * 0.09);
        ctx.font = `600 ${Math.round(cell * 0.22)}px system-ui, sans-serif`;
        ctx.fillText(shortScore(line.score), cx, cy + cell * 0.19);
        ctx.restore();
      });
    },
  };
}

/** A line of moves as numbered translucent stones, the first of colour `first`. kind names it for screen readers. */
export function ghostLine(points, first, kind = 'analysis.cellPv') {
  const labels = new Map();
  points.forEach((point, i) => labels.set(point, t(kind, { n: i + 1 })));
  return {
    labels,
    draw(ctx, { cell, radius, centre, drawStone }) {
      points.forEach((point, i) => {
        const color = (i % 2 === 0) === (first === 'black') ? 'black' : 'white';
        const [cx, cy] = centre(point);
        drawStone(ctx, cx, cy, radius, color, 0.55);
        ctx.save();
        ctx.fillStyle = color === 'black' ? '#fff' : '#111';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.font = `700 ${Math.round(cell * 0.38)}px system-ui, sans-serif`;
        ctx.fillText(String(i + 1), cx, cy + cell * 0.02);
        ctx.restore();
      });
    },
  };
}

/** A single marked point (the hint): a ring with a question mark. */
export function hint(point) {
  return {
    labels: new Map([[point, t('analysis.cellHint')]]),
    draw(ctx, { cell, centre }) {
      const [cx, cy] = centre(point);
      ctx.save();
      ctx.strokeStyle = '#1f8a4c';
      ctx.lineWidth = Math.max(2, cell * 0.1);
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.36, 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    },
  };
}

/**
 * Threats: for each colour, a filled square where it would make five or a four and a ring where it would
 * make an open three, in its own colour; renju forbidden points (black) as a red cross.
 */
export function threats(data) {
  const labels = new Map();
  const marks = [];
  for (const color of ['black', 'white']) {
    const c = data[color];
    for (const point of [...c.fives, ...c.fours]) marks.push({ point, color, kind: 'four' });
    for (const point of c.openThrees) marks.push({ point, color, kind: 'three' });
  }
  for (const m of marks) {
    const text = t(m.kind === 'four' ? 'analysis.cellFour' : 'analysis.cellThree', { color: t(`analysis.${m.color}`) });
    labels.set(m.point, labels.has(m.point) ? `${labels.get(m.point)}, ${text}` : text);
  }
  for (const point of data.forbidden ?? []) labels.set(point, t('analysis.cellForbidden'));
  return {
    labels,
    draw(ctx, { cell, centre }) {
      // Two marks on one point: black's to the left, white's to the right.
      const offset = (m) => (marks.some((o) => o.point === m.point && o.color !== m.color) ? (m.color === 'black' ? -0.17 : 0.17) : 0);
      for (const m of marks) {
        const [x0, cy] = centre(m.point);
        const cx = x0 + offset(m) * cell;
        ctx.save();
        ctx.fillStyle = m.color === 'black' ? '#111' : '#fafafa';
        ctx.strokeStyle = m.color === 'black' ? '#111' : '#fafafa';
        ctx.lineWidth = Math.max(2, cell * 0.08);
        const r = cell * 0.15;
        if (m.kind === 'four') {
          ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
          ctx.strokeStyle = '#e0362b';
          ctx.lineWidth = Math.max(1, cell * 0.04);
          ctx.strokeRect(cx - r, cy - r, 2 * r, 2 * r);
        } else {
          ctx.beginPath();
          ctx.arc(cx, cy, r, 0, Math.PI * 2);
          ctx.stroke();
        }
        ctx.restore();
      }
      for (const point of data.forbidden ?? []) {
        const [cx, cy] = centre(point);
        const r = cell * 0.2;
        ctx.save();
        ctx.strokeStyle = '#e0362b';
        ctx.lineWidth = Math.max(2, cell * 0.08);
        ctx.beginPath();
        ctx.moveTo(cx - r, cy - r); ctx.lineTo(cx + r, cy + r);
        ctx.moveTo(cx + r, cy - r); ctx.lineTo(cx - r, cy + r);
        ctx.stroke();
        ctx.restore();
      }
    },
  };
}

/**
 * Heat map: every empty point tinted by its value for the side to move (attack + defence, as the engine
 * orders moves), on a square-root scale relative to the best point: the hottest points are red.
 */
export function heat(data) {
  const values = data.points.map((p) => ({ point: p.point, value: p.attack + p.defence }));
  const max = Math.max(1, ...values.map((v) => v.value));
  return {
    labels: new Map(),
    draw(ctx, { cell, centre }) {
      for (const { point, value } of values) {
        const share = Math.sqrt(Math.max(0, value) / max);
        if (share < 0.05) continue;
        const [cx, cy] = centre(point);
        ctx.save();
        ctx.globalAlpha = 0.15 + 0.5 * share;
        ctx.fillStyle = `hsl(${Math.round(55 - 55 * share)}, 90%, 50%)`;
        ctx.fillRect(cx - cell * 0.42, cy - cell * 0.42, cell * 0.84, cell * 0.84);
        ctx.restore();
      }
    },
  };
}
