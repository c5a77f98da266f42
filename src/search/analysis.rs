//! Multi-line analysis: the best N root moves, each with its own score, depth and principal variation.
//!
//! At every depth of the iterative deepening the root is searched once for its best N moves
//! ([`Searcher::multipv`](crate::search::Searcher::multipv): exact scores for N moves, a null-window proof
//! against the N-th best score for the others); with one line it is the single-line search itself. Lines
//! proven by the root threat searches (a VCF or VCT win) are kept as they are; when the search has fewer
//! candidates than lines asked for (a forced reply), the remaining lines are filled only with moves *proven*
//! to lose (the opponent then has a VCF or a five), so a score shown as a win or a loss is always a proof.

use crate::board::bitboard::Bitboard;
use crate::board::coord::Point;
use crate::board::Outcome;
use crate::eval::Position;
use crate::search::engine::{
    generate_moves, Engine, GomokuGame, Mode, RootPlan, SearchInfo, Settings, DEFENCE_VCF_MOVES, DEFENCE_VCF_NODES,
};
use crate::search::multipv::RootLine;
use crate::search::{score_text, Iteration, Limits, MoveList, Searcher, MATE, MATE_BOUND};
use std::sync::atomic::{AtomicBool, Ordering};

/// Most lines an analysis reports.
pub const MAX_LINES: usize = 10;

/// One candidate move with its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Score from the side to move's view; proven wins and losses are near ±[`MATE`].
    pub score: i32,
    /// Depth of the search that produced the line (its length for a proven line).
    pub depth: u32,
    /// Principal variation; the first point is the candidate move.
    pub pv: Vec<Point>,
}

impl Line {
    /// The candidate move.
    pub fn best_move(&self) -> Option<Point> {
        self.pv.first().copied()
    }

    /// The score for people (`+35`, `win in 3`, `loss in 2`, `winning`).
    pub fn score_text(&self) -> String {
        score_text(self.score)
    }

    fn from_info(info: &SearchInfo) -> Line {
        Line {
            score: info.score,
            depth: info.depth,
            pv: info.pv.clone(),
        }
    }
}

/// The state of an analysis: its lines, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Candidate lines, best first, distinct first moves.
    pub lines: Vec<Line>,
    /// Deepest completed α-β iteration (0 if none ran).
    pub depth: u32,
    /// Nodes searched so far (α-β and threat searches).
    pub nodes: u64,
    /// Milliseconds since the analysis started.
    pub time_ms: f64,
}

/// Puts lines best first: higher score first; among equal scores, the earlier (more searched) line first.
fn sorted(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    lines
}

impl Engine {
    /// Analyses `pos` for the side to move: up to `lines` (1–[`MAX_LINES`]) candidate moves, best first.
    /// Calls `progress` with all lines after each completed depth. `stop` ends the analysis early with the
    /// lines of the last completed depth. Returns `None` only if the game is over. With one line this is
    /// exactly [`Engine::think`]'s search.
    pub fn analyze(
        &mut self,
        pos: &Position,
        settings: &Settings,
        lines: usize,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        if pos.board().outcome() != Outcome::Ongoing {
            return None;
        }
        let n = lines.clamp(1, MAX_LINES);
        let settings = settings.clamped();
        let clock = self.clock;
        let start = clock();
        let mut work = pos.clone();
        work.reserve_for_search();
        let mut proven = Vec::new();
        let (refuted, mut threat_nodes) = match self.root_threats(&mut work, &settings, start)? {
            RootPlan::Solved(info) => {
                let done = n == 1 || settings.mode == Mode::EvalOnly;
                proven.push(Line::from_info(&info));
                if done {
                    let a = Analysis {
                        lines: proven,
                        depth: info.depth,
                        nodes: info.nodes,
                        time_ms: info.time_ms,
                    };
                    progress(&a);
                    return Some(a);
                }
                (Bitboard::EMPTY, info.nodes)
            }
            RootPlan::Search {
                refuted, threat_nodes, ..
            } => (refuted, threat_nodes),
        };

        let mut list = MoveList::new();
        generate_moves(&work, &mut list);
        let mut excluded = refuted;
        for l in &proven {
            excluded.set(l.pv[0]);
        }
        let searchable = list.moves().iter().filter(|m| !excluded.contains(**m)).count();
        let want = (n - proven.len()).min(searchable);
        let shortfall = n - proven.len() - want;
        let losses = if shortfall > 0 {
            let mut used = excluded;
            list.moves().iter().for_each(|&m| used.set(m));
            let (found, nodes) = self.proven_losses(&mut work, refuted, used, shortfall);
            threat_nodes += nodes;
            found
        } else {
            Vec::new()
        };

        let deadline = settings.time_ms.map(|t| (clock, start + t));
        self.threats.set_deadline(deadline);
        // Allocating a large table takes a while: before the time left is measured.
        self.allocate_table();
        let limits = Limits {
            depth: settings.depth,
            width: settings.width,
            time_ms: settings.time_ms.map(|t| (t - (clock() - start)).max(1.0)),
            nodes: settings.nodes,
            reductions: self.selective,
            ..Limits::default() // no root bonus: analysis shows the engine's own values
        };
        let mut searcher = Searcher::new(&self.tt, limits, clock, stop);
        let mut game = GomokuGame::new(&mut work, Some(&mut self.threats));
        let mut searched: Vec<Line> = Vec::new();
        let mut depth_done = 0;
        let combine = |searched: &[Line]| {
            let mut all = proven.clone();
            all.extend_from_slice(searched);
            all.extend_from_slice(&losses);
            sorted(all)
        };

        if want == 1 && proven.is_empty() {
            // One line: the single-line search itself.
            game.refute(excluded);
            let to_analysis = |it: &Iteration<Point>, searched: &[Line]| Analysis {
                lines: combine(searched),
                depth: it.depth,
                nodes: it.nodes + threat_nodes,
                time_ms: clock() - start,
            };
            let line = |it: &Iteration<Point>| Line {
                score: it.score,
                depth: it.depth,
                pv: it.pv.clone(),
            };
            let result = searcher.iterate(&mut game, &mut |it| progress(&to_analysis(it, &[line(it)])));
            if let Some(it) = &result {
                searched.push(line(it));
                depth_done = it.depth;
            }
        } else if want > 0 {
            game.refute(excluded);
            let mut root_lines: Vec<RootLine<Point>> = Vec::new();
            for depth in 1..=settings.depth {
                if depth > 1 && stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    break;
                }
                let found = searcher.multipv(&mut game, depth as i32, want, &root_lines);
                // Best first already (see `Searcher::multipv`).
                let lines = |found: &[RootLine<Point>]| -> Vec<Line> {
                    let line = |l: &RootLine<Point>| Line {
                        score: l.score,
                        depth,
                        pv: l.pv.clone(),
                    };
                    found.iter().map(line).collect()
                };
                if searcher.stopped() {
                    // An unfinished depth mixes depths whose scores do not compare: keep the last complete
                    // one (or, if none completed, what this one found).
                    if searched.is_empty() {
                        searched = lines(&found);
                    }
                    break;
                }
                if found.is_empty() {
                    break;
                }
                searched = lines(&found);
                root_lines = found;
                depth_done = depth;
                progress(&Analysis {
                    lines: combine(&searched),
                    depth,
                    nodes: searcher.nodes() + threat_nodes,
                    time_ms: clock() - start,
                });
                let decided = searched
                    .iter()
                    .all(|l| l.score.abs() > MATE_BOUND && (MATE - l.score.abs()) as u32 <= depth);
                if decided {
                    break;
                }
            }
        }
        let analysis = Analysis {
            lines: combine(&searched),
            depth: depth_done,
            nodes: searcher.nodes() + threat_nodes,
            time_ms: clock() - start,
        };
        if analysis.lines.is_empty() {
            // Nothing completed in time: the best-ordered move, unscored.
            let first = list.moves().first().copied()?;
            return Some(Analysis {
                lines: vec![Line {
                    score: 0,
                    depth: 0,
                    pv: vec![first],
                }],
                ..analysis
            });
        }
        Some(analysis)
    }

    /// Up to `count` moves proven to lose, longest resistance first: the `refuted` root moves, then other
    /// empty points near the stones (outside `used`) after which the opponent has a VCF. Returns them and
    /// the nodes spent.
    fn proven_losses(
        &mut self,
        work: &mut Position,
        refuted: Bitboard,
        used: Bitboard,
        count: usize,
    ) -> (Vec<Line>, u64) {
        let near = work.board().occupied().dilate().dilate() & work.board().empty();
        let others = near & !used;
        let mut found = Vec::new();
        let mut nodes = 0;
        for m in refuted.iter().chain(others.iter()) {
            work.make(m);
            let line = self.threats.vcf(work, DEFENCE_VCF_MOVES, DEFENCE_VCF_NODES);
            nodes += self.threats.nodes();
            if let Some(line) = line {
                let len = line.len();
                let mut pv = vec![m];
                pv.extend(line);
                found.push(Line {
                    score: -(MATE - 1 - len as i32),
                    depth: 1 + len as u32,
                    pv,
                });
            }
            work.undo();
        }
        found = sorted(found);
        found.truncate(count);
        (found, nodes)
    }
}
