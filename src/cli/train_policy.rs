//! `gomoku train-policy`: fits the move-ordering policy's tables to the moves played in fast self-play games
//! and writes them as Rust source (see `gomoku::eval::policy_train`).

use crate::cli::samples::{file_flag, load_or_play, load_or_play_records, source_flags, split, write_weights, Format};
use crate::now_ms;
use gomoku::board::Rule;
use gomoku::eval::games::SelfPlay;
use gomoku::eval::policy_train::{self as train, Candidate, Fit, PolicySample};
use gomoku::search::engine::Settings;
use std::process::ExitCode;

/// Options of `gomoku train-policy`.
#[derive(clap::Args)]
pub struct Args {
    /// Self-play games to generate.
    #[arg(long, default_value_t = 400)]
    games: u32,
    /// Node budget per move in the self-play games.
    #[arg(long, default_value_t = 8000, value_parser = clap::value_parser!(u64).range(1..))]
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
    /// Adam step size, in log-odds units.
    #[arg(long, default_value_t = 0.1)]
    rate: f64,
    /// L2 strength towards the seed ordering.
    #[arg(long, default_value_t = 1e-5)]
    l2: f64,
    /// Scale of the seed ordering that the fit starts from and is pulled towards (1: the seed's scores in
    /// hundredths of a log-odds unit; 0: from zero).
    #[arg(long, default_value_t = 0.05)]
    prior_scale: f64,
    /// A file of self-play samples: read if it exists (no games are played), else written after playing.
    #[arg(long, conflicts_with = "record")]
    samples: Option<std::path::PathBuf>,
    /// A file of self-play game records (`gomoku train --record`): read if it exists (no games are played),
    /// else written after playing. The samples are the records' unforced positions with the moves played.
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Where to write the weights (Rust source); nothing is written without it.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// Top-1, top-3 and top-`width` accuracy of an ordering, as text: the last is the share of played moves that
/// a search at the default width would consider at all.
fn accuracy(samples: &[PolicySample], score: &dyn Fn(&Candidate) -> f64) -> String {
    let width = Settings::default().width;
    let top = |k| 100.0 * train::top_k(samples, k, score);
    format!(
        "top-1 {:.1}%, top-3 {:.1}%, top-{width} {:.1}%",
        top(1),
        top(3),
        top(width)
    )
}

/// Runs `gomoku train-policy`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = SelfPlay {
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        rule: args.rule,
    };
    let format = Format {
        read: train::read_samples,
        write: train::write_samples,
        game: |s| s.game,
    };
    let loaded = if args.record.is_some() {
        load_or_play_records(args.record.as_ref(), &cfg, 10)
            .map(|(games, read_back)| (train::samples_from_games(&games, cfg.rule), read_back))
    } else {
        load_or_play(args.samples.as_ref(), &format, 10, |progress| {
            train::self_play(&cfg, now_ms, progress)
        })
    };
    let (samples, read_back) = match loaded {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (games, held, fitted) = split(samples, &format);
    let prior = train::prior(args.prior_scale);
    let before = (train::loss(&prior, &fitted), train::loss(&prior, &held));
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
    let w = train::fit(&fitted, &prior, &opts, &mut |e, l| {
        eprintln!("epoch {e}: train loss {l:.4}")
    });
    let after = (train::loss(&w, &fitted), train::loss(&w, &held));
    println!("loss after: train {:.4}, held-out {:.4}", after.0, after.1);
    let seed = accuracy(&held, &|c| c.seed as f64);
    let policy = accuracy(&held, &|c| train::ordered(&w, c));
    println!("held-out, seed order: {seed}");
    let committed = train::current(args.rule);
    let committed = accuracy(&held, &|c| train::ordered(&committed, c));
    println!("held-out, the committed {} policy's order: {committed}", args.rule);
    println!("held-out, policy order (loud moves first): {policy}");
    println!("held-out, policy alone: {}", accuracy(&held, &|c| train::logit(&w, c)));
    if let Some(path) = &args.out {
        let file = file_flag(args.record.as_ref(), args.samples.as_ref());
        let source = source_flags(file, read_back, args.games, args.nodes, args.seed);
        let note = format!(
            "Command: gomoku train-policy {source} --rule {} --epochs {} --rate {} --l2 {} --prior-scale {}\n\
             {games} self-play games, {} training + {} held-out positions; cross-entropy (train / held-out) \
             {:.4} / {:.4} before, {:.4} / {:.4} after.\nHeld-out: seed order {seed}; policy order {policy}.",
            args.rule,
            args.epochs,
            args.rate,
            args.l2,
            args.prior_scale,
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
