//! The board: stones as bitboards, side to move, history, a Zobrist hash, per-point line keys and the rules.

pub mod bitboard;
pub mod coord;
pub mod renju;
pub mod setup;

use crate::board::bitboard::Bitboard;
use crate::board::coord::{Color, Direction, Point, CELLS, SLOTS};
use crate::board::renju::Forbidden;
use crate::board::setup::SetupError;
use std::fmt;

/// Which lines of stones win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(not(target_arch = "wasm32"), derive(clap::ValueEnum))]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five in a row wins; an overline (six or more) does not.
    Standard,
    /// 禁手: white wins with five or more; black wins with exactly five and may not make an overline, a double
    /// four or a double three (the module `renju` decides).
    Renju,
}

impl Rule {
    /// Every rule, in the Gomocup protocol's order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether a run of `len` stones of `c` in a row wins under this rule.
    #[inline]
    pub const fn is_win(self, c: Color, len: usize) -> bool {
        if self.exact_five(c) {
            len == 5
        } else {
            len >= 5
        }
    }

    /// Whether only exactly five wins for `c` (an overline does not), so that a stone five steps away matters.
    #[inline]
    pub const fn exact_five(self, c: Color) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => matches!(c, Color::Black),
        }
    }

    /// The rule's name as written in options and links: `freestyle`, `standard` or `renju`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// The Gomocup protocol's number for the rule (`INFO rule N`): 0, 1 or 4.
    pub const fn gomocup(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The rule with Gomocup number `n`, if supported.
    pub fn from_gomocup(n: u32) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.gomocup() == n)
    }
}

impl std::str::FromStr for Rule {
    type Err = String;

    /// Reads `freestyle`, `standard` or `renju` (any case).
    fn from_str(s: &str) -> Result<Rule, String> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown rule '{s}' (expected freestyle, standard or renju)"))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a move was refused. The board is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point already holds a stone.
    Occupied(Point),
    /// The game has already been won or drawn.
    GameOver,
    /// Under renju the point is forbidden to black (禁手).
    Forbidden(Point, Forbidden),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Occupied(p) => write!(f, "{p} is already occupied"),
            PlayError::GameOver => f.write_str("the game is already over"),
            PlayError::Forbidden(p, why) => write!(f, "{p} is forbidden to black ({})", why.name()),
        }
    }
}

impl std::error::Error for PlayError {}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// `winner` made a winning line; `line` holds its points in order along the line.
    Win {
        /// Who won.
        winner: Color,
        /// The points of the winning line.
        line: Vec<Point>,
    },
    /// Nobody won and nobody can move: the board is full, or under renju black is to move and every empty
    /// point is forbidden to it.
    Draw,
}

/// Content of a slot of a line key: two bits per neighbour.
pub mod cell {
    /// No stone.
    pub const EMPTY: u16 = 0;
    /// Off the board.
    pub const WALL: u16 = 3;
    /// The code of a stone of `c`: 1 for black, 2 for white.
    #[inline]
    pub const fn stone(c: crate::board::coord::Color) -> u16 {
        c as u16 + 1
    }
}

/// Random keys for Zobrist hashing, one per colour and point, fixed at compile time.
const ZOBRIST: [[u64; SLOTS]; 2] = {
    let mut t = [[0u64; SLOTS]; 2];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < SLOTS {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    t
};

/// Hash key added when white is to move.
const ZOBRIST_WHITE_TO_MOVE: u64 = 0xD1B5_4A32_D192_ED03;
/// Key of the rule in force: the same stones under two rules are two positions with their own values, so
/// nothing a table or cache learnt under one rule is taken for the other (freestyle's key is 0).
const fn zobrist_rule(rule: Rule) -> u64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 0x8CB9_2BA7_2F3D_8DD7,
        Rule::Renju => 0x52D6_D9D7_5F4A_3E1B,
    }
}

/// Length of the key array: every `u8` point index, so that indexing by a point needs no bounds check (the
/// slots past [`SLOTS`] are never read).
const KEY_SLOTS: usize = 256;

/// Line keys of an empty board: each slot is `EMPTY` or `WALL`.
fn empty_keys() -> [[u16; 4]; KEY_SLOTS] {
    let mut keys = [[0u16; 4]; KEY_SLOTS];
    for p in Point::all() {
        for d in Direction::ALL {
            let mut key = 0u16;
            for (slot, k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                if p.offset(d, *k).is_none() {
                    key |= cell::WALL << (2 * slot);
                }
            }
            keys[p.index()][d as usize] = key;
        }
    }
    keys
}

/// Offsets along a line of the eight neighbours encoded in a line key, slot 0 first.
pub const NEIGHBOUR_OFFSETS: [i32; 8] = [-4, -3, -2, -1, 1, 2, 3, 4];

/// The points where `c` would complete five along a line once it has played the point whose extended key
/// ([`Board::key_ext`] for `c`) is `key`: bit `s` for the neighbour in slot `s` of [`NEIGHBOUR_OFFSETS`].
/// `exact`: only exactly five counts (an overline does not win for `c`).
pub fn fives_after(key: u32, c: Color, exact: bool) -> u8 {
    // The neighbours' cells one bit each, in slot order: c's stones, and the empty points.
    let (lo, hi) = (key & 0x5555, key >> 1 & 0x5555);
    let own = squeeze(if c == Color::Black { lo & !hi } else { hi & !lo });
    let empty = squeeze(!(lo | hi));
    let ext = (key & (EXT_BACK | EXT_FORWARD)) >> 8;
    FIVE_GAPS[exact as usize][(own | ext) as usize] & empty as u8
}

/// `[exact][own]`: the slots where a stone would complete five through the centre once it is c's, if the slot
/// is empty; `own` holds c's stones among the neighbours (bit = slot) and five steps back (bit 8) and forward
/// (bit 9). Only the two cells ending the run through the centre can: filling one joins the run with c's
/// stones beyond it.
static FIVE_GAPS: [[u8; 1024]; 2] = [five_gaps(false), five_gaps(true)];

/// [`FIVE_GAPS`] for one value of `exact`.
const fn five_gaps(exact: bool) -> [u8; 1024] {
    let mut table = [0u8; 1024];
    let mut own = 0;
    while own < 1024 {
        // Cells −5..=5 of the line as bits 0..=10 (bit k + 5), the centre set.
        let line = (own & 0xF) << 1 | (own >> 4 & 0xF) << 6 | 1 << 5 | (own >> 8 & 1) | (own >> 9 & 1) << 10;
        let (low, high) = (gap(line, 5, -1), gap(line, 5, 1));
        let mut fives = 0u8;
        // A gap on the board's eleven cells other than the two extended ones (which are never empty slots).
        if low >= 1 && five_long(high - gap(line, low, -1) - 1, exact) {
            fives |= 1 << (low - 1);
        }
        if high <= 9 && five_long(gap(line, high, 1) - low - 1, exact) {
            fives |= 1 << (high - 2);
        }
        table[own as usize] = fives;
        own += 1;
    }
    table
}

/// The first cell from `j` in direction `step` (±1) whose bit is clear in `line` (−1 or 11 past the ends).
const fn gap(line: u32, j: i32, step: i32) -> i32 {
    let mut k = j + step;
    while k >= 0 && k <= 10 && line >> k & 1 != 0 {
        k += step;
    }
    k
}

/// Whether a run of `len` wins: five or more, or exactly five.
const fn five_long(len: i32, exact: bool) -> bool {
    len >= 5 && (!exact || len == 5)
}

/// The bits 0, 2, …, 14 of `x` (a line key's low bits of its eight 2-bit slots) packed into bits 0–7.
#[inline]
const fn squeeze(x: u32) -> u32 {
    let x = x & 0x5555;
    let x = (x | x >> 1) & 0x3333;
    let x = (x | x >> 2) & 0x0F0F;
    (x | x >> 4) & 0x00FF
}

/// Bit of an extended key ([`Board::key_ext`]): an own stone five steps back.
pub const EXT_BACK: u32 = 1 << 16;
/// Bit of an extended key: an own stone five steps forward.
pub const EXT_FORWARD: u32 = 1 << 17;
/// Number of distinct extended keys.
pub const EXT_KEYS: usize = 1 << 18;

/// A Gomoku position with its move history.
///
/// [`Board::play`] is the checked way to move (used for user input); [`Board::make`] and [`Board::undo`] are the
/// unchecked O(1) pair the search uses.
#[derive(Clone)]
pub struct Board {
    rule: Rule,
    stones: [Bitboard; 2],
    history: Vec<Point>,
    hash: u64,
    /// For every point and direction, the contents of the 4 points on each side (2 bits each).
    keys: [[u16; 4]; KEY_SLOTS],
    /// Who played the first move of the history (black, except for set-up positions).
    first: Color,
}

impl Board {
    /// An empty board under `rule`; black moves first.
    pub fn new(rule: Rule) -> Board {
        Board::with_first_player(rule, Color::Black)
    }

    /// An empty board under `rule` where `first` makes the first move (for set-up positions whose stone
    /// counts do not fit black-first alternation).
    pub fn with_first_player(rule: Rule, first: Color) -> Board {
        Board {
            rule,
            stones: [Bitboard::EMPTY; 2],
            history: Vec::with_capacity(CELLS),
            hash: zobrist_rule(rule)
                ^ if first == Color::White {
                    ZOBRIST_WHITE_TO_MOVE
                } else {
                    0
                },
            keys: empty_keys(),
            first,
        }
    }

    /// The rule in force.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The colour whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Color {
        if self.history.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The moves played so far, in order.
    #[inline]
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    /// The last move played.
    #[inline]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    /// The Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash after the side to move plays `p` (without playing it).
    #[inline]
    pub fn hash_after(&self, p: Point) -> u64 {
        self.hash ^ ZOBRIST[self.to_move().index()][p.index()] ^ ZOBRIST_WHITE_TO_MOVE
    }

    /// The Zobrist hash after the side to move plays `p` and its opponent then `q` (without playing them).
    #[inline]
    pub fn hash_after_pair(&self, p: Point, q: Point) -> u64 {
        let c = self.to_move();
        self.hash ^ ZOBRIST[c.index()][p.index()] ^ ZOBRIST[c.opponent().index()][q.index()]
    }

    /// The stones of `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> Bitboard {
        self.stones[c.index()]
    }

    /// Every stone.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.stones[0] | self.stones[1]
    }

    /// The empty points.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        !self.occupied()
    }

    /// Whether `p` holds no stone (two bit tests, without building the occupied set).
    #[inline(always)]
    pub fn is_empty_at(&self, p: Point) -> bool {
        !(self.stones[0].contains(p) | self.stones[1].contains(p))
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn at(&self, p: Point) -> Option<Color> {
        if self.stones[0].contains(p) {
            Some(Color::Black)
        } else if self.stones[1].contains(p) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The line key of `p` along `d`: the 8 neighbours (4 each side), 2 bits each, slot 0 farthest back.
    #[inline]
    pub fn key(&self, p: Point, d: Direction) -> u16 {
        self.keys[p.index()][d as usize]
    }

    /// The line key of `p` along `d` extended for rules where an overline does not win: bit 16 set if a stone
    /// of `c` stands five steps back, bit 17 if one stands five steps forward (see [`EXT_BACK`]).
    #[inline]
    pub fn key_ext(&self, p: Point, d: Direction, c: Color) -> u32 {
        let own = self.stones(c);
        let reach = p.reach(d);
        let back = reach & 1 != 0 && own.contains(p.step(d, -5));
        let forward = reach >> 10 & 1 != 0 && own.contains(p.step(d, 5));
        self.key(p, d) as u32 | (back as u32) << 16 | (forward as u32) << 17
    }

    /// Places a stone of the side to move on the empty point `p`. The caller guarantees `p` is empty.
    #[inline]
    pub fn make(&mut self, p: Point) {
        let c = self.to_move();
        debug_assert!(self.at(p).is_none());
        self.stones[c.index()].set(p);
        self.hash ^= ZOBRIST[c.index()][p.index()] ^ ZOBRIST_WHITE_TO_MOVE;
        self.history.push(p);
        let code = cell::stone(c);
        self.update_keys(p, |key, shift| *key |= code << shift);
    }

    /// Takes back the last move, returning its point (`None` on an empty board).
    #[inline]
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.history.pop()?;
        let c = self.to_move();
        self.stones[c.index()].clear(p);
        self.hash ^= ZOBRIST[c.index()][p.index()] ^ ZOBRIST_WHITE_TO_MOVE;
        self.update_keys(p, |key, shift| *key &= !(3 << shift));
        Some(p)
    }

    /// Applies `f(key, shift)` to the slot that holds `p` in the key of every point within 4 steps of it.
    #[inline(always)]
    fn update_keys(&mut self, p: Point, f: impl Fn(&mut u16, u32)) {
        self.update_line::<0>(p, &f);
        self.update_line::<1>(p, &f);
        self.update_line::<2>(p, &f);
        self.update_line::<3>(p, &f);
    }

    /// [`Board::update_keys`] along direction `D` ([`Direction::ALL`] index): a constant direction per copy.
    #[inline(always)]
    fn update_line<const D: usize>(&mut self, p: Point, f: &impl Fn(&mut u16, u32)) {
        let d = Direction::ALL[D];
        let reach = p.reach(d);
        for (slot, &k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            // Slot `slot` of q holds q + k·d, so p sits there for q = p − k·d (on the board when bit 5 − k of
            // the reach is set).
            if reach >> (5 - k) & 1 != 0 {
                f(&mut self.keys[p.step(d, -k).index()][D], 2 * slot as u32);
            }
        }
    }

    /// The run of `c`'s stones through `p` along `d`, `p` included, in line order.
    fn run(&self, p: Point, d: Direction, c: Color) -> Vec<Point> {
        let own = self.stones(c);
        let mut start = p;
        while let Some(q) = start.offset(d, -1).filter(|q| own.contains(*q)) {
            start = q;
        }
        let mut line = vec![start];
        let mut cur = start;
        while let Some(q) = cur.offset(d, 1).filter(|q| own.contains(*q) || *q == p) {
            line.push(q);
            cur = q;
        }
        line
    }

    /// The winning line made by the stone on `p`, if it made one under the rule.
    pub fn winning_line(&self, p: Point) -> Option<Vec<Point>> {
        let c = self.at(p)?;
        Direction::ALL
            .iter()
            .map(|&d| self.run(p, d, c))
            .find(|line| self.rule.is_win(c, line.len()))
    }

    /// Why a set-up board (stones placed in no known order) is not a position a game under the rule can
    /// reach, if it is not: a winning line already on it, or under renju a black overline (forbidden however
    /// it was reached). Judged on the whole board, so the order the stones are listed in does not matter.
    pub fn setup_problem(&self) -> Option<SetupError> {
        if let Some(point) = self.occupied().iter().find(|&p| self.winning_line(p).is_some()) {
            return Some(SetupError::Five {
                color: self.at(point)?,
                point,
            });
        }
        let black = Color::Black;
        let overline = |p: Point| Direction::ALL.iter().any(|&d| self.run(p, d, black).len() > 5);
        let over = self
            .stones(black)
            .iter()
            .find(|&p| self.rule == Rule::Renju && overline(p));
        over.map(SetupError::Overline)
    }

    /// The game's state after the moves played so far.
    pub fn outcome(&self) -> Outcome {
        if let Some(p) = self.last_move() {
            if let Some(line) = self.winning_line(p) {
                return Outcome::Win {
                    winner: self.at(p).unwrap_or(Color::Black),
                    line,
                };
            }
        }
        if self.history.len() == CELLS || self.black_is_stuck() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// Whether black is to move under renju and every empty point is forbidden to it (possible only on a
    /// nearly full board; the scan stops at the first legal point, usually the first empty one).
    fn black_is_stuck(&self) -> bool {
        self.rule == Rule::Renju
            && self.to_move() == Color::Black
            && self.empty().iter().all(|p| renju::forbidden(self, p).is_some())
    }

    /// Plays `p` for the side to move after checking that the game is not over and `p` is empty.
    /// On error nothing changes.
    pub fn play(&mut self, p: Point) -> Result<Outcome, PlayError> {
        if self.outcome() != Outcome::Ongoing {
            return Err(PlayError::GameOver);
        }
        if self.at(p).is_some() {
            return Err(PlayError::Occupied(p));
        }
        if let Some(why) = self.forbidden(p) {
            return Err(PlayError::Forbidden(p, why));
        }
        self.make(p);
        Ok(self.outcome())
    }

    /// Why the empty point `p` is forbidden to the side to move, if it is: only black under renju has
    /// forbidden points.
    #[inline]
    pub fn forbidden(&self, p: Point) -> Option<Forbidden> {
        if self.rule == Rule::Renju && self.to_move() == Color::Black && self.at(p).is_none() {
            renju::forbidden(self, p)
        } else {
            None
        }
    }

    /// The moves as a game record: points in order separated by spaces.
    pub fn record(&self) -> String {
        let parts: Vec<String> = self.history.iter().map(|p| p.to_string()).collect();
        parts.join(" ")
    }
}

impl fmt::Debug for Board {
    /// Draws the board with row 15 on top, `X` black, `O` white.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..crate::board::coord::SIZE).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..crate::board::coord::SIZE {
                let p = Point::new(col, row).expect("on board");
                let ch = match self.at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i j k l m n o")
    }
}
