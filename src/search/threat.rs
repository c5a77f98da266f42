//! Threat-space search. VCF (victory by continuous fours): the attacker plays only fours, so each defence is
//! the single block. VCT (victory by continuous threats): the attacker may also make open threes, and the
//! defender tries every point that stops them (the points where the attacker would make a four) and its own
//! fours. Under freestyle the attacker may also make a VCF threat: a move after which it would win by fours
//! if the defender did nothing ([`ThreatSolver`] explains which defences are tried). Every attacker node of a
//! VCT first looks for a VCF, so the plies limit counts only the threats before it. Both are proofs: a line
//! is returned only if it wins against every defence.

use crate::board::bitboard::Bitboard;
use crate::board::coord::{Direction, Point, CELLS};
use crate::board::Rule;
use crate::eval::pattern::Pattern;
use crate::eval::Position;

/// Slots in each cache.
const CACHE_SLOTS: usize = 1 << 16;
/// Longest VCF looked for at the search horizon ([`ThreatSolver::horizon_vcf`]), in attacker moves.
const HORIZON_VCF_MOVES: u8 = 12;
/// Node budget of a VCF at the search horizon.
const HORIZON_VCF_NODES: u64 = 64;
/// Slots in the cache of the horizon's VCF results.
const HORIZON_SLOTS: usize = 1 << 14;
/// Longest VCF, in attacker moves, that ends a VCT line or refutes a defence against a VCF threat.
const VCT_VCF_MOVES: u8 = 12;
/// The VCT's first pass, with fours and threes alone, looks this many plies deeper than its limit.
const FAST_EXTRA_PLIES: u8 = 4;
/// Most VCF threats tried per attacker node.
const QUIET_MAX: usize = 16;
/// Plies a VCF threat counts against the VCT's limit (a four or a three counts 2: the threat and the block).
/// A VCF threat leaves the defender dozens of replies, each searched, so it is tried only with room for
/// another threat after it: the deepening then reaches lines of threes and fours deeper with the same nodes.
const QUIET_PLIES: u8 = 4;
/// How far (in points along a line) a defender stone can reach to change a VCF: a stone farther than this
/// from every defender block of the line, on no point of it and making no four, leaves the line winning.
const VCF_REACH: i32 = 4;

/// A cached VCT result: position hash, plies searched, and whether the attacker won.
#[derive(Copy, Clone, Default)]
struct VctEntry {
    hash: u64,
    depth: u8,
    win: bool,
    /// Whether the search tried VCF threats; a failure without them says nothing about a search with them.
    quiet: bool,
}

/// The threat solver with its caches. Results depend only on the position and the limits, not on what was
/// searched before: a failure is cached only when the search under it was complete.
///
/// Defences against a VCF threat (freestyle): a defender move `d` that makes no four of its own and lies
/// farther than `VCF_REACH` (4) from the line's defender blocks and off its points cannot stop a VCF line
/// found after another defence (a defender stone only hinders the attacker, so removing one keeps the
/// line; a far stone neither blocks one of its fours nor turns one of its blocks into a defender four).
/// So the defender first plays a quiet far point; each VCF that then refutes a defence narrows the
/// defences left to those near it, and every one of those is searched.
pub struct ThreatSolver {
    /// (hash, attacker moves left) of positions with no VCF within that many moves.
    vcf_failed: Vec<(u64, u8)>,
    vct: Vec<VctEntry>,
    /// (hash, line length + 1, or 0 if none was found) of the horizon's VCF probes, whose limits never change.
    horizon: Vec<(u64, u8)>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
    /// A clock and the time (by that clock) at which to give up.
    deadline: Option<(fn() -> f64, f64)>,
    /// Reused line buffer, so that probes at the search horizon allocate nothing.
    line: Vec<Point>,
    /// Whether attackers may make VCF threats (quiet moves); the VCT's first pass goes without them.
    quiet: bool,
    /// Whether the VCF reads a four's outcome ahead where the rule allows it ([`ThreatSolver::vcf_four_read_ahead`]);
    /// off only in tests, which compare the two ways.
    read_ahead: bool,
}

impl Default for ThreatSolver {
    fn default() -> Self {
        ThreatSolver::new()
    }
}

impl ThreatSolver {
    /// A solver with empty caches.
    pub fn new() -> ThreatSolver {
        ThreatSolver {
            vcf_failed: vec![(0, 0); CACHE_SLOTS],
            vct: vec![VctEntry::default(); CACHE_SLOTS],
            horizon: vec![(0, 0); HORIZON_SLOTS],
            nodes: 0,
            budget: 0,
            exhausted: false,
            deadline: None,
            line: Vec::with_capacity(crate::board::coord::CELLS),
            quiet: true,
            read_ahead: true,
        }
    }

    /// Nodes visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the caches.
    pub fn clear(&mut self) {
        self.vcf_failed.iter_mut().for_each(|e| *e = (0, 0));
        self.vct.iter_mut().for_each(|e| *e = VctEntry::default());
        self.horizon.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Makes later searches give up at `at_ms` by `clock` (checked every 256 nodes); `None` removes it.
    pub fn set_deadline(&mut self, deadline: Option<(fn() -> f64, f64)>) {
        self.deadline = deadline;
    }

    fn start(&mut self, budget: u64) {
        self.nodes = 0;
        self.budget = budget;
        self.exhausted = false;
    }

    /// Looks for a VCF for the side to move within `max_moves` of its moves and `budget` nodes. Returns the
    /// line (attacker, defender, …, the attacker's five) if one is found. The position is left unchanged.
    pub fn vcf(&mut self, pos: &mut Position, max_moves: u8, budget: u64) -> Option<Vec<Point>> {
        self.vcf_length(pos, max_moves, budget).map(|_| self.line.clone())
    }

    /// Like [`ThreatSolver::vcf`], but returns only the line's length (in plies) and allocates nothing.
    pub fn vcf_length(&mut self, pos: &mut Position, max_moves: u8, budget: u64) -> Option<usize> {
        self.start(budget);
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let found = self.vcf_attack(pos, max_moves, &mut line);
        let len = line.len();
        self.line = line;
        found.then_some(len)
    }

    /// The α-β search's probe at its horizon: the length of a VCF for the side to move within
    /// `HORIZON_VCF_MOVES` (12) moves and `HORIZON_VCF_NODES` (64) nodes, if one is found. The same leaf comes
    /// back again and again (transpositions, the next iteration), so each position's answer is kept. The probe
    /// runs without the deadline (its 64 nodes take microseconds), so that its answer never depends on the clock.
    pub fn horizon_vcf(&mut self, pos: &mut Position) -> Option<usize> {
        let hash = pos.hash();
        let slot = hash as usize & (HORIZON_SLOTS - 1);
        let (h, answer) = self.horizon[slot];
        if h == hash && hash != 0 {
            self.nodes = 0;
            return answer.checked_sub(1).map(usize::from);
        }
        let deadline = self.deadline.take();
        let found = self.vcf_length(pos, HORIZON_VCF_MOVES, HORIZON_VCF_NODES);
        self.deadline = deadline;
        self.horizon[slot] = (hash, found.map_or(0, |len| len as u8 + 1));
        found
    }

    /// Looks for a VCT for the side to move within `budget` nodes: threats for at most `max_plies` plies
    /// (both sides' moves; a VCF threat counts `QUIET_PLIES`, 4), then a VCF of at most `VCT_VCF_MOVES` (12)
    /// moves. A first pass with fours and open threes alone goes `FAST_EXTRA_PLIES` (4) plies deeper: without
    /// VCF threats the tree is narrow enough to finish. Returns the main line (the first defence tried at each
    /// step) if the attacker wins against every defence.
    pub fn vct(&mut self, pos: &mut Position, max_plies: u8, budget: u64) -> Option<Vec<Point>> {
        self.start(budget);
        let mut line = Vec::new();
        // Deepen gradually so that short wins are found first and cheaply (0 plies: a VCF alone): first with
        // fours and threes alone, which branch little, `FAST_EXTRA_PLIES` deeper; then with VCF threats too.
        let rule = pos.board().rule();
        let mut deepen = |solver: &mut Self, pos: &mut Position, quiet: bool, last: u8| {
            solver.quiet = quiet;
            (0..=last)
                .step_by(2)
                .any(|plies| solver.vct_attack(pos, plies, &mut line, true))
        };
        let found = deepen(self, pos, false, max_plies.saturating_add(FAST_EXTRA_PLIES))
            || (rule == Rule::Freestyle && deepen(self, pos, true, max_plies));
        self.quiet = true;
        found.then_some(line)
    }

    /// Whether playing `m` wins by threats for the side to move: after `m`, every defence loses to a VCT
    /// whose threats take at most `max_plies` plies (a proof, used to accept winning moves a puzzle does not
    /// list).
    pub fn proves_win(&mut self, pos: &mut Position, m: Point, max_plies: u8, budget: u64) -> bool {
        if pos.board().at(m).is_some() {
            return false;
        }
        self.start(budget);
        let me = pos.to_move();
        if pos.fives(me).contains(m) {
            return true;
        }
        pos.make_threat(m);
        // Deepen gradually: a deep limit first sends the depth-first search down long hopeless lines.
        let won = (1..=max_plies)
            .step_by(2)
            .any(|plies| self.vct_defend(pos, plies, &mut Vec::new()));
        pos.undo();
        won
    }

    #[inline]
    fn over_budget(&mut self) -> bool {
        if self.nodes > self.budget {
            self.exhausted = true;
        }
        if self.nodes & 255 == 0 {
            if let Some((clock, at)) = self.deadline {
                self.exhausted |= clock() >= at;
            }
        }
        self.exhausted
    }

    /// The cached VCT result for this position and depth, if one applies.
    #[inline]
    fn vct_cached(&self, pos: &Position, plies: u8) -> Option<bool> {
        let e = self.vct[(pos.hash() as usize) & (CACHE_SLOTS - 1)];
        if e.hash != pos.hash() {
            return None;
        }
        match e.win {
            true if e.depth <= plies => Some(true),
            false if e.depth >= plies && (e.quiet || !self.quiet) => Some(false),
            _ => None,
        }
    }

    #[inline]
    fn vct_store(&mut self, pos: &Position, plies: u8, win: bool) {
        if win || !self.exhausted {
            self.vct[(pos.hash() as usize) & (CACHE_SLOTS - 1)] = VctEntry {
                hash: pos.hash(),
                depth: plies,
                win,
                quiet: self.quiet,
            };
        }
    }

    /// Attacker to move: true if some threat wins against every defence within `plies`.
    fn vct_attack(&mut self, pos: &mut Position, plies: u8, line: &mut Vec<Point>, want_line: bool) -> bool {
        self.nodes += 1;
        if five_now(pos, line) {
            return true;
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let opp_fives = pos.fives(opp);
        if opp_fives.count() >= 2 || self.over_budget() {
            return false;
        }
        if opp_fives.count() == 1 {
            if plies == 0 {
                return false;
            }
            // The defender's counter-four must be blocked first; then the defender is to move again.
            let q = opp_fives.first().unwrap_or(Point::CENTER);
            if pos.is_forbidden_move(q) {
                return false;
            }
            let mark = line.len();
            line.push(q);
            pos.make_threat(q);
            let r = self.vct_defend(pos, plies - 1, line);
            pos.undo();
            if !r {
                line.truncate(mark);
            }
            return r;
        }
        if let Some(p) = pos.legal_open_fours(me).first() {
            line.push(p);
            return true;
        }
        match self.vct_cached(pos, plies) {
            Some(false) => return false,
            Some(true) if !want_line => return true,
            _ => {}
        }
        if self.vcf_attack(pos, VCT_VCF_MOVES, line) {
            return true;
        }
        // A threat needs two plies: the threat and the defence.
        plies >= 2 && self.vct_search(pos, plies, line)
    }

    fn vct_search(&mut self, pos: &mut Position, plies: u8, line: &mut Vec<Point>) -> bool {
        let me = pos.to_move();
        let was_exhausted = std::mem::replace(&mut self.exhausted, false);
        let fours = pos.legal_fours(me);
        let threes = pos.legal_threes(me) & !fours;
        let mut quiet = [(0u8, Point::CENTER); CELLS];
        let n = if self.quiet && plies >= QUIET_PLIES {
            vcf_threat_candidates(pos, fours | threes, &mut quiet)
        } else {
            0
        };
        // Threats that also make more (a four-three, two threes) first.
        let mut loud = [(0u8, Point::CENTER); CELLS];
        let k = by_combination(pos, fours | threes, &mut loud);
        let mut won = false;
        for (p, cost) in loud[..k]
            .iter()
            .map(|&(_, p)| (p, 2))
            .chain(quiet[..n].iter().map(|&(_, p)| (p, QUIET_PLIES)))
        {
            let mark = line.len();
            line.push(p);
            pos.make_threat(p);
            won = self.vct_defend(pos, plies + 1 - cost, line);
            pos.undo();
            if won {
                break;
            }
            line.truncate(mark);
        }
        self.vct_store(pos, plies, won);
        self.exhausted |= was_exhausted;
        won
    }

    /// Defender to move after a threat: true if the attacker wins against every defence.
    fn vct_defend(&mut self, pos: &mut Position, plies: u8, line: &mut Vec<Point>) -> bool {
        self.nodes += 1;
        let me = pos.to_move();
        let att = me.opponent();
        if !pos.fives(me).is_empty() {
            return false;
        }
        let att_fives = pos.fives(att);
        if att_fives.count() >= 2 {
            line.extend(att_fives.iter().take(2));
            return true;
        }
        // The blocks of the attacker's five or open four, and the defender's own fours (legal ones only).
        let (blocks, own) = if att_fives.count() == 1 {
            (att_fives, Bitboard::EMPTY)
        } else if pos.legal_open_fours(att).is_empty() {
            // No four and no open three: at most a VCF threat.
            return plies > 0 && pos.board().rule() == Rule::Freestyle && self.vcf_threat_defend(pos, plies, line);
        } else {
            (pos.blocks_that_may_stop(att, pos.legal_fours(att)), pos.legal_fours(me))
        };
        let mut defences = blocks | own;
        if pos.has_forbidden() {
            // Black under renju: a forbidden block is no defence.
            for d in (blocks & pos.maybe_forbidden()).iter() {
                if pos.forbidden(d).is_some() {
                    defences.clear(d);
                }
            }
            if defences.is_empty() {
                line.extend(att_fives.iter().chain(pos.legal_open_fours(att).iter()).take(1));
                return true;
            }
        }
        if plies == 0 || self.over_budget() {
            return false;
        }
        let mark = line.len();
        // The likeliest refutations first: the defender's own fours and threats, then the blocks that stop more.
        let mut order = [(0u8, Point::CENTER); CELLS];
        let k = by_combination(pos, defences, &mut order);
        for (i, &(_, d)) in order[..k].iter().enumerate() {
            let mut sub = Vec::new();
            pos.make_threat(d);
            let r = self.vct_attack(pos, plies - 1, &mut sub, i == 0);
            pos.undo();
            if !r {
                line.truncate(mark);
                return false;
            }
            if i == 0 {
                line.push(d);
                line.extend(sub);
            }
        }
        true
    }
}

impl ThreatSolver {
    /// Defender to move after a VCF threat (freestyle): true if the attacker wins against every defence.
    /// The defences tried are narrowed by each VCF that refutes one (see [`ThreatSolver`]).
    fn vcf_threat_defend(&mut self, pos: &mut Position, plies: u8, line: &mut Vec<Point>) -> bool {
        if self.over_budget() {
            return false;
        }
        let me = pos.to_move();
        let Some(far) = far_point(pos) else {
            return false;
        };
        let mark = line.len();
        let mut sub = Vec::new();
        pos.make_threat(far);
        let threat = self.vcf_attack(pos, VCT_VCF_MOVES, &mut sub);
        pos.undo();
        if !threat {
            return false;
        }
        line.push(far);
        line.extend(&sub);
        let mut left = (reach(&sub) | pos.fours(me)) & pos.board().empty();
        left.clear(far);
        // The last refuting line's own points are the likeliest defences: try them first.
        let mut last = sub;
        let mut sub = Vec::new();
        loop {
            let Some(d) = last
                .iter()
                .copied()
                .find(|&q| left.contains(q))
                .or_else(|| left.first())
            else {
                return true;
            };
            left.clear(d);
            sub.clear();
            pos.make_threat(d);
            let by_fours = self.vcf_attack(pos, VCT_VCF_MOVES, &mut sub);
            let won = by_fours || self.vct_attack(pos, plies - 1, &mut sub, false);
            pos.undo();
            if !won {
                line.truncate(mark);
                return false;
            }
            if by_fours {
                left &= reach(&sub) | pos.fours(me);
                std::mem::swap(&mut last, &mut sub);
            }
        }
    }
}

/// Attacker moves worth trying as VCF threats, best first, into `out` (returns how many): empty points
/// off `skip` where the side to move would make a closed three, or twos in two directions. Only under
/// freestyle (the defence rule relies on it).
fn vcf_threat_candidates(pos: &Position, skip: Bitboard, out: &mut [(u8, Point); CELLS]) -> usize {
    if pos.board().rule() != Rule::Freestyle {
        return 0;
    }
    let me = pos.to_move();
    let near = pos.board().stones(me).dilate().dilate() & pos.board().empty() & !skip;
    let mut n = 0;
    for p in near.iter() {
        let mut score = 0u8;
        for d in Direction::ALL {
            score += match pos.pattern(p, me, d) {
                Pattern::ClosedTwo => 1,
                Pattern::OpenTwo => 2,
                Pattern::ClosedThree => 4,
                _ => 0,
            };
        }
        if score >= 2 {
            out[n] = (score, p);
            n += 1;
        }
    }
    out[..n].sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
    n.min(QUIET_MAX)
}

/// `points` into `out` (returns how many), ordered by the combination the side to move makes on each, then
/// by the one the opponent makes there (the point it takes from the opponent); equal points keep board order.
fn by_combination(pos: &Position, points: Bitboard, out: &mut [(u8, Point); CELLS]) -> usize {
    let me = pos.to_move();
    let mut n = 0;
    for p in points.iter() {
        // 14 combinations: the pair packs into one byte.
        out[n] = ((pos.combo(p, me) as u8) << 4 | pos.combo(p, me.opponent()) as u8, p);
        n += 1;
    }
    out[..n].sort_by_key(|c| std::cmp::Reverse(c.0));
    n
}

/// The points a defender stone must be on or near to change the VCF `line` (attacker, block, …, five):
/// the line's points and every point within [`VCF_REACH`] of one of its blocks along a line.
fn reach(line: &[Point]) -> Bitboard {
    let mut out: Bitboard = line.iter().copied().collect();
    for &b in line.iter().skip(1).step_by(2) {
        for d in Direction::ALL {
            for k in (-VCF_REACH..=VCF_REACH).filter(|&k| k != 0) {
                if let Some(q) = b.offset(d, k) {
                    out.set(q);
                }
            }
        }
    }
    out
}

/// An empty point as far as possible from the stones (a corner or edge if one is free): a defence that
/// does nothing, to find what the attacker threatens.
fn far_point(pos: &Position) -> Option<Point> {
    let mut zone = pos.board().occupied();
    let mut far = pos.board().empty();
    if zone.is_empty() {
        return far.first();
    }
    while !(far & !zone).is_empty() {
        far &= !zone;
        zone = zone.dilate();
    }
    far.first()
}

/// Appends the side to move's five-point to `line` if it has one.
#[inline]
fn five_now(pos: &Position, line: &mut Vec<Point>) -> bool {
    let five = pos.fives(pos.to_move()).first();
    line.extend(five);
    five.is_some()
}

#[path = "vcf.rs"]
mod vcf;

#[cfg(test)]
#[path = "threat_tests.rs"]
mod tests;
