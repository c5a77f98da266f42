//! `gomoku analyze "RECORD"`: the best N moves of a position with their scores and lines. Progress goes
//! first (one `info` line per completed depth); the last N lines are `K. MOVE SCORE pv MOVE MOVE ...`.

use crate::now_ms;
use gomoku::board::Rule;
use gomoku::io::record::parse_position;
use gomoku::search::analysis::{Analysis, MAX_LINES};
use gomoku::search::engine::{Engine, Settings};
use std::process::ExitCode;

/// Options of `gomoku analyze`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: moves in order, space-separated (`h8 i9 h10`); black moves first.
    record: String,
    /// Number of candidate moves to report (1-10).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=MAX_LINES as i64))]
    lines: u8,
    /// Time for the whole analysis in milliseconds.
    #[arg(long, default_value_t = 1000.0, value_parser = crate::positive_ms)]
    time_ms: f64,
    /// Deepest iteration in plies.
    #[arg(long, default_value_t = Settings::MAX_DEPTH)]
    depth: u32,
    /// Rule of the game.
    #[arg(long, value_enum, default_value_t = Rule::Freestyle)]
    rule: Rule,
}

/// Runs `gomoku analyze`.
pub fn run(args: &Args) -> ExitCode {
    let pos = match parse_position(&args.record, args.rule) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("gomoku analyze: {e}");
            return ExitCode::from(2);
        }
    };
    let settings = Settings {
        depth: args.depth,
        time_ms: Some(args.time_ms),
        ..Settings::default()
    };
    let mut engine = Engine::new(64, now_ms);
    let report = |a: &Analysis| {
        let best = a.lines.first();
        println!(
            "info depth {} nodes {} time {:.0} best {} {}",
            a.depth,
            a.nodes,
            a.time_ms,
            best.and_then(|l| l.best_move()).map_or("-".into(), |p| p.to_string()),
            best.map_or(String::new(), |l| l.score_text()),
        );
    };
    let Some(analysis) = engine.analyze(&pos, &settings, args.lines as usize, None, &mut |a| report(a)) else {
        eprintln!("gomoku analyze: the game is over");
        return ExitCode::from(1);
    };
    for (k, line) in analysis.lines.iter().enumerate() {
        let pv: Vec<String> = line.pv.iter().map(|p| p.to_string()).collect();
        println!("{}. {} {} pv {}", k + 1, pv[0], line.score_text(), pv.join(" "));
    }
    ExitCode::SUCCESS
}
