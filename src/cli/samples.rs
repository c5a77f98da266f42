//! What `gomoku train` and `gomoku train-policy` share: the samples (read from a file if it exists, else
//! played and saved), the held-out split, and writing the weights.

use crate::now_ms;
use gomoku::eval::games::{self, GameRecord, SelfPlay};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A trainer's sample format.
pub struct Format<S> {
    /// Parses a samples file.
    pub read: fn(&str) -> Result<Vec<S>, String>,
    /// Writes samples in the file format.
    pub write: fn(&[S], &mut dyn Write) -> std::io::Result<()>,
    /// The game a sample comes from.
    pub game: fn(&S) -> u32,
}

/// The samples, read from `path` if that file exists (then `true`), else played by `play` (progress on
/// standard error every `every` games) and written to `path` if one is given. Errors are printed.
pub fn load_or_play<S>(
    path: Option<&PathBuf>,
    format: &Format<S>,
    every: u32,
    play: impl FnOnce(&mut dyn FnMut(u32, usize)) -> Vec<S>,
) -> Result<(Vec<S>, bool), ExitCode> {
    if let Some(text) = path.and_then(|p| std::fs::read_to_string(p).ok()) {
        return match (format.read)(&text) {
            Ok(s) => Ok((s, true)),
            Err(e) => {
                eprintln!("samples file: {e}");
                Err(ExitCode::FAILURE)
            }
        };
    }
    let t0 = now_ms();
    let samples = play(&mut |g, n| {
        if g % every == 0 {
            eprintln!("self-play: {g} games, {n} positions, {:.0} s", (now_ms() - t0) / 1000.0);
        }
    });
    if let Some(path) = path {
        write_samples(path, &samples, format)?;
    }
    Ok((samples, false))
}

/// Writes `samples` to `path` in `format`; an error is printed and ends the run.
pub fn write_samples<S>(path: &Path, samples: &[S], format: &Format<S>) -> Result<(), ExitCode> {
    let written = std::fs::File::create(path).and_then(|f| {
        let mut out = std::io::BufWriter::new(f);
        (format.write)(samples, &mut out)?;
        out.flush()
    });
    written.map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// The number of games the samples come from (several runs may be concatenated: the changes of game index
/// are counted), and the samples split into held-out (every tenth game) and fitted ones.
pub fn split<S>(samples: Vec<S>, format: &Format<S>) -> (usize, Vec<S>, Vec<S>) {
    let game = format.game;
    let games = samples.windows(2).filter(|w| game(&w[0]) != game(&w[1])).count() + usize::from(!samples.is_empty());
    let (held, fitted) = samples.into_iter().partition(|s| game(s) % 10 == 9);
    (games, held, fitted)
}

/// Recorded self-play games ([`games::record_games`]): read from `path` if that file exists (then `true`),
/// else played as `cfg` says and written to `path` if one is given (progress every `every` games).
pub fn load_or_play_records(
    path: Option<&PathBuf>,
    cfg: &SelfPlay,
    every: u32,
) -> Result<(Vec<GameRecord>, bool), ExitCode> {
    let format = Format {
        read: games::read_games,
        write: games::write_games,
        game: |_| 0,
    };
    load_or_play(path, &format, every, |progress| {
        games::record_games(cfg, now_ms, progress)
    })
}

/// The file the samples came from, as its flag and path: the game records if given, else the samples file.
pub fn file_flag<'a>(record: Option<&'a PathBuf>, samples: Option<&'a PathBuf>) -> Option<(&'static str, &'a PathBuf)> {
    record.map(|p| ("--record", p)).or(samples.map(|p| ("--samples", p)))
}

/// How the samples were obtained, as command-line flags for the weights file's header.
/// `file` is the flag that named the file and its path.
pub fn source_flags(file: Option<(&str, &PathBuf)>, read_back: bool, games: u32, nodes: u64, seed: u64) -> String {
    match (file, read_back) {
        (Some((flag, p)), true) => format!("{flag} {}", p.display()),
        _ => format!("--games {games} --nodes {nodes} --seed {seed}"),
    }
}

/// Writes the weights' Rust source to `path`, reporting success or the error.
pub fn write_weights(path: &Path, source: &str) -> ExitCode {
    if let Err(e) = std::fs::write(path, source) {
        eprintln!("cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}
