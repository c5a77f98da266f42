//! `gomoku selfplay`: engine-vs-engine games through two protocol sessions, checked by a referee.

use crate::now_ms;
use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::protocol::Session;
use gomoku::io::record::parse_points;
use std::process::ExitCode;

/// Options of `gomoku selfplay`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Time per move in milliseconds.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    turn_ms: u64,
}

/// Runs `gomoku selfplay`.
pub fn run(args: &Args) -> ExitCode {
    selfplay(args.games as usize, args.turn_ms)
}

/// Resident memory of this process in kilobytes (Linux), for spotting growth from game to game.
fn rss_kb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

/// Plays engine-vs-engine games through two protocol sessions, as a tournament manager would, checking every
/// move with the rules and the memory after every game.
fn selfplay(games: usize, turn_ms: u64) -> ExitCode {
    let openings = ["h8", "h8 i9", "h8 i8", "h8 g9 i9", "h8 h9 j8", "g7 h8"];
    let (mut wins, mut draws, mut errors) = ([0usize; 2], 0, 0);
    let mut rss = Vec::new();
    let t0 = now_ms();
    for g in 0..games {
        let mut sessions = [Session::new(now_ms), Session::new(now_ms)];
        let mut referee = Position::new(Rule::Freestyle);
        let opening = parse_points(openings[g % openings.len()]).unwrap_or_default();
        for &p in &opening {
            let _ = referee.play(p);
        }
        for s in sessions.iter_mut() {
            for cmd in [
                "START 15",
                &format!("INFO timeout_turn {turn_ms}"),
                "INFO max_memory 67108864",
            ] {
                s.handle(cmd, &mut |_| {});
            }
        }
        let mut started = [false; 2];
        let result = loop {
            let side = referee.to_move().index();
            let mut reply = None;
            let mut capture = |l: &str| {
                if !l.starts_with("MESSAGE") {
                    reply = Some(l.to_string());
                }
            };
            if started[side] {
                let (x, y) = referee.board().last_move().map(|p| p.to_gomocup()).unwrap_or((7, 7));
                sessions[side].handle(&format!("TURN {x},{y}"), &mut capture);
            } else {
                started[side] = true;
                if referee.board().stone_count() == 0 {
                    sessions[side].handle("BEGIN", &mut capture);
                } else {
                    sessions[side].handle("BOARD", &mut capture);
                    for (i, p) in referee.board().history().iter().enumerate() {
                        let (x, y) = p.to_gomocup();
                        let own = (i % 2 == side) as u8;
                        sessions[side].handle(&format!("{x},{y},{}", 2 - own), &mut capture);
                    }
                    sessions[side].handle("DONE", &mut capture);
                }
            }
            let point = reply.as_deref().and_then(|r| {
                let (x, y) = r.split_once(',')?;
                Point::from_gomocup(x.parse().ok()?, y.parse().ok()?)
            });
            match point.map(|p| referee.play(p)) {
                Some(Ok(gomoku::board::Outcome::Ongoing)) => continue,
                Some(Ok(gomoku::board::Outcome::Win { winner, .. })) => break Some(winner),
                Some(Ok(gomoku::board::Outcome::Draw)) => break None,
                _ => {
                    errors += 1;
                    eprintln!("game {}: bad reply {reply:?} after {}", g + 1, referee.board().record());
                    break None;
                }
            }
        };
        match result {
            Some(c) => wins[c.index()] += 1,
            None => draws += 1,
        }
        rss.extend(rss_kb());
    }
    let secs = (now_ms() - t0) / 1000.0;
    if let (Some(first), Some(last), Some(max)) = (rss.first(), rss.last(), rss.iter().max()) {
        println!("memory (RSS) after game 1: {first} kB, after game {games}: {last} kB, largest: {max} kB");
    }
    println!(
        "selfplay: {games} games in {secs:.0} s, black {} white {} draws {draws}, protocol or rule errors {errors}",
        wins[Color::Black.index()],
        wins[Color::White.index()]
    );
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
