//! The selective search's parameters: pruning margins and move counts, the aspiration window, the
//! singular extension's thresholds and the late-move reduction rule (each measured by matches: README's
//! per-change table).

use crate::search::score::INFINITY;

/// Below the root, within [`WIDE_FROM`] plies of the horizon, the selective search searches at most this many
/// unforced candidates (and never more than the width): the root, where the move is chosen, may search more
/// (a root of 24 against 12: +42 [+21, +63] over 800 games at 100 ms; every node at 20 was no stronger than at
/// 12: README's per-change table).
pub(crate) const INNER_WIDTH: usize = 12;
/// Nodes far from the horizon search more candidates: [`WIDTH_PER_PLY`] more for each ply of remaining depth
/// beyond this (still never more than the width). Against 12 at every depth, 2 more from 5 plies won +23
/// [−2, +47] over 600 games at 300 ms; 3 more from 4 plies won +30 [+2, +60] over 400 against that (README's
/// per-change table).
pub(crate) const WIDE_FROM: i32 = 4;
/// See [`WIDE_FROM`].
pub(crate) const WIDTH_PER_PLY: usize = 3;

/// A move's cut-off history saturates at this: each cut-off moves it a share of the way there (depth² over
/// this), so that a long search orders moves by the learned policy about as much as a short one does. Left to
/// grow, its largest values (÷16, as ordering adds it) reached 1 211–7 625 in 3 s searches against the policy's
/// spread of 424–585 among a root's loud candidates, and the engine at 3 s lost to itself at 1 s (README's
/// per-change table).
pub(crate) const HISTORY_MAX: i32 = 8192;

/// Deepest remaining depth at which moves of a non-forced node may be pruned.
pub(crate) const PRUNE_DEPTH: i32 = 3;
/// Quiet moves are skipped when the static evaluation plus this much per ply of remaining depth cannot
/// reach α (futility pruning).
pub(crate) const FUTILITY_MARGIN: i32 = 200;
/// At remaining depth `d` ≤ [`PRUNE_DEPTH`], a non-forced node off the principal variation skips every move
/// after its first `MOVE_COUNT_LIMIT[d]` (quiet or not) once one move has been searched without losing.
pub(crate) const MOVE_COUNT_LIMIT: [usize; PRUNE_DEPTH as usize + 1] = [0, 4, 6, 9];

/// Deepest remaining depth at which a forced set against a threat other than a four leaves out the moves
/// that only delay ([`crate::search::Game::drop_delays`]), once the side to move has no cheap win.
pub(crate) const DELAY_DEPTH: i32 = 1;

/// A quiet non-PV node fails high when its static evaluation exceeds β by this much per ply of remaining
/// depth (reverse futility pruning).
pub(crate) const RFP_MARGIN: i32 = 100;

/// First half-width of a root aspiration window; it grows fourfold at each failure.
pub(crate) const ASPIRATION: i32 = 60;
/// Remaining depth from which a table move that failed high is tested for being singular.
pub(crate) const SINGULAR_DEPTH: i32 = 7;
/// Per ply of remaining depth: how far below the table move's score every other move must stay for it to
/// count as singular.
pub(crate) const SINGULAR_MARGIN: i32 = 3;

/// An aspiration bound widened after a failure: `score` moved outwards by `delta` towards `limit`
/// (`±INFINITY`), or `limit` itself once the window has grown past a thousand points.
pub(crate) fn widen(score: i32, delta: i32, limit: i32) -> i32 {
    if delta > 1000 {
        limit
    } else {
        (score + delta * limit.signum()).clamp(-INFINITY, INFINITY)
    }
}

/// Late-move reduction of the `k`-th reducible move (0-based, in search order) at `depth` (≥ 3): ⌊ln depth ·
/// ln(k + 3)⌋ plies and at least one, one more for a quiet move at depth 4+, leaving at least one ply; then
/// one ply less at a node that is or was on a principal variation (`pv`: such a node is likelier to matter to
/// the root's score), which may leave no reduction.
pub(crate) fn late_move_reduction(depth: i32, k: usize, quiet: bool, pv: bool) -> i32 {
    let base = ((depth as f32).ln() * ((k + 3) as f32).ln()) as i32;
    let r = (base.max(1) + i32::from(quiet && depth >= 4)).min(depth - 2);
    (r - i32::from(pv)).max(0)
}
