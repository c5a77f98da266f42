//! Property tests (proptest) on every input boundary and on search invariants over random positions.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::protocol::Session;
use gomoku::io::record::{parse_points, parse_position};
use gomoku::search::engine::{Engine, Settings};
use proptest::prelude::*;

fn no_clock() -> f64 {
    0.0
}

/// Any point in `h8` notation.
fn point() -> impl Strategy<Value = Point> {
    (0usize..15, 0usize..15).prop_map(|(c, r)| Point::new(c, r).unwrap())
}

/// A random legal, undecided position: distinct points played until a five would appear.
fn position() -> impl Strategy<Value = Position> {
    prop::collection::vec(point(), 0..60).prop_map(|pts| common::undecided_game(Rule::Freestyle, pts, usize::MAX))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any string: a clean error or a valid game, never a panic.
    #[test]
    fn any_string_parses_or_errs(s in "\\PC{0,80}") {
        let _ = parse_points(&s);
        if let Ok(pos) = parse_position(&s, Rule::Freestyle) {
            prop_assert!(pos.board().stone_count() <= 225);
        }
    }

    /// Strings made of near-valid tokens exercise the deeper paths.
    #[test]
    fn token_soup_parses_or_errs(tokens in prop::collection::vec("[a-qA-Q]?-?[0-9]{0,3}[,; ]?", 0..40)) {
        let s = tokens.join(" ");
        if let Ok(pos) = parse_position(&s, Rule::Freestyle) {
            let again = parse_position(&pos.board().record(), Rule::Freestyle).unwrap();
            prop_assert_eq!(again.board().record(), pos.board().record());
        }
    }

    /// A valid record round-trips exactly.
    #[test]
    fn valid_records_round_trip(pos in position()) {
        let record = pos.board().record();
        let back = parse_position(&record, Rule::Freestyle).unwrap();
        prop_assert_eq!(back.board().record(), record);
        prop_assert_eq!(back.hash(), pos.hash());
    }

    /// Any protocol line gets an answer or silence, never a crash, and the session keeps serving.
    #[test]
    fn protocol_survives_any_lines(lines in prop::collection::vec(prop_oneof![
        "\\PC{0,30}",
        "(TURN|TAKEBACK|START|INFO|BOARD|DONE|BEGIN|RESTART|ABOUT) ?[-0-9a-z_, ]{0,12}",
        "[0-9]{1,2},[0-9]{1,2},[0-3]",
    ], 0..12)) {
        let mut session = Session::new(no_clock);
        let mut sink = |_: &str| {};
        session.handle("START 15", &mut sink);
        session.handle("INFO max_depth 2", &mut sink);
        session.handle("INFO timeout_turn 50", &mut sink);
        for l in &lines {
            if l.trim().eq_ignore_ascii_case("END") { continue; }
            session.handle(l, &mut sink);
        }
        session.handle("DONE", &mut sink);
        let mut out = Vec::new();
        session.handle("ABOUT", &mut |s| out.push(s.to_string()));
        prop_assert!(out.iter().any(|s| s.starts_with("name=")));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `fives_after` agrees with counting stones: on dense random boards (near an edge or the centre, so that
    /// lines run into walls and overlines happen), for every empty point, direction and colour, the
    /// neighbours where that colour would complete five through the point once it has played there (exactly
    /// five under the standard rule).
    #[test]
    fn fives_after_a_move_match_counted_runs(
        cells in prop::collection::vec((0usize..9, 0usize..9), 10..70),
        corner in prop_oneof![Just((0, 0)), Just((3, 3)), Just((6, 0))],
        exact in any::<bool>(),
    ) {
        use gomoku::board::coord::Direction;
        use gomoku::board::{fives_after, Board, NEIGHBOUR_OFFSETS};
        let mut b = Board::new(if exact { Rule::Standard } else { Rule::Freestyle });
        for (c, r) in cells {
            let p = Point::new(corner.0 + c, corner.1 + r).unwrap();
            if b.at(p).is_none() {
                b.make(p);
            }
        }
        for q in Point::all().filter(|&q| b.at(q).is_none()) {
            for d in Direction::ALL {
                for c in Color::BOTH {
                    let bits = fives_after(b.key_ext(q, d, c), c, exact);
                    for (slot, &k) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                        let expected = q.offset(d, k).is_some_and(|e| {
                            let stone = |x: Point| x == q || x == e || b.at(x) == Some(c);
                            let run = |step: i32| (1..).take_while(|&n| e.offset(d, step * n).is_some_and(stone)).count() as i32;
                            let len = 1 + run(1) + run(-1);
                            // q lies |k| steps back from e, towards −k.
                            b.at(e).is_none() && run(-k.signum()) >= k.abs() && len >= 5 && (!exact || len == 5)
                        });
                        prop_assert_eq!(bits >> slot & 1 != 0, expected, "{} {} {:?} {:?} {}", b.record(), q, d, c, k);
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The move is legal, an immediate five is taken, a lone four of the opponent is blocked, the position is
    /// restored and the result is the same when searched twice with the same node budget.
    #[test]
    fn search_invariants(pos in position(), depth in 1u32..5, width in 1usize..30) {
        let settings = Settings { depth, width, time_ms: None, nodes: Some(3_000), ..Settings::default() };
        let before = (pos.hash(), pos.board().record());
        let a = Engine::new(1, no_clock).think(&pos, &settings, None, &mut |_| {}).unwrap();
        let b = Engine::new(1, no_clock).think(&pos, &settings, None, &mut |_| {}).unwrap();
        prop_assert_eq!((pos.hash(), pos.board().record()), before);
        prop_assert_eq!(&a.pv, &b.pv);
        prop_assert_eq!(a.score, b.score);
        let m = a.best_move().unwrap();
        prop_assert!(pos.board().at(m).is_none(), "illegal move {}", m);
        let me = pos.to_move();
        if !pos.fives(me).is_empty() {
            prop_assert!(pos.fives(me).contains(m), "must take the five");
        } else if pos.fives(me.opponent()).count() == 1 {
            prop_assert!(pos.fives(me.opponent()).contains(m), "must block the four");
        }
    }

    /// Any settings, even out of range, give a legal move.
    #[test]
    fn any_settings_give_a_legal_move(pos in position(), depth in any::<u32>(), width in any::<usize>(), t in any::<f64>()) {
        let settings = Settings { depth, width, time_ms: Some(t), nodes: Some(2_000), ..Settings::default() };
        let info = Engine::new(1, no_clock).think(&pos, &settings, None, &mut |_| {}).unwrap();
        prop_assert!(pos.board().at(info.best_move().unwrap()).is_none());
    }

    /// Set-up positions from stone lists agree with move-order positions.
    #[test]
    fn set_up_positions_match_replayed_ones(pos in position()) {
        let black: Vec<Point> = pos.board().stones(Color::Black).iter().collect();
        let white: Vec<Point> = pos.board().stones(Color::White).iter().collect();
        if let Ok(set_up) = Position::from_stones(Rule::Freestyle, &black, &white, pos.to_move()) {
            prop_assert_eq!(set_up.evaluate(), pos.evaluate());
            prop_assert_eq!(set_up.fours(Color::Black), pos.fours(Color::Black));
        }
    }
}
