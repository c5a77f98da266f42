//! What a move would do to the threat sets, read off the line keys without making it: the VCF's way of
//! skipping the moves whose outcome it can already tell ([`crate::search::threat`]).

use super::*;
use crate::board::cell;
use crate::eval::pattern::KEYS;
use std::sync::OnceLock;

/// Black's and white's [`fives_after`] (overlines winning) for every plain line key, black's in the low byte:
/// built on first use, and the same under every rule.
fn fives_table() -> &'static [u16; KEYS] {
    static TABLE: OnceLock<Box<[u16; KEYS]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u16; KEYS]);
        for (key, entry) in table.iter_mut().enumerate() {
            let [black, white] = Color::BOTH.map(|c| fives_after(key as u32, c, false));
            *entry = u16::from_le_bytes([black, white]);
        }
        table
    })
}

impl Position {
    /// The points where `c` could complete five once it has played the empty point `p`, along `p`'s four
    /// lines (where else `c` could already complete five is [`Position::fives`]).
    pub fn fives_made_by(&self, c: Color, p: Point) -> Bitboard {
        let exact = self.exact[c.index()];
        let table = fives_table();
        let mut fives = Bitboard::EMPTY;
        for d in Direction::ALL {
            let bits = if exact {
                fives_after(self.board.key_ext(p, d, c), c, true)
            } else {
                table[self.board.key(p, d) as usize].to_le_bytes()[c.index()]
            };
            for (slot, &k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                if bits >> slot & 1 != 0 {
                    fives.set(p.step(d, k));
                }
            }
        }
        fives
    }

    /// The points of `fours` (some of `c`'s four points, [`Position::fours`]) that stay four points once
    /// `c`'s opponent has played the empty point `q`. Only a rule where `c`'s overlines win and no point is
    /// forbidden to `c` may ask: there the opponent's stone can only take fours away, along `q`'s lines.
    pub fn fours_kept_after(&self, c: Color, q: Point, fours: Bitboard) -> Bitboard {
        debug_assert!(!self.exact[c.index()] && self.maybe_forbidden.is_empty());
        let stone = cell::stone(c.opponent());
        let mut kept = fours;
        kept.clear(q);
        for x in kept.iter() {
            // x is k steps from q along d, so q sits in the slot of offset −k of x's key along d.
            let (dx, dy) = (x.col() as i32 - q.col() as i32, x.row() as i32 - q.row() as i32);
            let (d, k) = match (dx, dy) {
                (_, 0) => (Direction::Horizontal, dx),
                (0, _) => (Direction::Vertical, dy),
                _ if dx == dy => (Direction::Diagonal, dx),
                _ if dx == -dy => (Direction::AntiDiagonal, dy),
                _ => continue,
            };
            if k.abs() > 4 {
                continue;
            }
            let slot = if k > 0 { 4 - k } else { 3 - k };
            let key = self.board.key(x, d) | stone << (2 * slot);
            let entry = self.table.both(key)[c.index()];
            let lines = self.patterns[c.index()][x.index()].with_entry(d, entry);
            if lines.coarse().threats().flags & Threats::FOUR == 0 {
                kept.clear(x);
            }
        }
        kept
    }
}
