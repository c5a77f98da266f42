//! Line patterns (连五, 活四, 冲四, 活三, 眠三, 活二, 眠二) and their combinations across four directions.
//!
//! A pattern answers "what would a stone of colour `c` on this point make along this line?". It depends only on
//! the point's line key (the 4 points on each side) and, where an overline does not win (standard; renju's
//! black), on whether own stones stand five steps away (the extended key, [`crate::board::Board::key_ext`]):
//! one table per rule and colour, built once, maps every extended key to its pattern.

use crate::board::coord::{Color, Direction};
use crate::board::renju::{self, LineInfo};
use crate::board::{cell, Rule, EXT_BACK, EXT_FORWARD, EXT_KEYS};
use crate::eval::fine::Fine;
use std::sync::OnceLock;

/// What a stone makes along one line, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing that can become five.
    #[default]
    None = 0,
    /// 眠二: two that can become a closed three only.
    ClosedTwo,
    /// 活二: two that can become an open three.
    OpenTwo,
    /// 眠三: three that can become a four but not an open four.
    ClosedThree,
    /// 活三: three that can become an open four.
    OpenThree,
    /// 冲四: four with exactly one point that completes five.
    Four,
    /// 活四: four with two points that complete five (also two fours on one line).
    OpenFour,
    /// 连五: five in a row (five or more under freestyle).
    Five,
}

impl Pattern {
    /// Every pattern, weakest first.
    pub const ALL: [Pattern; 8] = [
        Pattern::None,
        Pattern::ClosedTwo,
        Pattern::OpenTwo,
        Pattern::ClosedThree,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            Pattern::None => "none",
            Pattern::ClosedTwo => "closed two",
            Pattern::OpenTwo => "open two",
            Pattern::ClosedThree => "closed three",
            Pattern::OpenThree => "open three",
            Pattern::Four => "four",
            Pattern::OpenFour => "open four",
            Pattern::Five => "five",
        }
    }

    /// Chinese name.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Pattern::None => "无",
            Pattern::ClosedTwo => "眠二",
            Pattern::OpenTwo => "活二",
            Pattern::ClosedThree => "眠三",
            Pattern::OpenThree => "活三",
            Pattern::Four => "冲四",
            Pattern::OpenFour => "活四",
            Pattern::Five => "连五",
        }
    }
}

/// The combination of a point's four directional patterns, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Combo {
    /// Nothing.
    #[default]
    None = 0,
    /// 眠二.
    ClosedTwo,
    /// 活二.
    OpenTwo,
    /// 活二眠二: an open two with a closed two on another line.
    OpenTwoClosedTwo,
    /// 眠三.
    ClosedThree,
    /// 双活二: two open twos.
    DoubleOpenTwo,
    /// 活三.
    OpenThree,
    /// 冲四 alone.
    Four,
    /// 活三眠三: an open three with a closed three on another line.
    OpenThreeClosedThree,
    /// 双活三: two open threes.
    DoubleThree,
    /// 冲四活三: a four with an open three — wins unless the four's block defends.
    FourThree,
    /// 双冲四: two fours on different lines — wins.
    DoubleFour,
    /// 活四 — wins.
    OpenFour,
    /// 连五 — has won.
    Five,
}

impl Combo {
    /// Combines the patterns along the four directions.
    #[inline]
    pub fn of(p: [Pattern; 4]) -> Combo {
        Patterns::from_array(p).combo()
    }

    /// The combination rules (also usable at compile time, to build the lookup table).
    const fn rank(p: [Pattern; 4]) -> Combo {
        let mut n = [0u8; 8];
        let mut i = 0;
        while i < 4 {
            n[p[i] as usize] += 1;
            i += 1;
        }
        let fives = n[Pattern::Five as usize];
        let open_fours = n[Pattern::OpenFour as usize];
        let fours = n[Pattern::Four as usize];
        let threes = n[Pattern::OpenThree as usize];
        let closed_threes = n[Pattern::ClosedThree as usize];
        let twos = n[Pattern::OpenTwo as usize];
        let closed_twos = n[Pattern::ClosedTwo as usize];
        if fives > 0 {
            Combo::Five
        } else if open_fours > 0 {
            Combo::OpenFour
        } else if fours >= 2 {
            Combo::DoubleFour
        } else if fours == 1 && threes > 0 {
            Combo::FourThree
        } else if threes >= 2 {
            Combo::DoubleThree
        } else if threes == 1 && closed_threes > 0 {
            Combo::OpenThreeClosedThree
        } else if fours == 1 {
            Combo::Four
        } else if threes == 1 {
            Combo::OpenThree
        } else if twos >= 2 {
            Combo::DoubleOpenTwo
        } else if closed_threes > 0 {
            Combo::ClosedThree
        } else if twos == 1 && closed_twos > 0 {
            Combo::OpenTwoClosedTwo
        } else if twos == 1 {
            Combo::OpenTwo
        } else if closed_twos > 0 {
            Combo::ClosedTwo
        } else {
            Combo::None
        }
    }

    /// The seed program's score for the combination (活三 = 200 and so on).
    #[inline]
    pub const fn score(self) -> i32 {
        match self {
            Combo::None => 0,
            Combo::ClosedTwo => 3,
            Combo::OpenTwo => 5,
            Combo::OpenTwoClosedTwo => 10,
            Combo::ClosedThree => 50,
            Combo::DoubleOpenTwo => 100,
            Combo::OpenThree => 200,
            Combo::Four => 500,
            Combo::OpenThreeClosedThree => 1000,
            Combo::DoubleThree => 5000,
            Combo::FourThree | Combo::DoubleFour | Combo::OpenFour => 10000,
            Combo::Five => 100000,
        }
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            Combo::None => "none",
            Combo::ClosedTwo => "closed two",
            Combo::OpenTwo => "open two",
            Combo::OpenTwoClosedTwo => "open two + closed two",
            Combo::ClosedThree => "closed three",
            Combo::DoubleOpenTwo => "double open two",
            Combo::OpenThree => "open three",
            Combo::Four => "four",
            Combo::OpenThreeClosedThree => "open three + closed three",
            Combo::DoubleThree => "double open three",
            Combo::FourThree => "four + open three",
            Combo::DoubleFour => "double four",
            Combo::OpenFour => "open four",
            Combo::Five => "five",
        }
    }

    /// Chinese name.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Combo::None => "无",
            Combo::ClosedTwo => "眠二",
            Combo::OpenTwo => "活二",
            Combo::OpenTwoClosedTwo => "活二眠二",
            Combo::ClosedThree => "眠三",
            Combo::DoubleOpenTwo => "双活二",
            Combo::OpenThree => "活三",
            Combo::Four => "冲四",
            Combo::OpenThreeClosedThree => "活三眠三",
            Combo::DoubleThree => "双活三",
            Combo::FourThree => "冲四活三",
            Combo::DoubleFour => "双冲四",
            Combo::OpenFour => "活四",
            Combo::Five => "连五",
        }
    }
}

/// A point's four directional patterns packed in 3 bits each, in [`Direction::ALL`] order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Patterns(u16);

/// What a point's patterns imply, looked up by [`Patterns`]: the combination and threat flags.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// The combination.
    pub combo: Combo,
    /// [`Threats::FIVE`] | [`Threats::FOUR`] | [`Threats::OPEN_FOUR`] | [`Threats::OPEN_THREE`] bits.
    pub flags: u8,
}

impl Threats {
    /// Makes five.
    pub const FIVE: u8 = 1;
    /// Makes a four (冲四 or 活四) but not five.
    pub const FOUR: u8 = 2;
    /// Makes an open four or a double four.
    pub const OPEN_FOUR: u8 = 4;
    /// Makes an open three in some direction.
    pub const OPEN_THREE: u8 = 8;
}

/// [`Threats`] for every packed [`Patterns`] value, computed at compile time.
static THREATS: [Threats; 1 << 12] = {
    let mut t = [Threats {
        combo: Combo::None,
        flags: 0,
    }; 1 << 12];
    let mut i = 0;
    while i < 1 << 12 {
        let mut p = [Pattern::None; 4];
        let mut best = Pattern::None;
        let mut three = false;
        let mut d = 0;
        while d < 4 {
            p[d] = Pattern::ALL[(i >> (3 * d)) & 7];
            if p[d] as u8 > best as u8 {
                best = p[d];
            }
            three |= matches!(p[d], Pattern::OpenThree);
            d += 1;
        }
        let combo = Combo::rank(p);
        let mut flags = 0;
        if matches!(best, Pattern::Five) {
            flags |= Threats::FIVE;
        }
        if matches!(best, Pattern::Four | Pattern::OpenFour) {
            flags |= Threats::FOUR;
        }
        if matches!(combo, Combo::OpenFour | Combo::DoubleFour) {
            flags |= Threats::OPEN_FOUR;
        }
        if three {
            flags |= Threats::OPEN_THREE;
        }
        t[i] = Threats { combo, flags };
        i += 1;
    }
    t
};

impl Patterns {
    /// No pattern in any direction (also every occupied point).
    pub const NONE: Patterns = Patterns(0);

    /// Packs four patterns.
    #[inline]
    pub fn from_array(p: [Pattern; 4]) -> Patterns {
        Patterns(p.iter().enumerate().fold(0, |acc, (d, &x)| acc | (x as u16) << (3 * d)))
    }

    /// The packed value: 3 bits per direction in [`Direction::ALL`] order.
    #[inline(always)]
    pub fn raw(self) -> u16 {
        self.0
    }

    /// The patterns of a packed value (only its low 12 bits are read).
    #[inline(always)]
    pub fn from_raw(raw: u16) -> Patterns {
        Patterns(raw & 0xFFF)
    }

    /// The pattern along `d`.
    #[inline]
    pub fn get(self, d: Direction) -> Pattern {
        Pattern::ALL[(self.0 >> (3 * d as u16)) as usize & 7]
    }

    /// All four, in [`Direction::ALL`] order.
    pub fn to_array(self) -> [Pattern; 4] {
        Direction::ALL.map(|d| self.get(d))
    }

    /// The combination and threat flags.
    #[inline]
    pub fn threats(self) -> Threats {
        THREATS[self.0 as usize]
    }

    /// The combination.
    #[inline]
    pub fn combo(self) -> Combo {
        self.threats().combo
    }
}

/// Number of distinct line keys (8 neighbours × 2 bits).
const KEYS: usize = 1 << 16;

/// Pattern tables for one rule: `[colour][extended line key] → fine class` (whose coarse pattern is the
/// pattern, see [`Fine::coarse`]).
pub struct PatternTable {
    table: [Box<[Fine; EXT_KEYS]>; 2],
    /// Both colours' [`line_entry`] for every plain line key, black's in the low byte and white's in the high
    /// byte: where overlines win, one load serves both colours of a point.
    both: Box<[u16; KEYS]>,
    /// Under renju, bit `key` set when black's [`renju::line_info`] of the extended key is not empty (the line
    /// can matter to whether the point is forbidden); all clear under other rules.
    live: Box<[u64; EXT_KEYS / 64]>,
}

/// A fine class with its coarse pattern in one byte: the class in bits 0–3, [`Fine::coarse`] in bits 4–6
/// (what a point's packed patterns store, without a second lookup for the coarse pattern).
#[inline(always)]
pub fn line_entry(f: Fine) -> u8 {
    f as u8 | (f.coarse() as u8) << 4
}

impl PatternTable {
    /// The table for `rule`, built on first use.
    pub fn get(rule: Rule) -> &'static PatternTable {
        static FREESTYLE: OnceLock<PatternTable> = OnceLock::new();
        static STANDARD: OnceLock<PatternTable> = OnceLock::new();
        static RENJU: OnceLock<PatternTable> = OnceLock::new();
        match rule {
            Rule::Freestyle => FREESTYLE.get_or_init(|| PatternTable::build(rule)),
            Rule::Standard => STANDARD.get_or_init(|| PatternTable::build(rule)),
            Rule::Renju => RENJU.get_or_init(|| PatternTable::build(rule)),
        }
    }

    /// The pattern a stone of `c` makes on a point whose line key is `key`, for a colour whose overlines win
    /// (stones five steps away cannot matter).
    #[inline(always)]
    pub fn pattern(&self, c: Color, key: u16) -> Pattern {
        self.fine(c, key).coarse()
    }

    /// The pattern a stone of `c` makes on a point whose extended line key is `key`.
    #[inline(always)]
    pub fn pattern_ext(&self, c: Color, key: u32) -> Pattern {
        self.fine_ext(c, key).coarse()
    }

    /// The fine class ([`Fine`]) of a stone of `c` on a point whose line key is `key`, for a colour whose
    /// overlines win.
    #[inline(always)]
    pub fn fine(&self, c: Color, key: u16) -> Fine {
        self.table[c.index()][key as usize]
    }

    /// The fine class of a stone of `c` on a point whose extended line key is `key`.
    #[inline(always)]
    pub fn fine_ext(&self, c: Color, key: u32) -> Fine {
        self.table[c.index()][key as usize & (EXT_KEYS - 1)]
    }

    /// Black's and white's [`line_entry`] for the line key `key`, for colours whose overlines win.
    #[inline(always)]
    pub fn both(&self, key: u16) -> [u8; 2] {
        self.both[key as usize].to_le_bytes()
    }

    fn build(rule: Rule) -> PatternTable {
        let table = Color::BOTH.map(|c| build_colour(rule, c));
        let both: Box<[u16; KEYS]> = (0..KEYS)
            .map(|k| u16::from_le_bytes([line_entry(table[0][k]), line_entry(table[1][k])]))
            .collect::<Vec<u16>>()
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the vector has KEYS entries"));
        let mut live = Box::new([0u64; EXT_KEYS / 64]);
        if rule == Rule::Renju {
            for key in 0..EXT_KEYS {
                if renju::line_info(key as u32) != LineInfo::default() {
                    live[key / 64] |= 1 << (key % 64);
                }
            }
        }
        PatternTable { table, both, live }
    }

    /// Under renju, whether black's line with the extended key `key` ([`crate::board::Board::key_ext`]) can
    /// matter to whether the point is forbidden (its [`renju::line_info`] is not empty); false under other
    /// rules.
    #[inline(always)]
    pub fn live(&self, key: u32) -> bool {
        let key = key as usize & (EXT_KEYS - 1);
        self.live[key / 64] >> (key % 64) & 1 != 0
    }
}

/// Slot contents relative to the colour being classified.
const OWN: u8 = 1;
const OPP: u8 = 2;

/// Classifies every extended key for colour `c` by dynamic programming over "add one own stone".
fn build_colour(rule: Rule, c: Color) -> Box<[Fine; EXT_KEYS]> {
    let own_code = cell::stone(c);
    let mut memo: Vec<Option<Pattern>> = vec![None; EXT_KEYS];
    let mut out: Box<[Fine; EXT_KEYS]> = vec![Fine::None; EXT_KEYS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has EXT_KEYS entries"));
    let keys = if rule.exact_five(c) { EXT_KEYS } else { KEYS };
    for key in 0..keys {
        let mut cells = [0u8; 8];
        for (slot, v) in cells.iter_mut().enumerate() {
            let code = (key >> (2 * slot)) as u16 & 3;
            *v = match code {
                cell::EMPTY => 0,
                cell::WALL => 3,
                x if x == own_code => OWN,
                _ => OPP,
            };
        }
        let ext = Line {
            cells,
            back: key as u32 & EXT_BACK != 0,
            forward: key as u32 & EXT_FORWARD != 0,
        };
        out[key] = fine_class(rule, c, &ext, &mut memo);
    }
    // Where overlines win, a stone five steps away changes nothing.
    for key in keys..EXT_KEYS {
        out[key] = out[key % KEYS];
    }
    out
}

/// A line around the centre in relative cells, with whether own stones stand five steps back and forward.
#[derive(Copy, Clone)]
struct Line {
    cells: [u8; 8],
    back: bool,
    forward: bool,
}

/// Encodes a line as a memo index (2 bits per slot, then the two far bits).
fn relative_index(line: &Line) -> usize {
    let near: usize = line
        .cells
        .iter()
        .enumerate()
        .map(|(i, &v)| (v as usize) << (2 * i))
        .sum();
    near | (line.back as usize) << 16 | (line.forward as usize) << 17
}

/// Whether the own stones through the centre (slots 3 | centre | 4, and the far stones when the run reaches
/// them) form a winning run for `c`.
fn is_five(rule: Rule, c: Color, line: &Line) -> bool {
    let cells = &line.cells;
    let left = (0..4).rev().take_while(|&s| cells[s] == OWN).count();
    let right = (4..8).take_while(|&s| cells[s] == OWN).count();
    let far = (left == 4 && line.back) as usize + (right == 4 && line.forward) as usize;
    rule.is_win(c, 1 + left + right + far)
}

/// The pattern of a stone of `c` on the centre, given the other stones of the line (relative cells).
fn classify(rule: Rule, c: Color, line: &Line, memo: &mut [Option<Pattern>]) -> Pattern {
    let idx = relative_index(line);
    if let Some(p) = memo[idx] {
        return p;
    }
    let result = if is_five(rule, c, line) {
        Pattern::Five
    } else {
        let mut fives = 0;
        let mut best = Pattern::None;
        for (s, &cell) in line.cells.iter().enumerate() {
            if cell != 0 {
                continue;
            }
            let mut next = *line;
            next.cells[s] = OWN;
            if is_five(rule, c, &next) {
                fives += 1;
            } else if fives == 0 {
                best = best.max(classify(rule, c, &next, memo));
            }
        }
        match (fives, best) {
            (f, _) if f >= 2 => Pattern::OpenFour,
            (1, _) => Pattern::Four,
            (_, Pattern::OpenFour) => Pattern::OpenThree,
            (_, Pattern::Four) => Pattern::ClosedThree,
            (_, Pattern::OpenThree) => Pattern::OpenTwo,
            (_, Pattern::ClosedThree) => Pattern::ClosedTwo,
            _ => Pattern::None,
        }
    };
    memo[idx] = Some(result);
    result
}

/// The fine class of a stone of `c` on the centre: its pattern refined by how many empty points make the next
/// stronger one (see [`Fine::refine`]).
fn fine_class(rule: Rule, c: Color, line: &Line, memo: &mut [Option<Pattern>]) -> Fine {
    let p = classify(rule, c, line, memo);
    let Some(target) = Fine::growth(p) else {
        return Fine::refine(p, 0);
    };
    let mut ways = 0;
    for (s, &cell) in line.cells.iter().enumerate() {
        if cell != 0 {
            continue;
        }
        let mut next = *line;
        next.cells[s] = OWN;
        ways += u32::from(classify(rule, c, &next, memo) == target);
    }
    Fine::refine(p, ways)
}

#[cfg(test)]
#[path = "pattern_tests.rs"]
mod tests;
