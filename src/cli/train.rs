//! `gomoku train`: fits the learned evaluation's tables to positions from fast self-play games and writes
//! them as Rust source (see `gomoku::eval::train`).

use crate::cli::samples::{load_or_play, source_flags, split, write_weights, Format};
use crate::now_ms;
use gomoku::board::Rule;
use gomoku::eval::train::{self, Fit, SelfPlay};
use std::process::ExitCode;

/// Options of `gomoku train`.
#[derive(clap::Args)]
pub struct Args {
    /// Self-play games to generate.
    #[arg(long, default_value_t = 400)]
    games: u32,
    /// Node budget per move in the self-play games.
    #[arg(long, default_value_t = 1500, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 600)]
    epochs: u32,
    /// Adam step size, in evaluation units.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    /// L2 strength towards the seed evaluation.
    #[arg(long, default_value_t = 0.002)]
    l2: f64,
    /// Start from the committed tables instead of the seed evaluation (the L2 prior stays the seed's).
    #[arg(long)]
    from_current: bool,
    /// A file of self-play samples: read if it exists (no games are played), else written after playing.
    #[arg(long)]
    samples: Option<std::path::PathBuf>,
    /// Where to write the weights (Rust source); nothing is written without it.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// Runs `gomoku train`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        rule: Rule::Freestyle,
    };
    let format = Format {
        read: train::read_samples,
        write: train::write_samples,
        game: |s| s.game,
    };
    let (samples, read_back) = match load_or_play(args.samples.as_ref(), &format, 20, |progress| {
        train::self_play(&cfg, now_ms, progress)
    }) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (games, held, fitted) = split(samples, &format);
    let prior = train::prior();
    let start = if args.from_current {
        train::current(Rule::Freestyle)
    } else {
        prior.clone()
    };
    let before = (train::loss(&start, &fitted), train::loss(&start, &held));
    println!(
        "{} games, {} training and {} held-out positions; loss before: train {:.4}, held-out {:.4}",
        games,
        fitted.len(),
        held.len(),
        before.0,
        before.1
    );
    let opts = Fit {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
    };
    let mut w = train::fit(&fitted, &prior, &opts, &mut |e, l| {
        eprintln!("epoch {e}: train loss {l:.4}")
    });
    if args.from_current && args.epochs == 0 {
        w = start;
    }
    let after = (train::loss(&w, &fitted), train::loss(&w, &held));
    println!("loss after: train {:.4}, held-out {:.4}", after.0, after.1);
    if let Some(path) = &args.out {
        let source = source_flags(args.samples.as_ref(), read_back, args.games, args.nodes, args.seed);
        let note = format!(
            "Command: gomoku train {source} --epochs {} --rate {} --l2 {}{}\n\
             {games} self-play games (with kept positions), {} training + {} held-out positions; \
             loss (train / held-out) {:.4} / {:.4} before, {:.4} / {:.4} after.",
            args.epochs,
            args.rate,
            args.l2,
            if args.from_current { " --from-current" } else { "" },
            fitted.len(),
            held.len(),
            before.0,
            before.1,
            after.0,
            after.1
        );
        return write_weights(path, &train::weights_source(&w, &note));
    }
    ExitCode::SUCCESS
}
