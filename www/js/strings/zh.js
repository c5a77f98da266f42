// 简体中文 (Simplified Chinese) strings. Keys are grouped by feature; both tables have exactly the same keys.
// Each feature keeps to its own section so that work on different features never touches the same lines.

export default {
  // ---- page: titles, status line, controls, messages ----
  'page.title': '五子棋 Gomoku — 与 WebAssembly 人工智能对弈',

  // ---- rules: freestyle / standard / renju, forbidden points ----

  // ---- analysis: candidates, evaluation bar, hint, set-up, navigation, review, overlays ----
  'analysis.title': '分析 Analysis',
  'analysis.switch': '分析当前局面（电脑不落子）',
  'analysis.lines': '显示候选点数（1–10）',
  'analysis.time': '思考时间',
  'analysis.untilStopped': '直到停止',
  'analysis.seconds': '{n} 秒',
  'analysis.threats': '显示威胁（冲四 ■、活三 ○）',
  'analysis.heat': '热力图（每个点的价值）',
  'analysis.hint': '提示 Hint',
  'analysis.hintTitle': '显示对你最好的一手，但不落子',
  'analysis.help': '将鼠标移到或聚焦某个候选点可查看其变化，点击即可落子。分数以轮到走棋的一方为准；棋盘上方的评估条以黑方视角显示。在棋盘外按 ←/→/Home/End 可前后查看棋步。',
  'analysis.off': '分析已关闭。',
  'analysis.over': '对局已结束，无需分析。',
  'analysis.starting': '正在分析…',
  'analysis.running': '正在分析：深度 {depth}，{nodes}k 节点，{time} 秒。',
  'analysis.done': '分析完成：深度 {depth}，{nodes}k 节点，{time} 秒。',
  'analysis.failed': '分析失败：{reason}。',
  'analysis.crashed': '分析引擎意外停止（{reason}），已重新启动。',
  'analysis.hintThinking': '正在寻找提示…',
  'analysis.hintText': '提示：{move}（{score}）。',
  'analysis.showWinLine': '显示必胜路线',
  'analysis.hideWinLine': '隐藏必胜路线',
  'analysis.candidateName': '候选 {rank}：{move}，{score}，深度 {depth}，变化 {pv}',
  'analysis.cellCandidate': '候选 {rank}，{score}',
  'analysis.cellPv': '变化第 {n} 手',
  'analysis.cellWin': '必胜路线第 {n} 手',
  'analysis.cellHint': '提示',
  'analysis.cellFour': '{color}冲四点',
  'analysis.cellThree': '{color}活三点',
  'analysis.cellForbidden': '黑方禁手点',
  'analysis.black': '黑方',
  'analysis.white': '白方',
  'analysis.winIn': '{n} 手内胜',
  'analysis.lossIn': '{n} 手内负',
  'analysis.winning': '占优（近胜）',
  'analysis.losing': '劣势（近负）',
  'analysis.winShort': '胜{n}',
  'analysis.lossShort': '负{n}',
  'analysis.barName': '局面评估（黑方视角）',
  'analysis.barNone': '暂无评估',
  'analysis.barText': '黑方 {score}',
  'analysis.statusActive': '分析模式，轮到{side}。可任意落子，电脑不应对。',
  'analysis.atMove': '第 {n} 手：{move}。',
  'analysis.atStart': '对局开始。',
  'analysis.goToMove': '转到第 {n} 手',
  'analysis.aheadName': '后续棋步（点击前进）',
  'analysis.restoreLine': '恢复之前的变化（{n} 手）：{moves}',

  // ---- reach: language switch, offline, levels, mis-tap guard, save image ----
};
