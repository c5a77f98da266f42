//! A Zobrist-keyed transposition table with depth, bound, best-move and principal-variation entries,
//! shareable between threads: each slot is two atomic words, the packed entry and the key XOR the packed
//! entry, so a torn write (two threads storing at once) fails verification on probe instead of returning a
//! mixed entry. No locks.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

impl Bound {
    const ALL: [Bound; 4] = [Bound::None, Bound::Upper, Bound::Lower, Bound::Exact];
}

/// A move that fits in 16 bits, so that an entry packs into one word.
pub trait PackedMove: Copy {
    /// The move's bits.
    fn pack(self) -> u16;
    /// The move with these bits (from [`PackedMove::pack`]).
    fn unpack(bits: u16) -> Self;
}

impl PackedMove for usize {
    #[inline]
    fn pack(self) -> u16 {
        self as u16
    }
    #[inline]
    fn unpack(bits: u16) -> Self {
        bits as usize
    }
}

/// One stored search result.
#[derive(Copy, Clone, Debug, Default)]
pub struct Entry<M> {
    /// Score, with mate scores relative to this node (see [`crate::search::score_to_tt`]).
    pub score: i32,
    /// Remaining depth the score was searched to (−128..=127).
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
    /// The best or refuting move found.
    pub best: Option<M>,
    /// Whether the position was on a principal variation when stored.
    pub pv: bool,
}

impl<M: PackedMove> Entry<M> {
    /// Bits 0–31 score, 32–39 depth, 40–41 bound, 42 has-move, 43 principal variation, 48–63 move.
    #[inline]
    fn pack(&self) -> u64 {
        let depth = self.depth.clamp(i8::MIN as i16, i8::MAX as i16) as i8 as u8;
        let (has, m) = self.best.map_or((0, 0), |m| (1u64, m.pack() as u64));
        self.score as u32 as u64
            | (depth as u64) << 32
            | (self.bound as u64) << 40
            | has << 42
            | (self.pv as u64) << 43
            | m << 48
    }

    #[inline]
    fn unpack(data: u64) -> Entry<M> {
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8 as i8 as i16,
            bound: Bound::ALL[(data >> 40) as usize & 3],
            best: (data >> 42 & 1 == 1).then(|| M::unpack((data >> 48) as u16)),
            pv: data >> 43 & 1 == 1,
        }
    }
}

/// One slot: the key XOR the packed entry, and the packed entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A direct-mapped table, replaced when the new entry is at least as deep, exact, or from another position.
pub struct TranspositionTable<M> {
    slots: Vec<Slot>,
    mask: usize,
    _move: std::marker::PhantomData<M>,
}

impl<M: PackedMove> TranspositionTable<M> {
    /// A table of at most `megabytes` MB (rounded down to a power of two slots; 0 MB disables it).
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let wanted = bytes / std::mem::size_of::<Slot>();
        let n = if wanted == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        TranspositionTable {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n.wrapping_sub(1),
            _move: std::marker::PhantomData,
        }
    }

    /// Whether the table holds any slots.
    #[inline]
    pub fn enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for s in &self.slots {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
    }

    /// The entry stored for `key`, if any (and not torn by a concurrent store).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let s = self.slots.get(key as usize & self.mask)?;
        let data = s.data.load(Relaxed);
        let check = s.check.load(Relaxed);
        let e = Entry::unpack(data);
        (check ^ data == key && e.bound != Bound::None).then_some(e)
    }

    /// Asks the processor to bring `key`'s slot into the cache, so that a probe soon after does not wait
    /// for memory (a hint only: nothing happens where there is no such instruction).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(s) = self.slots.get(key as usize & self.mask) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch reads nothing into the program and cannot fault; the address is a live slot.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((s as *const Slot).cast::<i8>()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores a result for `key`; `pv`: the node is or was on a principal variation.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i16, bound: Bound, best: Option<M>, pv: bool) {
        let Some(s) = self.slots.get(key as usize & self.mask) else {
            return;
        };
        let old = self.probe(key);
        if old.is_none() || old.is_some_and(|o| depth >= o.depth) || bound == Bound::Exact {
            let best = best.or(old.and_then(|o| o.best));
            let data = Entry {
                score,
                depth,
                bound,
                best,
                pv,
            }
            .pack();
            s.data.store(data, Relaxed);
            s.check.store(key ^ data, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_prefers_depth() {
        let mut tt: TranspositionTable<usize> = TranspositionTable::new(1);
        assert!(tt.enabled());
        tt.store(42, 10, 5, Bound::Lower, Some(3), false);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.depth, e.bound, e.best), (10, 5, Bound::Lower, Some(3)));
        tt.store(42, 7, 2, Bound::Upper, None, false);
        assert_eq!(
            tt.probe(42).unwrap().depth,
            5,
            "a shallower bound does not replace a deeper one"
        );
        tt.store(42, 8, 6, Bound::Upper, None, false);
        assert_eq!(
            tt.probe(42).unwrap().best,
            Some(3),
            "the best move is kept when none is given"
        );
        assert!(tt.probe(43).is_none());
        tt.store(7, -999_999, -3, Bound::Exact, Some(65_535), false);
        let e = tt.probe(7).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.best),
            (-999_999, -3, Bound::Exact, Some(65_535))
        );
        tt.store(9, 1, 4, Bound::Lower, None, true);
        assert!(tt.probe(9).unwrap().pv, "the principal-variation flag is kept");
        assert!(!tt.probe(7).unwrap().pv);
        tt.clear();
        assert!(tt.probe(42).is_none());
        let off: TranspositionTable<usize> = TranspositionTable::new(0);
        assert!(!off.enabled() && off.probe(42).is_none());
    }

    #[test]
    fn a_torn_entry_fails_verification() {
        let tt: TranspositionTable<usize> = TranspositionTable::new(1);
        tt.store(42, 10, 5, Bound::Lower, Some(3), false);
        // Another thread's store to the same slot got only its data word in.
        let slot = &tt.slots[42 & tt.mask];
        let other = Entry::<usize> {
            score: -5,
            depth: 9,
            bound: Bound::Exact,
            best: Some(1),
            pv: false,
        };
        slot.data.store(other.pack(), Relaxed);
        assert!(tt.probe(42).is_none(), "a mixed entry is not returned");
    }

    #[test]
    fn the_table_is_shared_between_threads() {
        let tt: TranspositionTable<usize> = TranspositionTable::new(1);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 0..1000u64 {
                        tt.store(k * 2 + t, k as i32, 3, Bound::Exact, Some(k as usize), false);
                    }
                });
            }
        });
        for k in 0..1000u64 {
            for t in 0..2 {
                if let Some(e) = tt.probe(k * 2 + t) {
                    assert_eq!((e.score, e.best), (k as i32, Some(k as usize)));
                }
            }
        }
    }
}
