//! The trainer of the policy ([`crate::eval::policy`]): positions from fast self-play games, each with its
//! unforced candidate moves and the move the search played, and a softmax regression (cross-entropy over
//! the candidates, Adam, L2 towards the seed ordering). `gomoku train-policy` drives it and writes the tables as Rust
//! source (`src/eval/policy_freestyle.rs`).

use crate::board::coord::Point;
use crate::eval::codes::{coarse_code, patterns_of, FINE_CODES};
use crate::eval::games::{play_games, GameRecord, SelfPlay};
use crate::eval::pattern::Patterns;
use crate::eval::policy::{pair, Policy, PolicyTables, FEATURES, NEAR_BASE, OPP_BASE, PAIR_BASE};
use crate::eval::train::tables_source;
use crate::eval::Position;
use crate::search::engine::{generate_moves, seed_score, QUIET_SEED};
use crate::search::MoveList;

/// Table units per unit of log-odds.
pub const UNITS: f64 = 100.0;

/// One candidate move of a training position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Its code for the side to move.
    pub me: u16,
    /// Its code for the opponent.
    pub opp: u16,
    /// Its nearness class.
    pub near: u8,
    /// Its pair of combinations ([`crate::eval::policy::pair`]).
    pub pair: u8,
    /// The seed ordering score ([`seed_score`]), to compare the policy with.
    pub seed: i32,
}

impl Candidate {
    /// The four feature indices of the candidate: its two codes, its nearness class and its pair.
    #[inline]
    fn features(&self) -> [usize; 4] {
        [
            self.me as usize,
            OPP_BASE + self.opp as usize,
            NEAR_BASE + self.near as usize,
            PAIR_BASE + self.pair as usize,
        ]
    }
}

/// One training position: its unforced candidates, which of them the search played, and its game.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySample {
    /// The candidates.
    pub cands: Vec<Candidate>,
    /// Index of the move played in `cands`.
    pub target: usize,
    /// Index of the game.
    pub game: u32,
}

/// The candidates of `pos`, or `None` when its moves are a forced set (those keep their own handling).
pub fn candidates(pos: &Position) -> Option<(Vec<Point>, Vec<Candidate>)> {
    let mut list = MoveList::new();
    if generate_moves(pos, &mut list) {
        return None;
    }
    let me = pos.to_move();
    let policy = Policy::new(pos);
    let cands = list
        .moves()
        .iter()
        .map(|&p| Candidate {
            me: pos.playable_code(p, me),
            opp: pos.playable_code(p, me.opponent()),
            near: policy.near(p) as u8,
            pair: pair(pos, p, me) as u8,
            seed: seed_score(pos, p, me),
        })
        .collect();
    Some((list.moves().to_vec(), cands))
}

/// Plays self-play games ([`crate::eval::games`]) and returns every unforced position with the move played. Calls
/// `progress` after each game with the games done and samples so far.
pub fn self_play(cfg: &SelfPlay, clock: fn() -> f64, progress: &mut dyn FnMut(u32, usize)) -> Vec<PolicySample> {
    let mut samples = Vec::new();
    play_games(cfg, clock, &mut |game, pos, info| {
        let Some(info) = info else {
            progress(game + 1, samples.len());
            return;
        };
        let (Some(m), Some((moves, cands))) = (info.best_move(), candidates(pos)) else {
            return;
        };
        if let Some(target) = moves.iter().position(|&q| q == m) {
            samples.push(PolicySample { cands, target, game });
        }
    });
    samples
}

/// The unforced positions of recorded games ([`crate::eval::games::record_games`]) under `rule`, each with
/// the move the game's search played: the samples [`self_play`] would have collected while playing them.
pub fn samples_from_games(games: &[GameRecord], rule: crate::board::Rule) -> Vec<PolicySample> {
    let mut samples = Vec::new();
    for (game, record) in games.iter().enumerate() {
        record.replay(rule, &mut |pos, searched| {
            let m = searched.played;
            if let Some((moves, cands)) = candidates(pos) {
                if let Some(target) = moves.iter().position(|&q| q == m) {
                    samples.push(PolicySample {
                        cands,
                        target,
                        game: game as u32,
                    });
                }
            }
        });
    }
    samples
}

/// Writes samples as text, one a line: `game target me:opp:near:pair:seed ...`.
pub fn write_samples(samples: &[PolicySample], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    for s in samples {
        write!(out, "{} {}", s.game, s.target)?;
        for c in &s.cands {
            write!(out, " {}:{}:{}:{}:{}", c.me, c.opp, c.near, c.pair, c.seed)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Reads samples written by [`write_samples`]; a malformed line is an error naming its number.
pub fn read_samples(text: &str) -> Result<Vec<PolicySample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = || format!("line {}: not a policy sample", n + 1);
        let mut parts = line.split_whitespace();
        let game = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let target: usize = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let mut cands = Vec::new();
        for f in parts {
            let v: Vec<&str> = f.split(':').collect();
            let [me, opp, near, pair, seed] = v[..] else {
                return Err(bad());
            };
            let c = Candidate {
                me: me.parse().map_err(|_| bad())?,
                opp: opp.parse().map_err(|_| bad())?,
                near: near.parse().map_err(|_| bad())?,
                pair: pair.parse().map_err(|_| bad())?,
                seed: seed.parse().map_err(|_| bad())?,
            };
            let [a, b, k, q] = c.features();
            if a >= OPP_BASE || b >= NEAR_BASE || k >= PAIR_BASE || q >= FEATURES {
                return Err(bad());
            }
            cands.push(c);
        }
        if target >= cands.len() {
            return Err(bad());
        }
        out.push(PolicySample { cands, target, game });
    }
    Ok(out)
}

/// The logit of a candidate under weights `w` (in log-odds units).
#[inline]
pub fn logit(w: &[f64], c: &Candidate) -> f64 {
    c.features().iter().map(|&i| w[i]).sum()
}

/// Mean cross-entropy of the softmax over each position's candidates against the move played.
pub fn loss(w: &[f64], samples: &[PolicySample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z: Vec<f64> = s.cands.iter().map(|c| logit(w, c)).collect();
            let max = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = z.iter().map(|x| (x - max).exp()).sum();
            max + sum.ln() - z[s.target]
        })
        .sum();
    total / samples.len() as f64
}

/// Fitting options.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Full-batch Adam steps.
    pub epochs: u32,
    /// Step size in log-odds units.
    pub rate: f64,
    /// L2 strength: penalty `l2 · Σ (w − prior)²` added to the mean loss.
    pub l2: f64,
}

/// The seed ordering as policy weights (log-odds units): a code's combination score for either side times
/// `scale`, in [`UNITS`], and nothing for nearness. Training starts here, and L2 pulls rarely seen codes back
/// here; scale 1 orders like the seed program.
pub fn prior(scale: f64) -> Vec<f64> {
    let mut w = vec![0.0; FEATURES];
    for code in 1..FINE_CODES {
        let coarse = patterns_of(coarse_code(code as u16));
        let v = scale * Patterns::from_array(coarse).combo().score() as f64 / UNITS;
        w[code] = v;
        w[OPP_BASE + code] = v;
    }
    w
}

/// Fits the weights (log-odds units) to `samples` by softmax regression, starting from and regularised
/// towards `prior`. Calls `progress` every 50 epochs with the epoch and the training loss.
pub fn fit(samples: &[PolicySample], prior: &[f64], opts: &Fit, progress: &mut dyn FnMut(u32, f64)) -> Vec<f64> {
    let mut w = prior.to_vec();
    let (mut m, mut v) = (vec![0.0; FEATURES], vec![0.0; FEATURES]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let n = samples.len().max(1) as f64;
    let mut p = Vec::new();
    for epoch in 1..=opts.epochs {
        let mut grad = vec![0.0; FEATURES];
        for s in samples {
            p.clear();
            p.extend(s.cands.iter().map(|c| logit(&w, c)));
            let max = p.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            p.iter_mut().for_each(|x| *x = (*x - max).exp());
            let sum: f64 = p.iter().sum();
            for (k, c) in s.cands.iter().enumerate() {
                let g = (p[k] / sum - f64::from(u8::from(k == s.target))) / n;
                for i in c.features() {
                    grad[i] += g;
                }
            }
        }
        for ((g, x), p0) in grad.iter_mut().zip(&w).zip(prior) {
            *g += 2.0 * opts.l2 * (x - p0);
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..FEATURES {
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

/// The weights of the committed tables of `rule`, in log-odds units.
pub fn current(rule: crate::board::Rule) -> Vec<f64> {
    let t = PolicyTables::get(rule);
    (0..FEATURES).map(|i| t.weight(i) as f64 / UNITS).collect()
}

/// Share of positions whose played move ranks among the first `k` candidates by `score`, ties broken at
/// random (counted as the expected share).
pub fn top_k(samples: &[PolicySample], k: usize, score: &dyn Fn(&Candidate) -> f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let t = score(&s.cands[s.target]);
            let above = s.cands.iter().filter(|c| score(c) > t).count();
            let ties = s.cands.iter().filter(|c| score(c) == t).count();
            ((k as f64 - above as f64) / ties as f64).clamp(0.0, 1.0)
        })
        .sum();
    total / samples.len() as f64
}

/// The policy's ordering of a candidate as the search uses it ([`crate::search::engine`]): moves that make
/// or stop a three ([`QUIET_SEED`]) first, each group by policy score.
pub fn ordered(w: &[f64], c: &Candidate) -> f64 {
    logit(w, c) + if c.seed >= QUIET_SEED { 1e6 } else { 0.0 }
}

/// The weights as the Rust source of a `policy_*.rs` module, with `note` (how they were made) in its header.
/// Weights are converted to [`UNITS`], rounded and clamped to `i16`.
pub fn weights_source(w: &[f64], note: &str) -> String {
    tables_source(
        "Policy (move-ordering) weights, written by `gomoku train-policy`",
        note,
        "use crate::eval::codes::FINE_CODES;\nuse crate::eval::policy::{NEAR_CLASSES, PAIRS};",
        &[
            (
                "Value of a point's code for the side to move.",
                "ME: [i16; FINE_CODES]",
                &w[..OPP_BASE],
            ),
            (
                "Value of a point's code for the opponent.",
                "OPP: [i16; FINE_CODES]",
                &w[OPP_BASE..NEAR_BASE],
            ),
            (
                "Value of a point's nearness class to the last two moves.",
                "NEAR: [i16; NEAR_CLASSES]",
                &w[NEAR_BASE..PAIR_BASE],
            ),
            (
                "Value of a point's pair of combinations (the side to move's, the opponent's).",
                "PAIR: [i16; PAIRS]",
                &w[PAIR_BASE..FEATURES],
            ),
        ],
        UNITS,
    )
}
