// One AI move at a time, made robust: live progress, Stop (play the best move so far), a watchdog
// for a search that overruns its time, and recovery when the search worker dies.
//
// The search worker is busy inside a synchronous engine.search, so it cannot be asked to stop:
// Stop terminates it and plays pv[0] of the last completed depth. When no depth has completed yet,
// the helper worker (never busy for long) is asked for an instant 'eval' move instead.

import { EngineCancelled, EngineCrashed } from './engine-client.js';

/** How long past its time limit a search may run before the watchdog stops it. */
function watchdogMs(timeMs) {
  return timeMs + 1500 + Math.round(timeMs * 0.2);
}

export class AiPlayer {
  #search;
  #helper;
  #onProgress;
  #job = null;

  /**
   * @param {import('./engine-client.js').EngineClient} search  worker that runs the searches
   * @param {import('./engine-client.js').EngineClient} helper  worker for instant fallback moves
   * @param {{onProgress: (progress: object) => void}} hooks
   */
  constructor(search, helper, { onProgress }) {
    this.#search = search;
    this.#helper = helper;
    this.#onProgress = onProgress;
  }

  get thinking() {
    return this.#job !== null;
  }

  /**
   * Finds a move for the side to move in `record`.
   * Resolves {move, how, result, progress}: how is 'search' (finished normally), 'stopped' (Stop),
   * 'timeout' (watchdog) or 'crash' (the worker died twice); result is the SearchResult when the
   * search finished, progress the last progress report. Rejects with EngineCancelled after cancel(),
   * or with an Error when the engine refuses the position.
   */
  think(record, options) {
    if (this.#job) return Promise.reject(new Error('the AI is already thinking'));
    return new Promise((resolve, reject) => {
      const job = { record, options, resolve, reject, last: null, crashes: 0, timer: 0, finishing: false };
      this.#job = job;
      this.#run(job);
    });
  }

  /** Makes the AI play its best move so far now. */
  stop() {
    if (this.#job && !this.#job.finishing) this.#interrupt(this.#job, 'stopped');
  }

  /** Abandons the current move without playing (undo, new game, loading a game). */
  cancel() {
    const job = this.#job;
    if (!job) return;
    this.#job = null;
    clearTimeout(job.timer);
    if (!job.finishing) this.#search.restart();
    job.reject(new EngineCancelled());
  }

  #run(job) {
    job.timer = setTimeout(() => this.#interrupt(job, 'timeout'), watchdogMs(job.options.timeMs));
    const onProgress = (progress) => {
      if (this.#job !== job || job.finishing) return;
      job.last = progress;
      this.#onProgress(progress);
    };
    this.#search.search(job.record, job.options, onProgress).then(
      (result) => this.#finish(job, { move: result.move, how: 'search', result, progress: job.last }),
      (err) => {
        if (this.#job !== job || job.finishing) return; // stopped, timed out or cancelled meanwhile
        clearTimeout(job.timer);
        if (err instanceof EngineCrashed) {
          // The client has already restarted the worker. Think again once, then give up searching.
          if (job.crashes++ === 0) this.#run(job);
          else this.#interrupt(job, 'crash');
        } else {
          this.#job = null;
          job.reject(err);
        }
      },
    );
  }

  async #interrupt(job, how) {
    if (this.#job !== job || job.finishing) return;
    job.finishing = true;
    clearTimeout(job.timer);
    this.#search.restart();
    let move = job.last?.pv?.[0];
    if (!move) {
      try {
        move = (await this.#helper.search(job.record, { ...job.options, mode: 'eval' })).move;
      } catch (err) {
        if (this.#job === job) {
          this.#job = null;
          job.reject(err);
        }
        return;
      }
    }
    if (this.#job === job) {
      this.#job = null;
      job.resolve({ move, how, result: null, progress: job.last });
    }
  }

  #finish(job, outcome) {
    if (this.#job !== job || job.finishing) return;
    clearTimeout(job.timer);
    this.#job = null;
    job.resolve(outcome);
  }
}
