//! The study entry points of the WebAssembly API (analyze, heatmap, threats): values or `Error`s, never a
//! trap. Runs with `cargo test --target wasm32-unknown-unknown` (wasm-bindgen-test-runner, in Node).
#![cfg(target_arch = "wasm32")]

use gomoku::io::wasm::Engine;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn strings(v: &JsValue) -> Vec<String> {
    js_sys::Array::from(v).iter().map(|x| x.as_string().unwrap()).collect()
}

#[wasm_bindgen_test]
fn analyze_reports_the_asked_lines_and_clamps_options() {
    let mut engine = Engine::new();
    let opts = js_sys::JSON::parse(r#"{"lines": 3, "timeMs": 200, "depth": 4}"#).unwrap();
    let calls = js_sys::Array::new();
    let a = engine
        .analyze(
            s("h8 i9 h10 h9"),
            opts,
            Some(js_sys::Function::new_with_args("p", "this.push(p)").bind0(&calls)),
        )
        .unwrap();
    let lines = js_sys::Array::from(&get(&a, "lines"));
    assert_eq!(lines.length(), 3);
    let moves: Vec<String> = lines.iter().map(|l| get(&l, "move").as_string().unwrap()).collect();
    assert!(moves.iter().all(|m| !["h8", "i9", "h10", "h9"].contains(&m.as_str())));
    assert!(calls.length() >= 1, "progress is reported");
    for bad in [r#"{"lines": -4}"#, r#"{"lines": 1e9}"#, r#"{"lines": "x"}"#, "null"] {
        let opts = js_sys::JSON::parse(bad).unwrap();
        let a = engine.analyze(s("h8"), opts, None).unwrap();
        let n = js_sys::Array::from(&get(&a, "lines")).length();
        assert!((1..=10).contains(&n), "{bad}: {n} lines");
    }
    assert!(engine
        .analyze(s("a1 b1 a2 b2 a3 b3 a4 b4 a5"), JsValue::NULL, None)
        .is_err());
    assert!(engine.analyze(JsValue::from_f64(1.0), JsValue::NULL, None).is_err());
}

#[wasm_bindgen_test]
fn heatmap_scores_every_empty_point() {
    let engine = Engine::new();
    let h = engine.heatmap(s("h8 i9"), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&h, "toMove").as_string().unwrap(), "black");
    assert_eq!(js_sys::Array::from(&get(&h, "points")).length(), 223);
    assert!(engine.heatmap(s("h8 h8"), JsValue::UNDEFINED).is_err());
}

#[wasm_bindgen_test]
fn threats_mark_fours_and_open_threes() {
    let engine = Engine::new();
    // Black h8 h9 h10 (open three), white far away.
    let t = engine.threats(s("h8 a1 h9 a3 h10"), JsValue::UNDEFINED).unwrap();
    let black = get(&t, "black");
    assert!(strings(&get(&black, "fours")).contains(&"h11".to_string()));
    assert!(strings(&get(&black, "fours")).contains(&"h7".to_string()));
    assert!(strings(&get(&get(&t, "white"), "fours")).is_empty());
    assert!(engine.threats(s("zz"), JsValue::UNDEFINED).is_err());
    // Under renju the threats carry black's forbidden points (h8 is a double three here).
    let renju = js_sys::JSON::parse(r#"{"rule": "renju"}"#).unwrap();
    let t = engine.threats(s("h9 a1 h10 a3 i8 a5 j8 a7"), renju).unwrap();
    assert_eq!(strings(&get(&t, "forbidden")), ["h8"]);
    let t = engine
        .threats(s("h9 a1 h10 a3 i8 a5 j8 a7"), JsValue::UNDEFINED)
        .unwrap();
    assert!(strings(&get(&t, "forbidden")).is_empty());
}

#[wasm_bindgen_test]
fn parse_record_reads_set_up_positions() {
    let state = gomoku::io::wasm::parse_record(s("b:h8 b:h9 w:i9 to:white j10"), JsValue::UNDEFINED).unwrap();
    let setup = get(&state, "setup");
    assert_eq!(strings(&get(&setup, "black")), ["h8", "h9"]);
    assert_eq!(strings(&get(&setup, "white")), ["i9"]);
    assert_eq!(get(&setup, "toMove").as_string().unwrap(), "white");
    assert_eq!(strings(&get(&state, "moves")), ["j10"]);
    assert_eq!(get(&state, "toMove").as_string().unwrap(), "black");
    let plain = gomoku::io::wasm::parse_record(s("h8 i9"), JsValue::UNDEFINED).unwrap();
    assert!(get(&plain, "setup").is_null());
    assert_eq!(strings(&get(&plain, "moves")), ["h8", "i9"]);
    let err = gomoku::io::wasm::parse_record(s("b:h8 b:h9 to:black"), JsValue::UNDEFINED)
        .err()
        .unwrap();
    let message = js_sys::Error::from(err).message().as_string().unwrap();
    assert!(message.contains("set-up"), "{message}");
    // Analysis and the heat map read set-up records too.
    let mut engine = Engine::new();
    let a = engine
        .analyze(
            s("b:h8 b:h9 b:h10 w:a1 w:o15 to:white"),
            js_sys::JSON::parse(r#"{"lines": 2, "timeMs": 100}"#).unwrap(),
            None,
        )
        .unwrap();
    let first = js_sys::Array::from(&get(&a, "lines")).get(0);
    assert!(["h6", "h7", "h11", "h12"].contains(&get(&first, "move").as_string().unwrap().as_str()));
}

#[wasm_bindgen_test]
fn analyze_reads_the_rule_option() {
    // h8 is black's double three under renju (and the winning point in freestyle): no renju line starts there.
    let record = "b:h9 b:h10 b:i8 b:j8 w:a1 w:o1 w:a15 w:o15 to:black";
    let mut engine = Engine::new();
    let moves = |engine: &mut Engine, opts: &str| -> Vec<String> {
        let a = engine
            .analyze(s(record), js_sys::JSON::parse(opts).unwrap(), None)
            .unwrap();
        js_sys::Array::from(&get(&a, "lines"))
            .iter()
            .map(|l| get(&l, "move").as_string().unwrap())
            .collect()
    };
    let free = moves(&mut engine, r#"{"lines": 10, "timeMs": 300, "depth": 3}"#);
    assert!(free.contains(&"h8".to_string()), "freestyle offers h8: {free:?}");
    let renju = moves(
        &mut engine,
        r#"{"lines": 10, "timeMs": 300, "depth": 3, "rule": "renju"}"#,
    );
    assert!(!renju.is_empty() && !renju.contains(&"h8".to_string()), "{renju:?}");
    let caro = js_sys::JSON::parse(r#"{"rule": "caro"}"#).unwrap();
    assert!(engine.analyze(s(record), caro, None).is_err());
}
