// The live search log: one line per completed depth while the AI thinks, and the move it played.
// Every line also goes to console.log. Lines carry data-* attributes (kind, depth, pv, ms, how) for tests.

import { capitalize } from './coords.js';

const MAX_LINES = 400;

/** Three significant figures at most: 1234 -> "1234", 45678 -> "45.7k", 345678 -> "346k", 12345678 -> "12.3M". */
export function formatCount(n) {
  for (const [unit, size] of [['G', 1e9], ['M', 1e6], ['k', 1e3]]) {
    if (n >= size && (unit !== 'k' || n >= 1e4)) {
      const v = n / size;
      return `${v >= 100 ? Math.round(v) : v.toFixed(1)}${unit}`;
    }
  }
  return String(Math.round(n));
}

export class SearchLog {
  #list;

  constructor(list) {
    this.#list = list;
  }

  /** Heading line for an AI move. */
  begin(moveNumber, color, options) {
    const how = options.mode === 'eval'
      ? 'evaluation only'
      : `depth ≤ ${options.depth}, width ${options.width}, ${options.timeMs} ms`;
    this.#add('head', `Move ${moveNumber} · ${capitalize(color)} · ${how}`);
  }

  /** One completed iteration of the search. */
  progress(p) {
    const text = `${String(p.depth).padStart(2)} ${String(p.scoreText).padStart(6)} ` +
      `${formatCount(p.nodes).padStart(5)} ${(p.timeMs >= 1 ? formatCount(p.nps) : '–').padStart(5)}/s ` +
      `${String(Math.round(p.timeMs)).padStart(5)}ms  ${p.pv.join(' ')}`;
    this.#add('depth', text, { depth: p.depth, pv: p.pv.join(' ') });
  }

  /** The move played, how it was found and the wall-clock time it took. */
  played(outcome, elapsedMs) {
    const ms = Math.round(elapsedMs);
    const { move, how, result, progress } = outcome;
    let text;
    if (how === 'search') {
      text = `→ ${move}  ${result.scoreText}, depth ${result.depth}, ${formatCount(result.nodes)} nodes, ${ms} ms`;
    } else {
      const why = { stopped: 'stopped', timeout: 'no answer in time', crash: 'the engine crashed' }[how];
      const basis = progress ? `best move at depth ${progress.depth}` : 'instant evaluation move';
      text = `→ ${move}  (${why}: ${basis}), ${ms} ms`;
    }
    this.#add('move', text, { ms, how });
  }

  note(text) {
    this.#add('note', text);
  }

  clear() {
    this.#list.replaceChildren();
  }

  #add(kind, text, data = {}) {
    console.log(`[AI] ${text}`);
    const line = document.createElement('li');
    line.dataset.kind = kind;
    for (const [key, value] of Object.entries(data)) line.dataset[key] = String(value);
    line.textContent = text;
    this.#list.append(line);
    while (this.#list.childElementCount > MAX_LINES) this.#list.firstElementChild.remove();
    this.#list.scrollTop = this.#list.scrollHeight;
  }
}
