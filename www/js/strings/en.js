// English strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': 'Gomoku 五子棋 — play against a WebAssembly AI',

  // ---- rules: freestyle / standard / renju, forbidden points ----
  'rules.label': 'Rule',
  'rules.name.freestyle': 'Freestyle 无禁手',
  'rules.name.standard': 'Standard 标准 (exactly five)',
  'rules.name.renju': 'Renju 禁手',
  'rules.showForbidden': 'Mark Black’s forbidden points (×)',
  'rules.reason.doubleThree': '三三禁手 double three',
  'rules.reason.doubleFour': '四四禁手 double four',
  'rules.reason.overline': '长连禁手 overline',
  'rules.cellForbidden': 'forbidden: {reason}',
  'rules.refused': '{point} is forbidden to Black under renju: {reason}.',
  'rules.recordRefused': 'move {number} ({point}) is forbidden to Black under renju: {reason}',
  'rules.confirmChange': 'Changing the rule starts a new game. Start a new game under {rule}?',
  'rules.changed': 'New game under {rule}.',
  'rules.evalForbidden': 'For Black this point is forbidden: {reason}. Black may not play it.',
  'rules.status': 'Rule: {rule}.',

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
