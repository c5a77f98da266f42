//! Tests of the α-β searcher: score notation, and the selective search's horizon and reductions.

use super::*;

/// A mock game tree: `root_moves` moves at the root, `inner_moves` at every other node, the same static value
/// everywhere; optionally five plies after one root move the opponent has lost, the side to move has lost at
/// every node `lost_at` plies deep, and one root move is a threat; optionally a `line` of moves 0 (the root's
/// side choosing among three, the other side with no choice) that is worth `line.1` to the root's side from
/// four plies on and twice that from `line.0` plies on; optionally every node an odd number of plies deep
/// must answer a threat (as after a four). Counts the horizon evaluations (where a game runs its tactics),
/// records the deepest one, and how many moves (the highest move made, plus one) the root and the nodes one
/// ply below it searched.
#[derive(Default)]
struct Tree {
    path: Vec<usize>,
    root_moves: usize,
    inner_moves: usize,
    value: i32,
    win_after: Option<usize>,
    lost_at: Option<usize>,
    threat: Option<usize>,
    line: Option<(usize, i32)>,
    answers_at_odd_plies: bool,
    /// The nodes one ply below the root hold forced sets (as against an open three) whose moves from this one
    /// on only delay.
    delays_from: Option<usize>,
    /// The side to move one ply below the root has a cheap win (three plies away).
    cheap_win_below: bool,
    /// The root's best move changes with the depth: a leaf is worth 100 to the root's side below root move
    /// `leaf depth % 2` and −100 below the other.
    best_alternates: bool,
    horizon_calls: u32,
    deepest: usize,
    widest: [usize; 2],
}

/// The mock tree's hash after `m` from a node hashed `h` (wrapping: deep paths overflow `u64`, which a debug
/// build would stop on).
fn step_hash(h: u64, m: usize) -> u64 {
    h.wrapping_mul(31).wrapping_add(m as u64 + 1)
}

impl Tree {
    /// Whether the moves so far follow the line.
    fn on_line(&self) -> bool {
        self.line.is_some() && self.path.iter().all(|&m| m == 0)
    }

    /// A value for the root's side turned to the side to move's view.
    fn for_mover(&self, root_view: i32) -> i32 {
        if self.path.len().is_multiple_of(2) {
            root_view
        } else {
            -root_view
        }
    }
}

impl Game for Tree {
    type Move = usize;
    fn hash(&self) -> u64 {
        self.path.iter().fold(1, |h, &m| step_hash(h, m))
    }
    fn hash_after(&self, m: usize) -> u64 {
        step_hash(self.hash(), m)
    }
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        let won = self.path.len() == 5 && self.path.first() == self.win_after.as_ref();
        (won || self.lost_at == Some(self.path.len())).then(|| -(MATE - ply as i32))
    }
    fn threatens(&self, m: usize) -> bool {
        self.path.is_empty() && self.threat == Some(m)
    }
    fn must_answer(&self) -> bool {
        self.answers_at_odd_plies && self.path.len() % 2 == 1
    }
    fn cheap_win(&mut self, ply: usize) -> Option<i32> {
        (self.cheap_win_below && self.path.len() == 1).then(|| MATE - ply as i32 - 3)
    }
    fn drop_delays(&self, list: &mut MoveList<usize>) {
        if let (Some(k), 1) = (self.delays_from, self.path.len()) {
            list.retain(|m| m < k);
        }
    }
    fn evaluate(&mut self, _ply: usize) -> i32 {
        self.horizon_calls += 1;
        self.deepest = self.deepest.max(self.path.len());
        self.static_eval()
    }
    fn static_eval(&mut self) -> i32 {
        if self.best_alternates {
            let favoured = self.path.first() == Some(&(self.path.len() % 2));
            return self.for_mover(if favoured { 100 } else { -100 });
        }
        match self.line {
            Some((far, v)) if self.on_line() && self.path.len() >= 4 => {
                self.for_mover(if self.path.len() >= far { 2 * v } else { v })
            }
            _ => self.value,
        }
    }
    fn generate(&mut self, list: &mut MoveList<usize>) -> bool {
        let n = if self.on_line() {
            if self.path.len().is_multiple_of(2) {
                3
            } else {
                1
            }
        } else if self.path.is_empty() {
            self.root_moves
        } else {
            self.inner_moves
        };
        (0..n).for_each(|m| list.push(m, 10 - m as i32));
        self.delays_from.is_some() && self.path.len() == 1
    }
    fn make(&mut self, m: usize) {
        if let Some(w) = self.widest.get_mut(self.path.len()) {
            *w = (*w).max(m + 1);
        }
        self.path.push(m);
    }
    fn undo(&mut self) {
        self.path.pop();
    }
    fn move_index(m: usize) -> usize {
        m
    }
}

/// Iterative deepening of `game` to `depth` plies, without a clock, selective or exact.
fn search(game: &mut Tree, depth: u32, reductions: bool) -> Option<Iteration<usize>> {
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth,
        time_ms: None,
        reductions,
        ..Limits::default()
    };
    Searcher::new(&tt, limits, || 0.0, None).iterate(game, &mut |_| {})
}

thread_local! {
    static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// A clock that reads one millisecond later each time (about one read per 64 nodes): deterministic time.
fn ticking() -> f64 {
    NOW.with(|n| {
        let t = n.get();
        n.set(t + 1.0);
        t
    })
}

/// Iterative deepening of `game` with a budget of `time_ms` on the ticking clock (exact search, no depth
/// limit short of the searcher's own).
fn timed(game: &mut Tree, time_ms: f64) -> (Iteration<usize>, f64) {
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth: MAX_PLY as u32,
        time_ms: Some(time_ms),
        reductions: false,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(&tt, limits, ticking, None);
    let best = searcher.iterate(game, &mut |_| {}).expect("a completed iteration");
    (best, searcher.elapsed_ms())
}

#[test]
fn a_clear_move_stops_between_iterations_before_the_budget() {
    // Two moves everywhere, the same value at every leaf: move 0 stays best with the same score.
    let mut game = Tree {
        root_moves: 2,
        inner_moves: 2,
        ..Tree::default()
    };
    let budget = 2000.0;
    let (best, ms) = timed(&mut game, budget);
    assert_eq!((best.pv[0], best.score), (0, 0));
    // Each iteration takes longer than the one before: once the move is stable, the next could not finish.
    assert!(ms < 0.7 * budget, "used {ms} ms of {budget}");
    assert!(best.depth < MAX_PLY as u32 - 8, "the depth limit stopped it");
}

#[test]
fn a_move_that_changes_with_the_depth_runs_to_the_budget() {
    let mut game = Tree {
        root_moves: 2,
        inner_moves: 2,
        best_alternates: true,
        ..Tree::default()
    };
    let budget = 2000.0;
    let (best, ms) = timed(&mut game, budget);
    assert!(ms >= budget, "stopped at {ms} ms of {budget}");
    assert_eq!(best.score, 100, "{best:?}");
}

#[test]
fn a_selective_leaf_already_at_beta_skips_the_horizon_tactics() {
    for (reductions, calls) in [(false, 3), (true, 1)] {
        // Three moves to horizon leaves of static value 100 for their side to move.
        let mut game = Tree {
            root_moves: 3,
            value: 100,
            ..Tree::default()
        };
        let best = search(&mut game, 1, reductions);
        // The first leaf is searched in the full window; the others' null windows end at its value,
        // which their static value already reaches.
        assert_eq!(best.map(|b| b.score), Some(-100));
        assert_eq!(game.horizon_calls, calls, "reductions {reductions}");
    }
}

#[test]
fn a_late_threat_is_searched_to_full_depth() {
    for (reductions, threat, found) in [(true, false, false), (true, true, true), (false, false, true)] {
        // Six root moves, two at every other node, static value 0; five plies after root move 4 the
        // opponent has lost.
        let mut game = Tree {
            root_moves: 6,
            inner_moves: 2,
            win_after: Some(4),
            threat: threat.then_some(4),
            ..Tree::default()
        };
        let best = search(&mut game, 5, reductions).unwrap();
        // Move 4 is the fifth searched: reduced by a ply, its line ends a ply short of the win.
        let won = best.score > MATE_BOUND && best.pv.first() == Some(&4);
        assert_eq!(won, found, "reductions {reductions}, threat {threat}: {best:?}");
    }
}

#[test]
fn the_answer_to_a_four_costs_no_depth_in_the_selective_search() {
    for (reductions, deepest) in [(false, 4), (true, 10)] {
        // Two root moves, one move everywhere else; after each of the root side's moves the opponent must
        // answer (a four).
        let mut game = Tree {
            root_moves: 2,
            inner_moves: 1,
            answers_at_odd_plies: true,
            ..Tree::default()
        };
        search(&mut game, 4, reductions);
        // Exact: four plies. Selective: each four and its answer cost one ply together up to twice the root
        // depth (ply 8), where the horizon still answers one more four, as it always does.
        assert_eq!(game.deepest, deepest, "reductions {reductions}");
    }
}

/// Two root moves; below them forced sets of five moves, the last three of which only delay.
fn delaying_tree() -> Tree {
    Tree {
        root_moves: 2,
        inner_moves: 5,
        delays_from: Some(2),
        ..Tree::default()
    }
}

#[test]
fn one_ply_from_the_horizon_a_forced_set_leaves_out_the_moves_that_only_delay() {
    // Two plies deep exact or selective; four plies deep (three from the horizon below the root) selective.
    for (depth, reductions, searched) in [(2, false, 5), (2, true, 2), (4, true, 5)] {
        let mut game = delaying_tree();
        search(&mut game, depth, reductions);
        assert_eq!(game.widest[1], searched, "depth {depth}, reductions {reductions}");
    }
}

#[test]
fn before_leaving_out_the_moves_that_only_delay_the_side_to_move_looks_for_its_own_cheap_win() {
    // The side to move one ply below the root wins in three plies whatever the root plays.
    let mut game = Tree {
        cheap_win_below: true,
        ..delaying_tree()
    };
    let best = search(&mut game, 2, true).unwrap();
    assert_eq!(best.score, -(MATE - 4));
    assert_eq!(
        game.widest[1], 0,
        "the win is found before any move below the root is made"
    );
}

/// How many moves the root and the nodes one ply below it search (the highest move made, plus one) when a
/// tree of thirty moves everywhere, ordered 0, 1, 2, …, is searched to `depth` at `width`.
fn widest(depth: u32, width: usize, reductions: bool) -> [usize; 2] {
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth,
        width,
        time_ms: None,
        reductions,
        ..Limits::default()
    };
    let mut game = Tree {
        root_moves: 30,
        inner_moves: 30,
        ..Tree::default()
    };
    Searcher::new(&tt, limits, || 0.0, None).iterate(&mut game, &mut |_| {});
    game.widest
}

#[test]
fn the_width_caps_the_root_and_the_selective_search_searches_at_most_12_near_the_horizon() {
    assert_eq!(widest(3, 24, false), [24, 24]);
    assert_eq!(widest(3, 24, true), [24, INNER_WIDTH]);
}

#[test]
fn nodes_far_from_the_horizon_search_more_candidates_up_to_the_width() {
    // Root depth 8: the nodes one ply below have 7 plies left, beyond `WIDE_FROM`, and search fewer than 24.
    let wide = INNER_WIDTH + WIDTH_PER_PLY * (7 - WIDE_FROM) as usize;
    assert!(wide < 24, "the rule leaves no room below the width: {wide}");
    assert_eq!(widest(8, 24, true), [24, wide]);
    assert_eq!(widest(8, 14, true), [14, 14]);
}

#[test]
fn a_root_whose_searched_moves_all_lose_reports_the_likely_loss_and_deepens() {
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth: 4,
        width: 2,
        time_ms: None,
        ..Limits::default()
    };
    // Three root moves, two searched (the width); two plies after each, the root's side has lost.
    let mut game = Tree {
        root_moves: 3,
        inner_moves: 2,
        lost_at: Some(2),
        ..Tree::default()
    };
    let mut depths = Vec::new();
    let best = Searcher::new(&tt, limits, || 0.0, None)
        .iterate(&mut game, &mut |it| depths.push((it.depth, it.score)))
        .unwrap();
    // From depth 2 every searched move loses, the third was left out by the width: a likely loss, not a proven
    // one. It is reported with its move also from depth 4, where every move fails low in the aspiration window
    // around it, and the deepening goes on to the depth limit.
    assert_eq!(
        depths,
        [(1, 0), (2, -LIKELY_BOUND), (3, -LIKELY_BOUND), (4, -LIKELY_BOUND)]
    );
    assert_eq!(best.depth, 4);
    assert!(best.pv.first().is_some_and(|&m| m < 2), "{best:?}");
}

#[test]
fn late_move_reductions_grow_with_depth_and_rank_and_leave_a_ply() {
    for quiet in [false, true] {
        for depth in 3..=64 {
            for k in 0..MAX_MOVES {
                let r = late_move_reduction(depth, k, quiet, false);
                assert!((1..=depth - 2).contains(&r), "depth {depth}, move {k}: {r}");
                assert!(r >= late_move_reduction(depth - 1, k, quiet, false).min(depth - 2));
                if k > 0 {
                    assert!(r >= late_move_reduction(depth, k - 1, quiet, false));
                }
                if quiet {
                    assert!(r >= late_move_reduction(depth, k, false, false));
                }
                // On a principal variation: exactly one ply less, never below none.
                assert_eq!(late_move_reduction(depth, k, quiet, true), r - 1);
            }
        }
    }
    // Deep and late: several plies (the old rule gave at most three).
    assert!(late_move_reduction(20, 30, false, false) >= 5);
}

#[test]
fn mate_scores_read_as_moves() {
    assert_eq!(score_text(MATE - 1), "win in 1");
    assert_eq!(score_text(MATE - 3), "win in 2");
    assert_eq!(score_text(-(MATE - 2)), "loss in 1");
    assert_eq!(score_text(-(MATE - 4)), "loss in 2");
    assert_eq!(score_text(35), "+35");
    assert_eq!(score_text(-7), "-7");
    assert_eq!(score_text(LIKELY_BOUND), "winning");
    assert_eq!(score_text(-LIKELY_BOUND), "losing");
    for ply in [0, 3, 9] {
        let s = MATE - 11;
        assert_eq!(score_from_tt(score_to_tt(s, ply), ply), s);
        assert_eq!(score_from_tt(score_to_tt(-s, ply), ply), -s);
    }
}

#[test]
fn a_singular_table_move_is_searched_deeper() {
    for (reductions, seen) in [(false, 300), (true, 600)] {
        // The line's moves are the only good ones for the root's side (+300 from the fourth ply, the other
        // moves 0), and after 11 plies they are worth twice as much: a ply beyond what a 10-ply search sees.
        let mut game = Tree {
            inner_moves: 2,
            line: Some((11, 300)),
            ..Tree::default()
        };
        let best = search(&mut game, 10, reductions).unwrap();
        // The selective search extends the singular line moves (2 and 4 plies deep, 8 and 7 plies from the
        // horizon) and sees the gain at 11 plies; the exact search does not.
        assert_eq!(best.score, seen, "reductions {reductions}: {best:?}");
        assert_eq!(best.pv.first(), Some(&0));
    }
}

#[test]
fn a_reply_that_refuted_a_move_is_tried_early_after_that_move_elsewhere() {
    let tt = TranspositionTable::new(1);
    let mut s = Searcher::<Tree>::new(&tt, Limits::default(), || 0.0, None);
    // At ply 2 (the root's side to move), move 5 refuted the opponent's move 3.
    s.played[1] = Some(3);
    s.reward(5, 2, 4);
    // At ply 4, after the opponent's move 3 again, move 5 comes before moves the game scores higher; after
    // another opponent move, or for the other side, the game's order stands.
    for (ply, prev, first) in [(4, 3, 5), (4, 2, 0), (3, 3, 0)] {
        s.played[ply - 1] = Some(prev);
        let mut list = MoveList::new();
        (0..8).for_each(|m| list.push(m, 100 - 10 * m as i32));
        s.order(&mut list, None, ply, MAX_MOVES);
        assert_eq!(list.moves()[0], first, "ply {ply}, after move {prev}");
    }
}

#[test]
fn cut_off_history_grows_with_cut_offs_and_saturates_at_its_bound() {
    let tt = TranspositionTable::new(1);
    let mut s: Searcher<Tree> = Searcher::new(&tt, Limits::default(), || 0.0, None);
    s.reward(3, 1, 4);
    let once = s.history[1][3];
    assert_eq!(once, 16, "a cut-off at depth 4 counts 4² while far below the bound");
    s.reward(3, 1, 4);
    assert!(s.history[1][3] > once, "another cut-off raises it");
    for _ in 0..100_000 {
        s.reward(3, 1, 30);
    }
    let h = s.history[1][3];
    assert!(
        h > HISTORY_MAX * 9 / 10 && h <= HISTORY_MAX,
        "saturates at the bound: {h}"
    );
    assert_eq!(s.history[0][3], 0, "the other side's history is apart");
}
