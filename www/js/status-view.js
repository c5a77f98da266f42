// The game's state in words and controls: the status line, the result banner, the buttons' states, the move
// list, the move announcement and the image caption. Everything it needs comes in as a plain state object:
//   { game, mode, humanColor, rule, thinking, editing, analysing, blocked, paused, aiTurn }
// (mode 'hva' | 'hvh' | 'ava'; editing: the set-up editor is open; analysing: analysis mode;
// blocked: the engine refused to move in this position; aiTurn: the AI is to move now).

import { t } from './i18n.js';
import { ruleName } from './rules.js';

/** 'Black' / '黑棋' for 'black'. */
export function sideName(color) {
  return t(`page.side.${color}`);
}

/** Banner text for a finished game, null while it goes on. */
export function resultText({ game, mode, humanColor }) {
  if (game.draw) {
    const stones = game.moves.length + (game.setup ? game.setup.black.length + game.setup.white.length : 0);
    return t(stones < 225 ? 'page.result.drawNoMove' : 'page.result.draw');
  }
  if (!game.winner) return null;
  const total = game.moves.length;
  const own = game.winner === 'black' ? Math.ceil(total / 2) : Math.floor(total / 2);
  const params = { own, total, side: sideName(game.winner) };
  if (mode !== 'hva') return t('page.result.sideWins', params);
  return t(game.winner === humanColor ? 'page.result.youWin' : 'page.result.aiWins', params);
}

/** The status line: whose move, who is thinking, or why nothing happens. */
export function statusText({ game, mode, thinking, editing, analysing, blocked, paused, aiTurn }) {
  if (game.over) return t('page.status.over');
  if (editing) return t('analysis.setupStatus');
  if (analysing) return t('analysis.statusActive', { side: t(`analysis.${game.toMove}`) });
  const side = sideName(game.toMove);
  if (thinking) return t('page.status.thinking', { side });
  if (blocked) return t('page.status.blocked', { side });
  if (mode === 'hvh') return t('page.status.toMove', { side });
  if (mode === 'ava') return t(paused ? 'page.status.avaPaused' : 'page.status.aiToMove', { side });
  return t(aiTurn ? 'page.status.aiToMove' : 'page.status.yourMove', { side });
}

/**
 * Shows the status line or the result banner, and enables the game's buttons.
 * `ui`: { status, banner, bannerText, undo, redo, stop, pause, step } elements.
 */
export function renderStatus(ui, state) {
  const { game, mode, humanColor, thinking, editing, paused, aiTurn } = state;
  const result = resultText(state);
  ui.status.textContent = statusText(state);
  ui.status.hidden = result !== null;
  ui.banner.hidden = result === null;
  ui.bannerText.textContent = result ?? '';
  ui.banner.dataset.result = game.winner ?? (game.draw ? 'draw' : '');

  ui.undo.disabled = editing || !(mode === 'hva'
    ? game.moves.some((_, i) => game.colorOf(i) === humanColor)
    : game.canUndo);
  ui.redo.disabled = editing || !game.canRedo;
  ui.stop.disabled = !thinking;
  ui.pause.hidden = ui.step.hidden = mode !== 'ava';
  ui.pause.textContent = paused ? t('page.resume') : t('page.pause');
  ui.pause.disabled = game.over;
  ui.step.disabled = !(paused && aiTurn && !thinking);
}

/** The game's moves in `list` (an <ol>), the last one marked. */
export function renderMoveList(list, game) {
  const moves = game.moves;
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

/** Says the last move ("Black h8"); a result is announced by the banner (role="alert"). */
export function moveAnnouncement(game) {
  return t('page.announce.move', { side: sideName(game.colorOf(game.moves.length - 1)), point: game.lastMove });
}

/** "五子棋 · 自由规则 · 12 手 · 轮到白棋" / the result when the game is over. */
export function imageCaption(state) {
  const { game, rule } = state;
  const parts = [t('page.heading'), ruleName(rule), t('reach.image.moves', { n: game.moves.length })];
  parts.push(resultText(state) ?? t('page.status.toMove', { side: sideName(game.toMove) }));
  return parts.join(' · ');
}
