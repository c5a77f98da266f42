//! `gomoku`: the Gomocup protocol on stdin/stdout (no arguments), and subcommands for measuring and studying
//! (`gomoku --help` lists them). Each subcommand lives in its own file under `src/cli/`.

#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]
mod cli {
    pub mod analyze;
    pub mod bench;
    pub mod codes;
    pub mod forbidden;
    pub mod samples;
    pub mod selfplay;
    pub mod solve;
    pub mod train;
    pub mod train_policy;
}

use clap::{Parser, Subcommand};
use gomoku::io::protocol::{Flow, Session};
use gomoku::search::level::Level;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

/// Gomoku engine: with no subcommand it speaks the Gomocup protocol on stdin/stdout.
#[derive(Parser)]
#[command(name = "gomoku", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Protocol engine: play at a named level (beginner, casual, strong, maximum) instead of the manager's
    /// depth and width; the level's time per move is capped by the manager's.
    #[arg(long)]
    level: Option<Level>,
    /// Protocol engine: vary the choice among near-equal moves from game to game (seeded from the clock).
    #[arg(long)]
    variety: bool,
    /// Protocol engine: variety with this seed (reproducible); implies --variety.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Search fixed positions and report nodes, speed and depth.
    Bench(cli::bench::Args),
    /// Solve a file of tactical puzzles and report the share solved per type.
    Solve(cli::solve::Args),
    /// Play engine-vs-engine games through the protocol, checking every move and the memory.
    Selfplay(cli::selfplay::Args),
    /// Fit the learned evaluation to self-play games and write its weights.
    Train(cli::train::Args),
    /// Fit the move-ordering policy to the moves of self-play games and write its weights.
    TrainPolicy(cli::train_policy::Args),
    /// Print black's forbidden points (renju) after a game record.
    Forbidden(cli::forbidden::Args),
    /// Print the coarse pattern code of every fine code, in order (the map `tools/train_net.py` folds with).
    Codes,
    /// Show the best N moves of a position with their scores and principal variations.
    Analyze(cli::analyze::Args),
}

/// Milliseconds since the program started.
pub(crate) fn now_ms() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Parses a positive number of milliseconds (a clap value parser).
pub(crate) fn positive_ms(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
        _ => Err(format!("'{s}' is not a positive number of milliseconds")),
    }
}

fn main() -> ExitCode {
    // Like other command-line tools, end quietly when the reader of our output goes away (`gomoku bench |
    // head`) instead of panicking on the failed write: Rust ignores SIGPIPE unless told otherwise.
    #[cfg(unix)]
    // SAFETY: restores the default action of one signal before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Help and version are not errors; everything else exits with status 2.
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match &cli.command {
        None => {
            let clock_seed = || {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64);
                nanos ^ u64::from(std::process::id()).rotate_left(32)
            };
            let variety = cli.seed.or_else(|| cli.variety.then(clock_seed));
            protocol(Session::new(now_ms).with_level(cli.level, variety))
        }
        Some(Command::Bench(args)) => cli::bench::run(args),
        Some(Command::Solve(args)) => cli::solve::run(args),
        Some(Command::Selfplay(args)) => cli::selfplay::run(args),
        Some(Command::Train(args)) => cli::train::run(args),
        Some(Command::TrainPolicy(args)) => cli::train_policy::run(args),
        Some(Command::Forbidden(args)) => cli::forbidden::run(args),
        Some(Command::Analyze(args)) => cli::analyze::run(args),
        Some(Command::Codes) => cli::codes::run(),
    }
}

/// The Gomocup protocol: one command per line on stdin, answers on stdout.
fn protocol(mut session: Session) -> ExitCode {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().split(b'\n') {
        let Ok(bytes) = line else { break };
        let text = String::from_utf8_lossy(&bytes);
        let mut out = |s: &str| {
            let _ = writeln!(stdout, "{s}");
            let _ = stdout.flush();
        };
        if session.handle(&text, &mut out) == Flow::Quit {
            break;
        }
    }
    ExitCode::SUCCESS
}
