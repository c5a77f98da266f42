//! [`MoveList`]: the moves of one node with their ordering scores, on the stack.

use crate::search::MAX_MOVES;

/// A fixed-capacity list of moves with ordering scores; lives on the stack.
pub struct MoveList<M> {
    pub(super) moves: [M; MAX_MOVES],
    pub(super) scores: [i32; MAX_MOVES],
    pub(super) len: usize,
}

impl<M: Copy + Default + Eq> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); MAX_MOVES],
            scores: [0; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a move (ignored when full).
    #[inline]
    pub fn push(&mut self, m: M, score: i32) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves in their current order.
    #[inline]
    pub fn moves(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// The ordering scores, parallel to [`MoveList::moves`].
    #[inline]
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.len]
    }

    /// Adds `bonus` to the score of `m` if it is in the list.
    #[inline]
    pub(super) fn boost(&mut self, m: M, bonus: i32) {
        if let Some(i) = self.moves().iter().position(|&x| x == m) {
            self.scores[i] = self.scores[i].saturating_add(bonus);
        }
    }

    /// Sorts by score, highest first (stable insertion sort: lists are short and nearly sorted).
    #[inline]
    pub fn sort(&mut self) {
        for i in 1..self.len {
            let (m, s) = (self.moves[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                self.moves[j] = self.moves[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.moves[j] = m;
            self.scores[j] = s;
        }
    }

    /// Keeps only the moves for which `keep` is true, in order.
    #[inline]
    pub fn retain(&mut self, keep: impl Fn(M) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[j] = self.moves[i];
                self.scores[j] = self.scores[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Keeps the first `n` moves.
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }
}

impl<M: Copy + Default + Eq> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}
