//! Tests of the α-β searcher: score notation, and the selective search's horizon.

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
