//! Tests of the threat solver: VCF and VCT on small positions.

use super::*;
use crate::board::coord::Color;
use crate::board::Rule;
use crate::eval::tests::{below, crowded};
use crate::io::record::parse_points;

fn setup(black: &str, white: &str, to_move: Color) -> Position {
    let b = parse_points(black).unwrap();
    let w = parse_points(white).unwrap();
    Position::from_stones(Rule::Freestyle, &b, &w, to_move).unwrap()
}

/// Plays `line` and checks that every defender move in it was forced and the attacker ends with five.
fn check_vcf_line(pos: &Position, line: &[Point]) {
    let mut p = pos.clone();
    let attacker = p.to_move();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 1 {
            assert!(p.fives(attacker).contains(m), "defender move {m} is the forced block");
        }
        p.play(m).unwrap();
    }
    assert!(p.last_move_won());
}

#[test]
fn finds_a_double_four_and_a_two_step_vcf() {
    let pos = setup("c3 d3 e3 g4 h5 f6 g6 h6", "b3 e2 e6 a15 o15 o1 a14 n15", Color::Black);
    let mut s = ThreatSolver::new();
    let line = s.vcf(&mut pos.clone(), 10, 10_000).expect("a VCF");
    check_vcf_line(&pos, &line);
    let mut p = pos.clone();
    let hash = p.hash();
    assert!(
        s.vcf(&mut p, 1, 10_000).is_none() || line.len() <= 3,
        "depth limit honoured"
    );
    assert_eq!(p.hash(), hash);
}

#[test]
fn no_vcf_without_fours() {
    let mut pos = setup("h8 i9", "a1 o15", Color::Black);
    assert!(ThreatSolver::new().vcf(&mut pos, 20, 10_000).is_none());
}

#[test]
fn vct_wins_with_a_double_three_but_not_after_a_forced_block() {
    // i9 makes open threes on row 9 (g9 h9 i9) and on column i (i7 i8 i9).
    let pos = setup("g9 h9 i7 i8 a15", "a1 o1 o15 b1 c1", Color::Black);
    let mut s = ThreatSolver::new();
    let line = s.vct(&mut pos.clone(), 7, 200_000).expect("black wins by threats");
    assert!(!line.is_empty());
    // With a white four on the board black must block first, and white then has a free move.
    let defended = setup("g9 h9 i7 i8 a15", "a1 b1 c1 d1 o15", Color::Black);
    assert!(ThreatSolver::new().vct(&mut defended.clone(), 7, 200_000).is_none());
}

#[test]
fn the_same_stones_under_another_rule_are_another_position_to_the_caches() {
    let black = parse_points("b8 c8 d8 g8").unwrap();
    let white = parse_points("a1 a3 o1 o15").unwrap();
    let at = |rule| Position::from_stones(rule, &black, &white, Color::Black).unwrap();
    let mut s = ThreatSolver::new();
    // e8 threatens a8 and f8, but f8 makes six: a five only where overlines win.
    assert!(s.vcf(&mut at(Rule::Standard), 10, 10_000).is_none());
    let line = s.vcf(&mut at(Rule::Freestyle), 10, 10_000);
    assert!(
        line.is_some(),
        "the failure found under standard must not hide the freestyle win"
    );
}

#[test]
fn the_horizon_probe_keeps_each_answer_and_gives_it_again() {
    let pos = setup("c3 d3 e3 g4 h5 f6 g6 h6", "b3 e2 e6 a15 o15 o1 a14 n15", Color::Black);
    let quiet = setup("h8 i9", "a1 o15", Color::Black);
    let len = ThreatSolver::new()
        .vcf(&mut pos.clone(), 12, 64)
        .expect("a VCF within the probe's limits")
        .len();
    let mut s = ThreatSolver::new();
    for round in 0..2 {
        let mut p = pos.clone();
        assert_eq!(s.horizon_vcf(&mut p), Some(len), "round {round}");
        assert_eq!(p.hash(), pos.hash(), "the position is left as it was");
        // The second round is answered from the cache, a win as a failure: no node is searched.
        assert_eq!(s.nodes() == 0, round == 1, "round {round}");
        assert_eq!(s.horizon_vcf(&mut quiet.clone()), None, "round {round}");
        assert_eq!(s.nodes() == 0, round == 1, "round {round}");
    }
}

#[test]
fn reading_fours_ahead_changes_no_answer_and_no_node_count() {
    // Random crowded positions, searched by two solvers whose caches see the same sequence.
    let mut next = below(0x2545_f491_4f6c_dd1d);
    for rule in [Rule::Freestyle, Rule::Standard] {
        let (mut ahead, mut plain) = (ThreatSolver::new(), ThreatSolver::new());
        plain.read_ahead = false;
        let mut found = [0usize; 2];
        for _ in 0..150 {
            let stones = 8 + next(40);
            let mut pos = crowded(rule, stones, &mut next);
            if pos.last_move_won() {
                continue;
            }
            let record = pos.board().record();
            let vcf = ahead.vcf(&mut pos, 12, 3_000);
            assert_eq!(vcf, plain.vcf(&mut pos, 12, 3_000), "{rule:?} {record}");
            assert_eq!(ahead.nodes(), plain.nodes(), "{rule:?} {record}");
            found[usize::from(vcf.is_some())] += 1;
            let vct = ahead.vct(&mut pos, 7, 5_000);
            assert_eq!(vct, plain.vct(&mut pos, 7, 5_000), "{rule:?} {record}");
            assert_eq!(ahead.nodes(), plain.nodes(), "{rule:?} {record}");
            assert_eq!(
                ahead.horizon_vcf(&mut pos),
                plain.horizon_vcf(&mut pos),
                "{rule:?} {record}"
            );
            assert_eq!(ahead.nodes(), plain.nodes(), "{rule:?} {record}");
            assert_eq!(pos.board().record(), record, "the position is left as it was");
        }
        assert!(found[0] > 20 && found[1] > 20, "{rule:?} {found:?}");
    }
}
