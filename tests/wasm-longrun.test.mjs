// Long run through the wasm API (the web build in www/pkg, loaded in Node): complete AI-vs-AI games
// at a short time limit. Every move is checked with parseRecord, every game must end with five in a row
// or a full board, and the memory is measured from game to game:
//   - the wasm linear memory must not grow after game 5 (the engine allocates its table up front;
//     growth later is a leak), also across Engine.free() + new Engine() every 50 games;
//   - the process RSS may move a little (V8's heap), but must stay under a bound.
// Run: `make wasm && node --test tests/wasm-longrun.test.mjs` (part of `make test`).
// LONGRUN_GAMES and LONGRUN_SEED override the game count (200) and the seed of the random openings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Engine, parseRecord } from '../www/pkg/gomoku.js';
import { random } from './seeded-random.mjs';

const GAMES = Number(process.env.LONGRUN_GAMES ?? 200);
const SEED = Number(process.env.LONGRUN_SEED ?? 20261130);
// Two kinds of short search, game by game in turn: one stopped by its 10 ms time limit (iterative deepening
// cut mid-iteration, ~7 ms a move), one by depth 3 over 8 candidates (~1 ms a move, most of the games' count).
const SETTINGS = [
  { mode: 'search', depth: 30, width: 8, timeMs: 10 },
  { mode: 'search', depth: 3, width: 8, timeMs: 20 },
];
const describe = (o) => `depth ${o.depth}, width ${o.width}, ${o.timeMs} ms`;
const NEW_ENGINE_EVERY = 50; // free the Engine and make a new one, as a restarted worker does
const STEADY_AFTER = 5; // games after which the wasm memory must not grow
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024; // bytes, from game STEADY_AFTER to the last game
const COLUMNS = 'abcdefghijklmno';

/** 1 to 3 distinct opening moves in the central 9×9, so that the 200 games differ. */
function opening(rand) {
  const count = 1 + Math.floor(rand() * 3);
  const moves = [];
  while (moves.length < count) {
    const point = COLUMNS[3 + Math.floor(rand() * 9)] + String(4 + Math.floor(rand() * 9));
    if (!moves.includes(point)) moves.push(point);
  }
  return moves;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

test(`${GAMES} complete AI-vs-AI games through the wasm API: legal moves, a result, no memory growth`, { timeout: 150_000 }, () => {
  const wasm = initSync({ module: readFileSync(new URL('../www/pkg/gomoku_bg.wasm', import.meta.url)) });
  assert.ok(wasm.memory instanceof WebAssembly.Memory, 'initSync returns the exports with the memory');
  const rand = random(SEED);
  let engine = new Engine();

  const tally = { black: 0, white: 0, draw: 0 };
  let illegal = 0;
  let moves = 0;
  let searches = 0;
  let progressReports = 0;
  let maxSearchMs = 0;
  let evaluations = 0;
  const wasmBytes = []; // after each game
  const rss = [];
  const problems = []; // the first few, for the failure message
  const started = performance.now();

  for (let g = 1; g <= GAMES; g++) {
    if (g > 1 && (g - 1) % NEW_ENGINE_EVERY === 0) {
      engine.free();
      engine = new Engine();
    } else {
      engine.clear(); // "New game"
    }
    const options = SETTINGS[g % SETTINGS.length];
    let state = parseRecord(opening(rand).join(' '));
    let record = state.moves.join(' ');
    while (!state.winner && !state.draw) {
      let depths = 0;
      const t0 = performance.now();
      const result = engine.search(record, options, (p) => {
        depths++;
        assert.ok(Number.isInteger(p.depth) && p.depth >= 1 && Array.isArray(p.pv), 'progress report shape');
      });
      maxSearchMs = Math.max(maxSearchMs, performance.now() - t0);
      searches++;
      progressReports += depths;
      if (typeof result?.move !== 'string' || result.move === '') {
        illegal++;
        problems.push(`game ${g}: no move after "${record}": ${JSON.stringify(result)}`);
        break;
      }
      if (moves % 7 === 0) {
        // The evaluation path too (the page calls it while the AI thinks).
        const ev = engine.evaluate(record, result.move);
        assert.equal(ev.point, result.move);
        assert.equal(ev.occupied, null, `the AI's move ${result.move} is on an empty point`);
        evaluations++;
      }
      let next;
      try {
        next = parseRecord(`${record} ${result.move}`);
      } catch (err) {
        illegal++;
        problems.push(`game ${g}: illegal move ${result.move} after "${record}": ${err.message}`);
        break;
      }
      if (next.moves.length !== state.moves.length + 1 || next.moves.at(-1) !== result.move) {
        illegal++;
        problems.push(`game ${g}: move ${result.move} was not played as one normalised point`);
        break;
      }
      state = next;
      record = state.moves.join(' ');
      moves++;
      assert.ok(state.moves.length <= 225, 'a game has at most 225 moves');
    }
    if (state.winner) {
      assert.ok(state.winLine.length >= 5 && state.winLine.every((p) => state.moves.includes(p)),
        `game ${g}: the winning line is five stones on the board`);
      assert.equal(state.draw, false);
      tally[state.winner]++;
    } else if (state.draw) {
      assert.equal(state.moves.length, 225, `game ${g}: a draw is a full board`);
      tally.draw++;
    }
    // A finished game is refused with an error, not a panic (and the error path must not leak either).
    if (state.winner || state.draw) {
      assert.throws(() => engine.search(record, options), /game is over/);
    }
    assert.throws(() => engine.search('h8 h8', options), /occupied/);
    wasmBytes.push(wasm.memory.buffer.byteLength);
    rss.push(process.memoryUsage().rss);
  }

  const seconds = (performance.now() - started) / 1000;
  engine.free();
  console.log(`wasm long run: ${GAMES} games in ${seconds.toFixed(1)} s (seed ${SEED}, ` +
    `${SETTINGS.map(describe).join(' / ')} in turn; a new Engine every ${NEW_ENGINE_EVERY} games)`);
  console.log(`  results: black ${tally.black}, white ${tally.white}, draws ${tally.draw}; ` +
    `${moves} AI moves (${(moves / GAMES).toFixed(1)} a game), ${searches} searches, ${progressReports} progress reports, ` +
    `${evaluations} evaluations, slowest search ${maxSearchMs.toFixed(0)} ms, ${((seconds * 1000) / moves).toFixed(1)} ms a move`);
  console.log(`  illegal moves: ${illegal}`);
  console.log(`  wasm memory: after game 1 ${mb(wasmBytes[0])}, after game ${STEADY_AFTER} ${mb(wasmBytes[STEADY_AFTER - 1])}, ` +
    `last ${mb(wasmBytes.at(-1))}, max ${mb(Math.max(...wasmBytes))}`);
  console.log(`  process RSS: after game 1 ${mb(rss[0])}, after game ${STEADY_AFTER} ${mb(rss[STEADY_AFTER - 1])}, ` +
    `last ${mb(rss.at(-1))}, max ${mb(Math.max(...rss))}`);

  assert.equal(illegal, 0, `illegal moves: ${problems.slice(0, 5).join('; ')}`);
  assert.equal(tally.black + tally.white + tally.draw, GAMES, 'every game ended with a win or a draw');
  const steady = wasmBytes[Math.min(STEADY_AFTER, GAMES) - 1];
  const grewAt = wasmBytes.findIndex((bytes, i) => i >= STEADY_AFTER && bytes > steady);
  assert.equal(grewAt, -1, `wasm memory grew after game ${STEADY_AFTER}: ${mb(steady)} -> ${mb(wasmBytes[grewAt])} at game ${grewAt + 1}`);
  const rssGrowth = Math.max(...rss.slice(STEADY_AFTER)) - rss[STEADY_AFTER - 1];
  assert.ok(rssGrowth < RSS_GROWTH_LIMIT, `RSS grew by ${mb(rssGrowth)} after game ${STEADY_AFTER} (limit ${mb(RSS_GROWTH_LIMIT)})`);
});
