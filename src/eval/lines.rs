//! A point's packed directional patterns ([`Lines`]), what [`super::Position`] keeps per point and colour and
//! logs for undo.

use crate::board::coord::Direction;
use crate::eval::fine::{Fine, FinePatterns};
use crate::eval::pattern::Patterns;

/// `f` of every direction in [`Direction::ALL`] order, written out (the hot paths' `array::map` was compiled
/// out of line).
#[inline(always)]
pub(super) fn per_direction<T>(mut f: impl FnMut(Direction) -> T) -> [T; 4] {
    [
        f(Direction::Horizontal),
        f(Direction::Vertical),
        f(Direction::Diagonal),
        f(Direction::AntiDiagonal),
    ]
}

/// A point's four directional patterns for one colour: the coarse ones (what the search and the threat sets
/// read) and the fine classes they are refined from (what the learned evaluation reads), side by side so
/// that one load, store or log entry carries both.
/// Packed in one word: the coarse [`Patterns`] in bits 0–11, the [`FinePatterns`] in the high half, and in bits
/// 12–15, for black under renju only, which directions' lines could make the point forbidden
/// ([`Lines::with_live`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Lines(u32);

impl Lines {
    /// Nothing in any direction (also every occupied point).
    pub(super) const NONE: Lines = Lines(0);

    /// The four fine classes along [`Direction::ALL`] and their coarse patterns.
    #[inline]
    pub(super) fn from_array(f: [Fine; 4]) -> Lines {
        Lines(Patterns::from_array(f.map(Fine::coarse)).raw() as u32 | (FinePatterns::from_array(f).raw() as u32) << 16)
    }

    /// The same with the class and coarse pattern of `entry` ([`line_entry`]) along `d`.
    #[inline(always)]
    pub(super) fn with_entry(self, d: Direction, entry: u8) -> Lines {
        let (coarse, fine) = (3 * d as u32, 16 + 4 * d as u32);
        let keep = !(7 << coarse | 15 << fine);
        Lines(self.0 & keep | (entry as u32 >> 4) << coarse | (entry as u32 & 15) << fine)
    }

    /// The same with the bit of `d` in bits 12–15 set to `live`: under renju, whether black's line through the
    /// point along `d` says anything to [`renju::local_verdict`] (a non-empty [`renju::LineInfo`]). A point with
    /// no live direction is not forbidden, which spares the four-line test on most refreshes.
    #[inline(always)]
    pub(super) fn with_live(self, d: Direction, live: bool) -> Lines {
        let bit = 1 << (12 + d as u32);
        Lines(if live { self.0 | bit } else { self.0 & !bit })
    }

    /// Whether some direction is live ([`Lines::with_live`]).
    #[inline(always)]
    pub(super) fn any_live(self) -> bool {
        self.0 & 0xF000 != 0
    }

    /// The coarse patterns.
    #[inline(always)]
    pub(super) fn coarse(self) -> Patterns {
        Patterns::from_raw(self.0 as u16)
    }

    /// The fine classes.
    #[inline(always)]
    pub(super) fn fine(self) -> FinePatterns {
        FinePatterns::from_raw((self.0 >> 16) as u16)
    }
}
