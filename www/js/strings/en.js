// English strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': 'Gomoku 五子棋 — play against a WebAssembly AI',

  // ---- rules: freestyle / standard / renju, forbidden points ----

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----
  'analysis.title': 'Analysis 分析',
  'analysis.switch': 'Analyse the position (the AI does not play)',
  'analysis.lines': 'Candidates shown (1–10)',
  'analysis.time': 'Think for',
  'analysis.untilStopped': 'until stopped',
  'analysis.seconds': '{n} s',
  'analysis.threats': 'Show threats (fours ■, open threes ○)',
  'analysis.heat': 'Heat map (value of every point)',
  'analysis.hint': 'Hint 提示',
  'analysis.hintTitle': 'Show the best move for you without playing it',
  'analysis.help': "Hover or focus a candidate to see its line; click it to play it. Scores are for the side to move; the bar above the board is from Black's view. ←/→/Home/End (outside the board) step through the moves.",
  'analysis.off': 'Analysis is off.',
  'analysis.over': 'The game is over: nothing to analyse.',
  'analysis.starting': 'Analysing…',
  'analysis.running': 'Analysing: depth {depth}, {nodes}k nodes, {time} s.',
  'analysis.done': 'Done: depth {depth}, {nodes}k nodes, {time} s.',
  'analysis.failed': 'The analysis failed: {reason}.',
  'analysis.crashed': 'The analysis engine stopped unexpectedly ({reason}); it was restarted.',
  'analysis.hintThinking': 'Looking for a hint…',
  'analysis.hintText': 'Hint: {move} ({score}).',
  'analysis.showWinLine': 'Show winning line',
  'analysis.hideWinLine': 'Hide winning line',
  'analysis.candidateName': 'Candidate {rank}: {move}, {score}, depth {depth}, line {pv}',
  'analysis.cellCandidate': 'candidate {rank}, {score}',
  'analysis.cellPv': 'line move {n}',
  'analysis.cellWin': 'winning line move {n}',
  'analysis.cellHint': 'hint',
  'analysis.cellFour': '{color} four',
  'analysis.cellThree': '{color} open three',
  'analysis.cellForbidden': 'forbidden for black',
  'analysis.black': 'black',
  'analysis.white': 'white',
  'analysis.winIn': 'win in {n}',
  'analysis.lossIn': 'loss in {n}',
  'analysis.winning': 'winning',
  'analysis.losing': 'losing',
  'analysis.winShort': 'W{n}',
  'analysis.lossShort': 'L{n}',
  'analysis.barName': "Evaluation (Black's view)",
  'analysis.barNone': 'no evaluation yet',
  'analysis.barText': 'Black {score}',
  'analysis.statusActive': 'Analysis mode, {side} to move. Play any move; the AI does not answer.',
  'analysis.atMove': 'Move {n}: {move}.',
  'analysis.atStart': 'Start of the game.',
  'analysis.goToMove': 'Go to move {n}',
  'analysis.aheadName': 'Moves ahead (click to go forward)',
  'analysis.restoreLine': 'Restore earlier line ({n} moves): {moves}',

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
