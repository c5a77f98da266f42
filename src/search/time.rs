//! Time use of the iterative deepening: after each completed iteration, whether to start another.
//!
//! The budget is a hard limit: the search aborts the iteration in progress when it is reached (and keeps the
//! best root move found so far). Before that, a *soft* limit ends the search between iterations, earlier the
//! clearer the best move is: an unclear move (its best move changed or its score moved in the last
//! iterations) runs to the hard limit, since time left over on a turn is lost; a move that stayed best with
//! a steady score for several iterations stops once the next iteration could not finish, or at a share of
//! the budget that shrinks as the move stays clear.

/// Largest change between the scores of iterations of the same parity (depth d and d − 2) that counts as
/// steady; the static evaluation favours the side to move a little, so odd and even depths are not compared.
pub const CALM_SCORE_CHANGE: i32 = 40;
/// Share of the hard limit past which no new iteration starts, by how many iterations in a row the best
/// move stayed the same with a steady score (the last entry for any longer run).
pub const SOFT_SHARE: [f64; 5] = [1.0, 1.0, 0.85, 0.7, 0.55];
/// Stable iterations from which the search also stops when the next iteration is not expected to finish.
pub const PREDICT_FROM: u32 = 3;
/// How much longer than the last iteration the next one is expected to take.
pub const GROWTH: f64 = 2.0;

/// The soft-limit bookkeeping of one search ([`crate::search::Searcher::iterate`]).
#[derive(Clone, Debug)]
pub struct TimeManager {
    /// The budget in milliseconds, `None` without a time limit.
    hard_ms: Option<f64>,
    /// Completed iterations in a row with the same best move and a steady score.
    stable: u32,
    /// The best move's index after the last iteration.
    best: Option<usize>,
    /// The scores of the last two iterations (the last one first).
    scores: [Option<i32>; 2],
    /// Milliseconds at the end of the last iteration.
    last_end_ms: f64,
}

impl TimeManager {
    /// Bookkeeping for a search with a budget of `hard_ms` milliseconds (`None`: no time limit).
    pub fn new(hard_ms: Option<f64>) -> TimeManager {
        TimeManager {
            hard_ms,
            stable: 0,
            best: None,
            scores: [None; 2],
            last_end_ms: 0.0,
        }
    }

    /// Completed iterations in a row with the same best move and a steady score.
    pub fn stable(&self) -> u32 {
        self.stable
    }

    /// The share of the hard limit after which no new iteration starts, given the current stability.
    pub fn soft_share(&self) -> f64 {
        SOFT_SHARE[(self.stable as usize).min(SOFT_SHARE.len() - 1)]
    }

    /// Records a completed iteration (its best move's index, its score, milliseconds since the search
    /// started) and says whether to start another.
    pub fn next_iteration(&mut self, best: usize, score: i32, elapsed_ms: f64) -> bool {
        let same_move = self.best == Some(best);
        // Same parity when two earlier scores are known; the one before otherwise (the first iterations).
        let steady = match self.scores {
            [_, Some(s2)] => (score - s2).abs() <= CALM_SCORE_CHANGE,
            [Some(s1), None] => (score - s1).abs() <= 2 * CALM_SCORE_CHANGE,
            _ => false,
        };
        self.stable = if same_move && steady { self.stable + 1 } else { 0 };
        self.best = Some(best);
        self.scores = [Some(score), self.scores[0]];
        let last = elapsed_ms - self.last_end_ms;
        self.last_end_ms = elapsed_ms;
        let Some(hard) = self.hard_ms else {
            return true;
        };
        if elapsed_ms >= hard * self.soft_share() {
            return false;
        }
        !(self.stable >= PREDICT_FROM && elapsed_ms + GROWTH * last > hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_time_limit_never_stops() {
        let mut tm = TimeManager::new(None);
        for i in 0..20 {
            assert!(tm.next_iteration(7, 10, 1e9 * f64::from(i)));
        }
        assert!(tm.stable() >= 10);
    }

    #[test]
    fn an_unclear_move_runs_to_the_hard_limit() {
        let mut tm = TimeManager::new(Some(1000.0));
        // The best move alternates: every iteration that ends before the limit is followed by another.
        for (i, ms) in [10.0, 30.0, 80.0, 200.0, 450.0, 990.0].into_iter().enumerate() {
            assert!(tm.next_iteration(i % 2, 0, ms), "stopped at {ms} ms");
        }
        assert_eq!(tm.stable(), 0);
        assert!(!tm.next_iteration(0, 0, 1000.0));
    }

    #[test]
    fn a_falling_score_is_not_clear() {
        let mut tm = TimeManager::new(Some(1000.0));
        for (i, ms) in [10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 640.0].into_iter().enumerate() {
            assert!(tm.next_iteration(3, -100 * i as i32, ms), "stopped at {ms} ms");
        }
        assert_eq!(tm.stable(), 0);
    }

    #[test]
    fn a_clear_move_stops_at_its_soft_limit() {
        let mut tm = TimeManager::new(Some(1000.0));
        // Odd and even depths differ by 50 (more than the calm change), the same parity by 10.
        let scores = [0, 50, 10, 60, 20, 70];
        let mut stopped_at = None;
        for (i, ms) in [1.0, 2.0, 4.0, 8.0, 16.0, 600.0].into_iter().enumerate() {
            if !tm.next_iteration(5, scores[i], ms) {
                stopped_at = Some(ms);
                break;
            }
        }
        // Five stable iterations in a row: the soft limit is 55 % of the budget.
        assert_eq!(tm.stable(), 5);
        assert_eq!(stopped_at, Some(600.0));
    }

    #[test]
    fn a_clear_move_does_not_start_an_iteration_it_cannot_finish() {
        let times = [50.0, 100.0, 200.0, 500.0];
        let mut clear = TimeManager::new(Some(1000.0));
        for ms in &times[..3] {
            assert!(clear.next_iteration(5, 0, *ms));
        }
        // Stable for three iterations, 500 ms in (below the 70 % share), but the last iteration took 300 ms:
        // the next would end near 1100 ms, past the budget.
        assert!(!clear.next_iteration(5, 0, times[3]));
        assert_eq!(clear.stable(), 3);
        // The same times with the best move changing: go on, a partial iteration may still find a better move.
        let mut unclear = TimeManager::new(Some(1000.0));
        for (i, ms) in times.into_iter().enumerate() {
            assert!(unclear.next_iteration(i % 2, 0, ms));
        }
    }
}
