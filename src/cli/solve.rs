//! `gomoku solve FILE`: the engine on a file of tactical puzzles, with the share solved per puzzle type.

use crate::now_ms;
use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::record::parse_points;
use gomoku::search::engine::{Engine, Settings};
use gomoku::search::threat::ThreatSolver;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// Options of `gomoku solve`.
#[derive(clap::Args)]
pub struct Args {
    /// Puzzle file: `id | source | b/w | moves or B:... W:... | answers | type` per line.
    file: String,
    /// Time per puzzle in milliseconds.
    #[arg(long, default_value_t = 1000.0, value_parser = crate::positive_ms)]
    time_ms: f64,
    /// Rule the puzzles are played under: freestyle, standard or renju.
    #[arg(long, default_value_t = Rule::Freestyle)]
    rule: Rule,
}

/// Runs `gomoku solve`.
pub fn run(args: &Args) -> ExitCode {
    solve(&args.file, args.time_ms, args.rule)
}

/// One puzzle from a tactics file.
struct Puzzle {
    id: String,
    kind: String,
    position: Position,
    answers: Vec<Point>,
}

fn parse_puzzle(line: &str, rule: Rule) -> Result<Puzzle, String> {
    let f: Vec<&str> = line.split('|').map(str::trim).collect();
    if f.len() < 6 {
        return Err("expected 6 fields".into());
    }
    let to_move = match f[2] {
        "b" => Color::Black,
        "w" => Color::White,
        x => return Err(format!("bad side to move '{x}'")),
    };
    let position = if let Some(rest) = f[3].strip_prefix("B:") {
        let (b, w) = rest.split_once("W:").ok_or("missing W:")?;
        let black = parse_points(b).map_err(|e| e.to_string())?;
        let white = parse_points(w).map_err(|e| e.to_string())?;
        Position::from_stones(rule, &black, &white, to_move).map_err(|e| e.to_string())?
    } else {
        let moves = parse_points(f[3]).map_err(|e| e.to_string())?;
        let pos = Position::from_moves(rule, &moves).map_err(|(i, e)| format!("move {}: {e}", i + 1))?;
        if pos.to_move() != to_move {
            return Err("side to move does not match the move list".into());
        }
        pos
    };
    let answers = f[4]
        .split_whitespace()
        .map(|a| {
            a.split(':')
                .next()
                .unwrap_or("")
                .parse::<Point>()
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Puzzle {
        id: f[0].to_string(),
        kind: f[5].to_string(),
        position,
        answers,
    })
}

fn solve(file: &str, time_ms: f64, rule: Rule) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine::new(64, now_ms);
    let settings = Settings {
        time_ms: Some(time_ms),
        ..Settings::default()
    };
    // Per puzzle type: solved, total, milliseconds in all, slowest solved puzzle.
    let mut per_kind: BTreeMap<String, (usize, usize, f64, f64)> = BTreeMap::new();
    let (mut solved, mut total, mut bad, mut other_wins) = (0, 0, 0, 0);
    let mut prover = ThreatSolver::new();
    let t_all = now_ms();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let puzzle = match parse_puzzle(line, rule) {
            Ok(p) => p,
            Err(e) => {
                bad += 1;
                eprintln!(
                    "skipped unreadable line ({e}): {}",
                    line.chars().take(60).collect::<String>()
                );
                continue;
            }
        };
        engine.clear();
        let t0 = now_ms();
        let info = engine.think(&puzzle.position, &settings, None, &mut |_| {});
        let dt = now_ms() - t0;
        let mv = info.as_ref().and_then(|i| i.best_move());
        // A listed move is solved; so is another move the threat solver proves winning against every defence.
        let listed = mv.is_some_and(|m| puzzle.answers.contains(&m));
        let proven = !listed && mv.is_some_and(|m| prover.proves_win(&mut puzzle.position.clone(), m, 25, 2_000_000));
        let ok = listed || proven;
        if proven {
            other_wins += 1;
        }
        let e = per_kind.entry(puzzle.kind.clone()).or_default();
        e.1 += 1;
        e.2 += dt;
        total += 1;
        if ok {
            e.0 += 1;
            e.3 = e.3.max(dt);
            solved += 1;
        } else {
            println!(
                "miss {} ({}): played {} score {} expected {}",
                puzzle.id,
                puzzle.kind,
                mv.map(|m| m.to_string()).unwrap_or("-".into()),
                info.map(|i| i.score_text()).unwrap_or_default(),
                puzzle
                    .answers
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    for (kind, (k, n, ms, slowest)) in &per_kind {
        println!(
            "{kind:>9}: {k}/{n} ({:.1}%), {:.0} ms in all, {:.1} ms each, slowest solved {slowest:.0} ms",
            100.0 * *k as f64 / *n as f64,
            ms,
            ms / *n as f64
        );
    }
    println!(
        "solved with a listed move: {}, with another move proven winning: {other_wins}",
        solved - other_wins
    );
    if bad > 0 {
        println!("unreadable lines skipped: {bad}");
    }
    println!("time: {:.1} s", (now_ms() - t_all) / 1000.0);
    println!("solved: {solved}/{total}");
    ExitCode::SUCCESS
}
