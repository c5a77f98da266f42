//! Tests of the α-β searcher: score notation, and the selective search's horizon and reductions.

use super::*;

/// A root with three moves to horizon leaves of static value 100 for their side to move; counts the
/// horizon evaluations (where a game runs its tactics).
#[derive(Default)]
struct Leaves {
    path: Vec<usize>,
    horizon_calls: u32,
}

impl Game for Leaves {
    type Move = usize;
    fn hash(&self) -> u64 {
        self.path.iter().fold(1, |h, &m| h * 31 + m as u64 + 1)
    }
    fn terminal(&mut self, _ply: usize) -> Option<i32> {
        None
    }
    fn evaluate(&mut self, _ply: usize) -> i32 {
        self.horizon_calls += 1;
        self.static_eval()
    }
    fn static_eval(&mut self) -> i32 {
        100
    }
    fn generate(&mut self, list: &mut MoveList<usize>) -> bool {
        if self.path.is_empty() {
            (0..3).for_each(|m| list.push(m, 0));
        }
        false
    }
    fn make(&mut self, m: usize) {
        self.path.push(m);
    }
    fn undo(&mut self) {
        self.path.pop();
    }
    fn move_index(m: usize) -> usize {
        m
    }
}

#[test]
fn a_selective_leaf_already_at_beta_skips_the_horizon_tactics() {
    for (reductions, calls) in [(false, 3), (true, 1)] {
        let tt = TranspositionTable::new(1);
        let limits = Limits {
            depth: 1,
            time_ms: None,
            reductions,
            ..Limits::default()
        };
        let mut game = Leaves::default();
        let best = Searcher::new(&tt, limits, || 0.0, None).iterate(&mut game, &mut |_| {});
        // The first leaf is searched in the full window; the others' null windows end at its value,
        // which their static value already reaches.
        assert_eq!(best.map(|b| b.score), Some(-100));
        assert_eq!(game.horizon_calls, calls, "reductions {reductions}");
    }
}

/// A root with six moves and static value 0 everywhere, except that five plies after the root's move 4 the
/// opponent has lost; `threat` says whether move 4 is a threat. Two moves at every other node.
struct LateWin {
    path: Vec<usize>,
    threat: bool,
}

impl Game for LateWin {
    type Move = usize;
    fn hash(&self) -> u64 {
        self.path.iter().fold(1, |h, &m| h * 31 + m as u64 + 1)
    }
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        (self.path.len() == 5 && self.path[0] == 4).then(|| -(MATE - ply as i32))
    }
    fn threatens(&self, m: usize) -> bool {
        self.threat && self.path.is_empty() && m == 4
    }
    fn evaluate(&mut self, _ply: usize) -> i32 {
        0
    }
    fn generate(&mut self, list: &mut MoveList<usize>) -> bool {
        let n = if self.path.is_empty() { 6 } else { 2 };
        (0..n).for_each(|m| list.push(m, 10 - m as i32));
        false
    }
    fn make(&mut self, m: usize) {
        self.path.push(m);
    }
    fn undo(&mut self) {
        self.path.pop();
    }
    fn move_index(m: usize) -> usize {
        m
    }
}

#[test]
fn a_late_threat_is_searched_to_full_depth() {
    for (reductions, threat, found) in [(true, false, false), (true, true, true), (false, false, true)] {
        let tt = TranspositionTable::new(1);
        let limits = Limits {
            depth: 5,
            time_ms: None,
            reductions,
            ..Limits::default()
        };
        let mut game = LateWin {
            path: Vec::new(),
            threat,
        };
        let best = Searcher::new(&tt, limits, || 0.0, None)
            .iterate(&mut game, &mut |_| {})
            .unwrap();
        // Move 4 is the fifth searched: reduced by a ply, its line ends a ply short of the win.
        let won = best.score > MATE_BOUND && best.pv.first() == Some(&4);
        assert_eq!(won, found, "reductions {reductions}, threat {threat}: {best:?}");
    }
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
