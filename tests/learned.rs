//! The learned evaluation: the committed weights load and are what the evaluation sums, incrementally; the
//! trainer reduces its loss on a tiny generated set and its sample files read back.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gomoku::board::coord::Point;
use gomoku::board::Rule;
use gomoku::eval::codes::{coarse_code, fine_code, FINE_CODES};
use gomoku::eval::fine::{Fine, FinePatterns};
use gomoku::eval::games::{record_games, GameRecord, Searched, SelfPlay};
use gomoku::eval::learned::{Tables, FEATURES, MASKS, MASK_BASE, OPP_BASE};
use gomoku::eval::net::{Net, HIDDEN, Q};
use gomoku::eval::train::{self, Fit, Positions};

fn no_clock() -> f64 {
    0.0
}

#[test]
fn committed_weights_load_and_rank_threats_above_nothing() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        committed_weights_rank_threats(rule);
    }
    // Each rule has tables of its own.
    assert!(!std::ptr::eq(Tables::get(Rule::Renju), Tables::get(Rule::Freestyle)));
    assert!(!std::ptr::eq(Tables::get(Rule::Standard), Tables::get(Rule::Freestyle)));
    assert!(!std::ptr::eq(Tables::get(Rule::Standard), Tables::get(Rule::Renju)));
}

fn committed_weights_rank_threats(rule: Rule) {
    let t = Tables::get(rule);
    let none = fine_code(FinePatterns::NONE) as usize;
    let four_three = fine_code(FinePatterns::from_array([
        Fine::Four,
        Fine::OpenThree2,
        Fine::None,
        Fine::None,
    ]));
    let two = fine_code(FinePatterns::from_array([
        Fine::ClosedTwo1,
        Fine::None,
        Fine::None,
        Fine::None,
    ]));
    assert_eq!(t.me[none], 0);
    assert!(
        t.me[four_three as usize] > t.me[two as usize],
        "a four-three is worth more than a closed two"
    );
    assert!(
        t.opp[four_three as usize] < 0,
        "the opponent's four-three counts against the side to move"
    );
    assert!((0..FEATURES).any(|i| t.weight(i) != 0));
}

/// The network's output on the trainer's features as `tools/train_net.py` reads them: each fine code folded
/// onto its coarse code, the threat mask from its one-hot feature.
fn net_output(net: &Net, features: &[(u16, f32)]) -> i32 {
    let mut acc = [0i32; HIDDEN];
    let mut mask = 0;
    for &(i, v) in features {
        let i = i as usize;
        if i < 2 * FINE_CODES {
            let code = coarse_code((i % FINE_CODES) as u16) as usize;
            for (k, a) in acc.iter_mut().enumerate() {
                *a += v as i32 * i32::from(net.embedding[code][i / FINE_CODES][k]);
            }
        } else if (MASK_BASE..MASK_BASE + MASKS).contains(&i) {
            mask = i - MASK_BASE;
        }
    }
    let hidden = (0..HIDDEN).map(|k| {
        let a = acc[k] + i32::from(net.mask[mask][k]) + i32::from(net.bias[k]);
        net.out[k] * a.clamp(0, Q)
    });
    hidden.sum::<i32>().div_euclid(Q)
}

/// The evaluation is the linear tables' weighted sum of the trainer's features plus the rule's network's
/// output on the same features: the engine reads what both trainers fit.
#[test]
fn evaluation_is_the_weighted_sum_of_the_trainers_features() {
    let mut flagged = 0;
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let t = Tables::get(rule);
        let mut seed = 0x5EED_u64;
        for n in [0usize, 1, 5, 12, 20, 31, 40, 40, 40, 40] {
            let points: Vec<Point> = (0..300)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    Point::new(3 + (seed >> 33) as usize % 9, 3 + (seed >> 45) as usize % 9).unwrap()
                })
                .collect();
            let pos = common::undecided_game(rule, points, n);
            flagged += pos.maybe_forbidden().count();
            let sum: f32 = train::features(&pos)
                .iter()
                .map(|&(i, v)| t.weight(i as usize) as f32 * v)
                .sum();
            let correction = net_output(Net::get(rule), &train::features(&pos));
            assert_eq!(
                pos.evaluate(),
                sum as i32 + correction,
                "{rule:?}: {}",
                pos.board().record()
            );
        }
    }
    // The renju positions have points that may be forbidden to black, which both sides read as worth nothing.
    assert!(flagged > 0);
}

#[test]
fn trainer_reduces_the_loss_on_a_tiny_run_and_samples_round_trip() {
    let cfg = SelfPlay {
        games: 4,
        nodes: 300,
        seed: 7,
        rule: Rule::Freestyle,
    };
    let samples = train::self_play(&cfg, 1.0, no_clock, &mut |_, _| {});
    assert!(samples.len() >= 10, "{} samples", samples.len());
    assert!(samples.iter().all(|s| (0.0..=1.0).contains(&s.label)));
    let prior = train::prior();
    let before = train::loss(&prior, &samples);
    let opts = Fit {
        epochs: 100,
        rate: 2.0,
        l2: 0.001,
    };
    let w = train::fit(&samples, &prior, &opts, &mut |_, _| {});
    let after = train::loss(&w, &samples);
    assert!(after < before, "loss {before} -> {after}");
    let mut text = Vec::new();
    train::write_samples(&samples, &mut text).unwrap();
    let back = train::read_samples(std::str::from_utf8(&text).unwrap()).unwrap();
    assert_eq!(back.len(), samples.len());
    assert_eq!(train::loss(&w, &back), after);
    assert!(train::read_samples("0 1 99999:1").is_err());
    let src = train::weights_source(&w, "tiny run");
    assert!(src.contains("pub const ME: [i16; FINE_CODES]") && src.contains("//! tiny run"));
}

#[test]
fn the_prior_gives_each_fine_code_the_weight_of_its_coarse_code() {
    let prior = train::prior();
    let mut by_coarse = std::collections::HashMap::new();
    for f in 1..FINE_CODES {
        let w = (prior[f], prior[OPP_BASE + f]);
        let first = *by_coarse.entry(coarse_code(f as u16)).or_insert(w);
        assert_eq!(first, w, "fine code {f}");
    }
    let code = |f: [Fine; 4]| fine_code(FinePatterns::from_array(f)) as usize;
    let three = code([Fine::OpenThree2, Fine::None, Fine::None, Fine::None]);
    let broken = code([Fine::OpenThree1, Fine::None, Fine::None, Fine::None]);
    let two = code([Fine::OpenTwo4, Fine::None, Fine::None, Fine::None]);
    assert_eq!(prior[three], prior[broken], "both refine one open three");
    assert!(prior[three] > prior[two]);
}

/// Three freestyle self-play games at 300 nodes a move.
fn three_short_games() -> Vec<GameRecord> {
    let cfg = SelfPlay {
        games: 3,
        nodes: 300,
        seed: 9,
        rule: Rule::Freestyle,
    };
    record_games(&cfg, no_clock, &mut |_, _| {})
}

#[test]
fn labels_mix_the_result_with_the_search_score() {
    let games = three_short_games();
    let by_result = train::samples(&games, Rule::Freestyle, 1.0, Positions::Searched);
    let by_search = train::samples(&games, Rule::Freestyle, 0.0, Positions::Searched);
    let mixed = train::samples(&games, Rule::Freestyle, 0.25, Positions::Searched);
    assert!(by_result.len() >= 10, "{} samples", by_result.len());
    assert_eq!(by_result.len(), by_search.len());
    assert_eq!(by_result.len(), mixed.len());
    assert!(by_result.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.label)));
    // Search labels are probabilities strictly inside (0, 1) and not all the same.
    assert!(by_search.iter().all(|s| s.label > 0.0 && s.label < 1.0));
    assert!(by_search.iter().any(|s| (s.label - by_search[0].label).abs() > 0.01));
    for ((r, q), m) in by_result.iter().zip(&by_search).zip(&mixed) {
        assert_eq!(r.features, q.features);
        assert!((m.label - (0.25 * r.label + 0.75 * q.label)).abs() < 1e-6);
    }
}

#[test]
fn leaf_samples_are_the_principal_variations_last_positions() {
    let games = three_short_games();
    let searched = train::samples(&games, Rule::Freestyle, 0.0, Positions::Searched);
    let leaves = train::samples(&games, Rule::Freestyle, 0.0, Positions::Leaves);
    assert!(leaves.len() >= 10, "{} leaf samples", leaves.len());
    assert!(leaves.len() <= searched.len());
    // Each leaf sample is the position after the move and its line, labelled for the side to move there.
    let mut expected = Vec::new();
    for g in &games {
        g.replay(Rule::Freestyle, &mut |pos, Searched { played: m, score, line }| {
            let mut leaf = pos.clone();
            let ongoing = std::iter::once(&m)
                .chain(line)
                .all(|&q| leaf.play(q) == Ok(gomoku::board::Outcome::Ongoing));
            if !line.is_empty() && ongoing && score.abs() < gomoku::search::LIKELY_BOUND {
                let flip = if leaf.to_move() == pos.to_move() { 1.0 } else { -1.0 };
                expected.push((train::features(&leaf), flip * score as f32));
            }
        });
    }
    // The leaves come in the games' order, a subsequence of the candidates (quiet ones only).
    let mut candidates = expected.iter();
    for s in &leaves {
        let found = candidates.any(|(f, score)| {
            *f == s.features && (s.label - 1.0 / (1.0 + (-score / train::SCALE as f32).exp())).abs() < 1e-4
        });
        assert!(found, "a leaf sample with label {} matches no line's leaf", s.label);
    }
    // Without the lines there are no leaves.
    let mut bare = games.clone();
    for g in &mut bare {
        g.lines.iter_mut().for_each(Vec::clear);
    }
    assert!(train::samples(&bare, Rule::Freestyle, 0.0, Positions::Leaves).is_empty());
}
