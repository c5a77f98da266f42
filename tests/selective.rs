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

/// Against an open three, a four that stops nothing only delays the answer: the selective search leaves it out
/// of the forced set near the horizon. A four on a point that stops the three is an answer and stays.
#[test]
fn fours_that_stop_no_open_three_only_delay() {
    use gomoku::search::{Game, MoveList};
    let pt = |s: &str| s.parse::<Point>().unwrap();
    let kept = |record: &str| {
        let moves: Vec<Point> = record.split_whitespace().map(pt).collect();
        let mut pos = gomoku::eval::Position::from_moves(Rule::Freestyle, &moves).unwrap();
        let mut game = GomokuGame::new(&mut pos, None);
        let mut list = MoveList::new();
        assert!(game.generate(&mut list), "{record}: a forced set");
        let before = list.moves().to_vec();
        game.drop_delays(&mut list);
        (before, list.moves().to_vec())
    };
    // Black's open three h8 i8 j8; white's closed three c3 c4 c5 (c2 black) makes fours on c6 and c7.
    let (before, after) = kept("h8 c3 i8 c4 c2 c5 j8");
    assert!(before.contains(&pt("c6")) && before.contains(&pt("c7")), "{before:?}");
    assert!(!after.contains(&pt("c6")) && !after.contains(&pt("c7")), "{after:?}");
    assert!(after.contains(&pt("g8")) && after.contains(&pt("k8")), "{after:?}");
    // White's closed three g5 g6 g7 (g4 black): its four on g8 also stops the three; the one on g9 does not.
    let (before, after) = kept("h8 g5 i8 g6 g4 g7 j8");
    assert!(before.contains(&pt("g9")), "{before:?}");
    assert!(after.contains(&pt("g8")) && !after.contains(&pt("g9")), "{after:?}");
    assert!(after.contains(&pt("k8")), "{after:?}");
}
