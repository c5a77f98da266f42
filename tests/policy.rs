//! The move-ordering policy: the committed weights load and rank a threat above an empty point, the search's
//! quietness stays threat-based (and its fast test agrees with the seed-score definition under every rule),
//! the nearness classes follow the last two moves, and the trainer reduces its loss on a tiny run, its
//! sample files read back and recorded games give the same samples.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::games::{record_games, SelfPlay};
use gomoku::eval::pattern::Combo;
use gomoku::eval::policy::{pair, Policy, PolicyTables, FEATURES, NEAR_CLASSES, PAIRS};
use gomoku::eval::policy_train::{self as train, Fit};
use gomoku::eval::Position;
use gomoku::search::engine::{generate_moves, is_loud, seed_score, GomokuGame, QUIET_SEED};
use gomoku::search::{Game, MoveList};

fn no_clock() -> f64 {
    0.0
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn committed_policy_loads_and_ranks_threats_above_nothing() {
    let t = PolicyTables::get(Rule::Freestyle);
    assert!((0..FEATURES).any(|i| t.weight(i) != 0), "the tables are trained");
    // Black h8 i8 (white far away): j8 makes an open three for black; a1 is far from every stone.
    let moves: Vec<Point> = ["h8", "a15", "i8", "o15"].iter().map(|s| pt(s)).collect();
    let pos = Position::from_moves(Rule::Freestyle, &moves).unwrap();
    assert_eq!(pos.combo(pt("j8"), Color::Black), Combo::OpenThree);
    let open_three = pos.fine_code(pt("j8"), Color::Black) as usize;
    let none = pos.fine_code(pt("a1"), Color::Black) as usize;
    assert!(
        t.me[open_three] > t.me[none],
        "making an open three beats an empty point"
    );
    assert!(
        t.opp[open_three] > t.opp[none],
        "stopping an open three beats an empty point"
    );
}

#[test]
fn quiet_moves_are_those_that_make_or_stop_no_three() {
    let mut seed = 0xC0DE_u64;
    for n in [1usize, 4, 9, 16, 25] {
        let points: Vec<Point> = (0..300)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                Point::new(3 + (seed >> 33) as usize % 9, 3 + (seed >> 45) as usize % 9).unwrap()
            })
            .collect();
        let pos = common::undecided_game(Rule::Freestyle, points, n);
        let mut list = MoveList::new();
        if generate_moves(&pos, &mut list) {
            continue;
        }
        let me = pos.to_move();
        for (&p, &s) in list.moves().iter().zip(list.scores()) {
            let quiet = s < <GomokuGame<'static> as Game>::QUIET_BELOW;
            assert_eq!(
                quiet,
                seed_score(&pos, p, me) < QUIET_SEED,
                "{p} after {}",
                pos.board().record()
            );
        }
    }
}

/// Positions from random games on the central 9×9 points under `rule` (moves that would end the game or are
/// illegal are skipped), with `max` stones at most: dense enough for threes, fours and renju's forbidden points.
fn random_positions(rule: Rule, games: usize, max: usize, seed: &mut u64) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new(rule);
        for _ in 0..200 {
            if pos.board().stone_count() >= max {
                break;
            }
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let p = Point::new(3 + (*seed >> 33) as usize % 9, 3 + (*seed >> 45) as usize % 9).unwrap();
            let mut next = pos.clone();
            if next.play(p).is_ok() && !next.last_move_won() {
                pos = next;
                out.push(pos.clone());
            }
        }
    }
    out
}

#[test]
fn the_fast_loudness_test_agrees_with_the_seed_score_under_every_rule() {
    let mut seed = 0x1_0AD5_u64;
    for rule in Rule::ALL {
        // Boundary cases the fast test must get right, counted so that the test shows they occurred.
        let (mut two_closed_threes, mut one_closed_three, mut forbidden_threat, mut loud) = (0, 0, 0, 0);
        for pos in random_positions(rule, 12, 40, &mut seed) {
            for p in pos.board().empty().iter() {
                let me = pos.to_move();
                let expected = seed_score(&pos, p, me) >= QUIET_SEED;
                assert_eq!(
                    is_loud(&pos, p),
                    expected,
                    "{rule:?} {p} after {}",
                    pos.board().record()
                );
                let (b, w) = (pos.combo(p, Color::Black), pos.combo(p, Color::White));
                two_closed_threes += usize::from(b == Combo::ClosedThree && w == Combo::ClosedThree);
                one_closed_three += usize::from(b.max(w) == Combo::ClosedThree && b.min(w) < Combo::ClosedThree);
                forbidden_threat +=
                    usize::from(pos.maybe_forbidden().contains(p) && b >= Combo::DoubleOpenTwo && !expected);
                loud += usize::from(expected);
            }
        }
        assert!(
            two_closed_threes > 0 && one_closed_three > 0 && loud > 100,
            "{rule:?}: cases missing"
        );
        if rule == Rule::Renju {
            assert!(
                forbidden_threat > 0,
                "a black threat on a maybe-forbidden point occurred"
            );
        }
    }
}

#[test]
fn nearness_classes_follow_the_relation_to_the_last_two_moves() {
    // Written from the definition: next to the move; two steps away on one of its lines or off them; three
    // or four steps away on one of its lines; anything else (or no move).
    let class = |p: Point, q: Option<Point>| {
        let Some(q) = q else { return 5 };
        let (dr, dc) = (p.row().abs_diff(q.row()), p.col().abs_diff(q.col()));
        let on_line = dr == 0 || dc == 0 || dr == dc;
        match dr.max(dc) {
            0 | 1 => 0,
            2 if on_line => 1,
            2 => 2,
            3 if on_line => 3,
            4 if on_line => 4,
            _ => 5,
        }
    };
    let mut seed = 0x4EA2_u64;
    let mut seen = [false; NEAR_CLASSES];
    let positions = random_positions(Rule::Freestyle, 4, 12, &mut seed);
    for pos in std::iter::once(Position::new(Rule::Freestyle)).chain(positions) {
        let h = pos.board().history();
        let last = |k: usize| h.len().checked_sub(k).map(|i| h[i]);
        let policy = Policy::new(&pos);
        for p in Point::all() {
            let expected = 6 * class(p, last(1)) + class(p, last(2));
            assert_eq!(policy.near(p), expected, "{p} after {}", pos.board().record());
            seen[expected] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "every class occurred");
}

#[test]
fn the_pair_class_reads_both_sides_combinations() {
    // Every empty point of some positions, from either side's view: the class is in range and tells the two
    // sides' combinations apart (one class for each pair of combinations, never one for two).
    let mut seed = 0x9A12_u64;
    let mut by_class = std::collections::HashMap::new();
    let moves: Vec<Point> = ["h8", "h9", "i8", "i9", "j8", "a15"].iter().map(|s| pt(s)).collect();
    let start = Position::from_moves(Rule::Freestyle, &moves).unwrap();
    for pos in std::iter::once(start.clone()).chain(random_positions(Rule::Freestyle, 4, 16, &mut seed)) {
        for p in Point::all().filter(|&p| pos.board().at(p).is_none()) {
            for me in [Color::Black, Color::White] {
                let combos = (pos.combo(p, me), pos.combo(p, me.opponent()));
                let class = pair(&pos, p, me);
                assert!(class < PAIRS);
                assert_eq!(*by_class.entry(class).or_insert(combos), combos, "class {class} at {p}");
            }
        }
    }
    assert!(by_class.len() > 8, "the positions show several pairs");
    // Black h8 i8 j8 (an open three), white h9 i9: g8 makes black's open four and nothing for white, so its
    // class from black's view differs from the one from white's.
    let g8 = pt("g8");
    assert_eq!(start.combo(g8, Color::Black), Combo::OpenFour);
    assert_ne!(start.combo(g8, Color::White), Combo::OpenFour);
    assert_ne!(pair(&start, g8, Color::Black), pair(&start, g8, Color::White));
}

#[test]
fn the_policy_orders_an_open_four_first() {
    // Black h8 i8 j8 (open three), white elsewhere; black to move: g8 or k8 make an open four.
    let moves: Vec<Point> = ["h8", "h10", "i8", "d4", "j8", "m12"].iter().map(|s| pt(s)).collect();
    let pos = Position::from_moves(Rule::Freestyle, &moves).unwrap();
    let mut list = MoveList::new();
    assert!(!generate_moves(&pos, &mut list));
    list.sort();
    let first = list.moves()[0];
    assert!(first == pt("g8") || first == pt("k8"), "first {first}");
}

#[test]
fn policy_trainer_reduces_the_loss_on_a_tiny_run_and_samples_round_trip() {
    let cfg = SelfPlay {
        games: 3,
        nodes: 300,
        seed: 11,
        rule: Rule::Freestyle,
    };
    let samples = train::self_play(&cfg, no_clock, &mut |_, _| {});
    assert!(samples.len() >= 10, "{} samples", samples.len());
    assert!(samples.iter().all(|s| s.target < s.cands.len()));
    let prior = train::prior(1.0);
    let before = train::loss(&prior, &samples);
    let opts = Fit {
        epochs: 60,
        rate: 0.05,
        l2: 1e-5,
    };
    let w = train::fit(&samples, &prior, &opts, &mut |_, _| {});
    let after = train::loss(&w, &samples);
    assert!(after < before, "loss {before} -> {after}");
    assert!(train::top_k(&samples, 3, &|c| train::logit(&w, c)) > train::top_k(&samples, 3, &|_| 0.0));
    let mut text = Vec::new();
    train::write_samples(&samples, &mut text).unwrap();
    let back = train::read_samples(std::str::from_utf8(&text).unwrap()).unwrap();
    assert_eq!(back, samples);
    assert!(train::read_samples("0 0 9999:0:0:0:0").is_err());
    assert!(train::read_samples("0 0 1:2:3:999:4").is_err(), "pair beyond the table");
    assert!(train::read_samples("0 0 1:2:3:4").is_err(), "a field missing");
    assert!(
        train::read_samples("0 1 1:2:3:4:5").is_err(),
        "target beyond the candidates"
    );
    let src = train::weights_source(&w, "tiny run");
    assert!(src.contains("pub const ME: [i16; FINE_CODES]") && src.contains("//! tiny run"));
    // The same games recorded (`gomoku train --record`) give the same samples.
    let records = record_games(&cfg, no_clock, &mut |_, _| {});
    assert_eq!(train::samples_from_games(&records, Rule::Freestyle), samples);
}

#[test]
fn the_committed_tables_are_what_the_writer_writes_for_them() {
    // Reading the committed tables back and writing them again gives the committed file, header aside.
    let src = train::weights_source(&train::current(Rule::Freestyle), "note");
    let committed = include_str!("../src/eval/policy_freestyle.rs");
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&src), body(committed));
    assert!(src.starts_with("//! Policy (move-ordering) weights, written by `gomoku train-policy` (do not edit"));
}
