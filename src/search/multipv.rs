//! Single-pass multi-line (multi-PV) root search: the best N root moves with exact scores in one search of
//! the root per depth.
//!
//! Every root move is searched once. While fewer than N moves have exact scores, a move is searched with a
//! full window; after that the root's α is the N-th best exact score (not the best), and each later move is
//! first searched with a null window against it (with the usual late-move reductions), then re-searched with
//! a full window only when it beats it. The full-window searches are aspiration windows from the previous
//! depth's N-th score (below) to its best score (above); a search that fails high is repeated with a higher
//! top, and when fewer than N moves end above the bottom the moves that failed low are searched again with a
//! lower one. A score reported is therefore always exact; a move that only has a bound is never a line.

use crate::search::params::{late_move_reduction, widen, ASPIRATION};
use crate::search::{Game, MoveList, Searcher, INFINITY, MATE_BOUND, MAX_MOVES};

/// One line of a multi-line root search: an exact score and its principal variation (root move first).
#[derive(Clone, Debug, PartialEq)]
pub struct RootLine<M> {
    /// Exact score from the root side's view.
    pub score: i32,
    /// Principal variation; the first move is the root move.
    pub pv: Vec<M>,
}

impl<'a, G: Game> Searcher<'a, G> {
    /// Searches the root at `depth` for its best `n` moves (≥ 1) in a single pass, ordering first the moves
    /// of `prev` (the previous depth's lines, best first). Returns up to `n` lines with exact scores, best
    /// first (fewer if the root has fewer moves or the search was stopped: check [`Searcher::stopped`]).
    /// The root bonuses of [`crate::search::Limits::spread`] are not applied: analysis shows plain values.
    pub fn multipv(
        &mut self,
        game: &mut G,
        depth: i32,
        n: usize,
        prev: &[RootLine<G::Move>],
    ) -> Vec<RootLine<G::Move>> {
        let n = n.max(1);
        self.root_depth = depth;
        let mut found: Vec<RootLine<G::Move>> = Vec::with_capacity(n + 1);
        let mut list = MoveList::new();
        let forced = game.generate(&mut list);
        if list.is_empty() {
            return found;
        }
        self.add_history(&mut list, 0);
        for (k, line) in prev.iter().enumerate() {
            if let Some(i) = line.pv.first().and_then(|m| list.moves().iter().position(|x| x == m)) {
                list.scores[i] = i32::MAX - k as i32;
            }
        }
        list.sort_truncate(if forced { MAX_MOVES } else { self.limits.width.max(n) });
        let want = n.min(list.len());

        let (mut lo, hi) = match (prev.first(), prev.get(want - 1)) {
            (Some(best), Some(nth)) if depth >= 4 && best.score.abs() < MATE_BOUND && nth.score.abs() < MATE_BOUND => {
                (nth.score - ASPIRATION, best.score + ASPIRATION)
            }
            _ => (-INFINITY, INFINITY),
        };
        let mut lo_delta = ASPIRATION;
        // Whether a move's place in or out of the best n is settled at this depth.
        let mut settled = [false; MAX_MOVES];
        loop {
            for (i, settled) in settled.iter_mut().enumerate().take(list.len()) {
                if *settled {
                    continue;
                }
                let m = list.moves[i];
                let alpha = if found.len() < want {
                    lo
                } else {
                    lo.max(found[want - 1].score)
                };
                self.played[0] = Some(m);
                game.make(m);
                let mut s = INFINITY;
                if found.len() >= want {
                    // Not reduced a ply less as the game's root is (ttPv): that was measured by matches, which
                    // multi-line analysis does not play.
                    let reduction = if self.limits.reductions && !forced && depth >= 3 && i > want {
                        late_move_reduction(depth, i - want - 1, list.scores[i] < G::QUIET_BELOW, false)
                    } else {
                        0
                    };
                    s = -self.negamax(game, depth - 1 - reduction, 1, -alpha - 1, -alpha);
                    if reduction > 0 && s > alpha && !self.stopped {
                        s = -self.negamax(game, depth - 1, 1, -alpha - 1, -alpha);
                    }
                }
                if s > alpha && !self.stopped {
                    let mut b = if hi > alpha + 1 { hi } else { INFINITY };
                    let mut delta = ASPIRATION;
                    loop {
                        s = -self.negamax(game, depth - 1, 1, -b, -alpha);
                        if self.stopped || s < b || b >= INFINITY {
                            break;
                        }
                        b = widen(s, delta, INFINITY);
                        delta *= 4;
                    }
                }
                game.undo();
                if self.stopped {
                    found.truncate(want);
                    return found;
                }
                if s > alpha {
                    let mut pv = Vec::with_capacity(1 + self.pv_len[1]);
                    pv.push(m);
                    pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
                    let at = found.iter().position(|l| l.score < s).unwrap_or(found.len());
                    found.insert(at, RootLine { score: s, pv });
                    found.truncate(want);
                    *settled = true;
                } else if alpha > lo {
                    *settled = true; // below the n-th exact score, which only rises
                }
            }
            if found.len() >= want || lo <= -INFINITY {
                break;
            }
            // Fewer than n moves inside the window: search those that failed low again, with a lower bottom.
            lo = widen(lo, lo_delta, -INFINITY);
            lo_delta *= 4;
        }
        found
    }
}
