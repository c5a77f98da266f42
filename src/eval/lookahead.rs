//! What a move would do to the threat sets, read off the line keys without making it: how the threat
//! searches' VCF skips the moves whose outcome it can already tell.

use super::*;
use crate::board::{cell, EXT_BACK, EXT_FORWARD};

impl Position {
    /// The points where `c` could newly complete five once it has played the empty point `p`: all along
    /// `p`'s four lines. Its other five points are [`Position::fives`], less those `p` turns into overlines'
    /// ([`Position::fives_kept_after`]).
    pub fn fives_made_by(&self, c: Color, p: Point) -> Bitboard {
        let exact = self.exact[c.index()];
        let mut fives = Bitboard::EMPTY;
        for d in Direction::ALL {
            // Stones five steps away matter only where overlines do not win.
            let key = if exact {
                self.board.key_ext(p, d, c)
            } else {
                u32::from(self.board.key(p, d))
            };
            let bits = fives_after(key, c, exact);
            for (slot, &k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                if bits >> slot & 1 != 0 {
                    fives.set(p.step(d, k));
                }
            }
        }
        fives
    }

    /// The points of `fours` (some of `c`'s four points, [`Position::fours`]) that stay four points once
    /// `c`'s opponent has played the empty point `q`. Only a rule with no forbidden points may ask: there the
    /// opponent's stone can only take fours away (a four needs a point where `c` completes five, and
    /// whether the run is five or an overline depends on `c`'s stones alone), and only along `q`'s lines.
    pub fn fours_kept_after(&self, c: Color, q: Point, fours: Bitboard) -> Bitboard {
        debug_assert!(self.maybe_forbidden.is_empty());
        let stone = u32::from(cell::stone(c.opponent()));
        let mut kept = fours;
        kept.clear(q);
        for x in kept.iter() {
            let Some((d, k)) = along(q, x).filter(|&(_, k)| k.abs() <= 4) else {
                continue;
            };
            // The opponent's stone in the slot of x's key where q sits.
            let change = stone << (2 * slot_of(-k));
            if !self.still(c, x, d, change, Threats::FOUR) {
                kept.clear(x);
            }
        }
        kept
    }

    /// The points of `fives` (some of `c`'s five points, [`Position::fives`]) that stay five points once `c`
    /// has played the empty point `q`: all but `q` where `c`'s overlines win; where they do not, a stone
    /// next to a run of four turns its five into an overline.
    pub fn fives_kept_after(&self, c: Color, q: Point, fives: Bitboard) -> Bitboard {
        let mut kept = fives;
        kept.clear(q);
        if !self.exact[c.index()] {
            return kept;
        }
        let stone = u32::from(cell::stone(c));
        for x in kept.iter() {
            let change = match along(q, x) {
                Some((d, 5)) => (d, EXT_BACK),
                Some((d, -5)) => (d, EXT_FORWARD),
                Some((d, k)) if k.abs() <= 4 => (d, stone << (2 * slot_of(-k))),
                _ => continue,
            };
            if !self.still(c, x, change.0, change.1, Threats::FIVE) {
                kept.clear(x);
            }
        }
        kept
    }

    /// Whether the empty point `x` still gives `c` the threat `flag` once the bits `change` are set in its
    /// line key along `d` (its extended key where `c`'s overlines do not win), the other directions as they are.
    #[inline]
    fn still(&self, c: Color, x: Point, d: Direction, change: u32, flag: u8) -> bool {
        let entry = if self.exact[c.index()] {
            line_entry(self.table.fine_ext(c, self.board.key_ext(x, d, c) | change))
        } else {
            self.table.both(self.board.key(x, d) | change as u16)[c.index()]
        };
        let lines = self.patterns[c.index()][x.index()].with_entry(d, entry);
        lines.coarse().threats().flags & flag != 0
    }
}

/// The direction and the signed number of steps `k` from `q` to `x` along it (`x` = `q` + k·d), if the two
/// points share a line.
fn along(q: Point, x: Point) -> Option<(Direction, i32)> {
    let (dx, dy) = (x.col() as i32 - q.col() as i32, x.row() as i32 - q.row() as i32);
    match (dx, dy) {
        (_, 0) => Some((Direction::Horizontal, dx)),
        (0, _) => Some((Direction::Vertical, dy)),
        _ if dx == dy => Some((Direction::Diagonal, dx)),
        _ if dx == -dy => Some((Direction::AntiDiagonal, dy)),
        _ => None,
    }
}

/// The slot of a line key ([`NEIGHBOUR_OFFSETS`]) holding the neighbour `k` steps along (0 < |k| ≤ 4).
#[inline]
fn slot_of(k: i32) -> i32 {
    if k < 0 {
        k + 4
    } else {
        k + 3
    }
}
