//! A refused record as the page receives it: a JS `Error` whose `message` is the engine's English reason and
//! whose extra properties (`kind`, `moveNumber`, `point`, `text`, …) let the page say it in its own language
//! (see `docs/wasm-api.md`).

use crate::board::coord::Color;
use crate::board::setup::SetupError;
use crate::io::record::RecordError;
use wasm_bindgen::JsValue;

/// The `kind` of a record error.
fn kind(e: &RecordError) -> &'static str {
    match e {
        RecordError::BadPoint { .. } => "badPoint",
        RecordError::Occupied { .. } => "occupied",
        RecordError::AfterEnd { .. } => "afterEnd",
        RecordError::Forbidden { .. } => "forbidden",
        RecordError::Setup(_) => "setup",
    }
}

/// The `problem` of a set-up error.
fn problem(e: SetupError) -> &'static str {
    match e {
        SetupError::AfterMoves(_) => "afterMoves",
        SetupError::BadPoint(_) => "badPoint",
        SetupError::UnknownSide(_) => "unknownSide",
        SetupError::UnknownPart(_) => "unknownPart",
        SetupError::Counts { .. } => "counts",
        SetupError::Occupied(_) => "occupied",
        SetupError::Five { .. } => "five",
        SetupError::Overline(_) => "overline",
        SetupError::Decided => "decided",
    }
}

/// The JS `Error` thrown for a refused record: the English `message`, `kind` and the kind's parameters.
pub(super) fn record_error(e: RecordError) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh plain Error cannot fail; if it ever did, the message still says it.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str(key), &value);
    };
    let text = |s: &str| JsValue::from_str(s);
    let number = |n: usize| JsValue::from_f64(n as f64);
    let color = |c: Color| JsValue::from_str(c.name());
    set("kind", text(kind(&e)));
    match e {
        RecordError::BadPoint { index, text: bad } => {
            set("moveNumber", number(index));
            set("text", text(bad.as_str()));
        }
        RecordError::Occupied { index, point } => {
            set("moveNumber", number(index));
            set("point", text(&point.to_string()));
        }
        RecordError::AfterEnd { index } => set("moveNumber", number(index)),
        RecordError::Forbidden { index, point, reason } => {
            set("moveNumber", number(index));
            set("point", text(&point.to_string()));
            set("reason", text(reason.name()));
            set("reasonZh", text(reason.name_zh()));
        }
        RecordError::Setup(why) => {
            set("problem", text(problem(why)));
            match why {
                SetupError::AfterMoves(t)
                | SetupError::BadPoint(t)
                | SetupError::UnknownSide(t)
                | SetupError::UnknownPart(t) => set("text", text(t.as_str())),
                SetupError::Counts { black, white, to_move } => {
                    set("black", number(black));
                    set("white", number(white));
                    set("toMove", color(to_move));
                }
                SetupError::Occupied(p) | SetupError::Overline(p) => set("point", text(&p.to_string())),
                SetupError::Five { color: c, point } => {
                    set("color", color(c));
                    set("point", text(&point.to_string()));
                }
                SetupError::Decided => {}
            }
        }
    }
    error.into()
}
