//! The seed program's breakdown of one point for one colour: what the page's right-click shows.

use crate::board::coord::{Color, Point};
use crate::board::renju::Forbidden;
use crate::eval::pattern::{Combo, Pattern};
use crate::eval::Position;

/// One colour's view of a point, as the page's right-click shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareEval {
    /// The pattern along each direction, in [`Direction::ALL`](crate::board::coord::Direction::ALL) order.
    pub directions: [Pattern; 4],
    /// Their combination.
    pub combo: Combo,
    /// The combination's score.
    pub pattern_score: i32,
    /// The centre-weighted position value (0–7).
    pub position: i32,
    /// `pattern_score + position`; 0 on an occupied point.
    pub total: i32,
    /// For black under renju: why the point is forbidden, if it is (then it is no threat of black's).
    pub forbidden: Option<Forbidden>,
}

impl Position {
    /// The full breakdown of `p` for `c`.
    pub fn square(&self, p: Point, c: Color) -> SquareEval {
        let directions = self.patterns[c.index()][p.index()].coarse().to_array();
        let combo = self.combo(p, c);
        let occupied = self.board.at(p).is_some();
        let forbidden = if c == Color::Black { self.forbidden(p) } else { None };
        let pattern_score = if forbidden.is_some() { 0 } else { combo.score() };
        SquareEval {
            directions,
            combo,
            pattern_score,
            position: p.position_value(),
            total: if occupied {
                0
            } else {
                pattern_score + p.position_value()
            },
            forbidden,
        }
    }
}
