//! `gomoku bench`: fixed positions at a fixed depth (deterministic node counts, for speed), or the depth
//! reached in a given time.

use crate::now_ms;
use gomoku::board::Rule;
use gomoku::search::engine::Settings;
use std::process::ExitCode;

/// Options of `gomoku bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Search each position for this long (milliseconds) instead of to the fixed depth.
    #[arg(long, value_parser = crate::positive_ms)]
    time_ms: Option<f64>,
    /// Rule the positions are searched under: freestyle, standard or renju (a position that is not a legal
    /// game under the rule is skipped and reported).
    #[arg(long, default_value_t = Rule::Freestyle)]
    rule: Rule,
    /// Analyse this many lines (multi-PV) instead of searching for one move; reports the depth reached.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=gomoku::search::analysis::MAX_LINES as i64))]
    lines: Option<u8>,
}

/// Runs `gomoku bench`.
pub fn run(args: &Args) -> ExitCode {
    let settings = match args.time_ms {
        None => gomoku::io::bench::fixed_settings(),
        Some(ms) => Settings {
            depth: Settings::MAX_DEPTH,
            time_ms: Some(ms),
            ..Settings::default()
        },
    };
    println!(
        "bench: {} positions, rule {}, depth {}, width {}, time {}{}",
        gomoku::io::bench::POSITIONS.len(),
        args.rule,
        settings.depth,
        settings.width,
        settings.time_ms.map_or("unlimited".to_string(), |t| format!("{t} ms")),
        args.lines.map_or(String::new(), |n| format!(", {n} lines"))
    );
    if let Some(n) = args.lines {
        return analysis(&settings, args.rule, n as usize);
    }
    let lines = gomoku::io::bench::run(now_ms, &settings, args.rule, &mut |l| {
        println!(
            "{:>10} nodes {:>9.1} ms {:>10.0} nodes/s  depth {:>2}  swing {:>4}  best {:<4} {}",
            l.nodes,
            l.time_ms,
            l.nodes as f64 * 1000.0 / l.time_ms.max(1e-3),
            l.depth,
            l.swing,
            l.best,
            l.record
        );
    });
    let skipped = gomoku::io::bench::POSITIONS.len() - lines.len();
    if skipped > 0 {
        println!(
            "skipped: {skipped} positions that are not legal games under {}",
            args.rule
        );
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let ms: f64 = lines.iter().map(|l| l.time_ms).sum();
    print_spread("depth", lines.iter().map(|l| i64::from(l.depth)).collect());
    print_spread("swing", lines.iter().map(|l| i64::from(l.swing)).collect());
    println!(
        "total: {nodes} nodes, {ms:.0} ms, {:.0} nodes/s",
        nodes as f64 * 1000.0 / ms.max(1e-3)
    );
    ExitCode::SUCCESS
}

/// Prints `label: median M, min A, max B` of the values (nothing for none).
fn print_spread(label: &str, mut values: Vec<i64>) {
    values.sort_unstable();
    if let (Some(min), Some(median), Some(max)) = (values.first(), values.get(values.len() / 2), values.last()) {
        println!("{label}: median {median}, min {min}, max {max}");
    }
}

/// The benchmark positions analysed with `n` lines under `rule`: depth reached and nodes per position.
fn analysis(settings: &Settings, rule: Rule, n: usize) -> ExitCode {
    let mut depths = Vec::new();
    for record in gomoku::io::bench::POSITIONS {
        let Ok(pos) = gomoku::io::record::parse_position(record, rule) else {
            continue;
        };
        let mut engine = gomoku::search::engine::Engine::new(16, now_ms);
        engine.ready_table();
        let t0 = now_ms();
        let Some(a) = engine.analyze(&pos, settings, n, None, &mut |_| {}) else {
            continue;
        };
        let ms = now_ms() - t0;
        let best = a
            .lines
            .first()
            .and_then(|l| l.best_move())
            .map_or("-".into(), |p| p.to_string());
        println!(
            "{:>10} nodes {:>9.1} ms  depth {:>2}  lines {}  best {:<4} {}",
            a.nodes,
            ms,
            a.depth,
            a.lines.len(),
            best,
            record
        );
        depths.push(i64::from(a.depth));
    }
    print_spread("depth", depths);
    ExitCode::SUCCESS
}
