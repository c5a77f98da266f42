// The page's Benchmark (the wasm engine's fixed positions, as native `gomoku bench`) in Node, whose V8 is
// the engine Chromium runs wasm with: quicker to repeat than the browser test, and it can profile.
//   node tools/wasm_bench.mjs [RUNS] [PKG_DIR]        times RUNS benchmarks (default 7), prints the median
//   node --cpu-prof --cpu-prof-dir=DIR tools/wasm_bench.mjs ...; node tools/wasm_bench.mjs --top DIR/x.cpuprofile
// The first runs are slower while V8 tiers the code up; the median is of every run. PKG_DIR defaults to the
// page's www/pkg (`make wasm`); a package built without wasm-opt keeps the function names a profile shows.

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/// Self time per function in a V8 CPU profile, largest first, as "percent name" lines.
function top(profileFile, count = 25) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const name = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName || '(anonymous)']));
  const self = new Map();
  for (const id of profile.samples) self.set(name.get(id), (self.get(name.get(id)) ?? 0) + 1);
  const total = profile.samples.length;
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([f, n]) => `${(100 * n / total).toFixed(1).padStart(5)}%  ${f.replace(/::h[0-9a-f]{16}$/, '')}`);
}

async function bench(runs, dir) {
  const pkg = await import(pathToFileURL(`${dir}/gomoku.js`).href);
  pkg.initSync({ module: readFileSync(`${dir}/gomoku_bg.wasm`) });
  const engine = new pkg.Engine();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const b = engine.bench();
    times.push(b.timeMs);
    console.log(`${b.nodes} nodes in ${b.timeMs.toFixed(1)} ms`);
  }
  times.sort((a, b) => a - b);
  console.log(`median ${times[Math.floor(runs / 2)].toFixed(1)} ms over ${runs} runs`);
}

const args = process.argv.slice(2);
if (args[0] === '--top') {
  if (!args[1]) throw new Error('usage: node tools/wasm_bench.mjs --top PROFILE.cpuprofile');
  console.log(top(args[1]).join('\n'));
} else {
  const runs = Number(args[0] ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a positive whole number, not ${args[0]}`);
  await bench(runs, args[1] ?? fileURLToPath(new URL('../www/pkg', import.meta.url)));
}
