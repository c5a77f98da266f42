//! The selective search (reductions, futility and move-count pruning) never loses a forced win that the
//! full-width search proves: on generated positions where the side to move has a short VCF, α-β with
//! pruning on finds a win whenever α-β with pruning off does.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gomoku::board::coord::Point;
use gomoku::board::Rule;
use gomoku::search::engine::GomokuGame;
use gomoku::search::threat::ThreatSolver;
use gomoku::search::tt::TranspositionTable;
use gomoku::search::{Limits, Searcher, MATE_BOUND};

fn no_clock() -> f64 {
    0.0
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn root_score(pos: &mut gomoku::eval::Position, depth: u32, pruning: bool) -> (i32, Option<Point>) {
    let tt = TranspositionTable::new(2);
    let limits = Limits {
        depth,
        width: 12,
        time_ms: None,
        nodes: Some(2_000_000),
        reductions: pruning,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(&tt, limits, no_clock, None);
    let mut game = GomokuGame::new(pos, None);
    let it = searcher.iterate(&mut game, &mut |_| {}).expect("an iteration");
    (it.score, it.pv.first().copied())
}

#[test]
fn pruning_keeps_every_short_vcf_win_at_the_root() {
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    let mut solver = ThreatSolver::new();
    let mut checked = 0;
    for i in 0..400 {
        let points: Vec<Point> = (0..400)
            .map(|_| Point::new(3 + rng.below(9), 3 + rng.below(9)).unwrap())
            .collect();
        let mut pos = common::undecided_game(Rule::Freestyle, points, 14 + i % 12);
        let me = pos.to_move();
        if !pos.fives(me).is_empty() || !pos.fives(me.opponent()).is_empty() {
            continue;
        }
        let Some(line) = solver.vcf(&mut pos, 3, 100_000) else {
            continue;
        };
        let depth = line.len() as u32;
        let (full, _) = root_score(&mut pos, depth, false);
        if full <= MATE_BOUND {
            continue; // the width cap hides it from the full-width search too
        }
        let (selective, first) = root_score(&mut pos, depth, true);
        assert!(
            selective > MATE_BOUND,
            "pruning lost the win of {} (full {full}, selective {selective}, played {first:?})",
            pos.board().record()
        );
        checked += 1;
        if checked == 25 {
            break;
        }
    }
    assert!(checked >= 10, "only {checked} positions with a short VCF");
}

/// Reverse futility pruning cuts a node on its static evaluation only when the side to move faces no four
/// and no open three: those are what a static evaluation misjudges.
#[test]
fn only_nodes_without_a_threat_to_answer_count_as_quiet() {
    use gomoku::search::Game;
    let quiet = |record: &str| {
        let moves: Vec<Point> = record.split_whitespace().map(|s| s.parse().unwrap()).collect();
        let mut pos = gomoku::eval::Position::from_moves(gomoku::board::Rule::Freestyle, &moves).unwrap();
        GomokuGame::new(&mut pos, None).quiet()
    };
    assert!(quiet("h8 a1 i8"), "an open two is no threat");
    assert!(quiet("h8 g8 i8 a1 j8"), "a blocked three is no threat");
    assert!(!quiet("h8 a1 i8 a2 j8"), "an open three must be answered");
    assert!(!quiet("h8 a1 i8 a2 j8 g8 k8"), "a four must be answered");
}
