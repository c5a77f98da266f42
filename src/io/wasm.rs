//! WebAssembly bindings for the page (see `docs/wasm-api.md`). Every entry point validates its input and
//! returns a JS `Error` instead of panicking.

use crate::board::coord::{Color, Direction, Point};
use crate::board::renju::{self, Forbidden};
use crate::board::{Outcome, Rule};
use crate::eval::{Position, SquareEval};
use crate::io::record::{parse_game, parse_position};
use crate::io::wasm_refusal::record_error;
use crate::search::engine::{Engine as CoreEngine, Mode, SearchInfo, Settings};
use crate::search::level::Level;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

fn now_ms() -> f64 {
    js_sys::Date::now()
}

pub(super) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

pub(super) fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.to_string()).collect()
}

/// Installs the panic hook that prints Rust panics to the console (a panic is a bug, but should be visible).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine's version.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameState {
    rule: &'static str,
    setup: Option<SetupState>,
    moves: Vec<String>,
    to_move: &'static str,
    winner: Option<&'static str>,
    win_line: Vec<String>,
    draw: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetupState {
    black: Vec<String>,
    white: Vec<String>,
    to_move: &'static str,
}

/// Longest record accepted, in UTF-16 units (225 moves need at most 900 characters).
const MAX_RECORD: u32 = 4096;

/// The text of a string argument, refused before it is copied into wasm memory if it is not a string or is
/// longer than `max` UTF-16 units.
fn text_arg(value: &JsValue, what: &str, max: u32) -> Result<String, JsError> {
    let text: &js_sys::JsString = value
        .dyn_ref()
        .ok_or_else(|| JsError::new(&format!("the {what} must be text")))?;
    if text.length() > max {
        return Err(JsError::new(&format!("the {what} is too long")));
    }
    Ok(text.into())
}

pub(super) fn read(record: &JsValue, rule: Rule) -> Result<Position, JsError> {
    let record = text_arg(record, "record", MAX_RECORD)?;
    parse_position(&record, rule).map_err(|e| JsError::new(&e.to_string()))
}

/// Reads a rule argument: `undefined`/`null` is freestyle, otherwise `'freestyle' | 'standard' | 'renju'`.
fn rule_arg(rule: &JsValue) -> Result<Rule, JsError> {
    if rule.is_undefined() || rule.is_null() {
        return Ok(Rule::Freestyle);
    }
    text_arg(rule, "rule", 16)?
        .parse()
        .map_err(|e: String| JsError::new(&e))
}

/// Reads and checks a game record under `rule` (default freestyle); see `docs/wasm-api.md`. A refused record
/// throws an `Error` that also says why in a form the page can translate (`kind`, `moveNumber`, …).
#[wasm_bindgen(js_name = parseRecord)]
pub fn parse_record(record: JsValue, rule: JsValue) -> Result<JsValue, JsValue> {
    let rule = rule_arg(&rule)?;
    let record = text_arg(&record, "record", MAX_RECORD)?;
    let (pos, setup) = parse_game(&record, rule).map_err(record_error)?;
    let board = pos.board();
    let (winner, win_line, draw) = match board.outcome() {
        Outcome::Win { winner, line } => (Some(winner.name()), points(&line), false),
        Outcome::Draw => (None, vec![], true),
        Outcome::Ongoing => (None, vec![], false),
    };
    Ok(to_js(&GameState {
        rule: rule.name(),
        setup: (!setup.is_empty()).then(|| SetupState {
            black: points(&setup.black),
            white: points(&setup.white),
            to_move: setup.side_to_move().name(),
        }),
        moves: points(&board.history()[setup.len()..]),
        to_move: board.to_move().name(),
        winner,
        win_line,
        draw,
    })?)
}

/// A forbidden point and why, as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ForbiddenPoint {
    point: String,
    reason: &'static str,
    reason_zh: &'static str,
}

impl ForbiddenPoint {
    fn new(p: Point, why: Forbidden) -> ForbiddenPoint {
        ForbiddenPoint {
            point: p.to_string(),
            reason: why.name(),
            reason_zh: why.name_zh(),
        }
    }
}

/// Black's forbidden points under renju in the position after `record` (read under renju), whoever is to
/// move; see `docs/wasm-api.md`.
#[wasm_bindgen(js_name = forbiddenPoints)]
pub fn forbidden_points(record: JsValue) -> Result<JsValue, JsError> {
    let pos = read(&record, Rule::Renju)?;
    let list: Vec<ForbiddenPoint> = renju::forbidden_points(pos.board())
        .into_iter()
        .map(|(p, why)| ForbiddenPoint::new(p, why))
        .collect();
    to_js(&list)
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct Options {
    mode: Option<String>,
    depth: Option<f64>,
    width: Option<f64>,
    time_ms: Option<f64>,
    spread: Option<f64>,
    seed: Option<f64>,
    rule: Option<String>,
    /// Lines of an analysis (`engine.analyze` only).
    pub(super) lines: Option<f64>,
}

impl Options {
    /// Options from JS (`undefined`, `null` or anything unreadable gives the defaults). Only an unknown
    /// `rule` is an error, so that a game is never searched under a rule other than the one asked for.
    pub(super) fn from_js(options: JsValue) -> Result<Options, JsError> {
        if options.is_undefined() || options.is_null() {
            return Ok(Options::default());
        }
        let rule = js_sys::Reflect::get(&options, &JsValue::from_str("rule")).unwrap_or(JsValue::UNDEFINED);
        rule_arg(&rule)?;
        Ok(serde_wasm_bindgen::from_value(options).unwrap_or_default())
    }

    /// The rule asked for (already checked by [`Options::from_js`]; freestyle when missing).
    pub(super) fn rule(&self) -> Rule {
        self.rule.as_deref().and_then(|r| r.parse().ok()).unwrap_or_default()
    }

    pub(super) fn settings(&self) -> Settings {
        let d = Settings::default();
        let finite = |v: Option<f64>| v.filter(|x| x.is_finite());
        Settings {
            mode: if self.mode.as_deref() == Some("eval") {
                Mode::EvalOnly
            } else {
                Mode::Search
            },
            // `as` saturates; Engine::think clamps depth and width into range.
            depth: finite(self.depth).map_or(d.depth, |x| x as u32),
            width: finite(self.width).map_or(d.width, |x| x as usize),
            time_ms: Some(finite(self.time_ms).map_or(1000.0, |x| x.clamp(10.0, 600_000.0))),
            nodes: None,
            spread: finite(self.spread).map_or(0, |x| x as i32),
            seed: 0,
        }
        .with_variety(finite(self.seed).map(|x| x as u64))
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LevelPreset {
    name: &'static str,
    mode: &'static str,
    depth: u32,
    width: usize,
    time_ms: f64,
    spread: i32,
}

/// The strength levels, weakest first, as `{name, mode, depth, width, timeMs, spread}` (see `docs/wasm-api.md`).
#[wasm_bindgen]
pub fn levels() -> Result<JsValue, JsError> {
    let presets: Vec<LevelPreset> = Level::ALL
        .iter()
        .map(|&l| {
            let s = l.settings();
            LevelPreset {
                name: l.name(),
                mode: if s.mode == Mode::EvalOnly { "eval" } else { "search" },
                depth: s.depth,
                width: s.width,
                time_ms: s.time_ms.unwrap_or(1000.0),
                spread: s.spread,
            }
        })
        .collect();
    to_js(&presets)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    #[serde(rename = "move")]
    best: String,
    depth: u32,
    score: i32,
    score_text: String,
    nodes: f64,
    time_ms: f64,
    nps: f64,
    pv: Vec<String>,
}

impl From<&SearchInfo> for Report {
    fn from(i: &SearchInfo) -> Report {
        Report {
            best: i.best_move().map(|p| p.to_string()).unwrap_or_default(),
            depth: i.depth,
            score: i.score,
            score_text: i.score_text(),
            nodes: i.nodes as f64,
            time_ms: i.time_ms,
            nps: i.nps().round(),
            pv: points(&i.pv),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DirectionEval {
    direction: &'static str,
    pattern: &'static str,
    pattern_zh: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Breakdown {
    directions: Vec<DirectionEval>,
    combo: &'static str,
    combo_zh: &'static str,
    pattern_score: i32,
    position: i32,
    total: i32,
    forbidden: Option<&'static str>,
    forbidden_zh: Option<&'static str>,
}

impl From<SquareEval> for Breakdown {
    fn from(s: SquareEval) -> Breakdown {
        Breakdown {
            directions: Direction::ALL
                .iter()
                .zip(s.directions)
                .map(|(d, p)| DirectionEval {
                    direction: d.name(),
                    pattern: p.name(),
                    pattern_zh: p.name_zh(),
                })
                .collect(),
            combo: s.combo.name(),
            combo_zh: s.combo.name_zh(),
            pattern_score: s.pattern_score,
            position: s.position,
            total: s.total,
            forbidden: s.forbidden.map(Forbidden::name),
            forbidden_zh: s.forbidden.map(Forbidden::name_zh),
        }
    }
}

#[derive(Serialize)]
struct Evaluation {
    point: String,
    occupied: Option<&'static str>,
    black: Breakdown,
    white: Breakdown,
}

/// The engine for one worker: keeps its transposition table between moves.
#[wasm_bindgen]
pub struct Engine {
    pub(super) core: CoreEngine,
}

#[wasm_bindgen]
impl Engine {
    /// A new engine with a transposition table of at most 32 MB (a power of two entries: 24 MB today),
    /// allocated on the first search that needs it.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        Engine {
            core: CoreEngine::new(32, now_ms),
        }
    }

    /// Chooses a move for the side to move in `record`; calls `on_progress` per completed iteration.
    pub fn search(
        &mut self,
        record: JsValue,
        options: JsValue,
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let opts = Options::from_js(options)?;
        let pos = read(&record, opts.rule())?;
        let settings = opts.settings();
        let mut progress = |info: &SearchInfo| {
            if let (Some(f), Ok(v)) = (on_progress.as_ref(), to_js(&Report::from(info))) {
                let _ = f.call1(&JsValue::NULL, &v);
            }
        };
        match self.core.think(&pos, &settings, None, &mut progress) {
            Some(info) => to_js(&Report::from(&info)),
            None => Err(JsError::new("the game is over")),
        }
    }

    /// The evaluation breakdown of `point` in the position of `record`, for both colours; `options.rule`
    /// (default freestyle) is the rule the record is read and evaluated under.
    pub fn evaluate(&self, record: JsValue, point: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let opts = Options::from_js(options)?;
        let pos = read(&record, opts.rule())?;
        let p: Point = text_arg(&point, "point", 16)?
            .trim()
            .parse()
            .map_err(|e: crate::board::coord::ParsePointError| JsError::new(&e.to_string()))?;
        to_js(&Evaluation {
            point: p.to_string(),
            occupied: pos.board().at(p).map(Color::name),
            black: pos.square(p, Color::Black).into(),
            white: pos.square(p, Color::White).into(),
        })
    }

    /// Runs the fixed benchmark positions (the same as native `gomoku bench`).
    pub fn bench(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Bench {
            nodes: f64,
            time_ms: f64,
            nps: f64,
            positions: usize,
        }
        let lines = crate::io::bench::run(
            now_ms,
            &crate::io::bench::fixed_settings(),
            Rule::Freestyle,
            &mut |_| {},
        );
        let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
        let time_ms: f64 = lines.iter().map(|l| l.time_ms).sum();
        to_js(&Bench {
            nodes: nodes as f64,
            time_ms,
            nps: (nodes as f64 * 1000.0 / time_ms.max(1e-3)).round(),
            positions: lines.len(),
        })
    }

    /// Forgets the transposition table (for a new game).
    pub fn clear(&mut self) {
        self.core.clear();
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}
