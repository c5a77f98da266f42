// Module worker that owns one engine. The page talks to it through js/engine-client.js:
//   request  {id, op: 'search' | 'analyze' | 'evaluate' | 'heatmap' | 'threats' | 'clear' | 'bench', ...arguments}
//   replies  {id, type: 'progress', progress}   (search and analyze, after each completed depth)
//            {id, type: 'result', result}
//            {id, type: 'error', message, trap}  (trap: the wasm instance hit a trap and is unusable)
// engine.search is synchronous, so a search can only be interrupted by terminating the worker.

import init, { Engine } from './pkg/gomoku.js';

const ready = init().then(() => new Engine());

self.onmessage = async ({ data }) => {
  const { id, op } = data;
  let engine;
  try {
    engine = await ready;
  } catch (err) {
    self.postMessage({ id, type: 'error', message: `the engine failed to load: ${err?.message ?? err}`, trap: true });
    return;
  }
  try {
    let result = null;
    switch (op) {
      case 'search':
        result = engine.search(data.record, data.options, (progress) => {
          self.postMessage({ id, type: 'progress', progress });
        });
        break;
      case 'analyze':
        result = engine.analyze(data.record, data.options, (progress) => {
          self.postMessage({ id, type: 'progress', progress });
        });
        break;
      case 'heatmap':
        result = engine.heatmap(data.record, data.options);
        break;
      case 'threats':
        result = engine.threats(data.record, data.options);
        break;
      case 'evaluate':
        result = engine.evaluate(data.record, data.point, data.options);
        break;
      case 'clear':
        engine.clear();
        break;
      case 'bench':
        result = engine.bench();
        break;
      default:
        throw new Error(`unknown request '${op}'`);
    }
    self.postMessage({ id, type: 'result', result });
  } catch (err) {
    self.postMessage({
      id,
      type: 'error',
      message: String(err?.message ?? err),
      trap: err instanceof WebAssembly.RuntimeError,
    });
  }
};
