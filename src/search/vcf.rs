//! The VCF: the attacker plays only fours, so each defence is the single block ([`ThreatSolver::vcf_attack`]).
//! Where no point is forbidden, a four's outcome is read off the line keys before its moves are made, and
//! they are made only when the node after the block must be searched.

use super::*;

impl ThreatSolver {
    /// A VCF node: the attacker's five if it has one, else each of its fours (only one that blocks the
    /// defender's five, none against two), the block, and the attack from there, within `moves_left` of its
    /// moves. The line so far is `line`; a win leaves the whole line in it.
    pub(super) fn vcf_attack(&mut self, pos: &mut Position, moves_left: u8, line: &mut Vec<Point>) -> bool {
        self.nodes += 1;
        if five_now(pos, line) {
            return true;
        }
        if moves_left == 0 || self.over_budget() {
            return false;
        }
        let me = pos.to_move();
        let candidates = fours_to_try(pos.fives(me.opponent()), pos.legal_fours(me));
        if candidates.is_empty() || self.vcf_known_failed(pos.hash(), moves_left) {
            return false;
        }
        self.vcf_expand(pos, moves_left, line, candidates)
    }

    /// Whether the VCF cache holds a failure for the position `hash` with at least `moves_left` moves.
    #[inline]
    fn vcf_known_failed(&self, hash: u64, moves_left: u8) -> bool {
        let (h, depth) = self.vcf_failed[hash as usize & (CACHE_SLOTS - 1)];
        h == hash && depth >= moves_left
    }

    /// The moves of a [`ThreatSolver::vcf_attack`] node that passed its checks: each four of `candidates`
    /// (open fours first), the defender's block, and the attack from there.
    fn vcf_expand(&mut self, pos: &mut Position, moves_left: u8, line: &mut Vec<Point>, candidates: Bitboard) -> bool {
        let was_exhausted = std::mem::replace(&mut self.exhausted, false);
        let open_fours = pos.legal_open_fours(pos.to_move());
        let winning_first = candidates & open_fours;
        let others = candidates & !open_fours;
        let read_ahead = self.read_ahead && pos.board().rule() != Rule::Renju;
        for p in winning_first.iter().chain(others.iter()) {
            let mark = line.len();
            line.push(p);
            let won = if read_ahead {
                self.vcf_four_read_ahead(pos, p, moves_left, line)
            } else {
                self.vcf_four(pos, p, moves_left, line)
            };
            if won {
                self.exhausted |= was_exhausted;
                return true;
            }
            line.truncate(mark);
        }
        if !self.exhausted {
            self.vcf_failed[pos.hash() as usize & (CACHE_SLOTS - 1)] = (pos.hash(), moves_left);
        }
        self.exhausted |= was_exhausted;
        false
    }

    /// The four `p` of a VCF node, its block and the attack after them, under any rule.
    fn vcf_four(&mut self, pos: &mut Position, p: Point, moves_left: u8, line: &mut Vec<Point>) -> bool {
        pos.make_threat(p);
        let blocks = pos.fives(pos.to_move().opponent());
        let won = match blocks.count() {
            0 => false,
            // Black under renju cannot block on a forbidden point.
            1 if pos.has_forbidden() && blocks.iter().any(|q| pos.forbidden(q).is_some()) => {
                line.extend(blocks.iter());
                true
            }
            1 => {
                let q = blocks.first().unwrap_or(p);
                line.push(q);
                pos.make_threat(q);
                let r = self.vcf_attack(pos, moves_left - 1, line);
                pos.undo();
                r
            }
            _ => {
                // Two five-points: whichever the defender blocks, the other wins.
                line.extend(blocks.iter().take(2));
                true
            }
        };
        pos.undo();
        won
    }

    /// [`ThreatSolver::vcf_four`] under a rule with no forbidden points (freestyle, standard), with the same
    /// answer and node count, making the four and its block only when the node after them must be searched.
    /// There a stone of the defender's only takes fours away from the attacker, and one of the attacker's only
    /// takes fives away from the defender (none where overlines win), both along the stone's lines; so the
    /// block, the defender's fives after it and the attacker's fours left can be read off the line keys
    /// (`src/eval/lookahead.rs`). The node after the block is counted here as [`ThreatSolver::vcf_attack`]
    /// would count it, and its checks end it alike.
    fn vcf_four_read_ahead(&mut self, pos: &mut Position, p: Point, moves_left: u8, line: &mut Vec<Point>) -> bool {
        let me = pos.to_move();
        let opp = me.opponent();
        // The attacker had no five before p (the node's first check), so its fives after p are p's.
        let blocks = pos.fives_made_by(me, p);
        let q = match blocks.count() {
            0 => return false,
            1 => blocks.first().unwrap_or(p),
            _ => {
                // Two five-points: whichever the defender blocks, the other wins.
                line.extend(blocks.iter().take(2));
                return true;
            }
        };
        line.push(q);
        // The node after the block: the attacker has no five there (q took its only one).
        self.nodes += 1;
        if moves_left == 1 || self.over_budget() || self.vcf_known_failed(pos.hash_after_pair(p, q), moves_left - 1) {
            return false;
        }
        pos.make_threat(p);
        let opp_fives = pos.fives_kept_after(opp, q, pos.fives(opp)) | pos.fives_made_by(opp, q);
        let candidates = pos.fours_kept_after(me, q, fours_to_try(opp_fives, pos.fours(me)));
        let won = !candidates.is_empty() && {
            pos.make_threat(q);
            debug_assert_eq!(candidates, fours_to_try(pos.fives(opp), pos.legal_fours(me)));
            let r = self.vcf_expand(pos, moves_left - 1, line, candidates);
            pos.undo();
            r
        };
        pos.undo();
        won
    }
}

/// The fours a VCF node tries, from the defender's five points and the attacker's legal fours: all of them, or
/// only one that blocks the defender's single five, or none against two.
#[inline]
fn fours_to_try(defender_fives: Bitboard, fours: Bitboard) -> Bitboard {
    match defender_fives.count() {
        0 => fours,
        1 => defender_fives & fours,
        _ => Bitboard::EMPTY,
    }
}
