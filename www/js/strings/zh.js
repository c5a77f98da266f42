// 简体中文 (Simplified Chinese) strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': '五子棋 Gomoku — 与 WebAssembly 人工智能对弈',

  // ---- rules: freestyle / standard / renju, forbidden points ----
  'rules.label': '规则',
  'rules.name.freestyle': '无禁手',
  'rules.name.standard': '标准（恰好五连）',
  'rules.name.renju': '禁手（连珠）',
  'rules.showForbidden': '标出黑棋禁手点（×）',
  'rules.reason.doubleThree': '三三禁手',
  'rules.reason.doubleFour': '四四禁手',
  'rules.reason.overline': '长连禁手',
  'rules.cellForbidden': '禁手：{reason}',
  'rules.refused': '{point} 是黑棋的禁手点：{reason}。',
  'rules.recordRefused': '第 {number} 手（{point}）是黑棋禁手：{reason}',
  'rules.confirmChange': '更改规则会开始新的一局。要按“{rule}”开始新局吗？',
  'rules.changed': '新的一局：{rule}。',
  'rules.evalForbidden': '此点对黑棋是禁手：{reason}。黑棋不能下在这里。',
  'rules.status': '规则：{rule}。',

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
