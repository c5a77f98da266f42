// The live search log: one line per completed depth while the AI thinks, and the move it played.
// Every line also goes to console.log. Lines carry data-* attributes (kind, depth, pv, ms, how) for tests.
// Each line keeps a function giving its text, so a language change re-labels the whole log.

import { t } from './i18n.js';
import { reason, scoreText } from './messages.js';

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
  #texts = new WeakMap(); // line -> () => its text

  constructor(list) {
    this.#list = list;
  }

  /** Heading line for an AI move. */
  begin(moveNumber, color, options) {
    const how = () => (options.mode === 'eval'
      ? t('page.log.evalOnly')
      : t('page.log.limits', { depth: options.depth, width: options.width, ms: options.timeMs }));
    this.#add('head', () => t('page.log.head', { n: moveNumber, side: t(`page.side.${color}`), how: how() }));
  }

  /** One completed iteration of the search. */
  progress(p) {
    const text = () => t('page.log.depthLine', {
      depth: String(p.depth).padStart(2),
      score: scoreText(p.scoreText).padStart(6),
      nodes: formatCount(p.nodes).padStart(5),
      nps: (p.timeMs >= 1 ? formatCount(p.nps) : '–').padStart(5),
      ms: String(Math.round(p.timeMs)).padStart(5),
      pv: p.pv.join(' '),
    });
    this.#add('depth', text, { depth: p.depth, pv: p.pv.join(' ') });
  }

  /** The move played, how it was found and the wall-clock time it took. */
  played(outcome, elapsedMs) {
    const ms = Math.round(elapsedMs);
    const { move, how, result, progress } = outcome;
    const text = how === 'search'
      ? () => t('page.log.played', {
        move, score: scoreText(result.scoreText), depth: result.depth, nodes: formatCount(result.nodes), ms,
      })
      : () => t('page.log.playedFallback', {
        move,
        why: t(`page.log.why.${how}`),
        basis: progress ? t('page.log.basis.depth', { depth: progress.depth }) : t('page.log.basis.instant'),
        ms,
      });
    this.#add('move', text, { ms, how });
  }

  /** A note line; `text` is a function giving it in the current language. */
  note(text) {
    this.#add('note', text);
  }

  /** Writes every line again in the current language. */
  relabel() {
    for (const line of this.#list.children) line.textContent = this.#texts.get(line)?.() ?? line.textContent;
  }

  clear() {
    this.#list.replaceChildren();
  }

  #add(kind, text, data = {}) {
    console.log(`[AI] ${text()}`);
    const line = document.createElement('li');
    line.dataset.kind = kind;
    for (const [key, value] of Object.entries(data)) line.dataset[key] = String(value);
    line.textContent = text();
    this.#texts.set(line, text);
    this.#list.append(line);
    while (this.#list.childElementCount > MAX_LINES) this.#list.firstElementChild.remove();
    this.#list.scrollTop = this.#list.scrollHeight;
  }
}

/**
 * Runs the engine's benchmark in `engine` (the helper worker: evaluations wait until it is done) and reports
 * it in `log`; `button` is disabled meanwhile.
 */
export async function runBenchmark({ button, engine, log }) {
  button.disabled = true;
  log.note(() => t('page.bench.running'));
  try {
    const r = await engine.bench();
    log.note(() => t('page.bench.result', {
      positions: r.positions, nodes: formatCount(r.nodes), ms: Math.round(r.timeMs), nps: formatCount(r.nps),
    }));
  } catch (err) {
    log.note(() => t('page.bench.failed', { reason: reason(err.message) }));
  } finally {
    button.disabled = false;
  }
}
