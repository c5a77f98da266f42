// English strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': 'Gomoku 五子棋 — play against a WebAssembly AI',

  // ---- rules: freestyle / standard / renju, forbidden points ----

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
