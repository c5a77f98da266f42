//! The speed benchmark: fixed positions searched to a fixed depth, so node counts are deterministic and a
//! change in nodes/second is a change in speed alone.

use crate::board::Rule;
use crate::io::record::parse_position;
use crate::search::engine::{Engine, Settings};
use crate::search::LIKELY_BOUND;

/// Middle-game positions (game records) the benchmark searches.
pub const POSITIONS: [&str; 8] = [
    "h8 i9 h10 h9 g9 i7",
    "h8 h9 i9 g7 j10 k11 i8 i10 j8 k8",
    "h8 i8 g9 i7 i9 h9 j10 g8 f9 k11",
    "h8 j8 g7 h7 i9 g9 i8 i7 j9 h9 k9",
    "h8 i7 j8 g8 i9 h9 j10 k11 j9 j7",
    "g8 h8 h9 i10 f7 g7 i9 j9 f8 e8 f10",
    "h8 i9 j8 i8 i7 h6 j9 j7 k8 l8 k10 g8",
    "f6 h8 g7 i9 h9 g8 f9 j10 k11 e8 g10 h10 f8",
];

/// Depth every benchmark position is searched to.
pub const DEPTH: u32 = 8;
/// Width used by the benchmark.
pub const WIDTH: usize = 12;

/// One position's figures.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position's record.
    pub record: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: f64,
    /// The move found, in `h8` notation.
    pub best: String,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Odd/even swing: |score(d) − score(d−1)| over the last two completed iterations (0 with fewer than two
    /// or when either is a forced win or loss).
    pub swing: i32,
}

/// The benchmark's fixed settings: depth [`DEPTH`], width [`WIDTH`], no time limit.
pub fn fixed_settings() -> Settings {
    Settings {
        depth: DEPTH,
        width: WIDTH,
        time_ms: None,
        ..Settings::default()
    }
}

/// Searches every benchmark position that is a legal game under `rule` with a fresh table under `settings`
/// and reports each through `line`. The clock starts after the table is allocated and cleared
/// ([`Engine::ready_table`]), so that the times are the search's alone, natively and in wasm alike.
pub fn run(clock: fn() -> f64, settings: &Settings, rule: Rule, line: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    let mut out = Vec::new();
    for record in POSITIONS {
        let Ok(pos) = parse_position(record, rule) else {
            continue;
        };
        let mut engine = Engine::new(16, clock);
        engine.ready_table();
        let t0 = clock();
        let mut scores: Vec<i32> = Vec::new();
        let info = engine.think(&pos, settings, None, &mut |i| scores.push(i.score));
        let swing = match scores[..] {
            [.., a, b] if a.abs() < LIKELY_BOUND && b.abs() < LIKELY_BOUND => (b - a).abs(),
            _ => 0,
        };
        let time_ms = clock() - t0;
        let (nodes, best, depth) = info
            .map(|i| {
                (
                    i.nodes,
                    i.best_move().map(|p| p.to_string()).unwrap_or_default(),
                    i.depth,
                )
            })
            .unwrap_or_default();
        let l = BenchLine {
            record,
            nodes,
            time_ms,
            best,
            depth,
            swing,
        };
        line(&l);
        out.push(l);
    }
    out
}
