//! A set of points as a 256-bit bitboard in the padded layout of [`crate::board::coord`].

use crate::board::coord::{Point, SIZE, SLOTS, STRIDE};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of board points: bit `row * 16 + col`; the padding column and the last row's slots are always clear.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug, Hash)]
pub struct Bitboard([u64; 4]);

const fn board_mask() -> [u64; 4] {
    let mut w = [0u64; 4];
    let mut i = 0;
    while i < SLOTS {
        if i % STRIDE < SIZE {
            w[i / 64] |= 1 << (i % 64);
        }
        i += 1;
    }
    w
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// Every point of the board.
    pub const FULL: Bitboard = Bitboard(board_mask());

    /// The set holding only `p`.
    #[inline]
    pub const fn from_point(p: Point) -> Bitboard {
        let mut w = [0u64; 4];
        w[p.index() / 64] = 1 << (p.index() % 64);
        Bitboard(w)
    }

    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        self.0[p.index() / 64] >> (p.index() % 64) & 1 != 0
    }

    /// Adds `p`.
    #[inline]
    pub fn set(&mut self, p: Point) {
        self.0[p.index() / 64] |= 1 << (p.index() % 64);
    }

    /// Removes `p`.
    #[inline]
    pub fn clear(&mut self, p: Point) {
        self.0[p.index() / 64] &= !(1 << (p.index() % 64));
    }

    /// Adds or removes `p`.
    #[inline]
    pub fn assign(&mut self, p: Point, on: bool) {
        if on {
            self.set(p)
        } else {
            self.clear(p)
        }
    }

    /// Number of points in the set.
    #[inline]
    pub const fn count(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones() + self.0[3].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The lowest point in the set.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        self.iter().next()
    }

    /// The points of the set in index order.
    #[inline]
    pub fn iter(&self) -> BitIter {
        BitIter { words: self.0, word: 0 }
    }

    /// Shifts every point `N` slots up the index order (`N` < 64), dropping what leaves the board.
    #[inline]
    fn shl<const N: u32>(self) -> Bitboard {
        let w = self.0;
        Bitboard([
            w[0] << N,
            (w[1] << N) | (w[0] >> (64 - N)),
            (w[2] << N) | (w[1] >> (64 - N)),
            (w[3] << N) | (w[2] >> (64 - N)),
        ]) & Bitboard::FULL
    }

    /// Shifts every point `N` slots down the index order (`N` < 64), dropping what leaves the board.
    #[inline]
    fn shr<const N: u32>(self) -> Bitboard {
        let w = self.0;
        Bitboard([
            (w[0] >> N) | (w[1] << (64 - N)),
            (w[1] >> N) | (w[2] << (64 - N)),
            (w[2] >> N) | (w[3] << (64 - N)),
            w[3] >> N,
        ]) & Bitboard::FULL
    }

    /// The set grown by one step in each of the eight directions (king moves).
    #[inline]
    pub fn dilate(self) -> Bitboard {
        const V: u32 = STRIDE as u32;
        let h = self | self.shl::<1>() | self.shr::<1>();
        h | h.shl::<V>() | h.shr::<V>()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the board.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]]) & Bitboard::FULL
    }
}

/// Iterator over the points of a [`Bitboard`].
pub struct BitIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for BitIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Point::from_index(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for p in iter {
            b.set(p);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::coord::CELLS;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn full_board_has_every_point() {
        assert_eq!(Bitboard::FULL.count() as usize, CELLS);
        assert_eq!(
            Bitboard::FULL.iter().collect::<Vec<_>>(),
            Point::all().collect::<Vec<_>>()
        );
        assert!((!Bitboard::FULL).is_empty());
    }

    #[test]
    fn dilation_never_wraps_across_edges() {
        let corner = Bitboard::from_point(pt("a1")).dilate();
        let expected: Bitboard = ["a1", "b1", "a2", "b2"].iter().map(|s| pt(s)).collect();
        assert_eq!(corner, expected);
        let right = Bitboard::from_point(pt("o8")).dilate();
        let expected: Bitboard = ["o8", "n8", "o7", "n7", "o9", "n9"].iter().map(|s| pt(s)).collect();
        assert_eq!(right, expected);
        let top = Bitboard::from_point(pt("o15")).dilate();
        assert_eq!(top.count(), 4);
        assert_eq!(Bitboard::from_point(pt("h8")).dilate().dilate().count(), 25);
    }
}
