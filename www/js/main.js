// Wiring: loads the engine's rules on the main thread, restores the game, and decides who moves.
// The AI's searches run in a worker (js/ai-player.js); evaluations and instant fallback moves run
// in a second, "helper" worker so they answer even while the AI is thinking.

import { Game } from './game.js';
import { BoardView } from './board-view.js';
import { EngineClient, EngineCancelled } from './engine-client.js';
import { AiPlayer } from './ai-player.js';
import { SettingsPanel } from './settings.js';
import { SearchLog, formatCount } from './search-log.js';
import { EvalPanel } from './eval-panel.js';
import { AnalysisPanel } from './analysis.js';
import { Navigation } from './navigation.js';
import { Review } from './review.js';
import { SetupEditor } from './setup.js';
import { t } from './i18n.js';
import * as storage from './storage.js';
import { capitalize } from './coords.js';
import { recordOfState, setupText } from './game.js';
import { RuleBook, RuleControl, reasonText, ruleName } from './rules.js';

const $ = (id) => document.getElementById(id);
const AI_VS_AI_PAUSE_MS = 400; // a breath between moves so an AI-vs-AI game can be followed

const app = $('app');
const ui = {
  status: $('status'),
  clock: $('clock'),
  banner: $('banner'),
  bannerText: $('banner-text'),
  message: $('message'),
  announcer: $('announcer'),
  mode: $('mode'),
  showNumbers: $('show-numbers'),
  undo: $('btn-undo'),
  redo: $('btn-redo'),
  stop: $('btn-stop'),
  pause: $('btn-pause'),
  step: $('btn-step'),
  moveList: $('move-list'),
  recordInput: $('record-input'),
  recordNote: $('record-note'),
};

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
let clockTimer = 0;
let showNumbers = false;

start();

async function start() {
  let wasm;
  try {
    wasm = await import('../pkg/gomoku.js');
    await wasm.default();
  } catch (err) {
    app.dataset.aiState = 'error';
    ui.status.textContent = 'The engine could not be loaded. Build it with "make serve" (it fills www/pkg/).';
    showMessage(String(err?.message ?? err), 'error');
    return;
  }
  ruleBook = new RuleBook(wasm);
  rules = (record, r = rule) => ruleBook.parse(record, r);
  $('engine-version').textContent = wasm.engineVersion();

  game = new Game((record) => rules(record));
  searchEngine = new EngineClient('gomoku-search', {
    onCrash: (err) => showMessage(`The AI engine stopped unexpectedly (${err.message}). ` +
      'It was restarted and continues from the current position.', 'error'),
  });
  helperEngine = new EngineClient('gomoku-helper', {
    onCrash: (err) => showMessage(`The evaluation engine stopped unexpectedly (${err.message}); it was restarted.`, 'error'),
  });
  searchEngine.warmUp();
  helperEngine.warmUp();
  log = new SearchLog($('search-log'));
  ai = new AiPlayer(searchEngine, helperEngine, { onProgress: (p) => log.progress(p) });
  board = new BoardView({
    canvas: $('board-canvas'), grid: $('board-grid'), onPlay: humanPlays, onInspect: inspect,
    onPointer: (point) => study?.pointer(point),
  });
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
  const problems = []; // what could not be restored, reported together
  settings = new SettingsPanel({
    form: $('settings'), resetButton: $('settings-reset'), note: $('settings-note'),
    onProblem: (text) => problems.push(text),
  });

  const view = storage.readStored(storage.VIEW_KEY, (data) => ({
    showNumbers: data?.showNumbers === true, showForbidden: data?.showForbidden !== false,
  })).value;
  showNumbers = view?.showNumbers ?? false;
  showForbidden = view?.showForbidden ?? true;
  ui.showNumbers.checked = showNumbers;
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
  if (problems.length) showMessage(problems.join(' '), 'error');
  wireControls();
  update();
}

/** Saved game first, then the URL's position if it carries one. Problems are reported, never trusted. */
function restoreGame(problems) {
  const saved = storage.readStored(storage.GAME_KEY, (data) => storage.parseGameEntry(data, rules));
  if (saved.error) {
    problems.push(`The saved game could not be used: ${saved.error}. A new game was started. ` + (saved.asideKey
      ? `The old entry was kept under "${saved.asideKey}".`
      : `There was no room to set the old entry aside, so it was left under "${storage.GAME_KEY}" ` +
        'and games are not saved until it is removed.'));
  } else if (saved.value) {
    mode = saved.value.mode;
    humanColor = saved.value.humanColor;
    rule = saved.value.rule;
    game.load(saved.value.moves);
  }
  const fromUrl = storage.recordFromHash();
  if (fromUrl !== null) {
    let linkRule = rule;
    let record = '';
    try {
      linkRule = storage.ruleFromHash();
      record = storage.normalizeRecordText(fromUrl);
      rules(record, linkRule); // check before anything changes
      rule = linkRule;
      game.load(record);
    } catch (err) {
      problems.push(`The position in the link could not be loaded: ${storage.clip(ruleBook.refusal(record, linkRule, err))}.`);
    }
  }
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
  $('btn-load').addEventListener('click', () => loadRecord(ui.recordInput.value, 'record'));
  ui.recordInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') loadRecord(ui.recordInput.value, 'record');
  });
  ui.recordInput.addEventListener('input', () => { ui.recordNote.hidden = true; });
  $('btn-bench').addEventListener('click', benchmark);
  $('btn-copy').addEventListener('click', () => copyText(game.record, 'Record'));
  $('btn-copy-link').addEventListener('click', () => copyText(storage.urlForRecord(game.record, rule), 'Link'));
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
  const options = { ...settings.engineOptions(), rule }; // read now: changes apply to the next AI move
  log.begin(game.moves.length + 1, color, options);
  const started = performance.now();
  startClock(started);
  const thinking = ai.think(record, options);
  update();
  let outcome;
  try {
    outcome = await thinking;
  } catch (err) {
    stopClock();
    if (err instanceof EngineCancelled) return;
    aiBlockedAt = record;
    log.note(`The AI could not move: ${err.message}`);
    showMessage(`The AI could not move: ${err.message}`, 'error');
    update();
    return;
  }
  stopClock();
  log.played(outcome, performance.now() - started);
  if (game.record !== record) return; // cannot happen: every change cancels the AI first
  try {
    game.play(outcome.move);
  } catch (err) {
    aiBlockedAt = record;
    showMessage(`The AI chose an impossible move (${outcome.move}): ${err.message}`, 'error');
    update();
    return;
  }
  if (outcome.how !== 'search' && outcome.how !== 'stopped') {
    showMessage(outcome.how === 'timeout'
      ? 'The AI did not answer in time; it played its best move so far and was restarted.'
      : 'The AI engine crashed twice on this position. It was restarted and played its best move so far; ' +
        'the next move is searched afresh.', 'error');
  }
  announceMove();
  update();
}

/** Abandons the AI's current or pending move without playing it. */
function cancelAi() {
  clearTimeout(aiTimer);
  aiTimer = 0;
  if (ai.thinking) {
    ai.cancel();
    log.note('(search cancelled)');
  }
  stopClock();
}

// ---- Actions ------------------------------------------------------------------------------

function humanPlays(point) {
  if (setupEditor.active) {
    setupEditor.click(point);
    return;
  }
  if (game.over) {
    announce('The game is over. Start a new game or undo.');
    showMessage('The game is over. Start a new game or undo.', 'info');
    return;
  }
  if (!humanCanMove()) {
    announce('Wait for the AI to move, or press Stop.');
    return;
  }
  if (game.moves.includes(point)) {
    announce(`${point} is already taken.`);
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
    showMessage(err.message, 'error');
    return;
  }
  browsing = false;
  clearMessage();
  announceMove();
  update();
}

function newGame() {
  cancelAi();
  browsing = false;
  game.reset();
  aiBlockedAt = null;
  paused = false;
  searchEngine.clear().catch(() => {}); // a fresh worker has an empty table anyway
  log.clear();
  clearMessage();
  announce('New game.');
  update();
}

/** Takes back a move; against the AI, the AI's reply and the human's move together. */
function undo() {
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
  announce(game.lastMove ? `Undone. Last move ${game.lastMove}.` : 'Undone. The board is empty.');
  update();
}

function redo() {
  cancelAi();
  if (mode === 'hva') {
    // The human's move and the AI's reply come back together.
    do game.redo(); while (game.canRedo && game.toMove !== humanColor && !game.over);
  } else {
    game.redo();
    if (mode === 'ava') paused = true;
  }
  announce(`Redone. Last move ${game.lastMove}.`);
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
    const reason = ruleBook.refusal(record, loadRule, err);
    const text = `Could not load the ${source}: ${storage.clip(reason)}. The current game is unchanged.`;
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
  const loaded = `Loaded ${game.moves.length} move${game.moves.length === 1 ? '' : 's'}.`;
  if (source === 'record') showNote(loaded, 'info');
  else showMessage(loaded, 'info');
  if (game.lastMove) board.focusPoint(game.lastMove, { moveFocus: false });
  update();
}

/** Runs the engine's benchmark in the helper worker (evaluations wait until it is done). */
async function benchmark() {
  const button = $('btn-bench');
  button.disabled = true;
  log.note('Benchmark running…');
  try {
    const r = await helperEngine.bench();
    log.note(`Benchmark: ${r.positions} positions, ${formatCount(r.nodes)} nodes in ${Math.round(r.timeMs)} ms, ` +
      `${formatCount(r.nps)} nodes/s`);
  } catch (err) {
    log.note(`Benchmark failed: ${err.message}`);
  } finally {
    button.disabled = false;
  }
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
  storage.writeStored(storage.VIEW_KEY, { showNumbers, showForbidden });
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    showNote(`${what} copied${text ? `: ${text}` : ' (the board is empty)'}.`, 'info');
  } catch {
    // No clipboard permission: put the text where the user can copy it by hand.
    ui.recordInput.value = text;
    ui.recordInput.select();
    showNote(`${what} is in the text field, selected: press Ctrl+C (⌘C) to copy it.`, 'info');
  }
}

// ---- Display ------------------------------------------------------------------------------

function update() {
  const thinking = ai.thinking;
  app.dataset.record = game.record;
  app.dataset.aiState = thinking ? 'thinking' : 'idle';
  app.dataset.rule = rule;
  ui.mode.value = mode === 'hva' ? `hva-${humanColor}` : mode;
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

  const result = resultText();
  ui.status.textContent = statusText(thinking);
  ui.status.hidden = result !== null;
  ui.banner.hidden = result === null;
  ui.bannerText.textContent = result ?? '';
  ui.banner.dataset.result = game.winner ?? (game.draw ? 'draw' : '');

  ui.undo.disabled = !(mode === 'hva'
    ? game.moves.some((_, i) => game.colorOf(i) === humanColor)
    : game.canUndo);
  ui.redo.disabled = !game.canRedo;
  ui.stop.disabled = !thinking;
  ui.pause.hidden = ui.step.hidden = mode !== 'ava';
  ui.pause.textContent = paused ? 'Resume' : 'Pause';
  ui.pause.disabled = game.over;
  ui.step.disabled = !(paused && isAiTurn() && !thinking);

  renderMoveList();
  nav.render();
  study.update();
  review.update();
  // An open evaluation follows the game: the same point, evaluated again in the new position.
  if (evalPanel.point && inspectedRecord !== game.record) inspect(evalPanel.point, { refresh: true });
  storage.writeStored(storage.GAME_KEY, storage.gameEntry(game.record, mode, humanColor, rule));
  storage.writeHash(game.record, rule);
  maybeStartAi();
}

function statusText(thinking) {
  if (game.over) return 'Game over.';
  if (setupEditor.active) return t('analysis.setupStatus');
  if (study.active) return t('analysis.statusActive', { side: t(`analysis.${game.toMove}`) });
  const side = capitalize(game.toMove);
  if (thinking) return `${side} (AI) is thinking…`;
  if (aiBlockedAt === game.record) return `${side} (AI) cannot move. Undo, load a game or start a new one.`;
  if (mode === 'hvh') return `${side} to move.`;
  if (mode === 'ava') return paused ? `AI vs AI paused, ${side} to move. Resume or Step.` : `${side} (AI) to move.`;
  return isAiTurn() ? `${side} (AI) to move.` : `Your move (${side}).`;
}

/** Banner text for a finished game, null while it goes on. */
function resultText() {
  if (game.draw) return 'Draw: the board is full.';
  if (!game.winner) return null;
  const total = game.moves.length;
  const own = game.winner === 'black' ? Math.ceil(total / 2) : Math.floor(total / 2);
  const who = mode === 'hva' ? (game.winner === humanColor ? 'You win' : `The AI (${capitalize(game.winner)}) wins`)
    : `${capitalize(game.winner)} wins`;
  return `${who} in ${own} moves (five in a row on move ${total}).`;
}

function renderMoveList() {
  const moves = game.moves;
  const list = ui.moveList;
  // Rebuild only what changed: usually one item added or removed at the end.
  while (list.childElementCount > moves.length) list.lastElementChild.remove();
  for (let i = 0; i < moves.length; i++) {
    const existing = list.children[i];
    if (existing?.dataset.point === moves[i]) continue;
    const item = document.createElement('li');
    item.dataset.point = moves[i];
    item.dataset.color = game.colorOf(i);
    const number = document.createElement('span');
    number.className = 'num';
    number.textContent = `${i + 1}.`;
    const stone = document.createElement('span');
    stone.className = `stone ${game.colorOf(i)}`;
    stone.setAttribute('aria-hidden', 'true');
    item.append(number, stone, moves[i]);
    if (existing) existing.replaceWith(item);
    else list.append(item);
  }
  for (const item of list.querySelectorAll('.last')) item.classList.remove('last');
  list.lastElementChild?.classList.add('last');
  list.scrollTop = list.scrollHeight;
}

/** Says the last move; a result is announced by the banner (role="alert"). */
function announceMove() {
  announce(`${capitalize(game.colorOf(game.moves.length - 1))} ${game.lastMove}.`);
}

function announce(text) {
  ui.announcer.textContent = text;
}

/** Answers the Moves panel's buttons next to them, where the user is looking (on a phone, far from the board). */
function showNote(text, kind) {
  ui.recordNote.textContent = text;
  ui.recordNote.dataset.kind = kind;
  ui.recordNote.hidden = false;
  const box = ui.recordNote.getBoundingClientRect();
  if (box.bottom > innerHeight || box.top < 0) ui.recordNote.scrollIntoView({ block: 'nearest' });
}

function showMessage(text, kind) {
  ui.message.textContent = text;
  ui.message.dataset.kind = kind;
  ui.message.hidden = false;
  if (kind === 'error') {
    // Under the board, it can be below the fold (a short window, a phone): bring it into view.
    const box = ui.message.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0) ui.message.scrollIntoView({ block: 'nearest' });
  }
}

function clearMessage() {
  ui.message.hidden = true;
  ui.message.textContent = '';
  ui.recordNote.hidden = true;
}

function startClock(started) {
  stopClock();
  const tick = () => {
    ui.clock.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  clockTimer = setInterval(tick, 100);
}

function stopClock() {
  clearInterval(clockTimer);
  clockTimer = 0;
  ui.clock.textContent = '';
}
