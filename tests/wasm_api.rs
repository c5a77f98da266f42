//! The exported WebAssembly API under bad input: every call returns a value or an `Error`, never a trap.
//! Runs with `cargo test --target wasm32-unknown-unknown` (wasm-bindgen-test-runner, in Node).
#![cfg(target_arch = "wasm32")]

use gomoku::io::wasm::{forbidden_move, forbidden_points, parse_record, Engine};
use wasm_bindgen::JsValue;

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}
use wasm_bindgen_test::wasm_bindgen_test;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

/// `parseRecord(record)` with no rule (freestyle).
fn parse_freestyle(record: JsValue) -> Result<JsValue, wasm_bindgen::JsError> {
    parse_record(record, JsValue::UNDEFINED)
}

fn options(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

#[wasm_bindgen_test]
fn parse_record_reports_state_and_refuses_bad_records() {
    let state = parse_freestyle(s("h8 i9 h9")).unwrap();
    assert_eq!(get(&state, "toMove").as_string().unwrap(), "white");
    assert!(get(&state, "winner").is_null());
    let won = parse_freestyle(s("a1 b1 a2 b2 a3 b3 a4 b4 a5")).unwrap();
    assert_eq!(get(&won, "winner").as_string().unwrap(), "black");
    assert_eq!(js_sys::Array::from(&get(&won, "winLine")).length(), 5);
    for bad in [
        "h8 h8",
        "z1",
        "h8 i9 p3",
        "a1 b1 a2 b2 a3 b3 a4 b4 a5 c1",
        "h",
        "🙂",
        &"h8 ".repeat(5000),
    ] {
        assert!(parse_freestyle(s(bad)).is_err(), "{bad:.20} must be refused");
    }
    for not_text in [
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::from_f64(3.0),
        js_sys::Array::new().into(),
    ] {
        assert!(parse_freestyle(not_text).is_err());
    }
}

#[wasm_bindgen_test]
fn search_clamps_options_and_refuses_finished_games() {
    let mut e = Engine::new();
    for opts in [
        "{}",
        r#"{"depth": -5, "width": 100000, "timeMs": 1e300}"#,
        r#"{"depth": "deep", "width": null, "mode": 42}"#,
        r#"{"mode": "eval"}"#,
        r#"{"depth": 2, "width": 3, "timeMs": 50}"#,
    ] {
        let r = e.search(s("h8 i9"), options(opts), None).unwrap();
        let m = get(&r, "move").as_string().unwrap();
        assert!(m != "h8" && m != "i9" && m.len() >= 2, "{opts}: {m}");
    }
    assert!(e.search(s("h8 i9"), JsValue::UNDEFINED, None).is_ok());
    assert!(e.search(s("h8 i9"), JsValue::from_str("nonsense"), None).is_ok());
    assert!(e
        .search(s("a1 b1 a2 b2 a3 b3 a4 b4 a5"), JsValue::UNDEFINED, None)
        .is_err());
    assert!(e.search(s("h8 h8"), JsValue::UNDEFINED, None).is_err());
}

#[wasm_bindgen_test]
fn evaluate_handles_every_point_and_bad_points() {
    let e = Engine::new();
    let ev = e.evaluate(s("h8 i9 h9"), s("h10"), JsValue::UNDEFINED).unwrap();
    let black = get(&ev, "black");
    assert_eq!(get(&black, "combo").as_string().unwrap(), "open three");
    assert_eq!(get(&ev, "occupied"), JsValue::NULL);
    let occ = e.evaluate(s("h8 i9 h9"), s("h8"), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&occ, "occupied").as_string().unwrap(), "black");
    for bad in ["", "p1", "h0", "h16", "x"] {
        assert!(e.evaluate(s("h8"), s(bad), JsValue::UNDEFINED).is_err());
    }
    for not_text in [JsValue::NULL, JsValue::from_f64(8.0)] {
        assert!(e.evaluate(s("h8"), not_text, JsValue::UNDEFINED).is_err());
    }
    assert!(e.evaluate(s("garbage"), s("h8"), JsValue::UNDEFINED).is_err());
}

#[wasm_bindgen_test]
fn random_call_sequences_never_trap() {
    let mut e = Engine::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..300 {
        let record = moves.join(" ");
        match next(5) {
            0 => {
                let p = format!("{}{}", (b'a' + next(17) as u8) as char, next(17));
                if parse_freestyle(s(&format!("{record} {p}"))).is_ok() {
                    moves.push(p);
                }
            }
            1 => {
                moves.pop();
            }
            2 => {
                let p = format!("{}{}", (b'a' + next(16) as u8) as char, next(16));
                let _ = e.evaluate(s(&record), s(&p), options(r#"{"rule": "renju"}"#));
            }
            3 => {
                let opts = format!(
                    r#"{{"depth": {}, "width": {}, "timeMs": {}}}"#,
                    next(40) as i64 - 5,
                    next(300),
                    next(30)
                );
                if let Ok(r) = e.search(s(&record), options(&opts), None) {
                    moves.push(get(&r, "move").as_string().unwrap());
                }
            }
            _ => e.clear(),
        }
        if parse_freestyle(s(&moves.join(" ")))
            .map(|s| !get(&s, "winner").is_null())
            .unwrap_or(true)
        {
            moves.clear();
        }
    }
}

/// After this record black is to move and h8 is a double three (the 9th move).
const DOUBLE_THREE: &str = "h9 a1 h10 a3 i8 a5 j8 a7";

#[wasm_bindgen_test]
fn rules_reach_parse_record_search_and_evaluate() {
    let bad_move = format!("{DOUBLE_THREE} h8");
    assert!(parse_freestyle(s(&bad_move)).is_ok(), "freestyle: no forbidden points");
    assert!(parse_record(s(&bad_move), s("standard")).is_ok());
    let err = parse_record(s(&bad_move), s("renju")).expect_err("refused under renju");
    let text: String = wasm_bindgen::JsCast::unchecked_into::<js_sys::Error>(JsValue::from(err))
        .message()
        .into();
    assert!(text.contains("move 9") && text.contains("double three"), "{text}");
    let state = parse_record(s(DOUBLE_THREE), s("renju")).unwrap();
    assert_eq!(get(&state, "rule").as_string().unwrap(), "renju");
    assert!(parse_record(s("h8"), s("caro")).is_err(), "unknown rule");
    assert!(parse_record(s("h8"), JsValue::from_f64(4.0)).is_err());

    let found = forbidden_move(s(&bad_move)).unwrap();
    assert_eq!(get(&found, "moveNumber").as_f64(), Some(9.0));
    assert_eq!(get(&found, "point").as_string().unwrap(), "h8");
    assert_eq!(get(&found, "reason").as_string().unwrap(), "double three");
    assert!(forbidden_move(s(DOUBLE_THREE)).unwrap().is_null());
    assert!(forbidden_move(s("h8 h8")).is_err());

    let list = js_sys::Array::from(&forbidden_points(s(DOUBLE_THREE)).unwrap());
    assert_eq!(list.length(), 1);
    assert_eq!(get(&list.get(0), "point").as_string().unwrap(), "h8");
    assert_eq!(get(&list.get(0), "reasonZh").as_string().unwrap(), "三三禁手");
    assert_eq!(js_sys::Array::from(&forbidden_points(s("h8 i9")).unwrap()).length(), 0);

    let mut e = Engine::new();
    // Black to move: freestyle wins on h8; renju never plays it.
    let black_to_move = "h9 a1 h10 o1 i8 a15 j8 o15";
    let free = e.search(s(black_to_move), options(r#"{"timeMs": 200}"#), None).unwrap();
    assert_eq!(get(&free, "move").as_string().unwrap(), "h8");
    let renju = e
        .search(s(black_to_move), options(r#"{"timeMs": 200, "rule": "renju"}"#), None)
        .unwrap();
    assert_ne!(get(&renju, "move").as_string().unwrap(), "h8");
    assert!(e
        .search(s(black_to_move), options(r#"{"rule": "gomoku"}"#), None)
        .is_err());

    let ev = e
        .evaluate(s(black_to_move), s("h8"), options(r#"{"rule": "renju"}"#))
        .unwrap();
    assert_eq!(
        get(&get(&ev, "black"), "forbidden").as_string().unwrap(),
        "double three"
    );
    assert!(get(&get(&ev, "white"), "forbidden").is_null());
    let ev = e.evaluate(s(black_to_move), s("h8"), JsValue::UNDEFINED).unwrap();
    assert!(get(&get(&ev, "black"), "forbidden").is_null());
}
