//! Game records: the moves in order, space-separated (`h8 i9 h10`), black first.

use crate::board::coord::Point;
use crate::board::renju::Forbidden;
use crate::board::{PlayError, Rule};
use crate::eval::Position;
use std::fmt;

/// Why a game record was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Move `index` (1-based) is not a point in `h8` notation.
    BadPoint {
        /// 1-based move number.
        index: usize,
        /// The offending text (shortened).
        text: String,
    },
    /// Move `index` (1-based) is on an occupied point.
    Occupied {
        /// 1-based move number.
        index: usize,
        /// The point.
        point: Point,
    },
    /// Move `index` (1-based) comes after the game was already won.
    AfterEnd {
        /// 1-based move number.
        index: usize,
    },
    /// Move `index` (1-based) is a black move on a point forbidden under renju.
    Forbidden {
        /// 1-based move number.
        index: usize,
        /// The point.
        point: Point,
        /// Why it is forbidden.
        reason: Forbidden,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::BadPoint { index, text } => {
                write!(f, "bad point '{text}' at move {index}")
            }
            RecordError::Occupied { index, point } => {
                write!(f, "{point} is already occupied (move {index})")
            }
            RecordError::AfterEnd { index } => {
                write!(f, "the game was already over before move {index}")
            }
            RecordError::Forbidden { index, point, reason } => {
                write!(f, "move {index} ({point}) is forbidden to black: {}", reason.name())
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// Reads the points of a record without checking legality. Commas and semicolons also separate moves.
pub fn parse_points(record: &str) -> Result<Vec<Point>, RecordError> {
    record
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| {
            t.parse::<Point>().map_err(|_| RecordError::BadPoint {
                index: i + 1,
                text: t.chars().take(12).collect(),
            })
        })
        .collect()
}

/// Reads a record and replays it with every move checked.
pub fn parse_position(record: &str, rule: Rule) -> Result<Position, RecordError> {
    let points = parse_points(record)?;
    Position::from_moves(rule, &points).map_err(|(i, e)| match e {
        PlayError::Occupied(point) => RecordError::Occupied { index: i + 1, point },
        PlayError::GameOver => RecordError::AfterEnd { index: i + 1 },
        PlayError::Forbidden(point, reason) => RecordError::Forbidden {
            index: i + 1,
            point,
            reason,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Outcome;

    #[test]
    fn a_valid_record_round_trips() {
        let pos = parse_position("  h8 I9,h10;j7  ", Rule::Freestyle).unwrap();
        assert_eq!(pos.board().record(), "h8 i9 h10 j7");
        assert_eq!(parse_position("", Rule::Freestyle).unwrap().board().stone_count(), 0);
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert_eq!(
            parse_position("h8 z9", Rule::Freestyle).err().unwrap().to_string(),
            "bad point 'z9' at move 2"
        );
        assert_eq!(
            parse_position("h8 i9 h8", Rule::Freestyle).err().unwrap().to_string(),
            "h8 is already occupied (move 3)"
        );
        let won = "a1 b1 a2 b2 a3 b3 a4 b4 a5";
        let pos = parse_position(won, Rule::Freestyle).unwrap();
        assert!(matches!(pos.board().outcome(), Outcome::Win { .. }));
        assert_eq!(
            parse_position(&format!("{won} o15"), Rule::Freestyle)
                .err()
                .unwrap()
                .to_string(),
            "the game was already over before move 10"
        );
    }
}
