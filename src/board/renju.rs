//! Renju's forbidden points (禁手) for black: overline, double four and double three.
//!
//! The rule: a black move that makes exactly five wins whatever else it makes. Any other black move is
//! forbidden if it makes an overline (six or more), two or more fours, or two or more threes. A *four* is a
//! line where one more black stone makes exactly five (two such points in one line that are not the two ends
//! of one straight four count as two fours). A *three* is a line where one more black stone, on a point that
//! is not itself forbidden, makes a straight four (four in a row whose both ends make exactly five). Fours
//! and threes count only if they include the stone just played; a line that holds a four is not also a three.
//!
//! Everything a black stone makes along one line depends only on the line's extended key (the four points on
//! each side and whether black stones stand five steps away), so one table, built once, answers the line
//! questions; only the "is the four-point itself forbidden" part of a three recurses, on the few points
//! where two threes meet.

use crate::board::coord::{Color, Direction, Point};
use crate::board::{cell, fives_after, Board, EXT_BACK, EXT_FORWARD, EXT_KEYS, NEIGHBOUR_OFFSETS};
use std::sync::OnceLock;

/// Why a point is forbidden to black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// 三三禁手: two or more threes.
    DoubleThree,
    /// 四四禁手: two or more fours.
    DoubleFour,
    /// 长连禁手: six or more in a row.
    Overline,
}

impl Forbidden {
    /// English name, also the wasm API's value: `double three`, `double four`, `overline`.
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        }
    }

    /// Chinese name.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "三三禁手",
            Forbidden::DoubleFour => "四四禁手",
            Forbidden::Overline => "长连禁手",
        }
    }
}

/// What a black stone makes along one line, packed in 16 bits.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LineInfo(u16);

impl LineInfo {
    const FIVE: u16 = 1 << 2;
    const OVERLINE: u16 = 1 << 3;

    /// Exactly five through the stone.
    #[inline]
    pub const fn five(self) -> bool {
        self.0 & Self::FIVE != 0
    }

    /// Six or more through the stone.
    #[inline]
    pub const fn overline(self) -> bool {
        self.0 & Self::OVERLINE != 0
    }

    /// Number of fours through the stone along this line (0, 1 or 2).
    #[inline]
    pub const fn fours(self) -> u32 {
        (self.0 & 3) as u32
    }

    /// The neighbour slots (bit `s` for [`NEIGHBOUR_OFFSETS`]`[s]`) where one more stone makes a straight four
    /// through this stone; empty when the line already holds a four.
    #[inline]
    pub const fn three_slots(self) -> u8 {
        (self.0 >> 8) as u8
    }
}

/// The verdict from the line tables alone, taking every three at face value (its four-point not forbidden).
/// Every truly forbidden point gets `Some`, with the true reason unless it is a double three that the
/// recursion clears; [`forbidden`] refines it.
#[inline]
pub fn local_verdict(lines: [LineInfo; 4]) -> Option<Forbidden> {
    if lines.iter().any(|l| l.five()) {
        return None;
    }
    if lines.iter().any(|l| l.overline()) {
        return Some(Forbidden::Overline);
    }
    if lines.iter().map(|l| l.fours()).sum::<u32>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    if lines.iter().filter(|l| l.three_slots() != 0).count() >= 2 {
        return Some(Forbidden::DoubleThree);
    }
    None
}

/// The line table: extended key ([`Board::key_ext`] for black) → [`LineInfo`] of a black stone there.
#[inline]
pub fn line_info(key: u32) -> LineInfo {
    static TABLE: OnceLock<Box<[LineInfo]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..EXT_KEYS as u32).map(classify).collect());
    table[key as usize & (EXT_KEYS - 1)]
}

/// Cells of a line window: index 5 is the stone examined, 0 and 10 the points five steps away.
const BLACK: u8 = 1;
const EMPTY: u8 = 0;
const BLOCKED: u8 = 2;

fn window(key: u32) -> [u8; 11] {
    let mut w = [BLOCKED; 11];
    w[5] = BLACK;
    for slot in 0..8 {
        let code = (key >> (2 * slot)) as u16 & 3;
        let i = if slot < 4 { slot + 1 } else { slot + 2 };
        w[i] = match code {
            cell::EMPTY => EMPTY,
            c if c == cell::stone(Color::Black) => BLACK,
            _ => BLOCKED,
        };
    }
    if key & EXT_BACK != 0 {
        w[0] = BLACK;
    }
    if key & EXT_FORWARD != 0 {
        w[10] = BLACK;
    }
    w
}

/// The black run through `i`: its first and last index (a run reaching an end of the window is at least six
/// long whenever it holds the centre).
fn run(w: &[u8; 11], i: usize) -> (usize, usize) {
    let (mut a, mut b) = (i, i);
    while a > 0 && w[a - 1] == BLACK {
        a -= 1;
    }
    while b < 10 && w[b + 1] == BLACK {
        b += 1;
    }
    (a, b)
}

/// Number of fours through the stone, the two ends of one straight four counting once.
fn fours(key: u32) -> u16 {
    let fives = fives_after(key, Color::Black, true);
    let points: Vec<i32> = NEIGHBOUR_OFFSETS
        .iter()
        .enumerate()
        .filter(|&(slot, _)| fives >> slot & 1 != 0)
        .map(|(_, &k)| k)
        .collect();
    match points.as_slice() {
        [] => 0,
        [a, b] if b - a == 5 => 1,
        p => p.len().min(2) as u16,
    }
}

fn classify(key: u32) -> LineInfo {
    let w = window(key);
    let (a, b) = run(&w, 5);
    match b - a + 1 {
        5 => return LineInfo(LineInfo::FIVE),
        len if len >= 6 => return LineInfo(LineInfo::OVERLINE),
        _ => {}
    }
    let n = fours(key);
    let mut threes = 0u16;
    if n == 0 {
        for (slot, i) in [1, 2, 3, 4, 6, 7, 8, 9].into_iter().enumerate() {
            if w[i] != EMPTY {
                continue;
            }
            let mut next = w;
            next[i] = BLACK;
            let (a, b) = run(&next, 5);
            // A straight four: four in a row through the centre, both ends empty and making exactly five.
            if b - a + 1 == 4
                && a >= 2
                && b <= 8
                && next[a - 1] == EMPTY
                && next[b + 1] == EMPTY
                && next[a - 2] != BLACK
                && next[b + 2] != BLACK
            {
                threes |= 1 << slot;
            }
        }
    }
    LineInfo(n | threes << 8)
}

/// Deepest recursion of the three test: a point examined deeper than this is not forbidden by threes (only
/// by an overline or fours), which bounds the work. Real positions never come near it.
const MAX_DEPTH: usize = 8;

/// Black stones imagined on the board during the recursion.
struct Extra {
    points: [Point; MAX_DEPTH + 2],
    len: usize,
}

impl Extra {
    fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.points[..self.len].iter().copied()
    }
}

/// The extended black key of `p` along `d` with the imagined stones added.
fn key_with(board: &Board, extra: &Extra, p: Point, d: Direction) -> u32 {
    let mut key = board.key_ext(p, d, Color::Black);
    for e in extra.iter() {
        for k in [-5, 5] {
            if p.offset(d, k) == Some(e) {
                key |= if k < 0 { EXT_BACK } else { EXT_FORWARD };
            }
        }
        for (slot, &k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            if p.offset(d, k) == Some(e) {
                key |= (cell::stone(Color::Black) as u32) << (2 * slot);
            }
        }
    }
    key
}

/// Why a black stone on the empty point `p` would be forbidden under renju, if it would (whatever the side to
/// move and the board's rule).
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if board.at(p).is_some() {
        return None;
    }
    let lines = Direction::ALL.map(|d| line_info(board.key_ext(p, d, Color::Black)));
    match local_verdict(lines) {
        Some(Forbidden::DoubleThree) => {}
        other => return other,
    }
    let mut extra = Extra {
        points: [Point::default(); MAX_DEPTH + 2],
        len: 0,
    };
    check(board, &mut extra, p, 0)
}

/// The recursive test of `p` with the imagined stones of `extra` on the board.
fn check(board: &Board, extra: &mut Extra, p: Point, depth: usize) -> Option<Forbidden> {
    let lines = Direction::ALL.map(|d| line_info(key_with(board, extra, p, d)));
    let verdict = local_verdict(lines);
    if verdict != Some(Forbidden::DoubleThree) || depth > MAX_DEPTH {
        return verdict.filter(|&f| f != Forbidden::DoubleThree);
    }
    extra.points[extra.len] = p;
    extra.len += 1;
    let mut threes = 0;
    for (d, line) in Direction::ALL.into_iter().zip(lines) {
        let slots = line.three_slots();
        let is_three = (0..8).filter(|s| slots >> s & 1 != 0).any(|s| {
            p.offset(d, NEIGHBOUR_OFFSETS[s])
                .is_some_and(|q| check(board, extra, q, depth + 1).is_none())
        });
        if is_three {
            threes += 1;
            if threes >= 2 {
                break;
            }
        }
    }
    extra.len -= 1;
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

/// Black's forbidden points on `board` with their reasons, in point order.
pub fn forbidden_points(board: &Board) -> Vec<(Point, Forbidden)> {
    Point::all()
        .filter_map(|p| forbidden(board, p).map(|f| (p, f)))
        .collect()
}
