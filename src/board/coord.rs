//! Typed coordinates: [`Color`], [`Point`] and the notations that name them.
//!
//! A point is stored as `row * 16 + col` (row 0 is the bottom row `1`, col 0 is column `a`). The sixteenth
//! column is padding that never holds a stone, so a step off the left or right edge lands on padding and
//! bitboard shifts by a constant cannot wrap a line onto the next row.

use std::fmt;

/// Width and height of the board.
pub const SIZE: usize = 15;
/// Number of points on the board.
pub const CELLS: usize = SIZE * SIZE;
/// Stride between rows in the padded layout (one padding column per row).
pub const STRIDE: usize = 16;
/// Number of slots in the padded layout (`STRIDE * SIZE`); arrays indexed by [`Point::index`] use this length.
pub const SLOTS: usize = STRIDE * SIZE;

/// A player's colour. Black moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// Both colours, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white; for indexing per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four line directions through a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Along a row (a1 → o1).
    Horizontal = 0,
    /// Along a column (a1 → a15).
    Vertical = 1,
    /// Up and to the right (a1 → o15).
    Diagonal = 2,
    /// Up and to the left (o1 → a15).
    AntiDiagonal = 3,
}

impl Direction {
    /// All four directions, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The index step of one move along this direction in the padded layout.
    #[inline]
    pub const fn step(self) -> i32 {
        match self {
            Direction::Horizontal => 1,
            Direction::Vertical => STRIDE as i32,
            Direction::Diagonal => STRIDE as i32 + 1,
            Direction::AntiDiagonal => STRIDE as i32 - 1,
        }
    }

    /// One step as (columns to the right, rows up).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (-1, 1),
        }
    }

    /// Human-readable name.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// [`Point::reach`] of every `u8` index (zero off the board), so that indexing by a point needs no bounds check.
static REACH: [[u16; 4]; 256] = {
    let mut table = [[0u16; 4]; 256];
    let mut i = 0;
    while i < SLOTS {
        if let Some(p) = Point::from_index(i) {
            let mut d = 0;
            while d < 4 {
                let mut k = -5;
                while k <= 5 {
                    if p.offset(Direction::ALL[d], k).is_some() {
                        table[i][d] |= 1 << (k + 5);
                    }
                    k += 1;
                }
                d += 1;
            }
        }
        i += 1;
    }
    table
};

/// A point on the 15×15 board. The default is `a1`, a placeholder for fixed-size move arrays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// Why a point's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError(pub String);

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad point '{}'", self.0)
    }
}

impl std::error::Error for ParsePointError {}

impl Point {
    /// The centre point, `h8`.
    pub const CENTER: Point = Point(7 * STRIDE as u8 + 7);

    /// The point at `col` (0 = `a`) and `row` (0 = row `1`, the bottom), if both are on the board.
    #[inline]
    pub const fn new(col: usize, row: usize) -> Option<Point> {
        if col < SIZE && row < SIZE {
            Some(Point((row * STRIDE + col) as u8))
        } else {
            None
        }
    }

    /// The point with this padded-layout index, if it is on the board.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < SLOTS && index % STRIDE < SIZE {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The padded-layout index (`row * 16 + col`), below [`SLOTS`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = `a`.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % STRIDE
    }

    /// Row, 0 = the bottom row `1`.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / STRIDE
    }

    /// The point `k` steps along `dir` (negative `k` goes backwards), if it is on the board.
    #[inline]
    pub const fn offset(self, dir: Direction, k: i32) -> Option<Point> {
        // Column and row apart: in the padded layout, two or more steps across the left or right edge land
        // back on the board, on the row beside.
        let (dc, dr) = dir.delta();
        let (c, r) = (self.col() as i32 + dc * k, self.row() as i32 + dr * k);
        if c >= 0 && c < SIZE as i32 && r >= 0 && r < SIZE as i32 {
            Some(Point((r as usize * STRIDE + c as usize) as u8))
        } else {
            None
        }
    }

    /// Which points within five steps along `dir` are on the board: bit `k + 5` set when
    /// [`Point::offset`]`(dir, k)` is `Some`, for `k` in -5..=5. One table load instead of a bounds test per step.
    #[inline(always)]
    pub fn reach(self, dir: Direction) -> u16 {
        REACH[self.0 as usize][dir as usize]
    }

    /// The point `k` steps along `dir`, for a `k` whose bit is set in [`Point::reach`] (for any other `k`, some
    /// point or padding index of no meaning).
    #[inline(always)]
    pub const fn step(self, dir: Direction, k: i32) -> Point {
        Point((self.0 as i32 + dir.step() * k) as u8)
    }

    /// Every point on the board, row by row from `a1`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SLOTS).filter_map(Point::from_index)
    }

    /// The Gomocup protocol's coordinates: 0-based `x` from the left, `y` from the top.
    pub const fn to_gomocup(self) -> (usize, usize) {
        (self.col(), SIZE - 1 - self.row())
    }

    /// The point at Gomocup coordinates `x,y` (`y` counted from the top), if on the board.
    pub const fn from_gomocup(x: usize, y: usize) -> Option<Point> {
        if y < SIZE {
            Point::new(x, SIZE - 1 - y)
        } else {
            None
        }
    }

    /// Centre-weighted position value: 7 at the centre falling by one per ring to 0 at the edge.
    #[inline]
    pub const fn position_value(self) -> i32 {
        let (c, r) = (self.col(), self.row());
        let a = if c < SIZE - 1 - c { c } else { SIZE - 1 - c };
        let b = if r < SIZE - 1 - r { r } else { SIZE - 1 - r };
        (if a < b { a } else { b }) as i32
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

impl std::str::FromStr for Point {
    type Err = ParsePointError;

    /// Reads `h8`-style notation (case-insensitive column letter, row 1–15).
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(s.chars().take(12).collect());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: usize = digits.parse().map_err(|_| err())?;
        if row == 0 {
            return Err(err());
        }
        Point::new((letter as u8 - b'a') as usize, row - 1).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_matches_gomocup() {
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            let (x, y) = p.to_gomocup();
            assert_eq!(Point::from_gomocup(x, y), Some(p));
        }
        assert_eq!(Point::all().count(), CELLS);
        let h8: Point = "h8".parse().unwrap();
        assert_eq!(h8, Point::CENTER);
        assert_eq!(h8.to_gomocup(), (7, 7));
        assert_eq!("a1".parse::<Point>().unwrap().to_gomocup(), (0, 14));
        assert_eq!("O15".parse::<Point>().unwrap().to_gomocup(), (14, 0));
        for bad in ["", "h", "p8", "h0", "h16", "8h", "h-1", "h08x", "é5", "h+8"] {
            assert!(bad.parse::<Point>().is_err(), "{bad} should not parse");
        }
    }

    #[test]
    fn offsets_stop_at_every_edge() {
        let a1: Point = "a1".parse().unwrap();
        let o15: Point = "o15".parse().unwrap();
        assert_eq!(a1.offset(Direction::Horizontal, -1), None);
        assert_eq!(a1.offset(Direction::AntiDiagonal, 1), None);
        assert_eq!(a1.offset(Direction::Vertical, -1), None);
        assert_eq!(o15.offset(Direction::Horizontal, 1), None);
        assert_eq!(o15.offset(Direction::Diagonal, 1), None);
        assert_eq!(a1.offset(Direction::Diagonal, 14), Some(o15));
        let o1: Point = "o1".parse().unwrap();
        assert_eq!(o1.offset(Direction::AntiDiagonal, 14), "a15".parse().ok());
        assert_eq!(o1.offset(Direction::Horizontal, 1), None);
    }

    #[test]
    fn offset_never_wraps_across_an_edge() {
        let pt = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(pt("a1").offset(Direction::AntiDiagonal, 2), None);
        assert_eq!(pt("o1").offset(Direction::Horizontal, 2), None);
        assert_eq!(pt("o1").offset(Direction::Diagonal, 3), None);
        assert_eq!(pt("a2").offset(Direction::Horizontal, -2), None);
        assert_eq!(pt("n1").offset(Direction::Horizontal, 1), Some(pt("o1")));
        assert_eq!(pt("b2").offset(Direction::AntiDiagonal, 1), Some(pt("a3")));
        for d in Direction::ALL {
            let (dc, dr) = d.delta();
            assert_eq!(d.step(), dr * STRIDE as i32 + dc, "{d:?}");
        }
        for p in Point::all() {
            for d in Direction::ALL {
                for k in -5i32..=5 {
                    let (dc, dr) = d.delta();
                    let (c, r) = (p.col() as i32 + dc * k, p.row() as i32 + dr * k);
                    let on = (0..SIZE as i32).contains(&c) && (0..SIZE as i32).contains(&r);
                    assert_eq!(p.offset(d, k).is_some(), on, "{p} {d:?} {k}");
                }
            }
        }
    }

    #[test]
    fn reach_and_step_agree_with_offset() {
        for p in Point::all() {
            for d in Direction::ALL {
                for k in -5..=5 {
                    let on = p.reach(d) >> (k + 5) & 1 != 0;
                    assert_eq!(on, p.offset(d, k).is_some(), "{p} {d:?} {k}");
                    if on {
                        assert_eq!(Some(p.step(d, k)), p.offset(d, k));
                    }
                }
            }
        }
        assert!((SLOTS..256).all(|i| REACH[i] == [0; 4]));
    }

    #[test]
    fn position_values_follow_the_seed_table() {
        assert_eq!(Point::CENTER.position_value(), 7);
        assert_eq!("a1".parse::<Point>().unwrap().position_value(), 0);
        assert_eq!("b2".parse::<Point>().unwrap().position_value(), 1);
        assert_eq!("g8".parse::<Point>().unwrap().position_value(), 6);
        assert_eq!("h15".parse::<Point>().unwrap().position_value(), 0);
    }
}
