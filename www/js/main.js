// Wiring: loads the engine's rules on the main thread, restores the game, and decides who moves.
// The AI's searches run in a worker (js/ai-player.js); evaluations and instant fallback moves run
// in a second, "helper" worker so they answer even while the AI is thinking.

import { Game, recordOfState, setupText } from './game.js';
import { BoardView } from './board-view.js';
import { EngineClient, EngineCancelled } from './engine-client.js';
import { AiPlayer } from './ai-player.js';
import { SettingsPanel } from './settings.js';
import { SearchLog, runBenchmark } from './search-log.js';
import { EvalPanel } from './eval-panel.js';
import { AnalysisPanel, parseAnalysisPrefs } from './analysis.js';
import { Navigation } from './navigation.js';
import { Review } from './review.js';
import { SetupEditor } from './setup.js';
import * as storage from './storage.js';
import { t, language, setLanguage, onLanguageChange, initialLanguage, rememberLanguage, translatePage } from './i18n.js';
import { reason } from './messages.js';
import { registerOffline } from './offline.js';
import { copyText, saveBoardImage } from './sharing.js';
import { RuleBook, RuleControl, reasonText, ruleName } from './rules.js';
import { refusalText } from './refusals.js';
import { Notices } from './notices.js';
import { renderStatus, renderMoveList, moveAnnouncement, imageCaption } from './status-view.js';

const $ = (id) => document.getElementById(id);
const AI_VS_AI_PAUSE_MS = 400; // a breath between moves so an AI-vs-AI game can be followed

const app = $('app');
const ui = {
  status: $('status'),
  banner: $('banner'),
  bannerText: $('banner-text'),
  mode: $('mode'),
  showNumbers: $('show-numbers'),
  guard: $('guard'),
  undo: $('btn-undo'),
  redo: $('btn-redo'),
  stop: $('btn-stop'),
  pause: $('btn-pause'),
  step: $('btn-step'),
  moveList: $('move-list'),
  recordInput: $('record-input'),
};
const notices = new Notices({ message: $('message'), note: $('record-note'), announcer: $('announcer'), clock: $('clock') });
const announce = (text) => notices.announce(text);
const showNote = (text, kind) => notices.showNote(text, kind);
const showMessage = (text, kind) => notices.showMessage(text, kind);

let rules; // (record, rule = the game's rule) => game state, from the wasm module's parseRecord
let ruleBook;
let ruleControl;
let rule = 'freestyle'; // the game's rule: changes only with a new game, a loaded link or a restored game
let showForbidden = true; // draw black's forbidden points (renju)
let forbidden = new Map(); // black's forbidden points now (renju, black to move): point -> reason
let game;
let board;
let ai;
let searchEngine;
let helperEngine;
let log;
let evalPanel;
let settings;
let study; // analysis mode, hint, overlays (js/analysis.js)
let nav; // move navigation and variations (js/navigation.js)
let review; // game review with the evaluation graph (js/review.js)
let setupEditor; // board set-up (js/setup.js)
let browsing = false; // looking at an earlier position through navigation: the AI waits

let mode = 'hva'; // 'hva' human vs AI, 'hvh' two humans, 'ava' AI vs AI
let humanColor = 'black';
let paused = false; // AI vs AI only
let stepRequested = false; // AI vs AI: play one move while paused
let aiTimer = 0; // pending start of an AI move
let aiBlockedAt = null; // record at which the engine refused to move (no retry loop)
let gameSeed = newSeed(); // variety: the AI's choices among equal moves follow one seed per game
let showNumbers = false;
let guard = 'touch'; // mis-tap guard: 'off', 'on', 'touch'
const GUARDS = ['off', 'on', 'touch'];

setLanguage(initialLanguage());
translatePage();
registerOffline({ bar: $('update-bar'), reload: $('update-reload') });
start();

async function start() {
  let wasm;
  try {
    wasm = await import('../pkg/gomoku.js');
    await wasm.default();
  } catch (err) {
    app.dataset.aiState = 'error';
    ui.status.removeAttribute('data-i18n');
    ui.status.textContent = t('page.error.load');
    showMessage(() => String(err?.message ?? err), 'error');
    return;
  }
  ruleBook = new RuleBook(wasm);
  rules = (record, r = rule) => ruleBook.parse(record, r);
  ui.status.removeAttribute('data-i18n'); // from now on the status line follows the game
  $('engine-version').textContent = wasm.engineVersion();

  game = new Game((record) => rules(record));
  searchEngine = new EngineClient('gomoku-search', {
    onCrash: (err) => showMessage(() => t('page.error.aiCrash', { reason: err.message }), 'error'),
  });
  helperEngine = new EngineClient('gomoku-helper', {
    onCrash: (err) => showMessage(() => t('page.error.evalCrash', { reason: err.message }), 'error'),
  });
  searchEngine.warmUp();
  helperEngine.warmUp();
  log = new SearchLog($('search-log'));
  ai = new AiPlayer(searchEngine, helperEngine, { onProgress: (p) => log.progress(p) });
  board = new BoardView({
    canvas: $('board-canvas'), grid: $('board-grid'), onPlay: humanPlays, onInspect: inspect,
    onArm: (point) => announce(t('reach.guard.armed', { point })),
    onPointer: (point) => study?.pointer(point),
  });
  const view = storage.readStored(storage.VIEW_KEY, (data) => ({
    showNumbers: data?.showNumbers === true, showForbidden: data?.showForbidden !== false,
    guard: GUARDS.includes(data?.guard) ? data.guard : 'touch',
    analysis: parseAnalysisPrefs(data?.analysis),
  })).value;
  const analysisEngine = new EngineClient('gomoku-analysis', {
    onCrash: (err) => showMessage(t('analysis.crashed', { reason: err.message }), 'error'),
  });
  study = new AnalysisPanel({
    engine: analysisEngine, helper: helperEngine, board, root: $('analysis-panel'), bar: $('eval-bar'),
    toolbar: document.querySelector('.controls'),
    getPosition: () => ({
      record: game.record, toMove: game.toMove, over: game.over, vsAi: mode === 'hva',
      canHint: mode === 'hva' && humanCanMove(),
      editing: setupEditor?.active ?? false,
    }),
    aiOptions: () => ({ ...settings.engineOptions(), rule }),
    onToggle: () => { cancelAi(); update(); },
    announce,
    play: humanPlays,
    prefs: view?.analysis ?? parseAnalysisPrefs(null),
    onPrefs: saveView,
  });
  nav = new Navigation({
    game, list: ui.moveList, future: $('move-future'), variations: $('variations'),
    goTo: goToMove,
    restore: (index) => { cancelAi(); game.restoreVariation(index); browsing = game.canRedo; update(); },
  });
  review = new Review({
    engine: new EngineClient('gomoku-review', {
      onCrash: (err) => showMessage(t('analysis.crashed', { reason: err.message }), 'error'),
    }),
    root: $('review-panel'),
    getLine: () => {
      const line = game.line;
      const end = rules([setupText(game.setup), line.join(' ')].filter(Boolean).join(' '));
      const setup = game.setup;
      return {
        setup: setupText(setup), first: setup?.toMove ?? 'black',
        moves: line, over: end.winner !== null || end.draw, at: game.moves.length, rule,
      };
    },
    goTo: goToMove,
  });
  setupEditor = new SetupEditor({
    root: $('setup-panel'), rules,
    getStart: () => {
      const stones = new Map();
      for (const color of ['black', 'white']) for (const p of game.setup?.[color] ?? []) stones.set(p, color);
      game.moves.forEach((p, i) => stones.set(p, game.colorOf(i)));
      return { stones, toMove: game.over ? 'black' : game.toMove };
    },
    onChange: () => { cancelAi(); update(); },
    onDone: (record) => { cancelAi(); game.load(record); aiBlockedAt = null; browsing = false; update(); },
  });
  evalPanel = new EvalPanel({
    panel: $('eval-panel'), title: $('eval-title'), note: $('eval-note'), body: $('eval-body'), closeButton: $('eval-close'),
  });
  const problems = []; // what could not be restored, reported together (functions giving the text)
  settings = new SettingsPanel({
    form: $('settings'), resetButton: $('settings-reset'), note: $('settings-note'),
    onProblem: (text) => problems.push(text), levels: wasm.levels(),
  });

  showNumbers = view?.showNumbers ?? false;
  showForbidden = view?.showForbidden ?? true;
  guard = view?.guard ?? 'touch';
  ui.showNumbers.checked = showNumbers;
  ui.guard.value = guard;
  board.setGuard(guard);
  ruleControl = new RuleControl({
    select: $('rule'), toggle: $('show-forbidden'), label: $('rule-label'), toggleLabel: $('show-forbidden-label'),
    hasStones: () => game.moves.length > 0,
    onChange: changeRule,
    onToggle: (show) => {
      showForbidden = show;
      saveView();
      update();
    },
  });
  restoreGame(problems);
  if (problems.length) showMessage(() => problems.map((p) => p()).join(' '), 'error');
  wireControls();
  update();
}

/** Saved game first, then the URL's position if it carries one (js/storage.js). */
function restoreGame(problems) {
  const found = storage.restoreGame({ rules, rule, problems });
  mode = found.mode ?? mode;
  humanColor = found.humanColor ?? humanColor;
  rule = found.rule;
  if (found.record !== undefined) game.load(found.record);
}

function wireControls() {
  $('btn-new').addEventListener('click', newGame);
  $('banner-new').addEventListener('click', newGame);
  ui.undo.addEventListener('click', undo);
  ui.redo.addEventListener('click', redo);
  ui.stop.addEventListener('click', () => ai.stop());
  ui.pause.addEventListener('click', () => {
    paused = !paused;
    if (paused) cancelAi();
    update();
  });
  ui.step.addEventListener('click', () => {
    stepRequested = true;
    update();
  });
  ui.mode.addEventListener('change', () => {
    cancelAi();
    // Options: 'hva-black', 'hva-white', 'hvh', 'ava'.
    const [newMode, color] = ui.mode.value.split('-');
    mode = newMode;
    if (color) humanColor = color;
    paused = false;
    aiBlockedAt = null;
    update();
  });
  ui.showNumbers.addEventListener('change', () => {
    showNumbers = ui.showNumbers.checked;
    saveView();
    update();
  });
  ui.guard.addEventListener('change', () => {
    guard = GUARDS.includes(ui.guard.value) ? ui.guard.value : 'touch';
    board.setGuard(guard);
    saveView();
  });
  $('btn-load').addEventListener('click', () => loadRecord(ui.recordInput.value, 'record'));
  ui.recordInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') loadRecord(ui.recordInput.value, 'record');
  });
  ui.recordInput.addEventListener('input', () => notices.hideNote());
  $('btn-bench').addEventListener('click', () => runBenchmark({ button: $('btn-bench'), engine: helperEngine, log }));
  const copyTo = { input: ui.recordInput, notices };
  $('btn-copy').addEventListener('click', () => copyText(game.record, 'page.what.record', copyTo));
  $('btn-copy-link').addEventListener('click', () => copyText(storage.urlForRecord(game.record, rule), 'page.what.link', copyTo));
  $('btn-save-image').addEventListener('click', () => saveBoardImage({
    game, showNumbers, caption: imageCaption(viewState()), notices,
  }));
  $('lang').addEventListener('change', (event) => {
    rememberLanguage(event.target.value);
    setLanguage(event.target.value);
  });
  onLanguageChange(() => {
    translatePage();
    log.relabel();
    evalPanel.relabel();
    settings.relabel();
    notices.relabel();
    update();
  });
  window.addEventListener('hashchange', () => {
    const text = storage.recordFromHash();
    if (text !== null) loadRecord(text, 'link', () => storage.ruleFromHash());
  });
}

// ---- Whose move ---------------------------------------------------------------------------

function isAiTurn() {
  // In analysis mode the AI only analyses; against the AI, while browsing back (moves ahead to redo) it waits.
  if (study?.active || setupEditor?.active || (mode === 'hva' && browsing)) return false;
  return !game.over && (mode === 'ava' || (mode === 'hva' && game.toMove !== humanColor));
}

function humanCanMove() {
  return !game.over && !isAiTurn();
}

/** Starts the AI when it is its turn (and it is allowed to play). */
function maybeStartAi() {
  if (!isAiTurn() || ai.thinking || aiTimer || aiBlockedAt === game.record) return;
  if (mode === 'ava' && paused && !stepRequested) return;
  stepRequested = false;
  aiTimer = setTimeout(aiMove, mode === 'ava' ? AI_VS_AI_PAUSE_MS : 0);
}

async function aiMove() {
  aiTimer = 0;
  const record = game.record;
  const color = game.toMove;
  const options = { ...settings.engineOptions(gameSeed), rule }; // read now: changes apply to the next AI move
  log.begin(game.moves.length + 1, color, options);
  const started = performance.now();
  notices.startClock(started);
  const thinking = ai.think(record, options);
  update();
  let outcome;
  try {
    outcome = await thinking;
  } catch (err) {
    notices.stopClock();
    if (err instanceof EngineCancelled) return;
    aiBlockedAt = record;
    log.note(() => t('page.error.cannotMove', { reason: reason(err.message) }));
    showMessage(() => t('page.error.cannotMove', { reason: reason(err.message) }), 'error');
    update();
    return;
  }
  notices.stopClock();
  log.played(outcome, performance.now() - started);
  if (game.record !== record) return; // cannot happen: every change cancels the AI first
  try {
    game.play(outcome.move);
  } catch (err) {
    aiBlockedAt = record;
    showMessage(() => t('page.error.impossible', { move: outcome.move, reason: refusalText(err) }), 'error');
    update();
    return;
  }
  if (outcome.how !== 'search' && outcome.how !== 'stopped') {
    showMessage(() => t(outcome.how === 'timeout' ? 'page.error.timeout' : 'page.error.crashTwice'), 'error');
  }
  announce(moveAnnouncement(game));
  update();
}

/** Abandons the AI's current or pending move without playing it. */
function cancelAi() {
  clearTimeout(aiTimer);
  aiTimer = 0;
  if (ai.thinking) {
    ai.cancel();
    log.note(() => t('page.log.cancelled'));
  }
  notices.stopClock();
}

// ---- Actions ------------------------------------------------------------------------------

function humanPlays(point) {
  if (setupEditor.active) {
    setupEditor.click(point);
    return;
  }
  if (game.over) {
    announce(t('page.announce.over'));
    showMessage(() => t('page.announce.over'), 'info');
    return;
  }
  if (!humanCanMove()) {
    announce(t('page.announce.wait'));
    return;
  }
  if (game.moves.includes(point)) {
    announce(t('page.announce.taken', { point }));
    return;
  }
  if (forbidden.has(point)) {
    const text = t('rules.refused', { point, reason: reasonText(forbidden.get(point)) });
    announce(text);
    showMessage(text, 'error');
    return;
  }
  try {
    game.play(point);
  } catch (err) {
    showMessage(() => refusalText(err), 'error');
    return;
  }
  browsing = false;
  notices.clear();
  announce(moveAnnouncement(game));
  update();
}

function newGame() {
  cancelAi();
  browsing = false;
  game.reset();
  gameSeed = newSeed();
  aiBlockedAt = null;
  paused = false;
  searchEngine.clear().catch(() => {}); // a fresh worker has an empty table anyway
  log.clear();
  notices.clear();
  announce(t('page.announce.newGame'));
  update();
}

/** Takes back a move; against the AI, the AI's reply and the human's move together. */
function undo() {
  if (setupEditor.active) return; // the game under the set-up being edited is not shown: leave it alone
  cancelAi();
  if (mode === 'hva') {
    while (game.canUndo) {
      const color = game.colorOf(game.moves.length - 1);
      game.undo();
      if (color === humanColor) break;
    }
  } else {
    game.undo();
    if (mode === 'ava') paused = true;
  }
  aiBlockedAt = null;
  announce(game.lastMove ? t('page.announce.undone', { point: game.lastMove }) : t('page.announce.undoneEmpty'));
  update();
}

function redo() {
  if (setupEditor.active) return;
  cancelAi();
  if (mode === 'hva') {
    // The human's move and the AI's reply come back together.
    do game.redo(); while (game.canRedo && game.toMove !== humanColor && !game.over);
  } else {
    game.redo();
    if (mode === 'ava') paused = true;
  }
  announce(t('page.announce.redone', { point: game.lastMove }));
  update();
}

/** Shows the position after `count` moves of the line (navigation), keeping the moves ahead. */
function goToMove(count) {
  if (setupEditor.active) return; // the board shows the set-up being edited
  cancelAi();
  while (game.moves.length > count && game.canUndo) game.undo();
  while (game.moves.length < count && game.canRedo) game.redo();
  if (mode === 'ava') paused = true;
  browsing = game.canRedo;
  announce(game.lastMove ? t('analysis.atMove', { n: game.moves.length, move: game.lastMove }) : t('analysis.atStart'));
  update();
}

/** Loads a pasted record (under the game's rule) or a link (under the rule `readRule` reads from it). */
function loadRecord(text, source, readRule = () => rule) {
  let state;
  let record = '';
  let loadRule = rule;
  try {
    loadRule = readRule();
    record = storage.normalizeRecordText(text);
    state = rules(record, loadRule); // validate first: a bad record must leave the game untouched
  } catch (err) {
    const why = () => storage.clip(refusalText(err));
    const text = () => t(source === 'record' ? 'page.error.loadRecord' : 'page.error.loadLink', { reason: why() });
    if (source === 'record') showNote(text, 'error');
    else showMessage(text, 'error');
    if (source === 'link') storage.writeHash(game.record, rule); // the address bar shows the game again
    return;
  }
  if (source === 'link' && recordOfState(state) === game.record && loadRule === rule) return; // our own address
  cancelAi();
  rule = loadRule;
  game.load(recordOfState(state));
  browsing = false;
  aiBlockedAt = null;
  const n = game.moves.length;
  const loaded = () => (n === 1 ? t('page.loaded.one') : t('page.loaded.many', { n }));
  if (source === 'record') showNote(loaded, 'info');
  else showMessage(loaded, 'info');
  if (game.lastMove) board.focusPoint(game.lastMove, { moveFocus: false });
  update();
}

let inspectedRecord = null; // the position the evaluation panel shows

function inspect(point, options) {
  inspectedRecord = game.record;
  evalPanel.show(point, helperEngine.evaluate(game.record, point, { rule }), options);
}

/** A new game under another rule (the rule control has asked first if stones were on the board). */
function changeRule(newRule) {
  rule = newRule;
  newGame();
  showMessage(t('rules.changed', { rule: ruleName(rule) }), 'info');
}

function saveView() {
  storage.writeStored(storage.VIEW_KEY, { showNumbers, showForbidden, guard, analysis: study.prefs });
}

/** A fresh seed for a game (a 32-bit number: exact in JS and in the engine's options). */
function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---- Display ------------------------------------------------------------------------------

function update() {
  const thinking = ai.thinking;
  app.dataset.record = game.record;
  app.dataset.aiState = thinking ? 'thinking' : 'idle';
  app.dataset.rule = rule;
  ui.mode.value = mode === 'hva' ? `hva-${humanColor}` : mode;
  $('lang').value = language();
  ruleControl.show(rule, showForbidden);
  forbidden = ruleBook.forbidden(game.record, rule, { toMove: game.toMove, winner: game.winner, draw: game.draw });

  board.render(setupEditor.active ? { ...setupEditor.view(), showNumbers } : {
    moves: game.moves,
    setup: game.setup,
    winLine: game.winLine,
    showNumbers,
    preview: humanCanMove() ? game.toMove : null,
    forbidden,
    showForbidden,
  });

  renderStatus(ui, viewState());
  renderMoveList(ui.moveList, game);
  nav.render();
  study.update();
  review.update();
  // An open evaluation follows the game: the same point, evaluated again in the new position.
  if (evalPanel.point && inspectedRecord !== game.record) inspect(evalPanel.point, { refresh: true });
  storage.writeStored(storage.GAME_KEY, storage.gameEntry(game.record, mode, humanColor, rule));
  storage.writeHash(game.record, rule);
  maybeStartAi();
}

/** What the status view needs to know (js/status-view.js). */
function viewState() {
  return {
    game, mode, humanColor, rule, thinking: ai.thinking, paused, aiTurn: isAiTurn(),
    editing: setupEditor.active, analysing: study.active, blocked: aiBlockedAt === game.record,
  };
}
