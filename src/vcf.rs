//! VCF (victory by continuous fours): the attacker plays only fours, so every defence is the single block.

use crate::coord::Point;
use crate::eval::Position;

/// Slots in the cache of proven failures.
const CACHE_SLOTS: usize = 1 << 16;

/// A VCF solver with a cache of positions proven to hold no VCF within a depth.
pub struct VcfSolver {
    /// (hash, attacker moves left) of positions with no VCF within that many moves.
    failed: Vec<(u64, u8)>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
}

impl Default for VcfSolver {
    fn default() -> Self {
        VcfSolver::new()
    }
}

impl VcfSolver {
    /// A solver with an empty cache.
    pub fn new() -> VcfSolver {
        VcfSolver {
            failed: vec![(0, 0); CACHE_SLOTS],
            nodes: 0,
            budget: 0,
            exhausted: false,
        }
    }

    /// Nodes visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the cache.
    pub fn clear(&mut self) {
        self.failed.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Looks for a VCF for the side to move within `max_moves` of its moves and `budget` nodes. Returns the
    /// line (attacker, defender, …, the attacker's five) if one is found. The position is left unchanged.
    pub fn solve(&mut self, pos: &mut Position, max_moves: u8, budget: u64) -> Option<Vec<Point>> {
        self.nodes = 0;
        self.budget = budget;
        self.exhausted = false;
        let mut line = Vec::new();
        self.attack(pos, max_moves, &mut line).then_some(line)
    }

    fn attack(&mut self, pos: &mut Position, moves_left: u8, line: &mut Vec<Point>) -> bool {
        self.nodes += 1;
        let me = pos.to_move();
        let opp = me.opponent();
        if let Some(p) = pos.fives(me).first() {
            line.push(p);
            return true;
        }
        if moves_left == 0 || self.nodes > self.budget {
            self.exhausted |= self.nodes > self.budget;
            return false;
        }
        let opp_fives = pos.fives(opp);
        let candidates = match opp_fives.count() {
            0 => pos.fours(me),
            1 => opp_fives & pos.fours(me),
            _ => return false,
        };
        if candidates.is_empty() {
            return false;
        }
        let slot = (pos.hash() as usize) & (CACHE_SLOTS - 1);
        let (h, depth) = self.failed[slot];
        if h == pos.hash() && depth >= moves_left {
            return false;
        }
        let was_exhausted = self.exhausted;
        self.exhausted = false;
        let winning_first = candidates & pos.open_fours(me);
        let others = candidates & !pos.open_fours(me);
        for p in winning_first.iter().chain(others.iter()) {
            let mark = line.len();
            line.push(p);
            pos.make(p);
            let blocks = pos.fives(me);
            let won = match blocks.count() {
                0 => false,
                1 => {
                    let q = blocks.first().unwrap_or(p);
                    line.push(q);
                    pos.make(q);
                    let r = self.attack(pos, moves_left - 1, line);
                    pos.undo();
                    r
                }
                _ => {
                    // Two five-points: whichever the defender blocks, the other wins.
                    let mut it = blocks.iter();
                    line.extend(it.next());
                    line.extend(it.next());
                    true
                }
            };
            pos.undo();
            if won {
                self.exhausted |= was_exhausted;
                return true;
            }
            line.truncate(mark);
        }
        if !self.exhausted {
            self.failed[slot] = (pos.hash(), moves_left);
        }
        self.exhausted |= was_exhausted;
        false
    }
}
