//! Game records: the moves in order, space-separated (`h8 i9 h10`), black first. A set-up position comes
//! first as tokens `b:POINT` (a black stone), `w:POINT` (a white stone) and `to:black` / `to:white` (the side
//! to move after the set-up): `b:h8 b:h9 w:i9 to:white j10 k11` is black h8 h9 and white i9 set up, then
//! white plays j10 and black k11. A record without set-up tokens is a game from the empty board, as before.

use crate::board::coord::{Color, Point};
use crate::board::renju::Forbidden;
use crate::board::setup::{Clip, SetupError};
use crate::board::{PlayError, Rule};
use crate::eval::Position;
use std::fmt;

/// Why a game record was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Move `index` (1-based) is not a point in `h8` notation.
    BadPoint {
        /// 1-based move number.
        index: usize,
        /// The offending text (shortened).
        text: Clip,
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
    /// The set-up part is not a position.
    Setup(SetupError),
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
            RecordError::Setup(why) => write!(f, "the set-up position is not valid: {why}"),
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
                text: Clip::new(t),
            })
        })
        .collect()
}

/// A set-up position: stones placed, and the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Black stones placed.
    pub black: Vec<Point>,
    /// White stones placed.
    pub white: Vec<Point>,
    /// Side to move after the set-up (`None`: inferred from the stone counts, black on a tie).
    pub to_move: Option<Color>,
}

impl Setup {
    /// Stones placed.
    pub fn len(&self) -> usize {
        self.black.len() + self.white.len()
    }

    /// Whether nothing is placed and no side to move is given.
    pub fn is_empty(&self) -> bool {
        self.len() == 0 && self.to_move.is_none()
    }

    /// The side to move: as given, else white if black has one stone more, else black.
    pub fn side_to_move(&self) -> Color {
        self.to_move.unwrap_or(if self.black.len() == self.white.len() + 1 {
            Color::White
        } else {
            Color::Black
        })
    }
}

/// Splits a record into its set-up tokens (read into a [`Setup`]) and the text of its moves.
pub fn split_setup(record: &str) -> Result<(Setup, String), RecordError> {
    let mut setup = Setup::default();
    let mut moves = Vec::new();
    let tokens = record.split(|c: char| c.is_whitespace() || c == ',' || c == ';');
    for token in tokens.filter(|t| !t.is_empty()) {
        let Some((key, value)) = token.split_once(':') else {
            moves.push(token);
            continue;
        };
        if !moves.is_empty() {
            return Err(RecordError::Setup(SetupError::AfterMoves(Clip::new(token))));
        }
        let point = || {
            value
                .parse::<Point>()
                .map_err(|_| RecordError::Setup(SetupError::BadPoint(Clip::new(token))))
        };
        match key.to_ascii_lowercase().as_str() {
            "b" => setup.black.push(point()?),
            "w" => setup.white.push(point()?),
            "to" => {
                setup.to_move = Some(match value.to_ascii_lowercase().as_str() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    _ => return Err(RecordError::Setup(SetupError::UnknownSide(Clip::new(value)))),
                })
            }
            _ => return Err(RecordError::Setup(SetupError::UnknownPart(Clip::new(token)))),
        }
    }
    Ok((setup, moves.join(" ")))
}

/// Reads a record (with its set-up part, if any) and replays it with every move checked. Also returns the
/// set-up; the position's history starts with the set-up stones ([`Setup::len`] of them).
pub fn parse_game(record: &str, rule: Rule) -> Result<(Position, Setup), RecordError> {
    let (setup, moves) = split_setup(record)?;
    let points = parse_points(&moves)?;
    let mut pos = if setup.is_empty() {
        Position::new(rule)
    } else {
        Position::from_stones(rule, &setup.black, &setup.white, setup.side_to_move()).map_err(RecordError::Setup)?
    };
    for (i, &p) in points.iter().enumerate() {
        pos.play(p).map_err(|e| match e {
            PlayError::Occupied(point) => RecordError::Occupied { index: i + 1, point },
            PlayError::GameOver => RecordError::AfterEnd { index: i + 1 },
            PlayError::Forbidden(point, reason) => RecordError::Forbidden {
                index: i + 1,
                point,
                reason,
            },
        })?;
    }
    Ok((pos, setup))
}

/// Reads a record (with its set-up part, if any) and replays it with every move checked.
pub fn parse_position(record: &str, rule: Rule) -> Result<Position, RecordError> {
    parse_game(record, rule).map(|(pos, _)| pos)
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
    fn set_up_positions_are_read_and_checked() {
        let (pos, setup) = parse_game("b:h8 b:h9 w:i9 to:white j10 k11", Rule::Freestyle).unwrap();
        assert_eq!(setup.len(), 3);
        assert_eq!(pos.board().stone_count(), 5);
        assert_eq!(pos.to_move(), Color::White);
        assert_eq!(pos.board().at("j10".parse().unwrap()), Some(Color::White));
        assert_eq!(pos.board().at("k11".parse().unwrap()), Some(Color::Black));
        // White moves first on an empty-count tie.
        let (pos, _) = parse_game("B:h8 W:i9 TO:W", Rule::Freestyle).unwrap();
        assert_eq!(pos.to_move(), Color::White);
        for bad in [
            "b:h8 b:h9 b:h10 to:white",
            "b:h8 w:h8",
            "b:a1 b:a2 b:a3 b:a4 b:a5 w:c1 w:c2 w:c3 w:c4 w:c5",
            "h8 b:i9",
            "b:z9",
            "x:h8",
            "to:red",
        ] {
            let err = parse_game(bad, Rule::Freestyle).err();
            assert!(matches!(err, Some(RecordError::Setup(_))), "{bad}: {err:?}");
        }
        assert_eq!(
            parse_position("h8 i9", Rule::Freestyle).unwrap().board().record(),
            "h8 i9"
        );
    }

    #[test]
    fn set_up_stones_are_judged_as_a_whole_not_in_the_order_listed() {
        let six = |first: &str, rest: &str| {
            format!("{first}:a1 {first}:a2 {first}:a3 {first}:a4 {first}:a5 {first}:a6 {rest}")
        };
        let white = "w:c1 w:c2 w:c3 w:e4 w:c6 w:c8";
        let black = "b:c1 b:c2 b:c3 b:e4 b:c6 b:c8";
        // A six is no win in standard: a legal position, whichever stone is listed last.
        for record in [six("b", white), format!("b:a1 b:a2 b:a3 b:a5 b:a6 b:a4 {white}")] {
            assert!(parse_game(&record, Rule::Standard).is_ok(), "{record}");
        }
        // In freestyle it is a win already on the board; under renju black's overline is forbidden, white's wins.
        let err = |record: &str, rule| match parse_game(record, rule) {
            Err(RecordError::Setup(why)) => why.to_string(),
            other => panic!("{record} under {rule:?}: {other:?}"),
        };
        assert!(err(&six("b", white), Rule::Freestyle).contains("black already has five"));
        assert!(err(&six("b", white), Rule::Renju).contains("overline"));
        assert!(err(&six("w", black), Rule::Renju).contains("white already has five"));
        assert!(err("b:a2 b:a3 b:a4 b:a5 b:a1 w:c1 w:c2 w:c3 w:c5 w:c7", Rule::Standard).contains("five"));
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
