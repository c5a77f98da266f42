// 简体中文 (Simplified Chinese) strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': '五子棋 Gomoku — 与 WebAssembly 人工智能对弈',

  // ---- rules: freestyle / standard / renju, forbidden points ----

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
