//! Hand-built tactical positions: the engine takes five, blocks fours and open threes, makes open fours and
//! finds short VCFs; evaluation-only mode and the depth/width caps behave.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::record::parse_points;
use gomoku::search::engine::{Engine, Mode, SearchInfo, Settings};
use gomoku::search::MATE_BOUND;

fn no_clock() -> f64 {
    0.0
}

fn pts(s: &str) -> Vec<Point> {
    parse_points(s).unwrap()
}

fn setup(black: &str, white: &str, to_move: Color) -> Position {
    Position::from_stones(Rule::Freestyle, &pts(black), &pts(white), to_move).unwrap()
}

fn think(pos: &Position, settings: Settings) -> SearchInfo {
    let mut engine = Engine::new(8, no_clock);
    engine.think(pos, &settings, None, &mut |_| {}).expect("a move")
}

fn search(pos: &Position) -> SearchInfo {
    think(
        pos,
        Settings {
            depth: 6,
            width: 12,
            time_ms: None,
            nodes: Some(200_000),
            ..Settings::default()
        },
    )
}

fn eval_only(pos: &Position) -> SearchInfo {
    think(
        pos,
        Settings {
            mode: Mode::EvalOnly,
            ..Settings::default()
        },
    )
}

#[test]
fn takes_an_immediate_five_rather_than_blocking() {
    // Black: h8–h11 open four; white: c3–f3 four. Black to move wins at once.
    let pos = setup("h8 h9 h10 h11 a15", "c3 d3 e3 f3 o1", Color::Black);
    for info in [search(&pos), eval_only(&pos)] {
        assert!(
            ["h7", "h12"].contains(&info.best_move().unwrap().to_string().as_str()),
            "{info:?}"
        );
    }
    assert_eq!(search(&pos).score_text(), "win in 1");
}

#[test]
fn blocks_a_four() {
    // h8–k8 black, g8 white: l8 is the only five-point.
    let pos = setup("h8 i8 j8 k8 h12", "g8 c3 n13 b14", Color::White);
    for info in [search(&pos), eval_only(&pos)] {
        assert_eq!(info.best_move().unwrap().to_string(), "l8", "{info:?}");
    }
}

#[test]
fn blocks_an_open_three() {
    // Black h8 h9 h10 with both ends open; white has nothing to counter with.
    let pos = setup("h8 h9 h10 c13", "b2 n2 m14 a8", Color::White);
    let info = search(&pos);
    let m = info.best_move().unwrap().to_string();
    assert!(
        ["h7", "h11"].contains(&m.as_str()),
        "white must block the open three, played {m}"
    );
    let m = eval_only(&pos).best_move().unwrap().to_string();
    assert!(
        ["h7", "h11", "h6", "h12"].contains(&m.as_str()),
        "evaluation only defends too, played {m}"
    );
}

#[test]
fn makes_an_open_four_from_an_open_three() {
    let pos = setup("h8 i8 j8", "a1 o15 a15", Color::Black);
    let info = search(&pos);
    let m = info.best_move().unwrap().to_string();
    assert!(["g8", "k8"].contains(&m.as_str()), "played {m}");
    assert_eq!(info.score_text(), "win in 2", "open four now, five next move");
}

#[test]
fn wins_by_a_short_vcf() {
    // k8 makes a four on row 8 (g8 blocked) and on column k (k12 blocked): a double four.
    let pos = setup("h8 i8 j8 k9 k10 k11", "g8 k12 a1 o1 a15 o15", Color::Black);
    let info = search(&pos);
    assert_eq!(info.best_move().unwrap().to_string(), "k8");
    assert!(info.score > MATE_BOUND, "{info:?}");
    // Longer: i6 (four on row 6) forces j6, then f3 is a double four (row 3 and the f3–i6 diagonal).
    let pos = setup("c3 d3 e3 g4 h5 f6 g6 h6", "b3 e2 e6 a15 o15 o1 a14 n15", Color::Black);
    let info = search(&pos);
    assert!(info.score > MATE_BOUND, "black has a VCF: {info:?}");
    let mut line = pos.clone();
    for p in &info.pv {
        line.play(*p).expect("the line is legal");
    }
    assert!(line.last_move_won(), "the line ends in five: {}", info.pv_text());
}

#[test]
fn depth_and_width_caps_limit_the_search() {
    let pos = setup("h8 j10 f9", "i9 g7 h10", Color::Black);
    let shallow = think(
        &pos,
        Settings {
            depth: 1,
            width: 20,
            time_ms: None,
            ..Settings::default()
        },
    );
    assert_eq!(shallow.depth, 1);
    let mut deep_depths = vec![];
    let mut engine = Engine::new(8, no_clock);
    let deep = engine
        .think(
            &pos,
            &Settings {
                depth: 4,
                width: 20,
                time_ms: None,
                ..Settings::default()
            },
            None,
            &mut |i| deep_depths.push(i.depth),
        )
        .unwrap();
    assert_eq!(deep.depth, 4);
    assert_eq!(
        deep_depths,
        vec![1, 2, 3, 4],
        "progress is reported per completed depth"
    );
    let narrow = think(
        &pos,
        Settings {
            depth: 4,
            width: 2,
            time_ms: None,
            ..Settings::default()
        },
    );
    // The exact ratio depends on the evaluation's tables (about 3 with either the coarse or the fine ones).
    assert!(
        narrow.nodes * 2 < deep.nodes,
        "width 2 searches far fewer nodes: {} vs {}",
        narrow.nodes,
        deep.nodes
    );
}

#[test]
fn node_budget_stops_the_search_with_a_legal_move_and_results_are_deterministic() {
    let pos = setup("h8 i9 h9 g10 j7 k6", "i8 j8 h10 g9 f8 o1", Color::Black);
    let settings = Settings {
        depth: 30,
        width: 15,
        time_ms: None,
        nodes: Some(30_000),
        ..Settings::default()
    };
    let a = think(&pos, settings.clone());
    let b = think(&pos, settings);
    assert_eq!(
        a,
        SearchInfo {
            time_ms: a.time_ms,
            ..b.clone()
        }
    );
    assert!(a.nodes < 60_000, "the budget is honoured: {}", a.nodes);
    assert!(pos.board().at(a.best_move().unwrap()).is_none());
}

#[test]
fn a_raised_stop_flag_ends_the_search_with_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    let pos = setup("h8 i9 h9 g10 j7 k6", "i8 j8 h10 g9 f8 o1", Color::Black);
    let stop = AtomicBool::new(true);
    let settings = Settings {
        depth: 30,
        width: 15,
        time_ms: None,
        nodes: None,
        ..Settings::default()
    };
    let info = Engine::new(8, no_clock)
        .think(&pos, &settings, Some(&stop), &mut |_| {})
        .expect("a move");
    assert!(pos.board().at(info.best_move().unwrap()).is_none());
    assert!(info.depth <= 2, "stopped at once, not after depth {}", info.depth);
}
