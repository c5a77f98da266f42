//! The exported WebAssembly API under bad input: every call returns a value or an `Error`, never a trap.
//! Runs with `cargo test --target wasm32-unknown-unknown` (wasm-bindgen-test-runner, in Node).
#![cfg(target_arch = "wasm32")]

use gomoku::io::wasm::{forbidden_points, levels, parse_record, Engine};
use wasm_bindgen::{JsCast, JsValue};

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}
use wasm_bindgen_test::wasm_bindgen_test;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

/// `parseRecord(record)` with no rule (freestyle).
fn parse_freestyle(record: JsValue) -> Result<JsValue, JsValue> {
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

fn message(err: &JsValue) -> String {
    assert!(err.is_instance_of::<js_sys::Error>(), "an Error is thrown");
    get(err, "message").as_string().unwrap()
}

#[wasm_bindgen_test]
fn refused_records_say_why_in_parts_the_page_can_translate() {
    let refusal = |record: &str, rule: &str| parse_record(s(record), s(rule)).expect_err(record);
    let err = refusal("h8 i9 h8", "freestyle");
    assert_eq!(message(&err), "h8 is already occupied (move 3)");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "occupied");
    assert_eq!(get(&err, "moveNumber").as_f64(), Some(3.0));
    assert_eq!(get(&err, "point").as_string().unwrap(), "h8");
    let err = refusal("h8 <img-src-x-onerror>", "standard");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "badPoint");
    assert_eq!(get(&err, "moveNumber").as_f64(), Some(2.0));
    assert_eq!(
        get(&err, "text").as_string().unwrap(),
        "<img-src-x-o",
        "clipped to 12 characters"
    );
    let err = refusal("a1 b1 a2 b2 a3 b3 a4 b4 a5 o15", "freestyle");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "afterEnd");
    assert_eq!(get(&err, "moveNumber").as_f64(), Some(10.0));

    let setup = |record: &str, rule: &str, problem: &str| {
        let err = refusal(record, rule);
        assert!(
            message(&err).starts_with("the set-up position is not valid: "),
            "{record}"
        );
        assert_eq!(get(&err, "kind").as_string().unwrap(), "setup", "{record}");
        assert_eq!(get(&err, "problem").as_string().unwrap(), problem, "{record}");
        err
    };
    assert_eq!(
        get(&setup("h8 b:i9", "freestyle", "afterMoves"), "text")
            .as_string()
            .unwrap(),
        "b:i9"
    );
    assert_eq!(
        get(&setup("b:z99", "freestyle", "badPoint"), "text")
            .as_string()
            .unwrap(),
        "b:z99"
    );
    assert_eq!(
        get(&setup("to:red", "freestyle", "unknownSide"), "text")
            .as_string()
            .unwrap(),
        "red"
    );
    assert_eq!(
        get(&setup("x:h8", "freestyle", "unknownPart"), "text")
            .as_string()
            .unwrap(),
        "x:h8"
    );
    let err = setup("b:h8 b:h9 b:h10 w:i9 to:white", "freestyle", "counts");
    assert_eq!(get(&err, "black").as_f64(), Some(3.0));
    assert_eq!(get(&err, "white").as_f64(), Some(1.0));
    assert_eq!(get(&err, "toMove").as_string().unwrap(), "white");
    assert_eq!(
        get(&setup("b:h8 w:h8", "freestyle", "occupied"), "point")
            .as_string()
            .unwrap(),
        "h8"
    );
    let err = setup("w:a1 w:a2 w:a3 w:a4 w:a5 b:c1 b:c2 b:c3 b:c5 b:c7", "renju", "five");
    assert_eq!(get(&err, "color").as_string().unwrap(), "white");
    assert_eq!(get(&err, "point").as_string().unwrap(), "a1");
    let six = "b:a1 b:a2 b:a3 b:a4 b:a5 b:a6 w:c1 w:c2 w:c3 w:e4 w:c6 w:c8";
    assert_eq!(
        get(&setup(six, "renju", "overline"), "point").as_string().unwrap(),
        "a1"
    );
    assert!(
        parse_record(s(six), s("standard")).is_ok(),
        "a six is no win in standard"
    );
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

#[wasm_bindgen_test]
fn levels_are_listed_and_spread_and_seed_are_safe() {
    let list = js_sys::Array::from(&levels().unwrap());
    let names: Vec<String> = list.iter().map(|l| get(&l, "name").as_string().unwrap()).collect();
    assert_eq!(names, ["beginner", "casual", "strong", "maximum"]);
    assert_eq!(get(&list.get(0), "mode").as_string().unwrap(), "eval");
    let mut e = Engine::new();
    for opts in [
        r#"{"spread": -7, "seed": -1}"#,
        r#"{"spread": 1e12, "seed": 1e300, "depth": 2, "timeMs": 50}"#,
        r#"{"spread": null, "seed": null}"#,
        r#"{"spread": 60, "seed": 3, "depth": 3, "width": 6, "timeMs": 100}"#,
    ] {
        let r = e.search(s("h8 i9"), options(opts), None).unwrap();
        let m = get(&r, "move").as_string().unwrap();
        assert!(m != "h8" && m != "i9" && m.len() >= 2, "{opts}: {m}");
    }
    // The beginner's choice follows the seed: different seeds, different moves (over a few seeds).
    let moves: std::collections::HashSet<String> = (0..8)
        .map(|seed| {
            let o = format!(r#"{{"mode": "eval", "spread": 150, "seed": {seed}}}"#);
            get(&e.search(s("h8 i9 h9"), options(&o), None).unwrap(), "move")
                .as_string()
                .unwrap()
        })
        .collect();
    assert!(moves.len() >= 2, "seeds change the choice: {moves:?}");
}

/// After this record black is to move and h8 is a double three (the 9th move).
const DOUBLE_THREE: &str = "h9 a1 h10 a3 i8 a5 j8 a7";

#[wasm_bindgen_test]
fn rules_reach_parse_record_search_and_evaluate() {
    let bad_move = format!("{DOUBLE_THREE} h8");
    assert!(parse_freestyle(s(&bad_move)).is_ok(), "freestyle: no forbidden points");
    assert!(parse_record(s(&bad_move), s("standard")).is_ok());
    let err = parse_record(s(&bad_move), s("renju")).expect_err("refused under renju");
    let text = message(&err);
    assert!(text.contains("move 9") && text.contains("double three"), "{text}");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "forbidden");
    assert_eq!(get(&err, "moveNumber").as_f64(), Some(9.0));
    assert_eq!(get(&err, "point").as_string().unwrap(), "h8");
    assert_eq!(get(&err, "reason").as_string().unwrap(), "double three");
    assert_eq!(get(&err, "reasonZh").as_string().unwrap(), "三三禁手");
    let state = parse_record(s(DOUBLE_THREE), s("renju")).unwrap();
    assert_eq!(get(&state, "rule").as_string().unwrap(), "renju");
    assert!(parse_record(s("h8"), s("caro")).is_err(), "unknown rule");
    assert!(parse_record(s("h8"), JsValue::from_f64(4.0)).is_err());

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
