//! The learned move-ordering score (policy): a candidate point's value is the sum of trained table entries
//! for its fine pattern code ([`crate::eval::codes`]) for the side to move, its fine code for the opponent,
//! its relation to the last two moves (near, on one of their lines, or far), and the pair of combinations
//! the two sides would make there (a point that builds and blocks at once). The tables are data
//! (`policy_freestyle.rs`, written by `gomoku train-policy`; see [`crate::eval::policy_train`]), in
//! hundredths of a log-odds unit of "this is the move a deeper search plays".

use crate::board::coord::{Color, Point, SIZE, STRIDE};
use crate::board::Rule;
use crate::eval::codes::FINE_CODES;
use crate::eval::pattern::Combo;
use crate::eval::policy_freestyle as freestyle;
use crate::eval::Position;

/// Number of relations of a point to one of the last two moves ([`RELATION`]).
const RELATIONS: usize = 6;

/// Number of nearness classes: the point's relation to the opponent's last move times its relation to the
/// side to move's own last move.
pub const NEAR_CLASSES: usize = RELATIONS * RELATIONS;

/// Number of combinations ([`Combo`]) a point can make for one side.
pub const COMBOS: usize = Combo::Five as usize + 1;
/// Number of pairs of combinations (the side to move's, the opponent's) on one point.
pub const PAIRS: usize = COMBOS * COMBOS;

/// Number of weights of the policy: codes for the side to move, codes for the opponent, nearness classes,
/// pairs of combinations.
pub const FEATURES: usize = 2 * FINE_CODES + NEAR_CLASSES + PAIRS;
/// Index of the first opponent-code feature.
pub const OPP_BASE: usize = FINE_CODES;
/// Index of the first nearness feature.
pub const NEAR_BASE: usize = 2 * FINE_CODES;
/// Index of the first pair feature.
pub const PAIR_BASE: usize = NEAR_BASE + NEAR_CLASSES;

/// One rule's policy tables, in hundredths of a log-odds unit.
pub struct PolicyTables {
    /// Value of a point by its code for the side to move.
    pub me: [i16; FINE_CODES],
    /// Value of a point by its code for the opponent.
    pub opp: [i16; FINE_CODES],
    /// Value of a point by its nearness class ([`Policy::near`]).
    pub near: [i16; NEAR_CLASSES],
    /// Value of a point by the pair of combinations it makes ([`pair`]).
    pub pair: [i16; PAIRS],
}

/// The freestyle tables.
static FREESTYLE: PolicyTables = PolicyTables {
    me: freestyle::ME,
    opp: freestyle::OPP,
    near: freestyle::NEAR,
    pair: freestyle::PAIR,
};

impl PolicyTables {
    /// The tables for `rule`: freestyle's for every rule (the codes themselves follow the rule's own pattern
    /// table). Renju tables fitted to renju games ordered held-out moves no better and did not win (README).
    pub fn get(_rule: Rule) -> &'static PolicyTables {
        &FREESTYLE
    }

    /// The weight of feature `i` (see [`FEATURES`]).
    pub fn weight(&self, i: usize) -> i32 {
        match i {
            _ if i < OPP_BASE => self.me[i] as i32,
            _ if i < NEAR_BASE => self.opp[i - OPP_BASE] as i32,
            _ if i < PAIR_BASE => self.near[i - NEAR_BASE] as i32,
            _ => self.pair[i - PAIR_BASE] as i32,
        }
    }
}

/// The policy of one position: its tables and, for its last two moves, the distance class of every row and
/// column, set up once per node so that each candidate costs a few table lookups.
#[derive(Copy, Clone)]
pub struct Policy {
    /// The table for black's code and the one for white's: `me` and `opp` swapped as the side to move
    /// requires, so that scoring a point needs no branch on the colour.
    by_colour: [&'static [i16; FINE_CODES]; 2],
    /// The nearness table.
    near: &'static [i16; NEAR_CLASSES],
    /// The pair table.
    pair: &'static [i16; PAIRS],
    /// The side to move.
    me: Color,
    /// For the opponent's last move and the side to move's own: `min(|Δrow|, FAR)` for every row ([`FAR`]
    /// when there is no such move).
    rows: [[u8; STRIDE]; 2],
    /// The same for columns.
    cols: [[u8; STRIDE]; 2],
}

/// Farthest row or column distance the nearness classes tell apart.
const FAR: u8 = 5;

/// `STEPS[q][i] = min(|i - q|, FAR)` for lines `i` and `q` below [`SIZE`]; the last entry, for no move, is
/// [`FAR`] throughout.
static STEPS: [[u8; STRIDE]; STRIDE] = {
    let mut t = [[FAR; STRIDE]; STRIDE];
    let mut q = 0;
    while q < SIZE {
        let mut i = 0;
        while i < STRIDE {
            let d = i.abs_diff(q);
            t[q][i] = if d < FAR as usize { d as u8 } else { FAR };
            i += 1;
        }
        q += 1;
    }
    t
};

/// The relation of a point to a move by their row and column distances (each at most [`FAR`]): 0 next to
/// it, 1 two steps away on one of its lines, 2 two steps away off its lines, 3 and 4 three and four steps
/// away on one of its lines, 5 anything farther (or no move).
static RELATION: [[u8; FAR as usize + 1]; FAR as usize + 1] = {
    let mut t = [[5u8; FAR as usize + 1]; FAR as usize + 1];
    let mut dr = 0;
    while dr <= FAR as usize {
        let mut dc = 0;
        while dc <= FAR as usize {
            let far = if dr > dc { dr } else { dc };
            let on_line = dr == 0 || dc == 0 || dr == dc;
            t[dr][dc] = match (far, on_line) {
                (0 | 1, _) => 0,
                (2, true) => 1,
                (2, false) => 2,
                (3, true) => 3,
                (4, true) => 4,
                _ => 5,
            };
            dc += 1;
        }
        dr += 1;
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
            pair: &t.pair,
            me: pos.to_move(),
            rows: last.map(|q| steps(q.map(Point::row))),
            cols: last.map(|q| steps(q.map(Point::col))),
        }
    }

    /// The relation ([`RELATION`]) of `p` to last move `k` (0: the opponent's, 1: our own).
    #[inline(always)]
    fn relation(&self, k: usize, p: Point) -> usize {
        RELATION[self.rows[k][p.row()] as usize][self.cols[k][p.col()] as usize] as usize
    }

    /// The nearness class of `p` (below [`NEAR_CLASSES`]).
    #[inline]
    pub fn near(&self, p: Point) -> usize {
        RELATIONS * self.relation(0, p) + self.relation(1, p)
    }

    /// The policy score of the empty point `p` in `pos` for the side to move.
    #[inline]
    pub fn score(&self, pos: &Position, p: Point) -> i32 {
        let [black, white] = self.by_colour;
        black[pos.playable_code(p, Color::Black) as usize] as i32
            + white[pos.fine_code(p, Color::White) as usize] as i32
            + self.near[self.near(p)] as i32
            + self.pair[pair(pos, p, self.me)] as i32
    }
}

/// The pair class of the empty point `p`: the combination the side to move `me` would make there and the one
/// the opponent would (below [`PAIRS`]). A point that builds and blocks at once is worth more than the sum.
#[inline(always)]
pub fn pair(pos: &Position, p: Point, me: Color) -> usize {
    COMBOS * pos.playable_combo(p, me) as usize + pos.playable_combo(p, me.opponent()) as usize
}
