// The game flow: whose move it is (human vs AI, two humans, AI vs AI with pause and step), starting and
// cancelling the AI's moves, and the player's actions: a move on the board, new game, undo/redo, going to a
// move, restoring a variation, loading a record or link, changing the rule. It owns the game's mode, rule and
// seed; the page (js/main.js) gives it the game and the objects around it and redraws when it says so.

import { recordOfState } from './game.js';
import { EngineCancelled } from './engine-client.js';
import * as storage from './storage.js';
import { t } from './i18n.js';
import { reason } from './messages.js';
import { reasonText, ruleName } from './rules.js';
import { refusalText } from './refusals.js';
import { moveAnnouncement } from './status-view.js';

/** A breath between moves so an AI-vs-AI game can be followed, ms. */
const AI_VS_AI_PAUSE_MS = 400;

/** A fresh seed for a game (a 32-bit number: exact in JS and in the engine's options). */
function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** Who moves, the AI's moves and the player's actions on the game. */
export class Play {
  #ruleBook;
  #notices;
  #render;
  #forbidden;
  #game;
  #ai;
  #engine;
  #log;
  #settings;
  #board;
  #study;
  #setup;
  #rule = 'freestyle'; // the game's rule: changes only with a new game, a loaded link or a restored game
  #mode = 'hva'; // 'hva' human vs AI, 'hvh' two humans, 'ava' AI vs AI
  #humanColor = 'black';
  #paused = false; // AI vs AI only
  #stepRequested = false; // AI vs AI: play one move while paused
  #aiTimer = 0; // pending start of an AI move
  #aiBlockedAt = null; // record at which the engine refused to move (no retry loop)
  #gameSeed = newSeed(); // variety: the AI's choices among equal moves follow one seed per game
  #browsing = false; // looking at an earlier position through navigation: the AI waits

  /**
   * @param {{ruleBook: import('./rules.js').RuleBook, notices: import('./notices.js').Notices,
   *   render: () => void, forbidden: () => Map<string, string>}} options
   *   render redraws the page after a change (and then calls maybeStartAi); forbidden gives black's forbidden
   *   points as last drawn (point -> reason). The game itself comes later, through connect: its first parse
   *   already needs rules().
   */
  constructor({ ruleBook, notices, render, forbidden }) {
    this.#ruleBook = ruleBook;
    this.#notices = notices;
    this.#render = render;
    this.#forbidden = forbidden;
  }

  /**
   * The game and the objects the flow acts on: the AI player and its search engine, the search log, the
   * settings panel, the board, the analysis panel (study) and the set-up editor.
   */
  connect({ game, ai, engine, log, settings, board, study, setup }) {
    this.#game = game;
    this.#ai = ai;
    this.#engine = engine;
    this.#log = log;
    this.#settings = settings;
    this.#board = board;
    this.#study = study;
    this.#setup = setup;
  }

  /** The game state of `record` under `rule` (the game's rule by default); throws on an illegal record. */
  rules(record, rule = this.#rule) {
    return this.#ruleBook.parse(record, rule);
  }

  /** The game's rule. */
  get rule() {
    return this.#rule;
  }

  /** 'hva' human vs AI, 'hvh' two humans, 'ava' AI vs AI. */
  get mode() {
    return this.#mode;
  }

  /** The human's colour against the AI. */
  get humanColor() {
    return this.#humanColor;
  }

  /** The mode as the mode menu names it: 'hva-black', 'hva-white', 'hvh' or 'ava'. */
  get modeChoice() {
    return this.#mode === 'hva' ? `hva-${this.#humanColor}` : this.#mode;
  }

  /** What the status view needs from the flow (js/status-view.js). */
  status() {
    return {
      mode: this.#mode, humanColor: this.#humanColor, rule: this.#rule, paused: this.#paused,
      aiTurn: this.#isAiTurn(), blocked: this.#aiBlockedAt === this.#game.record,
    };
  }

  // ---- Whose move -------------------------------------------------------------------------

  /** Whether the AI is to move now. */
  #isAiTurn() {
    // In analysis mode the AI only analyses; against the AI, while browsing back (moves ahead to redo) it waits.
    if (this.#study.active || this.#setup.active || (this.#mode === 'hva' && this.#browsing)) return false;
    const game = this.#game;
    return !game.over && (this.#mode === 'ava' || (this.#mode === 'hva' && game.toMove !== this.#humanColor));
  }

  /** Whether a click on the board may play a move now. */
  humanCanMove() {
    return !this.#game.over && !this.#isAiTurn();
  }

  /** Starts the AI when it is its turn (and it is allowed to play). */
  maybeStartAi() {
    if (!this.#isAiTurn() || this.#ai.thinking || this.#aiTimer || this.#aiBlockedAt === this.#game.record) return;
    if (this.#mode === 'ava' && this.#paused && !this.#stepRequested) return;
    this.#stepRequested = false;
    this.#aiTimer = setTimeout(() => this.#aiMove(), this.#mode === 'ava' ? AI_VS_AI_PAUSE_MS : 0);
  }

  async #aiMove() {
    this.#aiTimer = 0;
    const game = this.#game;
    const record = game.record;
    const color = game.toMove;
    // Read now: changes to the settings apply to the next AI move.
    const options = { ...this.#settings.engineOptions(this.#gameSeed), rule: this.#rule };
    this.#log.begin(game.moves.length + 1, color, options);
    const started = performance.now();
    this.#notices.startClock(started);
    const thinking = this.#ai.think(record, options);
    this.#render();
    let outcome;
    try {
      outcome = await thinking;
    } catch (err) {
      this.#notices.stopClock();
      if (!(err instanceof EngineCancelled)) this.#aiCannotMove(record, err);
      return;
    }
    this.#notices.stopClock();
    this.#log.played(outcome, performance.now() - started);
    if (game.record !== record) return; // cannot happen: every change cancels the AI first
    this.#playAiMove(record, outcome);
  }

  /** The engine refused to move in `record`: say why, and do not ask again in this position. */
  #aiCannotMove(record, err) {
    this.#aiBlockedAt = record;
    const text = () => t('page.error.cannotMove', { reason: reason(err.message) });
    this.#log.note(text);
    this.#notices.showMessage(text, 'error');
    this.#render();
  }

  #playAiMove(record, outcome) {
    try {
      this.#game.play(outcome.move);
    } catch (err) {
      this.#aiBlockedAt = record;
      const text = () => t('page.error.impossible', { move: outcome.move, reason: refusalText(err) });
      this.#notices.showMessage(text, 'error');
      this.#render();
      return;
    }
    if (outcome.how !== 'search' && outcome.how !== 'stopped') {
      const key = outcome.how === 'timeout' ? 'page.error.timeout' : 'page.error.crashTwice';
      this.#notices.showMessage(() => t(key), 'error');
    }
    this.#notices.announce(moveAnnouncement(this.#game));
    this.#render();
  }

  /** Abandons the AI's current or pending move without playing it. */
  cancelAi() {
    clearTimeout(this.#aiTimer);
    this.#aiTimer = 0;
    if (this.#ai.thinking) {
      this.#ai.cancel();
      this.#log.note(() => t('page.log.cancelled'));
    }
    this.#notices.stopClock();
  }

  // ---- Actions ----------------------------------------------------------------------------

  /** A click or Enter on board point `point`: the human's move (or the set-up editor's click). */
  humanPlays(point) {
    if (this.#setup.active) {
      this.#setup.click(point);
      return;
    }
    if (this.#refused(point)) return;
    try {
      this.#game.play(point);
    } catch (err) {
      this.#notices.showMessage(() => refusalText(err), 'error');
      return;
    }
    this.#browsing = false;
    this.#notices.clear();
    this.#notices.announce(moveAnnouncement(this.#game));
    this.#render();
  }

  /** Says why the human cannot play `point` now (game over, the AI's turn, taken, forbidden), if so. */
  #refused(point) {
    const notices = this.#notices;
    const forbidden = this.#forbidden();
    if (this.#game.over) {
      notices.announce(t('page.announce.over'));
      notices.showMessage(() => t('page.announce.over'), 'info');
    } else if (!this.humanCanMove()) {
      notices.announce(t('page.announce.wait'));
    } else if (this.#game.moves.includes(point)) {
      notices.announce(t('page.announce.taken', { point }));
    } else if (forbidden.has(point)) {
      const text = t('rules.refused', { point, reason: reasonText(forbidden.get(point)) });
      notices.announce(text);
      notices.showMessage(text, 'error');
    } else {
      return false;
    }
    return true;
  }

  /** Starts a new game under the game's rule, with a new seed. */
  newGame() {
    this.cancelAi();
    this.#browsing = false;
    this.#game.reset();
    this.#gameSeed = newSeed();
    this.#aiBlockedAt = null;
    this.#paused = false;
    this.#engine.clear().catch(() => {}); // a fresh worker has an empty table anyway
    this.#log.clear();
    this.#notices.clear();
    this.#notices.announce(t('page.announce.newGame'));
    this.#render();
  }

  /** Takes back a move; against the AI, the AI's reply and the human's move together. */
  undo() {
    if (this.#setup.active) return; // the game under the set-up being edited is not shown: leave it alone
    this.cancelAi();
    const game = this.#game;
    if (this.#mode === 'hva') {
      while (game.canUndo) {
        const color = game.colorOf(game.moves.length - 1);
        game.undo();
        if (color === this.#humanColor) break;
      }
    } else {
      game.undo();
      if (this.#mode === 'ava') this.#paused = true;
    }
    this.#aiBlockedAt = null;
    this.#notices.announce(game.lastMove
      ? t('page.announce.undone', { point: game.lastMove })
      : t('page.announce.undoneEmpty'));
    this.#render();
  }

  /** Plays an undone move again; against the AI, the human's move and the AI's reply together. */
  redo() {
    if (this.#setup.active) return;
    this.cancelAi();
    const game = this.#game;
    if (this.#mode === 'hva') {
      do game.redo(); while (game.canRedo && game.toMove !== this.#humanColor && !game.over);
    } else {
      game.redo();
      if (this.#mode === 'ava') this.#paused = true;
    }
    this.#notices.announce(t('page.announce.redone', { point: game.lastMove }));
    this.#render();
  }

  /** Shows the position after `count` moves of the line (navigation), keeping the moves ahead. */
  goToMove(count) {
    if (this.#setup.active) return; // the board shows the set-up being edited
    this.cancelAi();
    const game = this.#game;
    while (game.moves.length > count && game.canUndo) game.undo();
    while (game.moves.length < count && game.canRedo) game.redo();
    if (this.#mode === 'ava') this.#paused = true;
    this.#browsing = game.canRedo;
    this.#notices.announce(game.lastMove
      ? t('analysis.atMove', { n: game.moves.length, move: game.lastMove })
      : t('analysis.atStart'));
    this.#render();
  }

  /** Makes variation `index` the game's line (navigation). */
  restoreVariation(index) {
    this.cancelAi();
    this.#game.restoreVariation(index);
    this.#browsing = this.#game.canRedo;
    this.#render();
  }

  /** Plays on from a valid set-up record (the set-up editor's Done). */
  startFrom(record) {
    this.cancelAi();
    this.#game.load(record);
    this.#aiBlockedAt = null;
    this.#browsing = false;
    this.#render();
  }

  /** The mode menu's choice: 'hva-black', 'hva-white', 'hvh' or 'ava'. */
  chooseMode(choice) {
    this.cancelAi();
    const [mode, color] = choice.split('-');
    this.#mode = mode;
    if (color) this.#humanColor = color;
    this.#paused = false;
    this.#aiBlockedAt = null;
    this.#render();
  }

  /** Pauses or resumes an AI-vs-AI game. */
  togglePause() {
    this.#paused = !this.#paused;
    if (this.#paused) this.cancelAi();
    this.#render();
  }

  /** AI vs AI: one move while paused. */
  step() {
    this.#stepRequested = true;
    this.#render();
  }

  /** A new game under another rule (the rule control has asked first if stones were on the board). */
  changeRule(rule) {
    this.#rule = rule;
    this.newGame();
    this.#notices.showMessage(t('rules.changed', { rule: ruleName(rule) }), 'info');
  }

  /** Takes what js/storage.js restored at start: mode, human's colour, rule and record (each may be missing). */
  restore({ mode, humanColor, rule, record }) {
    this.#mode = mode ?? this.#mode;
    this.#humanColor = humanColor ?? this.#humanColor;
    this.#rule = rule;
    if (record !== undefined) this.#game.load(record);
  }

  /** Loads a pasted record (under the game's rule) or a link (under the rule `readRule` reads from it). */
  loadRecord(text, source, readRule = () => this.#rule) {
    let state;
    let rule;
    try {
      rule = readRule();
      // Validate first: a bad record must leave the game untouched.
      state = this.rules(storage.normalizeRecordText(text), rule);
    } catch (err) {
      this.#loadRefused(err, source);
      return;
    }
    const record = recordOfState(state);
    if (source === 'link' && record === this.#game.record && rule === this.#rule) return; // our own address
    this.#load(record, rule, source);
  }

  #loadRefused(err, source) {
    const why = () => storage.clip(refusalText(err));
    const text = () => t(source === 'record' ? 'page.error.loadRecord' : 'page.error.loadLink', { reason: why() });
    if (source === 'record') this.#notices.showNote(text, 'error');
    else this.#notices.showMessage(text, 'error');
    if (source === 'link') storage.writeHash(this.#game.record, this.#rule); // the address bar shows the game again
  }

  #load(record, rule, source) {
    this.cancelAi();
    this.#rule = rule;
    const game = this.#game;
    game.load(record);
    this.#browsing = false;
    this.#aiBlockedAt = null;
    const n = game.moves.length;
    const loaded = () => (n === 1 ? t('page.loaded.one') : t('page.loaded.many', { n }));
    if (source === 'record') this.#notices.showNote(loaded, 'info');
    else this.#notices.showMessage(loaded, 'info');
    if (game.lastMove) this.#board.focusPoint(game.lastMove, { moveFocus: false });
    this.#render();
  }
}
