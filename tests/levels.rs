//! Levels and variety: the same level plays different games from game to game with variety on (one seed per
//! game) and one game with it off. Depth-limited (no clock), so the check is deterministic and quick.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::{Outcome, Rule};
use gomoku::eval::Position;
use gomoku::search::engine::{Engine, Settings};
use gomoku::search::level::Level;
use std::collections::HashSet;

fn clock() -> f64 {
    0.0
}

/// An AI-vs-AI game from the empty board at `settings` (one fresh engine per side); returns the record.
fn self_play(settings: &Settings) -> String {
    let mut pos = Position::new(Rule::Freestyle);
    let mut engines = [Engine::new(4, clock), Engine::new(4, clock)];
    while pos.board().outcome() == Outcome::Ongoing {
        let side = pos.board().stone_count() % 2;
        let info = engines[side]
            .think(&pos, settings, None, &mut |_| {})
            .expect("the game goes on");
        pos.play(info.best_move().expect("a move")).expect("a legal move");
    }
    pos.board().record()
}

/// The level's settings without its clock (depth-limited: the same on any machine).
fn unclocked(level: Level) -> Settings {
    Settings {
        time_ms: None,
        ..level.settings()
    }
}

#[test]
fn casual_games_vary_with_variety_and_repeat_without() {
    let base = unclocked(Level::Casual);
    let varied: HashSet<String> = (0..10u64)
        .map(|g| self_play(&base.clone().with_variety(Some(g * 7919))))
        .collect();
    println!(
        "Casual, 10 games from the empty board: {} distinct with variety on",
        varied.len()
    );
    assert!(
        varied.len() >= 8,
        "10 games with variety gave {} distinct games",
        varied.len()
    );
    let fixed: HashSet<String> = (0..10).map(|_| self_play(&base.clone().with_variety(None))).collect();
    println!(
        "Casual, 10 games from the empty board: {} distinct with variety off",
        fixed.len()
    );
    assert_eq!(fixed.len(), 1, "without variety every game is the same");
}

#[test]
fn beginner_varies_too_and_maximum_varies_only_with_variety() {
    let beginner = unclocked(Level::Beginner);
    let games: HashSet<String> = (0..6u64)
        .map(|g| self_play(&beginner.clone().with_variety(Some(g))))
        .collect();
    assert!(games.len() >= 5, "beginner: {} distinct games of 6", games.len());
    // Maximum has no spread of its own: variety gives it one, and different seeds choose differently.
    let maximum = Settings {
        depth: 4,
        width: 8,
        time_ms: None,
        ..Level::Maximum.settings()
    };
    assert_eq!(maximum.spread, 0);
    let pos = Position::new(Rule::Freestyle);
    let mut first_replies = HashSet::new();
    let mut after_h8 = pos.clone();
    after_h8.play("h8".parse().unwrap()).unwrap();
    for seed in 0..12u64 {
        let mut e = Engine::new(4, clock);
        let info = e
            .think(&after_h8, &maximum.clone().with_variety(Some(seed)), None, &mut |_| {})
            .unwrap();
        first_replies.insert(info.best_move().unwrap());
    }
    assert!(
        first_replies.len() >= 2,
        "white's reply to h8 varies with the seed: {first_replies:?}"
    );
    let mut e = Engine::new(4, clock);
    let a = e.think(&after_h8, &maximum, None, &mut |_| {}).unwrap().best_move();
    let mut e = Engine::new(4, clock);
    assert_eq!(e.think(&after_h8, &maximum, None, &mut |_| {}).unwrap().best_move(), a);
}
