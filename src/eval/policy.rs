//! The learned move-ordering score (policy): a candidate point's value is a trained table entry for its
//! pattern code ([`crate::eval::codes`]) for the side to move, one for its code for the opponent, and one for
//! how near it is to the last two moves. The tables are data (`policy_freestyle.rs`, written by
//! `gomoku train-policy`; see [`crate::eval::policy_train`]), in hundredths of a log-odds unit of "this is the
//! move a deeper search plays".

use crate::board::coord::Point;
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

/// The policy of one position: its tables and last two moves, set up once per node so that each candidate
/// costs three table lookups.
#[derive(Copy, Clone)]
pub struct Policy {
    tables: &'static PolicyTables,
    /// The opponent's last move and the side to move's last move.
    last: [Option<Point>; 2],
}

/// Distance class of `p` from `q`: 0 for Chebyshev distance 1, 1 for 2, 2 for farther or no move.
#[inline]
fn ring(p: Point, q: Option<Point>) -> usize {
    match q {
        Some(q) => (p.row().abs_diff(q.row()).max(p.col().abs_diff(q.col()))).clamp(1, 3) - 1,
        None => 2,
    }
}

impl Policy {
    /// The policy of `pos` for its side to move.
    #[inline]
    pub fn new(pos: &Position) -> Policy {
        let h = pos.board().history();
        let n = h.len();
        Policy {
            tables: PolicyTables::get(pos.board().rule()),
            last: [n.checked_sub(1).map(|i| h[i]), n.checked_sub(2).map(|i| h[i])],
        }
    }

    /// The nearness class of `p` (below [`NEAR_CLASSES`]).
    #[inline]
    pub fn near(&self, p: Point) -> usize {
        3 * ring(p, self.last[0]) + ring(p, self.last[1])
    }

    /// The policy score of the empty point `p` in `pos` for the side to move.
    #[inline]
    pub fn score(&self, pos: &Position, p: Point) -> i32 {
        let me = pos.to_move();
        let t = self.tables;
        t.me[pos.code(p, me) as usize] as i32
            + t.opp[pos.code(p, me.opponent()) as usize] as i32
            + t.near[self.near(p)] as i32
    }
}
