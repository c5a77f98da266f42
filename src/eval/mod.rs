//! Incremental evaluation: every empty point's pattern in each direction for both colours, kept up to date on
//! make/undo, plus the threat sets and sums that the search and the static evaluation read in O(1).

pub mod codes;
pub mod fine;
pub mod games;
pub mod learned;
mod lines;
mod lookahead;
pub mod net;
mod net_freestyle;
mod net_renju;
mod net_standard;
pub mod pattern;
pub mod policy;
mod policy_freestyle;
pub mod policy_train;
mod refresh;
mod square;
pub mod train;
/// The learned evaluation's tables over the coarse codes (training round 3): the trainer's prior for the fine
/// tables.
mod weights_coarse;
mod weights_freestyle;
mod weights_renju;
mod weights_standard;

use crate::board::bitboard::Bitboard;
use crate::board::coord::{Color, Direction, Point, CELLS};
use crate::board::renju::{self, Forbidden};
use crate::board::setup::SetupError;
use crate::board::{fives_after, Board, Outcome, PlayError, Rule, NEIGHBOUR_OFFSETS};
use crate::eval::codes::FINE_PACKED;
use crate::eval::fine::Fine;
use crate::eval::learned::{Tables, PAIR_SLOTS};
use crate::eval::lines::{per_direction, Lines};
use crate::eval::net::{Accumulator, Net, HIDDEN};
use crate::eval::pattern::{line_entry, Combo, Pattern, PatternTable, Patterns, Threats};
pub use crate::eval::square::SquareEval;

/// Whether a combination is a double threat short of an open four.
#[inline]
const fn is_double(c: Combo) -> bool {
    matches!(c, Combo::DoubleThree | Combo::FourThree | Combo::DoubleFour)
}

/// Length of the per-colour pattern arrays: every `u8` point index, so that indexing by a point needs no bounds
/// check (the entries past the board's slots stay [`Lines::NONE`]).
const POINT_SLOTS: usize = 256;

/// The most patterns one move can replace: its own point and ten more along each of the four lines (five steps
/// each way where overlines do not win), for both colours.
const MAX_LOG_PER_MOVE: usize = 2 * (1 + 4 * 10);

/// A board with its incrementally maintained pattern state.
#[derive(Clone)]
pub struct Position {
    board: Board,
    table: &'static PatternTable,
    patterns: [[Lines; POINT_SLOTS]; 2],
    /// The fine code of every packed [`FinePatterns`] ([`codes::fine_code_table`]).
    fine_codes: &'static [u16; FINE_PACKED],
    /// Empty points where the colour would make five.
    fives: [Bitboard; 2],
    /// Empty points where the colour would make a four (冲四 or 活四) but not five.
    fours: [Bitboard; 2],
    /// Empty points where the colour would make a winning shape (活四 or 双冲四).
    open_fours: [Bitboard; 2],
    /// Empty points where the colour would make an open three (活三) in some direction.
    threes: [Bitboard; 2],
    /// Sum of position values of each colour's stones.
    stone_value: [i32; 2],
    /// The learned tables of the rule.
    learned: &'static Tables,
    /// Their per-code values as `[me, opp]` pairs ([`learned::value_pairs`]).
    values: &'static [[i32; 2]; PAIR_SLOTS],
    /// Per colour: the sum over empty points of the learned fine-code value as side to move and as opponent.
    code_sum: [[i32; 2]; 2],
    /// The evaluation network of the rule.
    net: &'static Net,
    /// Its accumulator: the embeddings of every empty point's coarse code, per colour and role.
    net_sum: Accumulator,
    /// The network's sums before each move made by [`Position::make`] (threat-search moves leave them as they
    /// are): a stack of its own rather than a field of [`Saved`], whose entries every search reserves for the
    /// whole board.
    net_saved: Vec<Accumulator>,
    /// Per colour: empty points where it would make a double threat (double three, four-three, double four).
    doubles: [i32; 2],
    /// Whether the last move made five (the search never plays on after one).
    last_move_won: bool,
    /// Per colour: whether only exactly five wins, so patterns read the extended line keys.
    exact: [bool; 2],
    /// Under renju: the empty points the line tables alone call forbidden to black (a superset of the
    /// forbidden points); they count as no threat of black's. Always empty under other rules.
    maybe_forbidden: Bitboard,
    /// One entry per move made: the state [`Position::undo`] restores instead of recomputing it.
    saved: Vec<Saved>,
    /// The patterns each move replaced, `(colour × POINT_SLOTS + slot, old value)`, in order; [`Saved::log_len`]
    /// marks where each move's entries start.
    pattern_log: Vec<(u16, Lines)>,
    /// Whether `make` runs the copy of its refresh compiled for AVX2 and BMI2 ([`refresh::has_avx2`]).
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

/// The part of a [`Position`] that a move changes besides the patterns, saved before the move.
#[derive(Clone, Copy)]
struct Saved {
    fives: [Bitboard; 2],
    fours: [Bitboard; 2],
    open_fours: [Bitboard; 2],
    threes: [Bitboard; 2],
    code_sum: [[i32; 2]; 2],
    doubles: [i32; 2],
    maybe_forbidden: Bitboard,
    last_move_won: bool,
    /// Whether the move was made by [`Position::make_threat`].
    threat_only: bool,
    log_len: u32,
}

impl Position {
    /// An empty board under `rule`.
    pub fn new(rule: Rule) -> Position {
        Position::with_first_player(rule, Color::Black)
    }

    /// An empty board under `rule` on which `first` moves first.
    pub fn with_first_player(rule: Rule, first: Color) -> Position {
        let mut pos = Position {
            board: Board::with_first_player(rule, first),
            table: PatternTable::get(rule),
            patterns: [[Lines::NONE; POINT_SLOTS]; 2],
            fine_codes: codes::fine_code_table(),
            fives: [Bitboard::EMPTY; 2],
            fours: [Bitboard::EMPTY; 2],
            open_fours: [Bitboard::EMPTY; 2],
            threes: [Bitboard::EMPTY; 2],
            stone_value: [0; 2],
            learned: Tables::get(rule),
            values: learned::value_pairs(rule),
            code_sum: [[0; 2]; 2],
            net: Net::get(rule),
            net_sum: [[[0; HIDDEN]; 2]; 2],
            net_saved: Vec::new(),
            doubles: [0; 2],
            last_move_won: false,
            exact: Color::BOTH.map(|c| rule.exact_five(c)),
            maybe_forbidden: Bitboard::EMPTY,
            saved: Vec::new(),
            pattern_log: Vec::new(),
            #[cfg(target_arch = "x86_64")]
            avx2: refresh::has_avx2(),
        };
        pos.refresh_all::<true>();
        pos.pattern_log.clear();
        pos
    }

    /// Reserves room for every move the board can still take, so that a search made on this copy never grows
    /// its undo records: every search allocates the same, and memory (which wasm never gives back) reaches its
    /// peak with the first search instead of whenever a deeper line first comes up. Exactly that room: a copy
    /// holds only what it needs, and an amortised `reserve` would double it, so that a search late in a long
    /// game would ask for more than any search before it.
    pub fn reserve_for_search(&mut self) {
        self.saved.reserve_exact(CELLS - self.saved.len());
        self.pattern_log
            .reserve_exact((CELLS - self.saved.len()) * MAX_LOG_PER_MOVE);
        self.net_saved.reserve_exact(CELLS - self.net_saved.len());
    }

    /// The position after playing `moves` in order with every move checked.
    pub fn from_moves(rule: Rule, moves: &[Point]) -> Result<Position, (usize, PlayError)> {
        let mut pos = Position::new(rule);
        for (i, &p) in moves.iter().enumerate() {
            pos.play(p).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }

    /// A set-up position: `black` and `white` stones with `to_move` to play. The stones are interleaved into
    /// a history (whoever has more stones, or else the side not to move, is taken to have moved first).
    /// Fails if the counts cannot alternate, a point repeats, or a five is already on the board. Under renju
    /// the stones are not checked for forbidden points (their order is unknown).
    pub fn from_stones(rule: Rule, black: &[Point], white: &[Point], to_move: Color) -> Result<Position, SetupError> {
        let (nb, nw) = (black.len(), white.len());
        let first = match (nb as i64 - nw as i64, to_move) {
            (0, c) => c,
            (1, Color::White) => Color::Black,
            (-1, Color::Black) => Color::White,
            _ => {
                return Err(SetupError::Counts {
                    black: nb,
                    white: nw,
                    to_move,
                })
            }
        };
        let (a, b) = if first == Color::Black {
            (black, white)
        } else {
            (white, black)
        };
        let mut pos = Position::with_first_player(rule, first);
        for i in 0..a.len().max(b.len()) {
            for &p in [a.get(i), b.get(i)].into_iter().flatten() {
                // The order of set-up stones is invented: renju's forbidden points are not checked, and fives
                // are looked for once every stone is placed (a standard overline may pass through a five).
                if pos.board().at(p).is_some() {
                    return Err(SetupError::Occupied(p));
                }
                pos.make(p);
            }
        }
        if let Some(why) = pos.board().setup_problem() {
            return Err(why);
        }
        if pos.board().outcome() != Outcome::Ongoing {
            return Err(SetupError::Decided);
        }
        Ok(pos)
    }

    /// The underlying board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.board.to_move()
    }

    /// Zobrist hash of the position.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }

    /// Zobrist hash of the position after the side to move plays `p`.
    #[inline]
    pub fn hash_after(&self, p: Point) -> u64 {
        self.board.hash_after(p)
    }

    /// Zobrist hash of the position after the side to move plays `p` and its opponent then `q`.
    #[inline]
    pub fn hash_after_pair(&self, p: Point, q: Point) -> u64 {
        self.board.hash_after_pair(p, q)
    }

    /// Whether the last move made five.
    #[inline]
    pub fn last_move_won(&self) -> bool {
        self.last_move_won
    }

    /// Empty points where `c` would make five.
    #[inline]
    pub fn fives(&self, c: Color) -> Bitboard {
        self.fives[c.index()]
    }

    /// Empty points where `c` would make a four (but not five).
    #[inline]
    pub fn fours(&self, c: Color) -> Bitboard {
        self.fours[c.index()]
    }

    /// Empty points where `c` would make an open four or a double four.
    #[inline]
    pub fn open_fours(&self, c: Color) -> Bitboard {
        self.open_fours[c.index()]
    }

    /// Empty points where `c` would make an open three.
    #[inline]
    pub fn threes(&self, c: Color) -> Bitboard {
        self.threes[c.index()]
    }

    /// The pattern `c` would make on `p` along `d` (None on occupied points).
    #[inline]
    pub fn pattern(&self, p: Point, c: Color, d: Direction) -> Pattern {
        self.patterns[c.index()][p.index()].coarse().get(d)
    }

    /// The combination `c` would make on `p` (None on occupied points).
    #[inline]
    pub fn combo(&self, p: Point, c: Color) -> Combo {
        self.patterns[c.index()][p.index()].coarse().combo()
    }

    /// The seed program's square score of `p` for `c`: combination score plus position value (a point that
    /// may be forbidden to black counts only its position value for black).
    #[inline]
    pub fn square_score(&self, p: Point, c: Color) -> i32 {
        self.playable_combo(p, c).score() + p.position_value()
    }

    /// Under renju, the empty points the line tables alone call forbidden to black: a superset of black's
    /// forbidden points, left out of black's threat sets. Empty under other rules.
    #[inline]
    pub fn maybe_forbidden(&self) -> Bitboard {
        self.maybe_forbidden
    }

    /// Empty points where `c` may make a four (but not five): [`Position::fours`] plus, under renju, black's
    /// points the line tables flag but the exact test allows (a four-three whose second three is false, say).
    #[inline]
    pub fn legal_fours(&self, c: Color) -> Bitboard {
        self.with_allowed(c, self.fours[c.index()], Threats::FOUR)
    }

    /// Empty points where `c` may make an open four: [`Position::open_fours`] plus black's flagged points the
    /// exact test allows (an open four beside a false double three).
    #[inline]
    pub fn legal_open_fours(&self, c: Color) -> Bitboard {
        self.with_allowed(c, self.open_fours[c.index()], Threats::OPEN_FOUR)
    }

    /// The points where a stone of `c`'s opponent may stop every open four (or double four) `c` can make:
    /// for each such point, the point itself and, when playing it would leave `c` exactly two points that
    /// complete five, those two. A stone anywhere else leaves some of them as it was: `c` plays it and wins.
    /// All points when `c` is black under renju (there a white stone anywhere can change which of black's
    /// points are forbidden).
    pub fn open_four_stoppers(&self, c: Color) -> Bitboard {
        if c == Color::Black && self.board.rule() == Rule::Renju {
            return Bitboard::FULL;
        }
        let mut stoppers = Bitboard::FULL;
        for q in self.legal_open_fours(c).iter() {
            let fives = self.fives_made_by(c, q);
            stoppers &= match fives.count() {
                2 => fives | Bitboard::from_point(q),
                0 | 1 => Bitboard::FULL, // not read as an open four here: no point is ruled out
                _ => Bitboard::from_point(q),
            };
        }
        stoppers
    }

    /// The points of `blocks` that may stop every open four `c` can make ([`Position::open_four_stoppers`]);
    /// all of `blocks` if none may (every block loses, and a lost node still needs its moves).
    pub fn blocks_that_may_stop(&self, c: Color, blocks: Bitboard) -> Bitboard {
        let stopping = blocks & self.open_four_stoppers(c);
        if stopping.is_empty() {
            blocks
        } else {
            stopping
        }
    }

    /// Empty points where `c` may make an open three: [`Position::threes`] plus black's flagged points the
    /// exact test allows (a double three one of whose threes is false).
    #[inline]
    pub fn legal_threes(&self, c: Color) -> Bitboard {
        self.with_allowed(c, self.threes[c.index()], Threats::OPEN_THREE)
    }

    /// `set` (black's or white's points of the threat `flag`) with black's flagged points that make `flag`
    /// and are not forbidden. The threat sets leave every flagged point out; the exact test runs only on
    /// flagged points that make the threat, so this costs one branch outside renju.
    #[inline]
    fn with_allowed(&self, c: Color, mut set: Bitboard, flag: u8) -> Bitboard {
        if c == Color::Black && !self.maybe_forbidden.is_empty() {
            for p in self.maybe_forbidden.iter() {
                let makes = self.patterns[c.index()][p.index()].coarse().threats().flags & flag != 0;
                if makes && renju::forbidden(&self.board, p).is_none() {
                    set.set(p);
                }
            }
        }
        set
    }

    /// Whether the rule gives the side to move forbidden points (black under renju).
    #[inline]
    pub fn has_forbidden(&self) -> bool {
        self.board.rule() == Rule::Renju && self.to_move() == Color::Black
    }

    /// Why `p` is forbidden to black under renju, if it is (the exact test, run only on the few points the
    /// line tables flag). `None` under other rules.
    #[inline]
    pub fn forbidden(&self, p: Point) -> Option<Forbidden> {
        if self.maybe_forbidden.contains(p) {
            renju::forbidden(&self.board, p)
        } else {
            None
        }
    }

    /// Whether the side to move may not play `p` (black on a forbidden point under renju).
    #[inline]
    pub fn is_forbidden_move(&self, p: Point) -> bool {
        self.has_forbidden() && self.forbidden(p).is_some()
    }

    /// Static evaluation from the side to move's view: the learned evaluation
    /// ([`Position::learned_evaluate`]).
    #[inline]
    pub fn evaluate(&self) -> i32 {
        self.learned_evaluate()
    }

    /// The learned evaluation from the side to move's view: the trained value of every empty point's pattern
    /// code ([`Position::playable_code`]) for the side to move and for the opponent, of the threat mask, and of
    /// the centre-value balance, plus the rule's network's correction ([`net`]).
    #[inline]
    pub fn learned_evaluate(&self) -> i32 {
        debug_assert!(!self.sums_stale(), "evaluated inside a threat search's moves");
        let me = self.to_move().index();
        let opp = 1 - me;
        let t = self.learned;
        let mask = self.threat_mask();
        let lin = self.code_sum[me][0] + self.code_sum[opp][1] + t.mask[mask] + t.stone * self.stone_balance();
        lin + self.net.output(&self.net_sum, me, mask)
    }

    /// Who holds the initiative, as 7 bits from the side to move's view: it can make a four (bit 0), an open
    /// three (1), a double threat (2); the opponent can make a four (3), an open four, i.e. has an open three
    /// to answer (4), an open three (5), a double threat (6).
    #[inline]
    pub fn threat_mask(&self) -> usize {
        let me = self.to_move().index();
        let opp = 1 - me;
        usize::from(!self.fours[me].is_empty())
            | usize::from(!self.threes[me].is_empty()) << 1
            | usize::from(self.doubles[me] > 0) << 2
            | usize::from(!self.fours[opp].is_empty()) << 3
            | usize::from(!self.open_fours[opp].is_empty()) << 4
            | usize::from(!self.threes[opp].is_empty()) << 5
            | usize::from(self.doubles[opp] > 0) << 6
    }

    /// Centre values of the side to move's stones minus the opponent's.
    #[inline]
    pub fn stone_balance(&self) -> i32 {
        let me = self.to_move().index();
        self.stone_value[me] - self.stone_value[1 - me]
    }

    /// The fine code ([`codes::fine_code`]) of `p` for `c` (0 on occupied points): what the learned evaluation
    /// and the policy read.
    #[inline]
    pub fn fine_code(&self, p: Point, c: Color) -> u16 {
        self.fine_codes[self.patterns[c.index()][p.index()].fine().raw() as usize]
    }

    /// The code the learned evaluation and the policy read for `p` and `c`: [`Position::fine_code`], but 0
    /// (nothing) on a point that may be forbidden to black, for black, who cannot play it.
    #[inline]
    pub fn playable_code(&self, p: Point, c: Color) -> u16 {
        if self.may_be_forbidden_to(p, c) {
            0
        } else {
            self.fine_code(p, c)
        }
    }

    /// [`Position::combo`], but [`Combo::None`] on a point that may be forbidden to black, for black.
    #[inline]
    pub fn playable_combo(&self, p: Point, c: Color) -> Combo {
        if self.may_be_forbidden_to(p, c) {
            Combo::None
        } else {
            self.combo(p, c)
        }
    }

    /// Whether `c` is black and `p` one of [`Position::maybe_forbidden`].
    #[inline(always)]
    fn may_be_forbidden_to(&self, p: Point, c: Color) -> bool {
        c == Color::Black && self.maybe_forbidden.contains(p)
    }

    /// The fine class `c` would make on `p` along `d` ([`Fine::None`] on occupied points).
    #[inline]
    pub fn fine(&self, p: Point, c: Color, d: Direction) -> Fine {
        self.patterns[c.index()][p.index()].fine().get(d)
    }

    /// Plays `p` for the side to move, unchecked: `p` must be empty.
    #[inline]
    pub fn make(&mut self, p: Point) {
        self.make_in::<true>(p);
    }

    /// [`Position::make`] for the threat searches: everything but the learned evaluation's sums is kept up
    /// to date, so that [`Position::evaluate`] must not be called before the matching [`Position::undo`]
    /// (the threat searches read only the threat sets and patterns).
    #[inline]
    pub fn make_threat(&mut self, p: Point) {
        self.make_in::<false>(p);
    }

    /// Whether a move made by [`Position::make_threat`] is still on the stack, so that the learned sums are
    /// stale (a scan of the saved moves: for checks, not for the search).
    fn sums_stale(&self) -> bool {
        self.saved.iter().any(|s| s.threat_only)
    }

    /// Recomputes every point's patterns from the line keys in every direction, as a new position does, and
    /// the learned sums if `LEARN`.
    fn refresh_all<const LEARN: bool>(&mut self) {
        for p in Point::all() {
            match self.board.rule() {
                Rule::Freestyle => self.refresh::<{ refresh::FREESTYLE }, LEARN>(p, None),
                Rule::Standard => self.refresh::<{ refresh::STANDARD }, LEARN>(p, None),
                Rule::Renju => self.refresh::<{ refresh::RENJU }, LEARN>(p, None),
            }
        }
    }

    /// [`Position::make`], keeping the learned sums up to date only if `LEARN`.
    #[inline(always)]
    fn make_in<const LEARN: bool>(&mut self, p: Point) {
        let c = self.to_move();
        if LEARN {
            self.net_saved.push(self.net_sum);
        }
        self.saved.push(Saved {
            fives: self.fives,
            fours: self.fours,
            open_fours: self.open_fours,
            threes: self.threes,
            code_sum: self.code_sum,
            doubles: self.doubles,
            maybe_forbidden: self.maybe_forbidden,
            last_move_won: self.last_move_won,
            threat_only: !LEARN,
            log_len: self.pattern_log.len() as u32,
        });
        self.last_move_won = self.fives[c.index()].contains(p);
        self.board.make(p);
        self.stone_value[c.index()] += p.position_value();
        match self.board.rule() {
            Rule::Freestyle => self.refresh_around_in::<{ refresh::FREESTYLE }, LEARN>(p),
            Rule::Standard => self.refresh_around_in::<{ refresh::STANDARD }, LEARN>(p),
            Rule::Renju => self.refresh_around_in::<{ refresh::RENJU }, LEARN>(p),
        }
        debug_assert!(
            self.pattern_log.len() - self.saved.last().map_or(0, |s| s.log_len as usize) <= MAX_LOG_PER_MOVE,
            "a move replaced more patterns than reserve_for_search allows for"
        );
    }

    /// Takes back the last move: restores what [`Position::make`] saved (no pattern is recomputed).
    #[inline]
    pub fn undo(&mut self) -> Option<Point> {
        // Every move on the board was made by `make`, so there is a saved entry exactly when there is a move.
        let s = self.saved.pop()?;
        let p = self.board.undo()?;
        let c = self.to_move();
        self.stone_value[c.index()] -= p.position_value();
        for &(k, old) in self.pattern_log[s.log_len as usize..].iter().rev() {
            let k = k as usize;
            self.patterns.as_flattened_mut()[k & (2 * POINT_SLOTS - 1)] = old;
        }
        if !s.threat_only {
            if let Some(sum) = self.net_saved.pop() {
                self.net_sum = sum;
            }
        }
        self.pattern_log.truncate(s.log_len as usize);
        self.fives = s.fives;
        self.fours = s.fours;
        self.open_fours = s.open_fours;
        self.threes = s.threes;
        self.code_sum = s.code_sum;
        self.doubles = s.doubles;
        self.maybe_forbidden = s.maybe_forbidden;
        self.last_move_won = s.last_move_won;
        Some(p)
    }

    /// Plays `p` after checking it is legal (under renju, not forbidden to black); on error nothing changes.
    pub fn play(&mut self, p: Point) -> Result<Outcome, PlayError> {
        if self.board.outcome() != Outcome::Ongoing {
            return Err(PlayError::GameOver);
        }
        if self.board.at(p).is_some() {
            return Err(PlayError::Occupied(p));
        }
        if let Some(why) = self.board.forbidden(p) {
            return Err(PlayError::Forbidden(p, why));
        }
        self.make(p);
        Ok(self.board.outcome())
    }
}

impl std::fmt::Debug for Position {
    /// The board picture and the game record.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}record: {}", self.board, self.board.record())
    }
}

#[cfg(test)]
#[path = "position_tests.rs"]
pub(crate) mod tests;
