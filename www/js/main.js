// Wiring: loads the engine's rules on the main thread, makes the page's parts, connects their events and
// renders. Who moves, the AI's moves and the player's actions are the game flow's (js/play.js).
// The AI's searches run in a worker (js/ai-player.js); evaluations and instant fallback moves run
// in a second, "helper" worker so they answer even while the AI is thinking.

import { Game, setupText } from './game.js';
import { BoardView } from './board-view.js';
import { EngineClient } from './engine-client.js';
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
import { registerOffline } from './offline.js';
import { copyText, saveBoardImage } from './sharing.js';
import { RuleBook, RuleControl } from './rules.js';
import { Notices } from './notices.js';
import { renderStatus, renderMoveList, imageCaption } from './status-view.js';
import { Play } from './play.js';

const $ = (id) => document.getElementById(id);

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
const showMessage = (text, kind) => notices.showMessage(text, kind);

let rules; // (record, rule = the game's rule) => game state, from the wasm module's parseRecord
let ruleBook;
let ruleControl;
let play; // whose move, the AI's moves, the player's actions (js/play.js)
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
  play = new Play({ ruleBook, notices, render: update, forbidden: () => forbidden });
  rules = (record, r) => play.rules(record, r);
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
    canvas: $('board-canvas'), grid: $('board-grid'), onPlay: (point) => play.humanPlays(point), onInspect: inspect,
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
      record: game.record, toMove: game.toMove, over: game.over, vsAi: play.mode === 'hva',
      canHint: play.mode === 'hva' && play.humanCanMove(),
      editing: setupEditor?.active ?? false,
    }),
    aiOptions: () => ({ ...settings.engineOptions(), rule: play.rule }),
    onToggle: () => { play.cancelAi(); update(); },
    announce,
    play: (point) => play.humanPlays(point),
    prefs: view?.analysis ?? parseAnalysisPrefs(null),
    onPrefs: saveView,
  });
  nav = new Navigation({
    game, list: ui.moveList, future: $('move-future'), variations: $('variations'),
    goTo: (count) => play.goToMove(count),
    restore: (index) => play.restoreVariation(index),
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
        moves: line, over: end.winner !== null || end.draw, at: game.moves.length, rule: play.rule,
      };
    },
    goTo: (count) => play.goToMove(count),
  });
  setupEditor = new SetupEditor({
    root: $('setup-panel'), rules,
    getStart: () => {
      const stones = new Map();
      for (const color of ['black', 'white']) for (const p of game.setup?.[color] ?? []) stones.set(p, color);
      game.moves.forEach((p, i) => stones.set(p, game.colorOf(i)));
      return { stones, toMove: game.over ? 'black' : game.toMove };
    },
    onChange: () => { play.cancelAi(); update(); },
    onDone: (record) => play.startFrom(record),
  });
  evalPanel = new EvalPanel({
    panel: $('eval-panel'), title: $('eval-title'), note: $('eval-note'), body: $('eval-body'), closeButton: $('eval-close'),
  });
  const problems = []; // what could not be restored, reported together (functions giving the text)
  settings = new SettingsPanel({
    form: $('settings'), resetButton: $('settings-reset'), note: $('settings-note'),
    onProblem: (text) => problems.push(text), levels: wasm.levels(),
  });
  play.connect({ game, ai, engine: searchEngine, log, settings, board, study, setup: setupEditor });

  showNumbers = view?.showNumbers ?? false;
  showForbidden = view?.showForbidden ?? true;
  guard = view?.guard ?? 'touch';
  ui.showNumbers.checked = showNumbers;
  ui.guard.value = guard;
  board.setGuard(guard);
  ruleControl = new RuleControl({
    select: $('rule'), toggle: $('show-forbidden'), label: $('rule-label'), toggleLabel: $('show-forbidden-label'),
    hasStones: () => game.moves.length > 0,
    onChange: (newRule) => play.changeRule(newRule),
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
  play.restore(storage.restoreGame({ rules, rule: play.rule, problems }));
}

function wireControls() {
  $('btn-new').addEventListener('click', () => play.newGame());
  $('banner-new').addEventListener('click', () => play.newGame());
  ui.undo.addEventListener('click', () => play.undo());
  ui.redo.addEventListener('click', () => play.redo());
  ui.stop.addEventListener('click', () => ai.stop());
  ui.pause.addEventListener('click', () => play.togglePause());
  ui.step.addEventListener('click', () => play.step());
  ui.mode.addEventListener('change', () => play.chooseMode(ui.mode.value));
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
  $('btn-load').addEventListener('click', () => play.loadRecord(ui.recordInput.value, 'record'));
  ui.recordInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') play.loadRecord(ui.recordInput.value, 'record');
  });
  ui.recordInput.addEventListener('input', () => notices.hideNote());
  $('btn-bench').addEventListener('click', () => runBenchmark({ button: $('btn-bench'), engine: helperEngine, log }));
  const copyTo = { input: ui.recordInput, notices };
  $('btn-copy').addEventListener('click', () => copyText(game.record, 'page.what.record', copyTo));
  $('btn-copy-link').addEventListener('click', () => copyText(storage.urlForRecord(game.record, play.rule), 'page.what.link', copyTo));
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
    if (text !== null) play.loadRecord(text, 'link', () => storage.ruleFromHash());
  });
}

// ---- Evaluation panel and view options ---------------------------------------------------

let inspectedRecord = null; // the position the evaluation panel shows

function inspect(point, options) {
  inspectedRecord = game.record;
  evalPanel.show(point, helperEngine.evaluate(game.record, point, { rule: play.rule }), options);
}

function saveView() {
  storage.writeStored(storage.VIEW_KEY, { showNumbers, showForbidden, guard, analysis: study.prefs });
}

// ---- Display ------------------------------------------------------------------------------

function update() {
  const thinking = ai.thinking;
  const rule = play.rule;
  app.dataset.record = game.record;
  app.dataset.aiState = thinking ? 'thinking' : 'idle';
  app.dataset.rule = rule;
  ui.mode.value = play.modeChoice;
  $('lang').value = language();
  ruleControl.show(rule, showForbidden);
  forbidden = ruleBook.forbidden(game.record, rule, { toMove: game.toMove, winner: game.winner, draw: game.draw });

  board.render(setupEditor.active ? { ...setupEditor.view(), showNumbers } : {
    moves: game.moves,
    setup: game.setup,
    winLine: game.winLine,
    showNumbers,
    preview: play.humanCanMove() ? game.toMove : null,
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
  storage.writeStored(storage.GAME_KEY, storage.gameEntry(game.record, play.mode, play.humanColor, rule));
  storage.writeHash(game.record, rule);
  play.maybeStartAi();
}

/** What the status view needs to know (js/status-view.js). */
function viewState() {
  return {
    game, ...play.status(), thinking: ai.thinking, editing: setupEditor.active, analysing: study.active,
  };
}
