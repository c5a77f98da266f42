//! The trainer of the learned evaluation: positions from fast self-play games ([`crate::eval::games`]), the
//! searched ones or the leaves of the searches' principal variations ([`Positions`]), labelled with the
//! game's result from the side to move's view mixed with the search's score, and a
//! logistic regression (Adam, L2 towards the prior: the coarse round-3 tables spread over the fine codes) over
//! the features of [`crate::eval::learned`]. `gomoku train` drives it and writes the weights as Rust source
//! (`src/eval/weights_<rule>.rs`).

use crate::board::coord::Point;
use crate::board::{Outcome, Rule};
use crate::eval::codes::{coarse_code, FINE_CODES};
use crate::eval::games::{record_games, GameRecord, Searched, SelfPlay};
use crate::eval::learned::{Tables, FEATURES, MASK_BASE, OPP_BASE, STONE};
use crate::eval::{weights_coarse as coarse, Position};
use crate::search::LIKELY_BOUND;

/// Evaluation units per unit of log-odds: a position evaluated at `SCALE` wins with probability σ(1).
pub const SCALE: f64 = 300.0;

/// One training position: its sparse features, the label for the side to move (the expected result: 1 win,
/// 0.5 draw, 0 loss) and the game it came from.
#[derive(Clone, Debug)]
pub struct Sample {
    /// (feature index, value) pairs, each index once.
    pub features: Vec<(u16, f32)>,
    /// Expected result for the side to move, in [0, 1].
    pub label: f32,
    /// Index of the game.
    pub game: u32,
}

/// The features of `pos` from the side to move's view (see [`FEATURES`]).
pub fn features(pos: &Position) -> Vec<(u16, f32)> {
    let me = pos.to_move();
    let mut counts = vec![0u16; 2 * FINE_CODES];
    for p in Point::all() {
        if pos.board().at(p).is_none() {
            counts[pos.playable_code(p, me) as usize] += 1;
            counts[OPP_BASE + pos.playable_code(p, me.opponent()) as usize] += 1;
        }
    }
    let mut out: Vec<(u16, f32)> = counts
        .iter()
        .enumerate()
        .filter(|&(i, &n)| n > 0 && i % FINE_CODES != 0)
        .map(|(i, &n)| (i as u16, n as f32))
        .collect();
    out.push(((MASK_BASE + pos.threat_mask()) as u16, 1.0));
    out.push((STONE as u16, pos.stone_balance() as f32));
    out
}

/// Writes samples as text, one a line: `game label index:value index:value ...`.
pub fn write_samples(samples: &[Sample], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    for s in samples {
        write!(out, "{} {}", s.game, s.label)?;
        for (i, v) in &s.features {
            write!(out, " {i}:{v}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Reads samples written by [`write_samples`]; a malformed line is an error naming its number.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = || format!("line {}: not a sample", n + 1);
        let mut parts = line.split_whitespace();
        let game = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let label: f32 = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let mut features = Vec::new();
        for f in parts {
            let (i, v) = f.split_once(':').ok_or_else(bad)?;
            let i: u16 = i.parse().map_err(|_| bad())?;
            let v: f32 = v.parse().map_err(|_| bad())?;
            if i as usize >= FEATURES || !(0.0..=1.0).contains(&label) {
                return Err(bad());
            }
            features.push((i, v));
        }
        out.push(Sample { features, label, game });
    }
    Ok(out)
}

/// Plays self-play games ([`record_games`]) and returns their training positions ([`samples`] with
/// `lambda`). Calls `progress` after each game with the games done and the searched moves so far.
pub fn self_play(cfg: &SelfPlay, lambda: f32, clock: fn() -> f64, progress: &mut dyn FnMut(u32, usize)) -> Vec<Sample> {
    samples(
        &record_games(cfg, clock, progress),
        cfg.rule,
        lambda,
        Positions::Searched,
    )
}

/// Which position of a searched move a training sample describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The position the search started from.
    Searched,
    /// The last position of the search's principal variation (TD-leaf): the one whose static value the
    /// search's score came from, which is where the evaluation is used. A move whose line was not recorded,
    /// or whose leaf is not quiet or ends the game, gives no sample.
    Leaves,
}

/// The training positions of recorded games under `rule`: every searched position that is quiet (no five or
/// open four to be made, no forced win found by the search), or its principal variation's leaf when that is
/// quiet too ([`Positions`]). The label mixes the game's result for the side to move there (weight `lambda`)
/// with the search's score as a probability for that side, σ(±score / [`SCALE`]) (weight 1 − `lambda`). A
/// sample's game is its record's index.
pub fn samples(games: &[GameRecord], rule: Rule, lambda: f32, positions: Positions) -> Vec<Sample> {
    let mut out = Vec::new();
    for (game, record) in games.iter().enumerate() {
        record.replay(rule, &mut |pos, Searched { played: m, score, line }| {
            if !quiet(pos) || score.abs() >= LIKELY_BOUND {
                return;
            }
            let searched = sigmoid(score as f64 / SCALE) as f32;
            let sample = |at: &Position, p_win: f32| Sample {
                features: features(at),
                label: lambda * record.result_for(at.to_move()) + (1.0 - lambda) * p_win,
                game: game as u32,
            };
            match positions {
                Positions::Searched => out.push(sample(pos, searched)),
                Positions::Leaves => {
                    if line.is_empty() {
                        return;
                    }
                    let mut leaf = pos.clone();
                    for &q in std::iter::once(&m).chain(line) {
                        if leaf.play(q) != Ok(Outcome::Ongoing) {
                            return;
                        }
                    }
                    if quiet(&leaf) {
                        let p_win = if leaf.to_move() == pos.to_move() {
                            searched
                        } else {
                            1.0 - searched
                        };
                        out.push(sample(&leaf, p_win));
                    }
                }
            }
        });
    }
    out
}

/// No five on the board to be made by either side and no open four for the side to move.
fn quiet(pos: &Position) -> bool {
    let me = pos.to_move();
    pos.fives(me).is_empty() && pos.fives(me.opponent()).is_empty() && pos.open_fours(me).is_empty()
}

/// The prior: the coarse tables trained before the fine codes (`weights_coarse.rs`, round 3), each fine code
/// weighted as the coarse code it refines, with their threat-mask and centre weights. Training starts here
/// (unless it starts from the committed tables), and L2 pulls rarely seen fine codes back here.
pub fn prior() -> Vec<f64> {
    let mut w = vec![0.0; FEATURES];
    for code in 1..FINE_CODES {
        let c = coarse_code(code as u16) as usize;
        w[code] = coarse::ME[c] as f64;
        w[OPP_BASE + code] = coarse::OPP[c] as f64;
    }
    for (i, &m) in coarse::MASK.iter().enumerate() {
        w[MASK_BASE + i] = m as f64;
    }
    w[STONE] = coarse::STONE as f64;
    w
}

/// The weights of the committed tables of `rule`, as a starting point for further training.
pub fn current(rule: Rule) -> Vec<f64> {
    let t = Tables::get(rule);
    (0..FEATURES).map(|i| t.weight(i) as f64).collect()
}

#[inline]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The model's evaluation of a sample, in evaluation units.
pub fn predict(w: &[f64], s: &Sample) -> f64 {
    s.features.iter().map(|&(i, v)| w[i as usize] * v as f64).sum()
}

/// Mean cross-entropy of the predictions σ(eval / [`SCALE`]) against the labels.
pub fn loss(w: &[f64], samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let eps = 1e-9;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(predict(w, s) / SCALE).clamp(eps, 1.0 - eps);
            let y = s.label as f64;
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// Fitting options.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Full-batch Adam steps.
    pub epochs: u32,
    /// Step size in evaluation units.
    pub rate: f64,
    /// L2 strength: penalty `l2 · Σ ((w − prior) / SCALE)²` added to the mean loss.
    pub l2: f64,
}

/// Fits the weights to `samples` by logistic regression, starting from and regularised towards `prior`.
/// Calls `progress` every 50 epochs with the epoch and the training loss.
pub fn fit(samples: &[Sample], prior: &[f64], opts: &Fit, progress: &mut dyn FnMut(u32, f64)) -> Vec<f64> {
    let mut w = prior.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let n = samples.len().max(1) as f64;
    for epoch in 1..=opts.epochs {
        let mut grad = vec![0.0; w.len()];
        for s in samples {
            let p = sigmoid(predict(&w, s) / SCALE);
            let g = (p - s.label as f64) / (SCALE * n);
            for &(i, x) in &s.features {
                grad[i as usize] += g * x as f64;
            }
        }
        for (i, g) in grad.iter_mut().enumerate() {
            *g += 2.0 * opts.l2 * (w[i] - prior[i]) / (SCALE * SCALE);
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..w.len() {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            w[i] -= opts.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-12);
        }
        if epoch % 50 == 0 || epoch == opts.epochs {
            progress(epoch, loss(&w, samples));
        }
    }
    w
}

/// The weights as the Rust source of a `weights_*.rs` module, with `note` (how they were made) in its
/// header. Weights are rounded to whole evaluation units and clamped to `i16`.
pub fn weights_source(w: &[f64], note: &str) -> String {
    let mut out = tables_source(
        "Learned evaluation weights, written by `gomoku train`",
        note,
        "use crate::eval::codes::FINE_CODES;\nuse crate::eval::learned::MASKS;",
        &[
            (
                "Value of a point's fine code for the side to move.",
                "ME: [i16; FINE_CODES]",
                &w[..OPP_BASE],
            ),
            (
                "Value of a point's fine code for the opponent.",
                "OPP: [i16; FINE_CODES]",
                &w[OPP_BASE..MASK_BASE],
            ),
            ("Value of the threat mask.", "MASK: [i16; MASKS]", &w[MASK_BASE..STONE]),
        ],
        1.0,
    );
    out.push_str(&format!(
        "\n/// Value of one point of centre-value balance.\npub const STONE: i16 = {};\n",
        to_i16(w[STONE], 1.0)
    ));
    out
}

/// `x * scale` rounded and clamped to `i16`.
fn to_i16(x: f64, scale: f64) -> i16 {
    (x * scale).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16
}

/// The Rust source of a generated weights module: a header (`title`, "(do not edit by hand)", then `note`
/// line by line), the `uses` lines, and each `(doc, declaration, values)` as a `pub const` `i16` array of the
/// values times `scale`, rounded and clamped.
pub(crate) fn tables_source(
    title: &str,
    note: &str,
    uses: &str,
    tables: &[(&str, &str, &[f64])],
    scale: f64,
) -> String {
    let mut out = format!("//! {title} (do not edit by hand).\n");
    for line in note.lines() {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str(&format!("\n{uses}\n"));
    for (doc, decl, values) in tables {
        let v: Vec<String> = values.iter().map(|&x| to_i16(x, scale).to_string()).collect();
        let rows: String = v.chunks(16).map(|c| format!("    {},\n", c.join(", "))).collect();
        out.push_str(&format!(
            "\n/// {doc}\n#[rustfmt::skip]\npub const {decl} = [\n{rows}];\n"
        ));
    }
    out
}
