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

    /// Adds moves with their scores in order (those beyond the capacity are ignored).
    #[inline]
    pub fn extend(&mut self, items: impl Iterator<Item = (M, i32)>) {
        let mut n = self.len;
        for (m, s) in items {
            if n == MAX_MOVES {
                break;
            }
            self.moves[n] = m;
            self.scores[n] = s;
            n += 1;
        }
        self.len = n;
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

    /// Sorts by score, highest first, equal scores keeping their order (a stable sort).
    #[inline]
    pub fn sort(&mut self) {
        self.sort_truncate(MAX_MOVES);
    }

    /// [`MoveList::sort`] keeping only the first `n` moves. Each score is packed with its place into one
    /// distinct `u64` key, so unstable selection and sorting of the keys give the stable order; only the `n`
    /// best keys are sorted.
    #[inline]
    pub fn sort_truncate(&mut self, n: usize) {
        let len = self.len;
        let keep = n.min(len);
        if len < 2 || keep == 0 {
            self.len = keep;
            return;
        }
        let mut keys = [0u64; MAX_MOVES];
        for (i, (k, &s)) in keys.iter_mut().zip(&self.scores[..len]).enumerate() {
            *k = u64::from(!order_bits(s)) << 32 | i as u64;
        }
        if keep < len {
            keys[..len].select_nth_unstable(keep);
        }
        keys[..keep].sort_unstable();
        let old = self.moves;
        for (j, &k) in keys[..keep].iter().enumerate() {
            self.moves[j] = old[k as u32 as usize];
            self.scores[j] = from_order_bits(!((k >> 32) as u32));
        }
        self.len = keep;
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

/// `s` as an unsigned number in the same order.
#[inline(always)]
fn order_bits(s: i32) -> u32 {
    s as u32 ^ 0x8000_0000
}

/// The inverse of [`order_bits`].
#[inline(always)]
fn from_order_bits(b: u32) -> i32 {
    (b ^ 0x8000_0000) as i32
}

impl<M: Copy + Default + Eq> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_is_a_stable_sort_by_descending_score_and_truncation_keeps_its_head() {
        let mut seed = 0x50A7_u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let extremes = [i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX - 1, i32::MAX];
        for round in 0..400 {
            let n = if round < 10 {
                round
            } else {
                next(MAX_MOVES as u64 + 1) as usize
            };
            let mut list = MoveList::new();
            let mut reference = Vec::new();
            for i in 0..n {
                // Few distinct scores, so ties are common; some at the ends of the range.
                let s = match next(4) {
                    0 => extremes[next(extremes.len() as u64) as usize],
                    1 => next(5) as i32 * 100 - 200,
                    _ => next(40_000) as i32 - 20_000,
                };
                list.push(i, s);
                reference.push((i, s));
            }
            reference.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            // Every other round keeps only the first `keep` (sometimes none, sometimes more than there are).
            if round % 2 == 1 {
                let keep = next(MAX_MOVES as u64 + 2) as usize;
                reference.truncate(keep);
                list.sort_truncate(keep);
            } else {
                list.sort();
            }
            let got: Vec<(usize, i32)> = list
                .moves()
                .iter()
                .copied()
                .zip(list.scores().iter().copied())
                .collect();
            assert_eq!(got, reference, "round {round}");
        }
    }
}
