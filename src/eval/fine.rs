//! Fine line classes for the learned evaluation: each coarse [`Pattern`] split by how many ways it can grow.
//!
//! A coarse pattern says what a stone makes along a line; the fine class adds how many empty points of the
//! line would upgrade it to the next stronger pattern (a connected open two `_XX_` has four ways to become an
//! open three, a split `X_X` three, a far `X__X` two; a true open three two ways to become an open four, a
//! broken or cramped one one). "Nothing" is not split: a variant that told a lone stone with room for an
//! open two from one with room for a closed two only and from a dead one fitted the games better but lost
//! matches (see the README). Every fine class refines exactly one coarse pattern ([`Fine::coarse`]); the search
//! and the threat sets read only the coarse patterns, the learned evaluation ([`crate::eval::learned`]) reads
//! the fine codes ([`crate::eval::codes::fine_code`]).

use crate::board::coord::Direction;
use crate::eval::pattern::Pattern;

/// A fine line class, weakest first (4 bits).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Fine {
    /// No pattern.
    #[default]
    None = 0,
    /// 眠二 with one way to a closed three.
    ClosedTwo1,
    /// 眠二 with two ways to a closed three.
    ClosedTwo2,
    /// 眠二 with three or more ways to a closed three.
    ClosedTwo3,
    /// 活二 with at most two ways to an open three (a far two `X__X`, or a cramped one).
    OpenTwo2,
    /// 活二 with three ways to an open three (typically a split two `X_X`).
    OpenTwo3,
    /// 活二 with four or more ways to an open three (a connected two `XX` with room).
    OpenTwo4,
    /// 眠三 with one way to a four.
    ClosedThree1,
    /// 眠三 with two or more ways to a four.
    ClosedThree2,
    /// 活三 with one way to an open four (a broken three `X_XX`, or a cramped one).
    OpenThree1,
    /// 活三 with two or more ways to an open four (a true open three with room on both sides).
    OpenThree2,
    /// 冲四.
    Four,
    /// 活四.
    OpenFour,
    /// 连五.
    Five,
}

/// Number of fine classes.
pub const FINE: usize = 14;

impl Fine {
    /// Every fine class, weakest first.
    pub const ALL: [Fine; FINE] = [
        Fine::None,
        Fine::ClosedTwo1,
        Fine::ClosedTwo2,
        Fine::ClosedTwo3,
        Fine::OpenTwo2,
        Fine::OpenTwo3,
        Fine::OpenTwo4,
        Fine::ClosedThree1,
        Fine::ClosedThree2,
        Fine::OpenThree1,
        Fine::OpenThree2,
        Fine::Four,
        Fine::OpenFour,
        Fine::Five,
    ];

    /// The coarse pattern of every fine class, indexed by class.
    const COARSE: [Pattern; FINE] = [
        Pattern::None,
        Pattern::ClosedTwo,
        Pattern::ClosedTwo,
        Pattern::ClosedTwo,
        Pattern::OpenTwo,
        Pattern::OpenTwo,
        Pattern::OpenTwo,
        Pattern::ClosedThree,
        Pattern::ClosedThree,
        Pattern::OpenThree,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// The coarse pattern this class refines.
    #[inline(always)]
    pub const fn coarse(self) -> Pattern {
        Fine::COARSE[self as usize]
    }

    /// The class of a coarse pattern `p` from the line's growth: for a two or a three, `ways` is the number
    /// of empty points where one more own stone makes the next stronger pattern ([`Fine::growth`]).
    pub const fn refine(p: Pattern, ways: u32) -> Fine {
        match p {
            Pattern::None => Fine::None,
            Pattern::ClosedTwo => match ways {
                0 | 1 => Fine::ClosedTwo1,
                2 => Fine::ClosedTwo2,
                _ => Fine::ClosedTwo3,
            },
            Pattern::OpenTwo => match ways {
                0..=2 => Fine::OpenTwo2,
                3 => Fine::OpenTwo3,
                _ => Fine::OpenTwo4,
            },
            Pattern::ClosedThree => match ways {
                0 | 1 => Fine::ClosedThree1,
                _ => Fine::ClosedThree2,
            },
            Pattern::OpenThree => match ways {
                0 | 1 => Fine::OpenThree1,
                _ => Fine::OpenThree2,
            },
            Pattern::Four => Fine::Four,
            Pattern::OpenFour => Fine::OpenFour,
            Pattern::Five => Fine::Five,
        }
    }

    /// The next stronger coarse pattern that counts as growth for `p` (none for nothing, a four or better,
    /// which are not split).
    pub const fn growth(p: Pattern) -> Option<Pattern> {
        match p {
            Pattern::ClosedTwo => Some(Pattern::ClosedThree),
            Pattern::OpenTwo => Some(Pattern::OpenThree),
            Pattern::ClosedThree => Some(Pattern::Four),
            Pattern::OpenThree => Some(Pattern::OpenFour),
            _ => None,
        }
    }

    /// Short English name.
    pub const fn name(self) -> &'static str {
        match self {
            Fine::None => "none",
            Fine::ClosedTwo1 => "closed two (1 way)",
            Fine::ClosedTwo2 => "closed two (2 ways)",
            Fine::ClosedTwo3 => "closed two (3+ ways)",
            Fine::OpenTwo2 => "open two (≤2 ways)",
            Fine::OpenTwo3 => "open two (3 ways)",
            Fine::OpenTwo4 => "open two (4+ ways)",
            Fine::ClosedThree1 => "closed three (1 way)",
            Fine::ClosedThree2 => "closed three (2+ ways)",
            Fine::OpenThree1 => "open three (1 way)",
            Fine::OpenThree2 => "open three (2+ ways)",
            Fine::Four => "four",
            Fine::OpenFour => "open four",
            Fine::Five => "five",
        }
    }
}

/// A point's four fine classes packed in 4 bits each, in [`Direction::ALL`] order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FinePatterns(u16);

impl FinePatterns {
    /// [`Fine::None`] in every direction (also every occupied point).
    pub const NONE: FinePatterns = FinePatterns(0);

    /// Packs four classes.
    #[inline]
    pub fn from_array(f: [Fine; 4]) -> FinePatterns {
        FinePatterns(f.iter().enumerate().fold(0, |acc, (d, &x)| acc | (x as u16) << (4 * d)))
    }

    /// The packed value: 4 bits per direction in [`Direction::ALL`] order.
    #[inline(always)]
    pub fn raw(self) -> u16 {
        self.0
    }

    /// The classes of a packed value made by [`FinePatterns::raw`].
    #[inline(always)]
    pub(crate) fn from_raw(raw: u16) -> FinePatterns {
        FinePatterns(raw)
    }

    /// The class along `d`.
    #[inline]
    pub fn get(self, d: Direction) -> Fine {
        Fine::ALL[(self.0 >> (4 * d as u16)) as usize & 15]
    }

    /// All four, in [`Direction::ALL`] order.
    pub fn to_array(self) -> [Fine; 4] {
        Direction::ALL.map(|d| self.get(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_refine_the_coarse_patterns_in_order() {
        for (i, f) in Fine::ALL.iter().enumerate() {
            assert_eq!(*f as usize, i);
        }
        for w in Fine::ALL.windows(2) {
            assert!(w[0].coarse() <= w[1].coarse(), "{:?} {:?}", w[0], w[1]);
        }
        for p in Pattern::ALL {
            assert!(Fine::ALL.iter().any(|f| f.coarse() == p), "{p:?} has a class");
            assert_eq!(Fine::refine(p, 1).coarse(), p);
            assert_eq!(Fine::refine(p, 9).coarse(), p);
        }
        let f = FinePatterns::from_array([Fine::OpenTwo4, Fine::None, Fine::Five, Fine::ClosedTwo2]);
        assert_eq!(f.to_array(), [Fine::OpenTwo4, Fine::None, Fine::Five, Fine::ClosedTwo2]);
        assert_eq!(f.get(Direction::ALL[2]), Fine::Five);
    }
}
