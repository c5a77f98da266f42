// Game state: the moves played, the moves that can be redone, and the result.
// The rules (legality, five in a row, draw) come from the engine's parseRecord, passed in,
// so the page and the AI can never disagree about them.

import { t } from './i18n.js';

export class Game {
  #rules;
  #state;
  #future = []; // undone moves, the next one to redo last

  /** @param {(record: string) => {moves: string[], toMove: string, winner: string|null, winLine: string[], draw: boolean}} rules */
  constructor(rules) {
    this.#rules = rules;
    this.#state = rules('');
  }

  get moves() { return this.#state.moves; }
  get record() { return this.#state.moves.join(' '); }
  get toMove() { return this.#state.toMove; }
  get winner() { return this.#state.winner; }
  get winLine() { return this.#state.winLine; }
  get draw() { return this.#state.draw; }
  get over() { return this.#state.winner !== null || this.#state.draw; }
  get lastMove() { return this.#state.moves.at(-1) ?? null; }
  get canUndo() { return this.#state.moves.length > 0; }
  get canRedo() { return this.#future.length > 0; }
  /** The move a redo would play, or null. */
  get nextRedo() { return this.#future.at(-1) ?? null; }

  /** Replaces the game with a record. Throws (game unchanged) when the record is malformed or illegal. */
  load(record) {
    this.#state = this.#rules(record);
    this.#future = [];
  }

  reset() {
    this.load('');
  }

  /** Plays a point for the side to move. Throws (game unchanged) when the move is illegal. */
  play(point) {
    const state = this.#rules(`${this.record} ${point}`);
    if (state.moves.length !== this.moves.length + 1) throw new Error(t('page.reason.notOnePoint', { point }));
    const played = state.moves.at(-1);
    if (this.#future.at(-1) === played) {
      this.#future.pop(); // same as redo: keep the rest of the undone line
    } else {
      this.#future = [];
    }
    this.#state = state;
  }

  /** Takes back the last move; returns it, or null when the board is empty. */
  undo() {
    const moves = this.#state.moves;
    if (moves.length === 0) return null;
    const last = moves.at(-1);
    this.#state = this.#rules(moves.slice(0, -1).join(' '));
    this.#future.push(last);
    return last;
  }

  /** Plays the last undone move again; returns it, or null when there is none. */
  redo() {
    const next = this.#future.at(-1);
    if (next === undefined) return null;
    this.play(next);
    return next;
  }
}
