//! `gomoku train`: fits the learned evaluation's tables to positions from fast self-play games and writes
//! them as Rust source (see `gomoku::eval::train`).

use crate::cli::samples::{
    file_flag, load_or_play, load_or_play_records, source_flags, split, write_samples, write_weights, Format,
};
use crate::now_ms;
use gomoku::board::Rule;
use gomoku::eval::games::SelfPlay;
use gomoku::eval::train::{self, Fit, Positions};
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
    /// Rule of the self-play games and of the positions made from game records.
    #[arg(long, default_value_t = Rule::Freestyle)]
    rule: Rule,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 600)]
    epochs: u32,
    /// Adam step size, in evaluation units.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    /// L2 strength towards the prior (the coarse round-3 tables spread over the fine codes).
    #[arg(long, default_value_t = 0.002)]
    l2: f64,
    /// Measure the committed tables instead of the prior as "before" (and write them back with --epochs 0);
    /// the fit itself starts from the prior, which stays the L2 target.
    #[arg(long)]
    from_current: bool,
    /// A file of self-play samples (features and labels): read if it exists (no games are played), else
    /// written after playing. With `--record`, the records' samples are written to it (the input of
    /// `tools/train_net.py`).
    #[arg(long)]
    samples: Option<std::path::PathBuf>,
    /// A file of self-play game records with the search's scores: read if it exists (no games are played),
    /// else written after playing. Positions and labels are made from it at each run.
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Learn from the leaf of each searched move's principal variation (TD-leaf: where the search used the
    /// evaluation) instead of the searched position; the records must hold the lines (recorded by this build).
    #[arg(long, requires = "record")]
    leaves: bool,
    /// Weight of the game's result in a label; the search's score, as a probability, has the rest.
    #[arg(long, default_value_t = 1.0, value_parser = unit_interval)]
    lambda: f32,
    /// Where to write the weights (Rust source); nothing is written without it.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// The samples file's format.
const SAMPLES: Format<train::Sample> = Format {
    read: train::read_samples,
    write: train::write_samples,
    game: |s| s.game,
};

/// Runs `gomoku train`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        rule: args.rule,
    };
    let loaded = if args.record.is_some() {
        load_or_play_records(args.record.as_ref(), &cfg, 20)
            .map(|(games, read_back)| {
                let positions = if args.leaves {
                    Positions::Leaves
                } else {
                    Positions::Searched
                };
                (train::samples(&games, cfg.rule, args.lambda, positions), read_back)
            })
            .and_then(|(samples, read_back)| match &args.samples {
                Some(path) => write_samples(path, &samples, &SAMPLES).map(|()| (samples, read_back)),
                None => Ok((samples, read_back)),
            })
    } else {
        load_or_play(args.samples.as_ref(), &SAMPLES, 20, |progress| {
            train::self_play(&cfg, args.lambda, now_ms, progress)
        })
    };
    let (samples, read_back) = match loaded {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (games, held, fitted) = split(samples, &SAMPLES);
    let prior = train::prior();
    let start = if args.from_current {
        train::current(args.rule)
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
        let file = file_flag(args.record.as_ref(), args.samples.as_ref());
        let source = format!(
            "{} --rule {}{} --lambda {}",
            source_flags(file, read_back, args.games, args.nodes, args.seed),
            args.rule,
            if args.leaves { " --leaves" } else { "" },
            args.lambda
        );
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

/// Parses a number in [0, 1].
fn unit_interval(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s} is not a number from 0 to 1")),
    }
}
