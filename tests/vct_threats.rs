//! VCF threats in the VCT (freestyle): a quiet move after which the attacker would win by fours, answered by
//! every defence that can matter; and that they do not crowd out wins by threes and fours. The position is
//! one the project generated itself (random stones near the centre, seeded) in which the VCT of open threes
//! and fours finds no win within 12 plies (it finds one in 16) and the engine, before VCF threats, did not
//! find one in a second either; the win was checked full-width (every defence at every step) to the VCF at
//! its end.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::coord::Point;
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::record::parse_points;
use gomoku::search::engine::{Engine, Settings};
use gomoku::search::threat::ThreatSolver;
use gomoku::search::MATE_BOUND;

/// Black to move; `f11` wins, but it makes no four and no open three.
const QUIET_WIN: &str = "h8 i7 g9 f8 i11 j8 f10 d7 d5 g8 h13 b7 b4 d12 d10 b10 c10 a2 e3 a1 g14 k10 c2 a4";

/// White to move; wins by open threes and fours. Generated like `QUIET_WIN` (random stones near the centre,
/// seeded); the VCT found it in 98 523 nodes when a VCF threat counted as one threat, 11 730 since it counts
/// as two.
const THREE_WIN: &str = "k12 i12 i4 k9 j9 l7 l10 g7 d12 j8 g12 e9 d11 f5 k10";

fn position() -> Position {
    Position::from_moves(Rule::Freestyle, &parse_points(QUIET_WIN).unwrap()).unwrap()
}

fn no_clock() -> f64 {
    0.0
}

#[test]
fn the_vct_wins_with_a_quiet_vcf_threat() {
    let pos = position();
    let me = pos.to_move();
    let mut solver = ThreatSolver::new();
    assert!(
        solver.vcf(&mut pos.clone(), 100, 200_000).is_none(),
        "no VCF: the win needs a threat"
    );
    // f11 wins through a VCF threat within 12 plies; the VCT also finds a 16-ply win by threes and fours
    // alone (e10), which its first pass, 4 plies deeper than the limit, reaches.
    assert!(solver.vct(&mut pos.clone(), 12, 200_000).is_some(), "a VCT");
    let first = parse_points("f11").unwrap()[0];
    assert!(
        !pos.fours(me).contains(first) && !pos.threes(me).contains(first),
        "{first} makes no four and no open three"
    );
    assert!(
        solver.proves_win(&mut pos.clone(), first, 12, 500_000),
        "{first} wins within 12 plies"
    );
    // Every white answer, not only those the solver narrowed its defences to, loses to a VCF or a VCT.
    let mut after = pos.clone();
    after.make(first);
    assert!(after.fives(me.opponent()).is_empty(), "white has no five to make");
    let defences: Vec<Point> = after.board().empty().iter().collect();
    for d in defences {
        after.make(d);
        let won = solver.vcf(&mut after, 100, 200_000).is_some() || solver.vct(&mut after, 12, 200_000).is_some();
        after.undo();
        assert!(won, "white {d} after {first} still loses");
    }
}

#[test]
fn the_engine_plays_the_quiet_win() {
    let mut engine = Engine::new(8, no_clock);
    let settings = Settings {
        time_ms: None,
        nodes: Some(400_000),
        ..Settings::default()
    };
    let info = engine.think(&position(), &settings, None, &mut |_| {}).expect("a move");
    let m = info.best_move().expect("a move");
    assert!(info.score >= MATE_BOUND, "a proven win, got {}", info.score_text());
    assert!(
        ThreatSolver::new().proves_win(&mut position(), m, 16, 2_000_000),
        "{m} wins against every defence"
    );
}

#[test]
fn vcf_threats_count_two_threats_so_a_win_by_threes_is_found_quickly() {
    let pos = Position::from_moves(Rule::Freestyle, &parse_points(THREE_WIN).unwrap()).unwrap();
    let me = pos.to_move();
    let mut solver = ThreatSolver::new();
    assert!(solver.vcf(&mut pos.clone(), 100, 200_000).is_none(), "no VCF");
    let line = solver
        .vct(&mut pos.clone(), 13, 40_000)
        .expect("a VCT within 40 000 nodes");
    let first = line[0];
    assert!(
        pos.fours(me).contains(first) || pos.threes(me).contains(first),
        "{first} makes a four or an open three"
    );
    // A fresh solver proves it against every defence that can matter.
    assert!(ThreatSolver::new().proves_win(&mut pos.clone(), first, 13, 2_000_000));
}
