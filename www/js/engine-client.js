// Bridge to one engine worker (../worker.js): promise-based requests, progress callbacks,
// and restart (the only way to interrupt a synchronous search, and the way out of a crash).

/** A request abandoned because the worker was restarted on purpose (stop, cancel). */
export class EngineCancelled extends Error {
  name = 'EngineCancelled';
  constructor() { super('cancelled'); }
}

/** The worker died: failed to load, an uncaught error, or a wasm trap. */
export class EngineCrashed extends Error {
  name = 'EngineCrashed';
}

export class EngineClient {
  #name;
  #onCrash;
  #worker = null; // started lazily, so a worker that cannot load is not restarted in a loop
  #pending = new Map(); // id -> {resolve, reject, onProgress}
  #nextId = 1;

  /** @param {string} name  shown in devtools; @param {{onCrash?: (err: EngineCrashed) => void}} hooks */
  constructor(name, { onCrash } = {}) {
    this.#name = name;
    this.#onCrash = onCrash;
  }

  /** Starts the worker now (it loads the wasm in the background) instead of at the first request. */
  warmUp() {
    this.#ensureWorker();
  }

  search(record, options, onProgress) {
    return this.#request('search', { record, options }, onProgress);
  }

  /** Multi-line analysis: {lines: [{move, score, scoreText, depth, pv}], depth, nodes, timeMs}. */
  analyze(record, options, onProgress) {
    return this.#request('analyze', { record, options }, onProgress);
  }

  /** Every empty point's square score for both sides: {toMove, points: [{point, attack, defence}]}. */
  heatmap(record, options) {
    return this.#request('heatmap', { record, options });
  }

  /** Five / four / open-three points per colour: {black, white, forbidden}. */
  threats(record, options) {
    return this.#request('threats', { record, options });
  }

  /** options: {rule} (see docs/wasm-api.md). */
  evaluate(record, point, options) {
    return this.#request('evaluate', { record, point, options });
  }

  /** Runs the engine's fixed benchmark positions: {nodes, timeMs, nps, positions}. */
  bench() {
    return this.#request('bench', {});
  }

  /** Forgets the transposition table (new game). */
  clear() {
    return this.#request('clear', {});
  }

  /** Terminates the worker; pending requests reject with `reason`. The next request starts a fresh one. */
  restart(reason = new EngineCancelled()) {
    this.#worker?.terminate();
    this.#worker = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of pending) request.reject(reason);
  }

  #request(op, args, onProgress) {
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, op, ...args });
    });
  }

  #ensureWorker() {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('../worker.js', import.meta.url), { type: 'module', name: this.#name });
    worker.onmessage = ({ data }) => this.#onMessage(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#crash(event.message || 'the engine worker could not start');
    };
    worker.onmessageerror = () => this.#crash('the engine sent a message that could not be read');
    this.#worker = worker;
    return worker;
  }

  #onMessage(data) {
    const request = this.#pending.get(data.id);
    if (!request) return; // answer to a request abandoned by a restart
    if (data.type === 'progress') {
      request.onProgress?.(data.progress);
      return;
    }
    this.#pending.delete(data.id);
    if (data.type === 'result') {
      request.resolve(data.result);
    } else if (data.trap) {
      request.reject(new EngineCrashed(data.message));
      this.#crash(data.message);
    } else {
      request.reject(new Error(data.message));
    }
  }

  #crash(message) {
    const err = new EngineCrashed(message);
    this.restart(err);
    this.#onCrash?.(err);
  }
}
