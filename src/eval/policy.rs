//! The learned move-ordering score (policy): a candidate point's value is a trained table entry for its
//! pattern code ([`crate::eval::codes`]) for the side to move, one for its code for the opponent, and one for
//! how near it is to the last two moves. The tables are data (`policy_freestyle.rs`, written by
//! `gomoku train-policy`; see [`crate::eval::policy_train`]), in hundredths of a log-odds unit of "this is the
//! move a deeper search plays".

use crate::board::coord::{Color, Point, SIZE, STRIDE};
use crate::board::Rule;
use crate::eval::codes::CODES;
use crate::eval::policy_freestyle as freestyle;
use crate::eval::Position;

/// Number of nearness classes: Chebyshev distance 1, 2 or more to the opponent's last move, times the same
/// to the side to move's own last move.
pub const NEAR_CLASSES: usize = 9;

/// Number of weights of the policy: codes for the side to move, codes for the opponent, nearness classes.
pub const FEATURES: usize = 2 * CODES + NEAR_CLASSES;
/// Index of the first opponent-code feature.
pub const OPP_BASE: usize = CODES;
/// Index of the first nearness feature.
pub const NEAR_BASE: usize = 2 * CODES;

/// One rule's policy tables, in hundredths of a log-odds unit.
pub struct PolicyTables {
    /// Value of a point by its code for the side to move.
    pub me: [i16; CODES],
    /// Value of a point by its code for the opponent.
    pub opp: [i16; CODES],
    /// Value of a point by its nearness class ([`Policy::near`]).
    pub near: [i16; NEAR_CLASSES],
}

/// The freestyle tables.
static FREESTYLE: PolicyTables = PolicyTables {
    me: freestyle::ME,
    opp: freestyle::OPP,
    near: freestyle::NEAR,
};

impl PolicyTables {
    /// The tables for `rule`. Only freestyle has trained tables so far; every other rule falls back to them
    /// (the codes themselves follow the rule's own pattern table).
    pub fn get(_rule: Rule) -> &'static PolicyTables {
        &FREESTYLE
    }

    /// The weight of feature `i` (see [`FEATURES`]).
    pub fn weight(&self, i: usize) -> i32 {
        match i {
            _ if i < OPP_BASE => self.me[i] as i32,
            _ if i < NEAR_BASE => self.opp[i - OPP_BASE] as i32,
            _ => self.near[i - NEAR_BASE] as i32,
        }
    }
}

/// The policy of one position: its tables and, for its last two moves, the distance class of every row and
/// column, set up once per node so that each candidate costs a few table lookups.
#[derive(Copy, Clone)]
pub struct Policy {
    /// The table for black's code and the one for white's: `me` and `opp` swapped as the side to move
    /// requires, so that scoring a point needs no branch on the colour.
    by_colour: [&'static [i16; CODES]; 2],
    /// The nearness table.
    near: &'static [i16; NEAR_CLASSES],
    /// For the opponent's last move and the side to move's own: `min(|Δrow|, 3)` for every row (3 when there
    /// is no such move).
    rows: [[u8; STRIDE]; 2],
    /// The same for columns.
    cols: [[u8; STRIDE]; 2],
}

/// `STEPS[q][i] = min(|i - q|, 3)` for lines `i` and `q` below [`SIZE`]; the last entry, for no move, is 3
/// throughout.
static STEPS: [[u8; STRIDE]; STRIDE] = {
    let mut t = [[3; STRIDE]; STRIDE];
    let mut q = 0;
    while q < SIZE {
        let mut i = 0;
        while i < STRIDE {
            let d = i.abs_diff(q);
            t[q][i] = if d < 3 { d as u8 } else { 3 };
            i += 1;
        }
        q += 1;
    }
    t
};

/// [`STEPS`] for the line `q` of a move, or for no move.
#[inline(always)]
fn steps(q: Option<usize>) -> [u8; STRIDE] {
    STEPS[q.unwrap_or(STRIDE - 1)]
}

impl Policy {
    /// The policy of `pos` for its side to move.
    #[inline]
    pub fn new(pos: &Position) -> Policy {
        let h = pos.board().history();
        let n = h.len();
        let last = [n.checked_sub(1).map(|i| h[i]), n.checked_sub(2).map(|i| h[i])];
        let t = PolicyTables::get(pos.board().rule());
        Policy {
            by_colour: match pos.to_move() {
                Color::Black => [&t.me, &t.opp],
                Color::White => [&t.opp, &t.me],
            },
            near: &t.near,
            rows: last.map(|q| steps(q.map(Point::row))),
            cols: last.map(|q| steps(q.map(Point::col))),
        }
    }

    /// Distance class of `p` from last move `k` (0: the opponent's, 1: our own): 0 for Chebyshev distance
    /// 1, 1 for 2, 2 for farther or no move (0 on the move itself).
    #[inline(always)]
    fn ring(&self, k: usize, p: Point) -> usize {
        (self.rows[k][p.row()].max(self.cols[k][p.col()]).max(1) - 1) as usize
    }

    /// The nearness class of `p` (below [`NEAR_CLASSES`]).
    #[inline]
    pub fn near(&self, p: Point) -> usize {
        3 * self.ring(0, p) + self.ring(1, p)
    }

    /// The policy score of the empty point `p` in `pos` for the side to move.
    #[inline]
    pub fn score(&self, pos: &Position, p: Point) -> i32 {
        let [black, white] = self.by_colour;
        black[pos.code(p, Color::Black) as usize] as i32
            + white[pos.code(p, Color::White) as usize] as i32
            + self.near[self.near(p)] as i32
    }
}
