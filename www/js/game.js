// Game state: the moves played, the moves that can be redone, and the result.
// The rules (legality, five in a row, draw) come from the engine's parseRecord, passed in,
// so the page and the AI can never disagree about them.

/** The set-up part of a record: `b:h8 w:i9 to:white` (see README, "Keeping and sharing games"), '' without a set-up. */
export function setupText(setup) {
  if (!setup) return '';
  return [...setup.black.map((p) => `b:${p}`), ...setup.white.map((p) => `w:${p}`), `to:${setup.toMove}`].join(' ');
}

/** The record of a parseRecord state: its set-up part, then its moves. */
export function recordOfState(state) {
  return [setupText(state.setup), state.moves.join(' ')].filter(Boolean).join(' ');
}

export class Game {
  #rules;
  #state;
  #future = []; // undone moves, the next one to redo last
  #variations = []; // lines left by playing a different move from an earlier position (whole move lists)

  /** @param {(record: string) => {moves: string[], toMove: string, winner: string|null, winLine: string[], draw: boolean}} rules */
  constructor(rules) {
    this.#rules = rules;
    this.#state = rules('');
  }

  get moves() { return this.#state.moves; }
  get record() { return recordOfState(this.#state); }
  /** The set-up position the game starts from ({black, white, toMove}), or null for the empty board. */
  get setup() { return this.#state.setup ?? null; }
  /** Colour of move `index` (0-based) after the set-up. */
  colorOf(index) { return (index % 2 === 0) === ((this.setup?.toMove ?? 'black') === 'black') ? 'black' : 'white'; }
  get toMove() { return this.#state.toMove; }
  get winner() { return this.#state.winner; }
  get winLine() { return this.#state.winLine; }
  get draw() { return this.#state.draw; }
  get over() { return this.#state.winner !== null || this.#state.draw; }
  get lastMove() { return this.#state.moves.at(-1) ?? null; }
  get canUndo() { return this.#state.moves.length > 0; }
  get canRedo() { return this.#future.length > 0; }
  /** The whole line: the moves played and the moves a redo would bring back. */
  get line() { return [...this.#state.moves, ...[...this.#future].reverse()]; }
  /** Earlier lines, newest first, that playing a different move left (each a move list). */
  get variations() { return this.#variations; }
  /** The move a redo would play, or null. */
  get nextRedo() { return this.#future.at(-1) ?? null; }

  /** Replaces the game with a record. Throws (game unchanged) when the record is malformed or illegal. */
  load(record) {
    this.#state = this.#rules(record);
    this.#future = [];
    this.#variations = [];
  }

  reset() {
    this.load('');
  }

  /** Plays a point for the side to move. Throws (game unchanged) when the move is illegal. */
  play(point) {
    const state = this.#rules(`${this.record} ${point}`);
    if (state.moves.length !== this.moves.length + 1) throw new Error(`'${point}' is not one point`);
    const played = state.moves.at(-1);
    if (this.#future.at(-1) === played) {
      this.#future.pop(); // same as redo: keep the rest of the undone line
    } else {
      if (this.#future.length) this.#keep(this.line); // never silently discarded
      this.#future = [];
    }
    this.#state = state;
  }

  /**
   * Makes variation `index` the line again: the position where it leaves the current moves, with its
   * remaining moves to redo. The line it replaces becomes a variation.
   */
  restoreVariation(index) {
    const line = this.#variations[index];
    if (!line) return;
    const moves = this.moves;
    let common = 0;
    while (common < moves.length && common < line.length && moves[common] === line[common]) common++;
    const state = this.#rules(this.#recordOf(line.slice(0, common)));
    this.#variations.splice(index, 1);
    this.#keep(this.line);
    this.#state = state;
    this.#future = line.slice(common).reverse();
  }

  #recordOf(moves) {
    return [setupText(this.setup), moves.join(' ')].filter(Boolean).join(' ');
  }

  #keep(line) {
    const text = line.join(' ');
    const isPrefix = (other) => other.length >= line.length && other.slice(0, line.length).join(' ') === text;
    if (line.length === 0 || this.#variations.some(isPrefix)) return;
    this.#variations.unshift(line);
    this.#variations.length = Math.min(this.#variations.length, 8);
  }

  /** Takes back the last move; returns it, or null when the board is empty. */
  undo() {
    const moves = this.#state.moves;
    if (moves.length === 0) return null;
    const last = moves.at(-1);
    this.#state = this.#rules(this.#recordOf(moves.slice(0, -1)));
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
