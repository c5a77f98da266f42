//! The trainer of the learned evaluation: positions from fast self-play games, labelled with the game's
//! result from the side to move's view, and a logistic regression (Adam, L2 towards the prior: the coarse
//! round-3 tables spread over the fine codes) over the features of [`crate::eval::learned`]. `gomoku train` drives it and writes the weights as Rust
//! source (`src/eval/weights_freestyle.rs`).

use crate::board::coord::{Color, Point};
use crate::board::{Outcome, Rule};
use crate::eval::codes::{coarse_code, FINE_CODES};
use crate::eval::learned::{Tables, FEATURES, MASK_BASE, OPP_BASE, STONE};
use crate::eval::{weights_coarse as coarse, Position};
use crate::search::engine::{Engine, SearchInfo, Settings};
use crate::search::LIKELY_BOUND;

/// Evaluation units per unit of log-odds: a position evaluated at `SCALE` wins with probability σ(1).
pub const SCALE: f64 = 300.0;

/// One training position: its sparse features, the result for the side to move (1 win, 0.5 draw, 0 loss)
/// and the game it came from.
#[derive(Clone, Debug)]
pub struct Sample {
    /// (feature index, value) pairs, each index once.
    pub features: Vec<(u16, f32)>,
    /// Result for the side to move.
    pub label: f32,
    /// Index of the game.
    pub game: u32,
}

/// How to generate training games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Number of games.
    pub games: u32,
    /// Node budget per move.
    pub nodes: u64,
    /// Seed of the random openings.
    pub seed: u64,
    /// Rule of the games.
    pub rule: Rule,
}

/// A small deterministic generator (SplitMix64) for openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The features of `pos` from the side to move's view (see [`FEATURES`]).
pub fn features(pos: &Position) -> Vec<(u16, f32)> {
    let me = pos.to_move();
    let mut counts = vec![0u16; 2 * FINE_CODES];
    for p in Point::all() {
        if pos.board().at(p).is_none() {
            counts[pos.fine_code(p, me) as usize] += 1;
            counts[OPP_BASE + pos.fine_code(p, me.opponent()) as usize] += 1;
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

/// A random opening of 3 to 5 stones near the centre that decides nothing.
fn opening(rng: &mut Rng, rule: Rule) -> Position {
    loop {
        let mut pos = Position::new(rule);
        let n = 3 + rng.below(3);
        let mut ok = true;
        for _ in 0..n {
            let (r, c) = (4 + rng.below(7), 4 + rng.below(7));
            let Some(p) = Point::new(r as usize, c as usize) else {
                ok = false;
                break;
            };
            if pos.play(p) != Ok(Outcome::Ongoing) {
                ok = false;
                break;
            }
        }
        let me = pos.to_move();
        if ok && pos.fours(me).is_empty() && pos.fours(me.opponent()).is_empty() {
            return pos;
        }
    }
}

/// Plays `cfg.games` games of the engine against itself at a fixed node budget from random openings. Calls
/// `visit` with the game's index, each position and the search's answer before the move is played, and once
/// more with the final position and `None` when the game ends.
pub(crate) fn play_games(
    cfg: &SelfPlay,
    clock: fn() -> f64,
    visit: &mut dyn FnMut(u32, &Position, Option<&SearchInfo>),
) {
    let mut rng = Rng(cfg.seed);
    let settings = Settings {
        time_ms: None,
        nodes: Some(cfg.nodes),
        ..Settings::default()
    };
    for game in 0..cfg.games {
        let mut pos = opening(&mut rng, cfg.rule);
        let mut engine = Engine::new(4, clock);
        while pos.board().outcome() == Outcome::Ongoing {
            let Some(info) = engine.think(&pos, &settings, None, &mut |_| {}) else {
                break;
            };
            visit(game, &pos, Some(&info));
            let Some(m) = info.best_move() else { break };
            if pos.play(m).is_err() {
                break;
            }
        }
        visit(game, &pos, None);
    }
}

/// Plays self-play games ([`play_games`]) and returns their quiet positions (no five or open four to be
/// made, no forced win found by the search), labelled with the result. Calls `progress` after each game with
/// the games done and samples so far.
pub fn self_play(cfg: &SelfPlay, clock: fn() -> f64, progress: &mut dyn FnMut(u32, usize)) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut kept: Vec<(Vec<(u16, f32)>, Color)> = Vec::new();
    play_games(cfg, clock, &mut |game, pos, info| {
        if let Some(info) = info {
            let me = pos.to_move();
            let quiet = pos.fives(me).is_empty()
                && pos.fives(me.opponent()).is_empty()
                && pos.open_fours(me).is_empty()
                && info.score.abs() < LIKELY_BOUND;
            if quiet {
                kept.push((features(pos), me));
            }
            return;
        }
        let winner = match pos.board().outcome() {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        };
        for (features, side) in kept.drain(..) {
            let label = match winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            samples.push(Sample { features, label, game });
        }
        progress(game + 1, samples.len());
    });
    samples
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
