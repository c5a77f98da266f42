//! The Gomoku player: threat-aware move generation, the [`Game`] binding of [`Position`] for the α-β search,
//! and [`Engine`], which combines an immediate-win check, the VCF solver and iterative deepening.

use crate::board::bitboard::Bitboard;
use crate::board::coord::{Point, CELLS};
use crate::board::Outcome;
use crate::eval::pattern::Combo;
use crate::eval::Position;
use crate::search::level::{root_bonus, VARIETY_SPREAD};
use crate::search::params::INNER_WIDTH;
use crate::search::threat::ThreatSolver;
use crate::search::tt::{PackedMove, TranspositionTable};
use crate::search::{score_text, Game, Iteration, Limits, MoveList, Searcher, MATE};
use std::sync::atomic::AtomicBool;

#[path = "movegen.rs"]
mod movegen;
use movegen::LOUD;
pub use movegen::{generate_moves, is_loud, seed_score, QUIET_SEED};

/// How the engine chooses a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Play the best-scoring square (attack + defence), with no look-ahead: the seed program's simple AI.
    EvalOnly,
    /// Threat search and α-β search.
    #[default]
    Search,
}

/// What to search and how far. Out-of-range values are clamped by [`Settings::clamped`].
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Evaluation only or full search.
    pub mode: Mode,
    /// Maximum depth in plies (1–60).
    pub depth: u32,
    /// Candidate points searched per node (1–225): the root searches this many; below it the selective search
    /// searches at most 12 near the horizon and more further from it, never more than this (forced replies are
    /// never cut).
    pub width: usize,
    /// Time per move in milliseconds.
    pub time_ms: Option<f64>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Choice among near-best root moves: each gets a seeded bonus of 0..=spread points (0: the best move).
    pub spread: i32,
    /// Seed of the root bonuses (the same seed and position give the same choice).
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mode: Mode::Search,
            depth: 20,
            width: 24,
            time_ms: Some(1000.0),
            nodes: None,
            spread: 0,
            seed: 0,
        }
    }
}

impl Settings {
    /// Largest depth setting.
    pub const MAX_DEPTH: u32 = 60;
    /// Largest spread setting (a bonus beyond it could outweigh real threats).
    pub const MAX_SPREAD: i32 = 1000;

    /// Variety on (`Some(seed)`, e.g. one seed per game): the spread is at least [`VARIETY_SPREAD`] and the
    /// bonuses follow `seed`. Off (`None`): the settings as they are, deterministic.
    pub fn with_variety(self, seed: Option<u64>) -> Settings {
        match seed {
            Some(seed) => Settings {
                spread: self.spread.max(VARIETY_SPREAD),
                seed,
                ..self
            },
            None => self,
        }
    }

    /// The settings with every field brought into its valid range.
    pub fn clamped(&self) -> Settings {
        Settings {
            mode: self.mode,
            depth: self.depth.clamp(1, Self::MAX_DEPTH),
            width: self.width.clamp(1, CELLS),
            time_ms: self.time_ms.map(|t| {
                if t.is_finite() {
                    t.clamp(1.0, 3_600_000.0)
                } else {
                    1000.0
                }
            }),
            nodes: self.nodes.map(|n| n.max(1)),
            spread: self.spread.clamp(0, Self::MAX_SPREAD),
            seed: self.seed,
        }
    }
}

/// The engine's answer or one step of its thinking.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// Depth in plies (0 for evaluation only; the line's length for a found forced win).
    pub depth: u32,
    /// Score from the side to move's view; wins and losses are near ±[`MATE`].
    pub score: i32,
    /// Principal variation; the first point is the move.
    pub pv: Vec<Point>,
    /// Nodes searched: α-β nodes plus the root threat searches' nodes (a VCF probe at the horizon is part of
    /// its α-β leaf).
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
}

impl SearchInfo {
    /// The move to play.
    pub fn best_move(&self) -> Option<Point> {
        self.pv.first().copied()
    }

    /// The score for people (`+35`, `win in 3`).
    pub fn score_text(&self) -> String {
        score_text(self.score)
    }

    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        if self.time_ms > 0.0 {
            self.nodes as f64 * 1000.0 / self.time_ms
        } else {
            0.0
        }
    }

    /// The principal variation in `h8` notation.
    pub fn pv_text(&self) -> String {
        let v: Vec<String> = self.pv.iter().map(|p| p.to_string()).collect();
        v.join(" ")
    }
}

impl PackedMove for Point {
    #[inline]
    fn pack(self) -> u16 {
        self.index() as u16
    }
    #[inline]
    fn unpack(bits: u16) -> Self {
        Point::from_index(bits as usize).unwrap_or_default()
    }
}

/// [`Position`] as a [`Game`] for the α-β search.
pub struct GomokuGame<'a> {
    /// The position searched; restored after the search.
    pos: &'a mut Position,
    /// Solves VCFs at the horizon; `None` evaluates statically only.
    threats: Option<&'a mut ThreatSolver>,
    /// Root moves proven to lose, left out of the root's move list.
    refuted: Bitboard,
    /// Stones on the board at the root.
    root_stones: usize,
}

impl<'a> GomokuGame<'a> {
    /// The search's view of `pos`, with VCF probes at the horizon if `threats` is given.
    pub fn new(pos: &'a mut Position, threats: Option<&'a mut ThreatSolver>) -> Self {
        let root_stones = pos.board().stone_count();
        GomokuGame {
            pos,
            threats,
            refuted: Bitboard::EMPTY,
            root_stones,
        }
    }

    /// Leaves `moves` out of the root's move list.
    pub fn refute(&mut self, moves: Bitboard) {
        self.refuted = moves;
    }
}

/// A threat line that ends when the attacker makes an open four (the VCT's main line does) is two plies short
/// of the five: appends the defender's block of one end and the attacker's five at the other, so that the
/// line's length is the distance to the win and the line can be shown through to the five.
fn play_out_open_four(pos: &mut Position, line: &mut Vec<Point>) {
    let mut made = 0;
    for &m in line.iter() {
        if pos.board().at(m).is_some() || pos.board().outcome() != Outcome::Ongoing {
            break;
        }
        pos.make(m);
        made += 1;
    }
    let attacker = pos.to_move().opponent();
    if made == line.len() && !pos.last_move_won() && pos.fives(pos.to_move()).is_empty() {
        // The defender blocks one five point (under renju black cannot block on a forbidden one).
        let open_four = pos.fives(attacker).count() >= 2;
        let block = pos.fives(attacker).iter().find(|&q| !pos.is_forbidden_move(q));
        if let Some(block) = block.filter(|_| open_four) {
            pos.make(block);
            if let Some(five) = pos.fives(attacker).first() {
                line.extend([block, five]);
            }
            pos.undo();
        }
    }
    for _ in 0..made {
        pos.undo();
    }
}

impl Game for GomokuGame<'_> {
    type Move = Point;

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    #[inline]
    fn hash_after(&self, m: Point) -> u64 {
        self.pos.hash_after(m)
    }

    #[inline]
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        let ply = ply as i32;
        let pos = &*self.pos;
        if pos.last_move_won() {
            return Some(-(MATE - ply));
        }
        if pos.board().stone_count() == CELLS {
            return Some(0);
        }
        let me = pos.to_move();
        let opp = me.opponent();
        if !pos.fives(me).is_empty() {
            return Some(MATE - ply - 1);
        }
        let opp_fives = pos.fives(opp).count();
        if opp_fives >= 2 {
            return Some(-(MATE - ply - 2));
        }
        // Black under renju cannot block on a forbidden point.
        if opp_fives == 1 && pos.has_forbidden() && pos.fives(opp).iter().any(|q| pos.forbidden(q).is_some()) {
            return Some(-(MATE - ply - 2));
        }
        if opp_fives == 0 && !pos.legal_open_fours(me).is_empty() {
            return Some(MATE - ply - 3);
        }
        None
    }

    #[inline]
    fn must_answer(&self) -> bool {
        !self.pos.fives(self.pos.to_move().opponent()).is_empty()
    }

    /// A four or an open three (or more) for the side to move.
    #[inline]
    fn threatens(&self, m: Point) -> bool {
        self.pos.combo(m, self.pos.to_move()) >= Combo::OpenThree
    }

    #[inline]
    fn quiet(&self) -> bool {
        let opp = self.pos.to_move().opponent();
        self.pos.fives(opp).is_empty() && self.pos.legal_open_fours(opp).is_empty()
    }

    /// A VCF by the horizon's probe.
    #[inline]
    fn cheap_win(&mut self, ply: usize) -> Option<i32> {
        let solver = self.threats.as_deref_mut()?;
        if self.pos.fours(self.pos.to_move()).is_empty() {
            return None;
        }
        solver.horizon_vcf(self.pos).map(|len| MATE - ply as i32 - len as i32)
    }

    /// Against an open three: our fours that are not among the points that may stop it and make no double
    /// threat (a four-three or more).
    fn drop_delays(&self, list: &mut MoveList<Point>) {
        let me = self.pos.to_move();
        let opp = me.opponent();
        let blocks = self.pos.blocks_that_may_stop(opp, self.pos.fours(opp));
        let delays = |m: Point| !blocks.contains(m) && self.pos.combo(m, me) < Combo::FourThree;
        if list.moves().iter().any(|&m| !delays(m)) {
            list.retain(|m| !delays(m));
        }
    }

    #[inline]
    fn evaluate(&mut self, ply: usize) -> i32 {
        self.cheap_win(ply).unwrap_or_else(|| self.pos.evaluate())
    }

    #[inline]
    fn static_eval(&mut self) -> i32 {
        self.pos.evaluate()
    }

    #[inline]
    fn generate(&mut self, list: &mut MoveList<Point>) -> bool {
        let forced = generate_moves(self.pos, list);
        if !self.refuted.is_empty() && self.pos.board().stone_count() == self.root_stones {
            list.retain(|m| !self.refuted.contains(m));
        }
        forced
    }

    #[inline]
    fn make(&mut self, m: Point) {
        self.pos.make(m);
    }

    #[inline]
    fn undo(&mut self) {
        self.pos.undo();
    }

    #[inline]
    fn move_index(m: Point) -> usize {
        m.index()
    }

    /// Moves that make or stop no three are quiet ([`is_loud`]).
    const QUIET_BELOW: i32 = LOUD / 2;
}

/// What the root threat searches left to do ([`Engine::root_threats`]).
pub(super) enum RootPlan {
    /// Decided without α-β: an immediate five, a VCF or a VCT (or evaluation-only mode).
    Solved(SearchInfo),
    /// The α-β search is needed.
    Search {
        /// The move to play if the search completes nothing.
        fallback: Point,
        /// Root moves after which the opponent has a VCF (empty if that is every move).
        refuted: Bitboard,
        /// Nodes the threat searches visited.
        threat_nodes: u64,
    },
}

/// A Gomoku player that keeps its transposition table and threat-search cache between moves.
pub struct Engine {
    /// Allocated on the first α-β search, so an engine used only for evaluation costs no table.
    pub(super) tt: TranspositionTable<Point>,
    pub(super) tt_mb: usize,
    pub(super) threats: ThreatSolver,
    pub(super) clock: fn() -> f64,
    /// Whether the α-β search is selective ([`Limits::reductions`]); on unless switched off for tests that
    /// need exact values.
    pub(super) selective: bool,
}

/// Longest VCF the root threat search looks for, in attacker moves.
const ROOT_VCF_MOVES: u8 = 100;
/// Node budget of the root VCF search.
const ROOT_VCF_NODES: u64 = 100_000;
/// Longest opponent VCF the root defence check looks for, in its moves.
pub(super) const DEFENCE_VCF_MOVES: u8 = 20;
/// Node budget of the defence check, per root move.
pub(super) const DEFENCE_VCF_NODES: u64 = 3_000;
/// Plies of threats (both sides' moves) the root VCT looks through before the VCF that ends it.
const ROOT_VCT_PLIES: u8 = 13;
/// Largest node budget of the root VCT search with a time limit (less when the time per move is short).
const ROOT_VCT_NODES: u64 = 200_000;
/// Node budget of the root VCT search without a time limit (searches to a depth or a node count: analysis,
/// tests), as before the VCT was given its share of the time.
const UNTIMED_VCT_NODES: u64 = 50_000;
/// Root VCT nodes per millisecond of the time per move: about the 40 % share its deadline allows at native
/// speed (~0.5 M threat nodes/s), so the VCT may use its share instead of stopping after a tenth of the time;
/// on a slower machine the deadline stops it first.
const ROOT_VCT_NODES_PER_MS: f64 = 200.0;

impl Engine {
    /// An engine with a transposition table of `tt_mb` megabytes (allocated when first needed), timing itself
    /// with `clock` (milliseconds).
    pub fn new(tt_mb: usize, clock: fn() -> f64) -> Engine {
        Engine {
            tt: TranspositionTable::new(0),
            tt_mb,
            threats: ThreatSolver::new(),
            clock,
            selective: true,
        }
    }

    /// The size of the transposition table in megabytes, once it is allocated.
    pub fn table_mb(&self) -> Option<usize> {
        self.tt.enabled().then_some(self.tt_mb)
    }

    /// Switches the selective search (reductions and pruning) on or off; off, every depth is searched
    /// full-width within the width limit, so results do not depend on move order or earlier searches.
    pub fn set_selective(&mut self, on: bool) {
        self.selective = on;
    }

    /// Allocates the transposition table now if no search has yet, and writes every slot: a timed search
    /// after this pays neither for the allocation (zeroing 16 MB is a memset in wasm) nor for the first touch
    /// of each page (a page fault natively). For benchmarks and for the protocol's set-up between turns; the
    /// table's contents stay empty.
    pub fn ready_table(&mut self) {
        self.allocate_table();
        self.tt.clear();
    }

    /// Allocates the transposition table if no search has yet (it is allocated on first use, so that an
    /// engine used only for evaluation costs no table).
    pub(super) fn allocate_table(&mut self) {
        if !self.tt.enabled() {
            self.tt = TranspositionTable::new(self.tt_mb);
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.threats.clear();
    }

    /// The root's candidates and its threat searches, shared by [`Engine::think`] and the analysis: an
    /// immediate five, a VCF or a VCT solves the position; otherwise the moves that lose to a VCF are found.
    pub(super) fn root_threats(&mut self, work: &mut Position, settings: &Settings, start: f64) -> Option<RootPlan> {
        let mut list = MoveList::new();
        let forced_root = generate_moves(work, &mut list);
        list.sort();
        let fallback = list.moves().first().copied()?;
        let me = work.to_move();
        let quick = |depth, score, pv: Vec<Point>, nodes| SearchInfo {
            depth,
            score,
            pv,
            nodes,
            time_ms: (self.clock)() - start,
        };

        if settings.mode == Mode::EvalOnly {
            // The best point by seed score, each raised by its seeded bonus (none with spread 0); ties go to
            // the higher seed score, then to the first point in board order.
            let key = work.hash();
            let pick = list
                .moves()
                .iter()
                .max_by_key(|&&m| {
                    let seed = seed_score(work, m, me);
                    let bonus = root_bonus(settings.seed, settings.spread, key, m.index());
                    (seed + bonus, seed, std::cmp::Reverse(m.index()))
                })
                .map_or(fallback, |&m| m);
            let info = quick(0, work.square_score(pick, me), vec![pick], list.len() as u64);
            return Some(RootPlan::Solved(info));
        }
        if !work.fives(me).is_empty() {
            let info = quick(1, MATE - 1, vec![fallback], 1);
            return Some(RootPlan::Solved(info));
        }
        // The threat searches may use a fifth of the time each; the α-β search gets the rest.
        let deadline = |share: f64| settings.time_ms.map(|t| (self.clock, start + t * share));
        self.threats.set_deadline(deadline(0.2));
        if let Some(line) = self.threats.vcf(work, ROOT_VCF_MOVES, ROOT_VCF_NODES) {
            let info = quick(line.len() as u32, MATE - line.len() as i32, line, self.threats.nodes());
            return Some(RootPlan::Solved(info));
        }
        let mut threat_nodes = self.threats.nodes();
        if work.fives(me.opponent()).is_empty() {
            let budget = settings.time_ms.map_or(UNTIMED_VCT_NODES, |t| {
                ((t * ROOT_VCT_NODES_PER_MS) as u64).clamp(1_000, ROOT_VCT_NODES)
            });
            let budget = settings.nodes.map_or(budget, |n| budget.min(n / 4));
            self.threats.set_deadline(deadline(0.4));
            let found = self.threats.vct(work, ROOT_VCT_PLIES, budget);
            threat_nodes += self.threats.nodes();
            if let Some(mut line) = found {
                play_out_open_four(work, &mut line);
                let info = quick(line.len() as u32, MATE - line.len() as i32, line, threat_nodes);
                return Some(RootPlan::Solved(info));
            }
        }

        // Defence check: a root move after which the opponent has a VCF loses; search the others.
        self.threats.set_deadline(deadline(0.5));
        let mut refuted = Bitboard::EMPTY;
        let checked = if forced_root {
            list.len()
        } else {
            // The first 12 by the generator's order, as measured (the root's later candidates are left to the
            // α-β's own threat handling).
            list.len().min(settings.width.min(INNER_WIDTH))
        };
        for &m in &list.moves()[..checked] {
            work.make(m);
            if self
                .threats
                .vcf_length(work, DEFENCE_VCF_MOVES, DEFENCE_VCF_NODES)
                .is_some()
            {
                refuted.set(m);
            }
            threat_nodes += self.threats.nodes();
            work.undo();
        }
        if refuted.count() as usize == list.len() {
            refuted = Bitboard::EMPTY; // lost anyway: let the search find the longest resistance
        }

        Some(RootPlan::Search {
            fallback,
            refuted,
            threat_nodes,
        })
    }

    /// Chooses a move for the side to move in `pos`. Calls `progress` for each completed step. Returns `None`
    /// only if the game is over. `stop` ends the search early with the best move found so far.
    pub fn think(
        &mut self,
        pos: &Position,
        settings: &Settings,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchInfo> {
        if pos.board().outcome() != Outcome::Ongoing {
            return None;
        }
        let settings = settings.clamped();
        let start = (self.clock)();
        let mut work = pos.clone();
        work.reserve_for_search();
        let (fallback, refuted, threat_nodes) = match self.root_threats(&mut work, &settings, start)? {
            RootPlan::Solved(info) => {
                progress(&info);
                return Some(info);
            }
            RootPlan::Search {
                fallback,
                refuted,
                threat_nodes,
            } => (fallback, refuted, threat_nodes),
        };
        let deadline = |share: f64| settings.time_ms.map(|t| (self.clock, start + t * share));
        self.threats.set_deadline(deadline(1.0));
        // Allocating (and zeroing) a large table takes a while: before the time left is measured.
        self.allocate_table();
        let limits = Limits {
            depth: settings.depth,
            width: settings.width,
            time_ms: settings.time_ms.map(|t| (t - ((self.clock)() - start)).max(1.0)),
            nodes: settings.nodes,
            reductions: self.selective,
            spread: settings.spread,
            seed: settings.seed,
        };
        let clock = self.clock;
        let mut searcher = Searcher::new(&self.tt, limits, clock, stop);
        let mut game = GomokuGame::new(&mut work, Some(&mut self.threats));
        game.refute(refuted);
        let to_info = |it: &Iteration<Point>| SearchInfo {
            depth: it.depth,
            score: it.score,
            pv: it.pv.clone(),
            nodes: it.nodes + threat_nodes,
            time_ms: clock() - start,
        };
        let result = searcher.iterate(&mut game, &mut |it| progress(&to_info(it)));
        let nodes = searcher.nodes() + threat_nodes;
        let time_ms = clock() - start;
        Some(match result {
            Some(it) => SearchInfo {
                nodes,
                time_ms,
                ..to_info(&it)
            },
            None => SearchInfo {
                depth: 0,
                score: 0,
                pv: vec![fallback],
                nodes,
                time_ms,
            },
        })
    }
}
