//! WebAssembly bindings for the page's study tools (see `docs/wasm-api.md`): multi-line analysis, the heat
//! map of every empty point and the threat overlay. Like `wasm.rs`, every entry point validates its input and
//! returns a JS `Error` instead of panicking.

use crate::board::coord::{Color, Point};
use crate::board::renju;
use crate::board::Rule;
use crate::eval::Position;
use crate::io::wasm::{points, read, to_js, Engine, Options};
use crate::search::analysis::{Analysis, Line, MAX_LINES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Lines analysed when the options do not say.
const DEFAULT_LINES: usize = 5;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineReport {
    #[serde(rename = "move")]
    best: String,
    score: i32,
    score_text: String,
    depth: u32,
    pv: Vec<String>,
}

impl From<&Line> for LineReport {
    fn from(l: &Line) -> LineReport {
        LineReport {
            best: l.best_move().map(|p| p.to_string()).unwrap_or_default(),
            score: l.score,
            score_text: l.score_text(),
            depth: l.depth,
            pv: points(&l.pv),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnalysisReport {
    lines: Vec<LineReport>,
    depth: u32,
    nodes: f64,
    time_ms: f64,
}

impl From<&Analysis> for AnalysisReport {
    fn from(a: &Analysis) -> AnalysisReport {
        AnalysisReport {
            lines: a.lines.iter().map(LineReport::from).collect(),
            depth: a.depth,
            nodes: a.nodes as f64,
            time_ms: a.time_ms,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HeatPoint {
    point: String,
    /// Square score for the side to move (attack).
    attack: i32,
    /// Square score for the opponent (defence: what the point is worth to them).
    defence: i32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Heatmap {
    to_move: &'static str,
    points: Vec<HeatPoint>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ColorThreats {
    fives: Vec<String>,
    fours: Vec<String>,
    open_threes: Vec<String>,
}

impl ColorThreats {
    fn of(pos: &Position, c: Color) -> ColorThreats {
        let list = |b: crate::board::bitboard::Bitboard| b.iter().map(|p: Point| p.to_string()).collect();
        ColorThreats {
            fives: list(pos.fives(c)),
            fours: list(pos.fours(c) | pos.open_fours(c)),
            open_threes: list(pos.threes(c)),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Threats {
    black: ColorThreats,
    white: ColorThreats,
    /// Points where black may not play (renju); empty under rules without forbidden points.
    forbidden: Vec<String>,
}

#[wasm_bindgen]
impl Engine {
    /// The best `options.lines` (1-10, default 5) moves for the side to move in `record`, best first;
    /// calls `on_progress` with every line after each completed depth.
    pub fn analyze(
        &mut self,
        record: JsValue,
        options: JsValue,
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let opts = Options::from_js(options)?;
        let pos = read(&record, opts.rule())?;
        let lines = opts
            .lines
            .filter(|x| x.is_finite())
            .map_or(DEFAULT_LINES, |x| (x as usize).clamp(1, MAX_LINES));
        let settings = opts.settings();
        let mut progress = |a: &Analysis| {
            if let (Some(f), Ok(v)) = (on_progress.as_ref(), to_js(&AnalysisReport::from(a))) {
                let _ = f.call1(&JsValue::NULL, &v);
            }
        };
        match self.core.analyze(&pos, &settings, lines, None, &mut progress) {
            Some(a) => to_js(&AnalysisReport::from(&a)),
            None => Err(JsError::new("the game is over")),
        }
    }

    /// Every empty point's square score for both sides in `record`'s position (the heat map), in one call;
    /// `options.rule` as for `search`.
    pub fn heatmap(&self, record: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let pos = read(&record, Options::from_js(options)?.rule())?;
        let me = pos.to_move();
        let points = pos
            .board()
            .empty()
            .iter()
            .map(|p| HeatPoint {
                point: p.to_string(),
                attack: pos.square_score(p, me),
                defence: pos.square_score(p, me.opponent()),
            })
            .collect();
        to_js(&Heatmap {
            to_move: me.name(),
            points,
        })
    }

    /// The points where each side would make five, a four or an open three in `record`'s position, and under
    /// renju (`options.rule`) black's forbidden points.
    pub fn threats(&self, record: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let rule = Options::from_js(options)?.rule();
        let pos = read(&record, rule)?;
        let forbidden = if rule == Rule::Renju {
            renju::forbidden_points(pos.board())
                .into_iter()
                .map(|(p, _)| p.to_string())
                .collect()
        } else {
            Vec::new()
        };
        to_js(&Threats {
            black: ColorThreats::of(&pos, Color::Black),
            white: ColorThreats::of(&pos, Color::White),
            forbidden,
        })
    }
}
