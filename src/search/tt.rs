//! A Zobrist-keyed transposition table with depth, bound and best-move entries.

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The true value is at most the score (fail-low).
    Upper,
    /// The true value is at least the score (fail-high).
    Lower,
    /// The score is exact.
    Exact,
}

/// One stored search result.
#[derive(Copy, Clone, Debug, Default)]
pub struct Entry<M> {
    key: u64,
    /// Score, with mate scores relative to this node (see [`crate::search::score_to_tt`]).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
    /// The best or refuting move found.
    pub best: Option<M>,
}

/// A direct-mapped table, replaced when the new entry is at least as deep or from another position.
pub struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    mask: usize,
}

impl<M: Copy + Default> TranspositionTable<M> {
    /// A table of at most `megabytes` MB (rounded down to a power of two entries; 0 MB disables it).
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let per = std::mem::size_of::<Entry<M>>().max(1);
        let wanted = bytes / per;
        let n = if wanted == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        TranspositionTable {
            entries: vec![Entry::default(); n],
            mask: n.wrapping_sub(1),
        }
    }

    /// Whether the table holds any slots.
    #[inline]
    pub fn enabled(&self) -> bool {
        !self.entries.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries.get(key as usize & self.mask)?;
        (e.bound != Bound::None && e.key == key).then_some(*e)
    }

    /// Stores a result for `key`.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i16, bound: Bound, best: Option<M>) {
        let mask = self.mask;
        let Some(e) = self.entries.get_mut(key as usize & mask) else {
            return;
        };
        if e.key != key || depth >= e.depth || bound == Bound::Exact {
            let best = best.or(if e.key == key { e.best } else { None });
            *e = Entry {
                key,
                score,
                depth,
                bound,
                best,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_prefers_depth() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(1);
        assert!(tt.enabled());
        tt.store(42, 10, 5, Bound::Lower, Some(3));
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.depth, e.bound, e.best), (10, 5, Bound::Lower, Some(3)));
        tt.store(42, 7, 2, Bound::Upper, None);
        assert_eq!(
            tt.probe(42).unwrap().depth,
            5,
            "a shallower bound does not replace a deeper one"
        );
        tt.store(42, 8, 6, Bound::Upper, None);
        assert_eq!(
            tt.probe(42).unwrap().best,
            Some(3),
            "the best move is kept when none is given"
        );
        assert!(tt.probe(43).is_none());
        tt.clear();
        assert!(tt.probe(42).is_none());
        let off: TranspositionTable<u8> = TranspositionTable::new(0);
        assert!(!off.enabled() && off.probe(42).is_none());
    }
}
