//! `gomoku forbidden "RECORD"`: black's forbidden points under renju in the position after a game record.

use gomoku::board::renju;
use gomoku::board::Rule;
use gomoku::io::record::parse_position;
use std::process::ExitCode;

/// Options of `gomoku forbidden`.
#[derive(clap::Args)]
pub struct Args {
    /// The moves in order, space-separated, black first (`h8 i9 h10`).
    record: String,
}

/// Runs `gomoku forbidden`: one line per forbidden point with its reason, then
/// `forbidden: h8 k11` (or `forbidden: none`) as the last line. A record that is not a legal renju game is
/// refused with the reason and exit status 2.
pub fn run(args: &Args) -> ExitCode {
    let pos = match parse_position(&args.record, Rule::Renju) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("not a legal renju game: {e}");
            return ExitCode::from(2);
        }
    };
    let points = renju::forbidden_points(pos.board());
    for (p, why) in &points {
        println!("{p}: {} ({})", why.name(), why.name_zh());
    }
    let names: Vec<String> = points.iter().map(|(p, _)| p.to_string()).collect();
    println!(
        "forbidden: {}",
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(" ")
        }
    );
    ExitCode::SUCCESS
}
