//! Why a set-up position (stones placed in no known order, see `io::record`) is refused: a small `Copy` error
//! that front ends can name in any language, with the English text the command line prints as its `Display`.

use crate::board::coord::{Color, Point};
use std::fmt;

/// Most characters of user text an error keeps (the rest is cut off).
pub const CLIP_CHARS: usize = 12;

/// A short piece of user text (the first [`CLIP_CHARS`] characters), kept inline so that errors stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Clip {
    bytes: [u8; CLIP_CHARS * 4],
    len: u8,
}

impl Clip {
    /// The first [`CLIP_CHARS`] characters of `text`.
    pub fn new(text: &str) -> Clip {
        let end = text.char_indices().nth(CLIP_CHARS).map_or(text.len(), |(i, _)| i);
        let mut bytes = [0; CLIP_CHARS * 4];
        bytes[..end].copy_from_slice(&text.as_bytes()[..end]);
        Clip { bytes, len: end as u8 }
    }

    /// The kept text.
    pub fn as_str(&self) -> &str {
        // Always whole characters: `new` cuts on a character boundary.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for Clip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Clip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Why a set-up part of a record, or a set of stones, is not a position a game can start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A set-up token (the text) comes after the first move.
    AfterMoves(Clip),
    /// A `b:` or `w:` token (the text) holds no point.
    BadPoint(Clip),
    /// A `to:` token names no side (the text after `to:`).
    UnknownSide(Clip),
    /// A token `key:value` (the text) with a key that is not `b`, `w` or `to`.
    UnknownPart(Clip),
    /// The stone counts cannot alternate to leave `to_move` to move.
    Counts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
        /// The side to move asked for.
        to_move: Color,
    },
    /// The point is given twice.
    Occupied(Point),
    /// `color` already has a winning line through `point`.
    Five {
        /// Whose line.
        color: Color,
        /// A point of the line.
        point: Point,
    },
    /// Under renju black has an overline (forbidden however it was reached) through the point.
    Overline(Point),
    /// The game is already over without a winner: the board is full, or under renju black is to move and has
    /// no point left that is not forbidden.
    Decided,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::AfterMoves(token) => write!(f, "'{token}' comes after the moves"),
            SetupError::BadPoint(token) => write!(f, "bad point in '{token}'"),
            SetupError::UnknownSide(side) => write!(f, "unknown side '{side}'"),
            SetupError::UnknownPart(token) => write!(f, "unknown part '{token}'"),
            SetupError::Counts { black, white, to_move } => {
                write!(
                    f,
                    "{black} black and {white} white stones cannot have {to_move} to move"
                )
            }
            SetupError::Occupied(p) => write!(f, "{p} is already occupied"),
            SetupError::Five { color, point } => write!(f, "{color} already has five in a row (through {point})"),
            SetupError::Overline(p) => write!(f, "black has an overline through {p}, which renju forbids"),
            SetupError::Decided => f.write_str("the position is already decided"),
        }
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_keep_whole_characters() {
        assert_eq!(Clip::new("h8").as_str(), "h8");
        assert_eq!(Clip::new("abcdefghijklmnop").as_str(), "abcdefghijkl");
        assert_eq!(
            Clip::new("五子棋五子棋五子棋五子棋五子棋").as_str(),
            "五子棋五子棋五子棋五子棋"
        );
        assert_eq!(Clip::new("🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂").as_str().chars().count(), 12);
        assert_eq!(format!("{:?}", Clip::new("x'y")), "\"x'y\"");
    }
}
