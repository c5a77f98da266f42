//! The rule on the command line: `gomoku forbidden` refuses an illegal renju record with the reason, and
//! `gomoku solve` and `gomoku bench` play under `--rule`.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod cli;

use cli::gomoku;

#[test]
fn forbidden_refuses_an_illegal_renju_record_with_the_reason() {
    for (record, reason) in [
        (
            "h9 a1 h10 a3 i8 a5 j8 a7 h8",
            "move 9 (h8) is forbidden to black: double three",
        ),
        (
            "e8 a1 g8 a3 i8 a5 k8 a7 h8",
            "move 9 (h8) is forbidden to black: double four",
        ),
        (
            "e8 a1 f8 a3 g8 a5 i8 a7 j8 a9 h8",
            "move 11 (h8) is forbidden to black: overline",
        ),
        ("h8 h8", "h8 is already occupied (move 2)"),
        ("h8 zz", "bad point 'zz' at move 2"),
        (
            "h8 a1 i8 a2 j8 a3 k8 a4 l8 a5",
            "the game was already over before move 10",
        ),
    ] {
        let (status, out, err) = gomoku(&["forbidden", record]);
        assert_eq!(status, 2, "{record}");
        assert!(!out.contains("forbidden:"), "{record}: no list for an illegal record");
        assert!(
            err.contains("not a legal renju game") && err.contains(reason),
            "{record}: {err}"
        );
    }
    // The same moves before the forbidden one: h8 listed with its reason, last line the list.
    let (status, out, _) = gomoku(&["forbidden", "e8 a1 f8 a3 g8 a5 i8 a7 j8 a9"]);
    assert_eq!(status, 0);
    assert_eq!(out, "h8: overline (长连禁手)\nforbidden: h8\n");
}

/// A puzzle whose listed answer, h8, is a double three: the winning move under freestyle and standard,
/// forbidden under renju.
const PUZZLE: &str = "t1 | test | b | h9 a1 h10 o1 i8 a15 j8 o15 | h8 | double-three\n";

#[test]
fn solve_plays_under_the_rule() {
    let file = std::env::temp_dir().join(format!("gomoku-cli-rules-{}.txt", std::process::id()));
    std::fs::write(&file, PUZZLE).unwrap();
    let path = file.to_str().unwrap();
    for (rule, listed) in [("freestyle", 1), ("standard", 1), ("renju", 0)] {
        let (status, out, err) = gomoku(&["solve", "--rule", rule, "--time-ms", "100", path]);
        assert_eq!(status, 0, "{rule}: {err}");
        assert!(
            out.contains(&format!("solved with a listed move: {listed},")),
            "{rule}: {out}"
        );
    }
    let (status, _, err) = gomoku(&["solve", "--rule", "caro", path]);
    assert_eq!(status, 2, "{err}");
    std::fs::remove_file(&file).ok();
}

#[test]
fn bench_runs_under_the_rule() {
    for rule in ["freestyle", "standard", "renju"] {
        let (status, out, err) = gomoku(&["bench", "--rule", rule, "--time-ms", "5"]);
        assert_eq!(status, 0, "{rule}: {err}");
        assert!(out.starts_with(&format!("bench: 8 positions, rule {rule},")), "{out}");
        assert!(out.contains("total:"), "{out}");
    }
    assert_eq!(gomoku(&["bench", "--rule", "caro"]).0, 2);
}
