//! Game-independent α-β search: iterative deepening, negamax with principal-variation search, aspiration
//! windows, a transposition table, killer, counter-move and history move ordering, and mate-distance scores.
//!
//! The search is generic over [`Game`] so that small games (the seed's example tree, tic-tac-toe) can check it
//! against plain minimax; it is monomorphised, so Gomoku pays nothing for the abstraction.

pub mod analysis;
pub mod engine;
mod game;
pub mod level;
mod movelist;
pub mod multipv;
mod params;
mod score;
pub mod threat;
pub mod time;
pub mod tt;

pub use crate::search::game::Game;
use crate::search::level::root_bonus;
pub use crate::search::movelist::MoveList;
use crate::search::params::*;
pub(crate) use crate::search::score::{score_from_tt, DECISIVE};
pub use crate::search::score::{score_text, score_to_tt, INFINITY, LIKELY_BOUND, MATE, MATE_BOUND};
use crate::search::time::TimeManager;
use crate::search::tt::{Bound, TranspositionTable};
use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Capacity of a [`MoveList`].
pub const MAX_MOVES: usize = 256;

/// What bounds a search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies (≥ 1).
    pub depth: u32,
    /// Moves searched per node, best-ordered first: a hard cap at every node (forced replies are never cut);
    /// the selective search searches at most 12 of them below the root.
    pub width: usize,
    /// Wall-clock budget in milliseconds: the hard limit, which aborts the iteration in progress; the
    /// iterative deepening may stop earlier between iterations when the best move is clear ([`time`]).
    pub time_ms: Option<f64>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Selective search: late-move reductions (not of threats; a ply less at nodes that are or were on a
    /// principal variation), at most 12 candidates below the root near the horizon (more further from it),
    /// futility and move-count pruning of quiet moves near the horizon, no horizon tactics where the static
    /// value already reaches β, forced sets without their delaying moves one ply from the horizon
    /// ([`Game::drop_delays`]), and the extensions (singular moves, answers to a four). Off, the search returns
    /// exact minimax values.
    pub reductions: bool,
    /// Root moves get a seeded bonus of 0..=spread points (see [`level::root_bonus`]); 0 for none.
    pub spread: i32,
    /// Seed of the root bonuses.
    pub seed: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: 20,
            width: 24,
            time_ms: None,
            nodes: None,
            reductions: true,
            spread: 0,
            seed: 0,
        }
    }
}

/// One completed iteration, as reported to the progress callback.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration<M> {
    /// Depth of the iteration in plies.
    pub depth: u32,
    /// Score from the root side's view.
    pub score: i32,
    /// Principal variation, best move first.
    pub pv: Vec<M>,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: f64,
}

/// A search in progress over one game: owns the ordering tables and every other per-search state, and
/// shares the transposition table (several searchers may probe and store into one table from threads).
pub struct Searcher<'a, G: Game> {
    tt: &'a TranspositionTable<G::Move>,
    limits: Limits,
    clock: fn() -> f64,
    start: f64,
    stop: Option<&'a AtomicBool>,
    nodes: u64,
    stopped: bool,
    killers: [[Option<G::Move>; 2]; MAX_PLY],
    /// Cut-off history per side (by ply parity: the root's side, then the other) and move, in
    /// `0..=HISTORY_MAX`.
    history: [[i32; MAX_MOVES]; 2],
    /// The move played at each ply of the current path.
    played: [Option<G::Move>; MAX_PLY],
    /// Per side: the last move that refuted each opponent move (counter-move heuristic).
    counter: [[Option<G::Move>; MAX_MOVES]; 2],
    pv: Vec<[G::Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The principal variation of a root move that failed high in the current iteration's aspiration
    /// window (better than the window by at least its width) before the re-search.
    fail_high: Vec<G::Move>,
    /// Per ply, the table move left out of a singular-extension test search of that node.
    excluded: [Option<G::Move>; MAX_PLY],
    /// The depth of the root search in progress (extensions stop at twice this ply).
    root_depth: i32,
}

impl<'a, G: Game> Searcher<'a, G> {
    /// A searcher within `limits`, timing itself with `clock` (milliseconds from any fixed origin) and
    /// stopping early when `stop` becomes true.
    pub fn new(
        tt: &'a TranspositionTable<G::Move>,
        limits: Limits,
        clock: fn() -> f64,
        stop: Option<&'a AtomicBool>,
    ) -> Self {
        Searcher {
            tt,
            limits: Limits {
                depth: limits.depth.clamp(1, MAX_PLY as u32 - 8),
                width: limits.width.max(1),
                ..limits
            },
            clock,
            start: clock(),
            stop,
            nodes: 0,
            stopped: false,
            killers: [[None; 2]; MAX_PLY],
            history: [[0; MAX_MOVES]; 2],
            played: [None; MAX_PLY],
            counter: [[None; MAX_MOVES]; 2],
            pv: vec![[G::Move::default(); MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            fail_high: Vec::new(),
            excluded: [None; MAX_PLY],
            root_depth: 0,
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> f64 {
        (self.clock)() - self.start
    }

    /// Iterative deepening up to the depth limit, within the time limits of [`time::TimeManager`]. Calls
    /// `progress` after each completed iteration and returns the last completed one, its move replaced by a
    /// better one the unfinished iteration found (`None` only if the root has no moves or nothing completed).
    pub fn iterate(
        &mut self,
        game: &mut G,
        progress: &mut dyn FnMut(&Iteration<G::Move>),
    ) -> Option<Iteration<G::Move>> {
        let mut best: Option<Iteration<G::Move>> = None;
        let mut root = MoveList::new();
        game.generate(&mut root);
        let single_reply = root.len() == 1;
        let mut time = TimeManager::new(self.limits.time_ms);
        for depth in 1..=self.limits.depth {
            if best.is_some() && self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            let prev = best.as_ref().map(|b| b.score);
            self.fail_high.clear();
            let score = self.aspiration(game, depth as i32, prev);
            if self.stopped {
                // The hard limit: a root move that beat the first one in the unfinished iteration (searched in
                // full, or failing high before its re-search) is the better choice.
                let found = if self.pv_len[0] > 0 {
                    &self.pv[0][..self.pv_len[0]]
                } else {
                    &self.fail_high[..]
                };
                if let (Some(b), Some(m)) = (best.as_mut(), found.first()) {
                    if b.pv.first() != Some(m) {
                        b.pv = found.to_vec();
                    }
                }
                break;
            }
            if self.pv_len[0] == 0 {
                break;
            }
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            let score = score - self.bonus(game.hash(), pv[0], score);
            let it = Iteration {
                depth,
                score,
                pv,
                nodes: self.nodes,
                time_ms: self.elapsed_ms(),
            };
            progress(&it);
            let decided = score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
            let go_on = time.next_iteration(G::move_index(it.pv[0]), score, it.time_ms);
            best = Some(it);
            if decided || single_reply || !go_on {
                break;
            }
        }
        best
    }

    /// Whether a limit or the stop flag ended the last search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The principal variation of the last completed root search (empty if the root had no move).
    pub fn root_pv(&self) -> &[G::Move] {
        &self.pv[0][..self.pv_len[0]]
    }

    /// Searches the root at `depth` inside a window around the previous score, widening on failure.
    pub fn aspiration(&mut self, game: &mut G, depth: i32, prev: Option<i32>) -> i32 {
        self.root_depth = depth;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = match prev {
            Some(s) if depth >= 4 && s.abs() < MATE_BOUND => (s - delta, s + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.negamax(game, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            if score >= beta && beta < INFINITY && self.pv_len[0] > 0 {
                self.fail_high.clear();
                self.fail_high.extend_from_slice(&self.pv[0][..self.pv_len[0]]);
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = widen(score, delta, -INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = widen(score, delta, INFINITY);
            } else {
                return score;
            }
            delta *= 4;
        }
    }

    /// Whether a limit has been reached: the clock and the stop flag are read every 64 nodes (so a search
    /// starved of CPU on a busy machine still notices its hard limit within a few milliseconds), the node
    /// budget every 256.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.nodes & 63 == 0 {
            let time_up = self.limits.time_ms.is_some_and(|t| self.elapsed_ms() >= t);
            let flagged = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            let nodes_up = self.nodes & 255 == 0 && self.limits.nodes.is_some_and(|n| self.nodes >= n);
            self.stopped |= time_up || flagged || nodes_up;
        }
        self.stopped
    }

    /// Fail-soft negamax α-β with principal-variation search.
    pub fn negamax(&mut self, game: &mut G, mut depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = 0;
        if self.stopped || (ply > 0 && self.out_of_budget()) {
            return 0;
        }
        self.nodes += 1;
        if ply > 0 {
            if let Some(v) = game.terminal(ply) {
                return v;
            }
        }
        if ply >= MAX_PLY - 1 {
            return game.evaluate(ply);
        }
        if depth <= 0 {
            if !game.must_answer() {
                // Selective: a static value that already reaches β needs none of the horizon's tactics
                // (they could only raise it).
                if self.limits.reductions {
                    let eval = game.static_eval();
                    if eval >= beta {
                        return eval;
                    }
                }
                return game.evaluate(ply);
            }
            depth = 1;
        }
        let pv_node = beta - alpha > 1;
        let key = game.hash();
        let excluded = self.excluded[ply];
        let mut tt_move = None;
        let entry = self.tt.probe(key);
        // On a principal variation now or when the table's entry was stored: its late moves are reduced a
        // ply less (such a node is likelier to matter to the root's score).
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if let Some(e) = entry {
            tt_move = e.best;
            if !pv_node && e.depth as i32 >= depth && ply > 0 && excluded.is_none() {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // The static evaluation, for the pruning decisions of non-PV nodes below the root.
        let eval = (self.limits.reductions && !pv_node && ply > 0).then(|| game.static_eval());
        if let Some(eval) = eval.filter(|_| excluded.is_none()) {
            if beta.abs() < DECISIVE && eval - RFP_MARGIN * depth >= beta && game.quiet() {
                return eval;
            }
        }

        let mut list = MoveList::new();
        let forced = game.generate(&mut list);
        if list.is_empty() {
            return game.terminal(ply).unwrap_or(0);
        }
        if forced
            && ply > 0
            && depth <= DELAY_DEPTH
            && self.limits.reductions
            && excluded.is_none()
            && !game.must_answer()
        {
            // Near the horizon the moves that only delay (a four that stops nothing) are left out: the search
            // would try them in every order and still face the threat. The side's own win is looked for first,
            // as those moves could have started it.
            if let Some(v) = game.cheap_win(ply) {
                return v;
            }
            game.drop_delays(&mut list);
        }
        // Forced replies are never cut; other moves beyond the node's width are not searched.
        let keep = if forced { MAX_MOVES } else { self.width_at(ply, depth) };
        let truncated = list.len() > keep;
        self.order(&mut list, tt_move, ply, keep);

        let mut best = -INFINITY;
        let mut best_move = None;
        let mut a = alpha;
        let may_reduce = self.limits.reductions && !forced && depth >= 3;
        // Pruning near the horizon, never at the root, on the principal variation or among forced replies.
        let may_prune = self.limits.reductions && !forced && !pv_node && ply > 0 && depth <= PRUNE_DEPTH;
        let futile = may_prune && eval.is_some_and(|e| e + FUTILITY_MARGIN * depth <= alpha);
        let mut pruned = false;
        // Extensions (selective search only, below the root, within twice the root depth).
        let may_extend = self.limits.reductions && ply > 0 && (ply as i32) < 2 * self.root_depth;
        // A four's block costs no depth: the four and its block together cost one ply.
        let block_ext = i32::from(may_extend && game.must_answer());
        // Singular extension: the table move, when it failed high at nearly this depth, is searched a ply
        // deeper if every other move, searched to half the depth without it, stays clearly below its score;
        // if they reach β too, the node fails high at once (multi-cut); if only the table move's score does,
        // it is searched a ply shallower.
        let mut singular_ext = 0;
        if let (Some(e), Some(tm)) = (entry, tt_move) {
            let score = score_from_tt(e.score, ply);
            if may_extend
                && excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth as i32 >= depth - 3
                && score.abs() < DECISIVE
                && list.len() > 1
                && list.moves[0] == tm
            {
                let singular_beta = score - SINGULAR_MARGIN * depth;
                self.excluded[ply] = Some(tm);
                let v = self.negamax(game, (depth - 1) / 2, ply, singular_beta - 1, singular_beta);
                self.excluded[ply] = None;
                self.pv_len[ply] = 0;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    singular_ext = 1;
                } else if singular_beta >= beta && !pv_node {
                    return singular_beta;
                } else if score >= beta {
                    singular_ext = -1;
                }
            }
        }
        for i in 0..list.len() {
            let m = list.moves[i];
            if excluded == Some(m) {
                continue;
            }
            if may_prune && i > 0 && best > -MATE_BOUND {
                let quiet = list.scores[i] < G::QUIET_BELOW;
                if (futile && quiet) || i >= MOVE_COUNT_LIMIT[depth as usize] {
                    pruned = true;
                    continue;
                }
            }
            // At the root, the move's seeded bonus: its window is shifted by it and its score raised by it.
            let b = if ply == 0 { self.bonus(key, m, 0) } else { 0 };
            let (wa, wb) = (a - b, beta - b);
            // A threat (the opponent must answer it) is never reduced: forcing lines are narrow, and
            // a reduced one misses the wins they lead to.
            let reduction = if may_reduce && i >= 2 && !game.threatens(m) {
                late_move_reduction(depth, i - 2, list.scores[i] < G::QUIET_BELOW, tt_pv)
            } else {
                0
            };
            let full = depth - 1 + block_ext;
            if full - reduction > 0 {
                // The child probes the table first thing: fetch its slot while the move is made.
                self.tt.prefetch(game.hash_after(m));
            }
            self.played[ply] = Some(m);
            game.make(m);
            let score = if i == 0 {
                -self.negamax(game, full + singular_ext, ply + 1, -wb, -wa)
            } else {
                let mut s = -self.negamax(game, full - reduction, ply + 1, -wa - 1, -wa);
                if reduction > 0 && s > wa && !self.stopped {
                    s = -self.negamax(game, full, ply + 1, -wa - 1, -wa);
                }
                if s > wa && s < wb && !self.stopped {
                    -self.negamax(game, full, ply + 1, -wb, -wa)
                } else {
                    s
                }
            };
            game.undo();
            if self.stopped {
                return 0;
            }
            let score = if score.abs() < DECISIVE { score + b } else { score };
            if score > best {
                best = score;
                best_move = Some(m);
                if score > a {
                    a = score;
                    self.update_pv(ply, m);
                    if a >= beta {
                        self.reward(m, ply, depth);
                        break;
                    }
                }
            }
        }
        if (truncated || pruned) && best < -MATE_BOUND {
            // Every move searched loses, but the width limit left some unsearched: not a proof.
            best = -LIKELY_BOUND;
            if best > alpha && self.pv_len[ply] == 0 {
                // The raised score is inside the window: it needs a move, the longest loss found.
                if let Some(m) = best_move {
                    self.pv_len[ply + 1] = 0;
                    self.update_pv(ply, m);
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            self.tt
                .store(key, score_to_tt(best, ply), depth as i16, bound, best_move, tt_pv);
        }
        best
    }

    /// The root bonus of `m` in the position `key`, 0 when `score` is decisive (a win or loss stays one).
    #[inline]
    fn bonus(&self, key: u64, m: G::Move, score: i32) -> i32 {
        if score.abs() >= DECISIVE {
            0
        } else {
            root_bonus(self.limits.seed, self.limits.spread, key, G::move_index(m))
        }
    }

    /// Orders `list` (the transposition-table move, then killers, then the game's scores plus history) and keeps
    /// its first `keep` moves.
    #[inline]
    fn order(&mut self, list: &mut MoveList<G::Move>, tt_move: Option<G::Move>, ply: usize, keep: usize) {
        self.add_history(list, ply);
        if let Some(c) = self.previous(ply).and_then(|p| self.counter[ply & 1][G::move_index(p)]) {
            // Below the killers: a reply that refuted this opponent move elsewhere in the tree.
            list.boost(c, 250);
        }
        for (k, bonus) in self.killers[ply].into_iter().zip([400, 300]) {
            if let Some(m) = k {
                list.boost(m, bonus);
            }
        }
        if let Some(m) = tt_move {
            list.boost(m, i32::MAX / 2);
        }
        list.sort_truncate(keep);
    }

    /// Adds each move's cut-off history (of the side to move at `ply`) to its ordering score.
    #[inline]
    fn add_history(&self, list: &mut MoveList<G::Move>, ply: usize) {
        for i in 0..list.len {
            let h = self.history[ply & 1][G::move_index(list.moves[i])];
            list.scores[i] = list.scores[i].saturating_add(h / 16);
        }
    }

    /// Records a move that caused a cut-off.
    #[inline]
    fn reward(&mut self, m: G::Move, ply: usize, depth: i32) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if let Some(p) = self.previous(ply) {
            self.counter[ply & 1][G::move_index(p)] = Some(m);
        }
        let h = &mut self.history[ply & 1][G::move_index(m)];
        let bonus = (depth * depth).min(HISTORY_MAX);
        *h += bonus - *h * bonus / HISTORY_MAX;
    }

    /// How many unforced candidates the node at `ply`, `depth` plies from the horizon, searches: the width at
    /// the root and, in the selective search, at most [`INNER_WIDTH`] below it, [`WIDTH_PER_PLY`] more for each
    /// ply of depth beyond [`WIDE_FROM`], never more than the width.
    #[inline]
    fn width_at(&self, ply: usize, depth: i32) -> usize {
        if ply == 0 || !self.limits.reductions {
            self.limits.width
        } else {
            let extra = WIDTH_PER_PLY * (depth - WIDE_FROM).max(0) as usize;
            self.limits.width.min(INNER_WIDTH + extra)
        }
    }

    /// The opponent's move that led to the node at `ply` (None at the root).
    #[inline]
    fn previous(&self, ply: usize) -> Option<G::Move> {
        ply.checked_sub(1).and_then(|p| self.played[p])
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let child_len = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        self.pv[ply][0] = m;
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = (child_len + 1).min(MAX_PLY);
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
