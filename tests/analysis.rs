//! Multi-line analysis: N distinct legal candidates best first, line 1 agrees with the single-line search,
//! proven wins and losses are reported as such, and progress reports carry every line.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::coord::{Color, Point};
use gomoku::board::{Outcome, Rule};
use gomoku::eval::Position;
use gomoku::io::bench::POSITIONS;
use gomoku::io::record::{parse_points, parse_position};
use gomoku::search::analysis::Analysis;
use gomoku::search::engine::{Engine, Settings};
use gomoku::search::MATE_BOUND;

fn no_clock() -> f64 {
    0.0
}

fn pts(s: &str) -> Vec<Point> {
    parse_points(s).unwrap()
}

fn budget(nodes: u64) -> Settings {
    Settings {
        depth: 30,
        time_ms: None,
        nodes: Some(nodes),
        ..Settings::default()
    }
}

fn analyze(pos: &Position, settings: &Settings, lines: usize) -> Analysis {
    Engine::new(8, no_clock)
        .analyze(pos, settings, lines, None, &mut |_| {})
        .expect("an ongoing game")
}

#[test]
fn n_lines_are_n_distinct_legal_moves_best_first() {
    for record in POSITIONS.iter().take(4) {
        let pos = parse_position(record, Rule::Freestyle).unwrap();
        for n in [1, 3, 5] {
            let a = analyze(&pos, &budget(60_000), n);
            assert_eq!(a.lines.len(), n, "{record}: {a:?}");
            let mut seen = Vec::new();
            for line in &a.lines {
                let m = line.best_move().unwrap();
                assert!(pos.board().at(m).is_none(), "{record}: {m} is occupied");
                assert!(!seen.contains(&m), "{record}: {m} reported twice");
                seen.push(m);
                assert!(line.depth >= 1);
            }
            assert!(
                a.lines.windows(2).all(|w| w[0].score >= w[1].score),
                "{record}: not best first: {a:?}"
            );
        }
    }
}

#[test]
fn line_one_is_the_single_line_search_move_at_the_same_node_budget() {
    for record in POSITIONS {
        let pos = parse_position(record, Rule::Freestyle).unwrap();
        let settings = budget(40_000);
        let single = Engine::new(8, no_clock)
            .think(&pos, &settings, None, &mut |_| {})
            .unwrap();
        let a = analyze(&pos, &settings, 1);
        assert_eq!(a.lines[0].best_move(), single.best_move(), "{record}");
        assert_eq!(a.lines[0].score, single.score, "{record}");
        assert_eq!(a.depth, single.depth, "{record}");
    }
}

#[test]
fn line_one_of_five_agrees_with_the_single_line_search_at_the_same_depth() {
    // At a fixed depth (no node or time limit) and without the selective search (whose reductions and pruning
    // depend on move order and on what earlier searches left in the tables), the best of five lines is the
    // single search's move, or the single search's move is among the five, or line 1 scores at least as much.
    let exact = |tt_mb| {
        let mut e = Engine::new(tt_mb, no_clock);
        e.set_selective(false);
        e
    };
    for record in POSITIONS {
        let pos = parse_position(record, Rule::Freestyle).unwrap();
        let settings = Settings {
            depth: 5,
            time_ms: None,
            ..Settings::default()
        };
        let single = exact(8).think(&pos, &settings, None, &mut |_| {}).unwrap();
        let a = exact(8)
            .analyze(&pos, &settings, 5, None, &mut |_| {})
            .expect("an ongoing game");
        let same_move = a.lines[0].best_move() == single.best_move();
        let single_line = a.lines.iter().find(|l| l.best_move() == single.best_move());
        // The width cap keeps the best-ordered candidates, and the order depends on the history and killer
        // tables that each search fills differently: the five lines may find a better first move than the
        // single search, never a worse one unless the single search's move is among them.
        assert!(
            same_move || single_line.is_some() || a.lines[0].score >= single.score,
            "{record}: five lines {:?}, single {:?} {}",
            a.lines,
            single.best_move(),
            single.score
        );
    }
}

#[test]
fn a_vcf_is_a_win_and_ignoring_the_opponents_four_is_a_loss() {
    // White threatens five at g3 (c3–f3, b3 blocked); black's block at g3 makes an open four g3–g6.
    let pos = Position::from_stones(Rule::Freestyle, &pts("b3 g4 g5 g6"), &pts("c3 d3 e3 f3"), Color::Black).unwrap();
    let a = analyze(&pos, &budget(100_000), 5);
    assert_eq!(a.lines.len(), 5, "{a:?}");
    assert_eq!(a.lines[0].best_move(), Some(pts("g3")[0]), "{a:?}");
    assert!(a.lines[0].score > MATE_BOUND, "line 1 is a proven win: {a:?}");
    assert!(a.lines[0].score_text().starts_with("win in"));
    for line in &a.lines[1..] {
        assert_eq!(line.score_text(), "loss in 1", "{line:?}");
        assert_eq!(line.pv.get(1), Some(&pts("g3")[0]), "white completes five: {line:?}");
    }
}

#[test]
fn progress_reports_carry_every_line() {
    let pos = parse_position(POSITIONS[1], Rule::Freestyle).unwrap();
    let mut reports = Vec::new();
    let last = Engine::new(8, no_clock)
        .analyze(&pos, &budget(80_000), 4, None, &mut |a| reports.push(a.clone()))
        .unwrap();
    assert!(reports.len() >= 3, "one report per completed depth: {}", reports.len());
    for r in &reports {
        assert_eq!(r.lines.len(), 4, "{r:?}");
    }
    assert!(reports.windows(2).all(|w| w[0].depth < w[1].depth));
    assert_eq!(reports.last().unwrap().lines, last.lines);
}

#[test]
fn a_finished_game_has_no_analysis() {
    let pos = parse_position("a1 b1 a2 b2 a3 b3 a4 b4 a5", Rule::Freestyle).unwrap();
    assert!(Engine::new(1, no_clock)
        .analyze(&pos, &budget(1000), 3, None, &mut |_| {})
        .is_none());
}

#[test]
fn no_line_plays_a_forbidden_point_under_renju() {
    // Black to move with a forbidden point that looks good in freestyle (h8 a double three; g8 a double four in
    // one line), analysed with ten lines: no candidate, and no black move along any principal variation, is
    // forbidden.
    let records = ["h9 a1 h10 a3 i8 a5 j8 a7", "d8 a1 f8 a3 h8 a5 j8 a7"];
    let mut checked_forbidden = 0;
    for record in records {
        let pos = parse_position(record, Rule::Renju).unwrap();
        assert_eq!(pos.to_move(), Color::Black, "{record}");
        checked_forbidden += gomoku::board::renju::forbidden_points(pos.board()).len();
        let a = analyze(&pos, &budget(40_000), 10);
        assert!(!a.lines.is_empty(), "{record}");
        for line in &a.lines {
            let mut walk = pos.clone();
            for &m in &line.pv {
                assert!(
                    !walk.is_forbidden_move(m),
                    "{record}: line {:?} plays forbidden {m}",
                    line.pv
                );
                if walk.play(m).is_err() {
                    break;
                }
            }
        }
    }
    assert!(checked_forbidden >= 2, "the positions must contain forbidden points");
}

#[test]
fn a_vcf_of_several_fours_is_line_one_and_its_line_ends_in_five() {
    // Black h8 i8 j8 (closed by white g8) and k9 k10: k8 is a four (white must answer l8), then k11 or k7
    // makes an open four on the k file. White has nothing.
    let pos = Position::from_stones(
        Rule::Freestyle,
        &pts("h8 i8 j8 k9 k10"),
        &pts("g8 a1 a3 a5 a7"),
        Color::Black,
    )
    .unwrap();
    let a = analyze(&pos, &budget(100_000), 3);
    assert_wins_in(&pos, &a.lines[0], 3);
}

/// `line` is a proven win in `moves` moves for the side to move in `pos`, and its moves, played out, are legal
/// and end with that side's five (so the distance shown is the real one).
fn assert_wins_in(pos: &Position, line: &gomoku::search::analysis::Line, moves: usize) {
    assert!(line.score > MATE_BOUND, "a proven win: {line:?}");
    assert_eq!(line.score_text(), format!("win in {moves}"), "{line:?}");
    assert_eq!(line.pv.len(), 2 * moves - 1, "the line goes to the five: {line:?}");
    let mut walk = pos.clone();
    let mut outcome = Outcome::Ongoing;
    for &m in &line.pv {
        outcome = walk.play(m).unwrap_or_else(|e| panic!("{line:?}: {m}: {e}"));
    }
    assert!(
        matches!(outcome, Outcome::Win { winner, .. } if winner == pos.to_move()),
        "the line ends in five: {line:?}"
    );
}

#[test]
fn a_win_by_threats_counts_its_moves_to_the_five() {
    // Black h9 h10 and i8 j8: h8 makes two open threes; whatever white blocks, black makes an open four and
    // then five: a win in 3 (the threat search's line ends at the open four, two plies short of the five).
    let pos = parse_position("b:h9 b:h10 b:i8 b:j8 w:a1 w:o1 w:a15 w:o15 to:black", Rule::Freestyle).unwrap();
    let a = analyze(&pos, &budget(100_000), 3);
    assert_eq!(a.lines[0].best_move(), Some(pts("h8")[0]), "{a:?}");
    assert_wins_in(&pos, &a.lines[0], 3);
    let single = Engine::new(8, no_clock)
        .think(&pos, &budget(100_000), None, &mut |_| {})
        .unwrap();
    assert_eq!(
        single.score_text(),
        "win in 3",
        "the single-line search too: {single:?}"
    );
}

/// Runs the `gomoku` binary with `args`: (exit status, stdout lines, stderr).
fn gomoku(args: &[&str]) -> (i32, Vec<String>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    (
        out.status.code().unwrap_or(-1),
        stdout,
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A score as the page shows it: `+35`, `-120`, `win in 3`, `loss in 2` (or `winning` / `losing`).
fn is_score_text(s: &str) -> bool {
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    s.strip_prefix('+').or_else(|| s.strip_prefix('-')).is_some_and(number)
        || s.strip_prefix("win in ").is_some_and(number)
        || s.strip_prefix("loss in ").is_some_and(number)
        || s == "winning"
        || s == "losing"
}

/// The last `n` lines of `gomoku analyze` read as (move, score text, pv), checked against the format
/// `K. MOVE SCORE pv MOVE MOVE ...`.
fn ranked_lines(out: &[String], n: usize) -> Vec<(String, String, Vec<String>)> {
    assert!(out.len() >= n, "{out:?}");
    out[out.len() - n..]
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let rest = line
                .strip_prefix(&format!("{}. ", k + 1))
                .unwrap_or_else(|| panic!("line {} does not start with its rank: {line}", k + 1));
            let (head, pv) = rest.split_once(" pv ").unwrap_or_else(|| panic!("no pv: {line}"));
            let (mv, score) = head.split_once(' ').unwrap_or_else(|| panic!("no score: {line}"));
            assert!(is_score_text(score), "score '{score}' in {line}");
            let pv: Vec<String> = pv.split(' ').map(str::to_string).collect();
            assert_eq!(pv[0], mv, "the line starts with its move: {line}");
            assert!(parse_points(&pv.join(" ")).is_ok(), "points: {line}");
            (mv.to_string(), score.to_string(), pv)
        })
        .collect()
}

#[test]
fn the_analyze_command_ends_with_n_ranked_lines() {
    let (status, out, _) = gomoku(&["analyze", "--lines", "4", "--time-ms", "300", "h8 i9 h10"]);
    assert_eq!(status, 0, "{out:?}");
    let lines = ranked_lines(&out, 4);
    let mut moves: Vec<&str> = lines.iter().map(|(m, _, _)| m.as_str()).collect();
    assert!(moves.iter().all(|m| !["h8", "i9", "h10"].contains(m)), "{out:?}");
    moves.sort_unstable();
    moves.dedup();
    assert_eq!(moves.len(), 4, "distinct moves: {out:?}");

    // A proven win and proven losses read as such (the position of the VCF test above, as a set-up record:
    // black's g3 blocks white's four and makes an open four; anything else lets white make five).
    let record = "b:b3 b:g4 b:g5 b:g6 w:c3 w:d3 w:e3 w:f3 to:black";
    let (status, out, _) = gomoku(&["analyze", "--lines", "3", "--time-ms", "300", record]);
    assert_eq!(status, 0, "{out:?}");
    let lines = ranked_lines(&out, 3);
    assert_eq!(
        (lines[0].0.as_str(), lines[0].1.as_str()),
        ("g3", "win in 2"),
        "{out:?}"
    );
    for (_, score, pv) in &lines[1..] {
        assert_eq!(score, "loss in 1", "{out:?}");
        assert_eq!(pv.get(1).map(String::as_str), Some("g3"), "{out:?}");
    }
}

#[test]
fn the_analyze_command_refuses_bad_input_without_panicking() {
    for args in [
        &["analyze", "h8 z99"][..],
        &["analyze", "h8 h8"],
        &["analyze", "b:h8 b:h9 to:black"],
        &["analyze", "--lines", "0", "h8"],
        &["analyze", "--lines", "11", "h8"],
        &["analyze", "--time-ms", "-5", "h8"],
        &["analyze", "--rule", "caro", "h8"],
    ] {
        let (status, out, err) = gomoku(args);
        assert_eq!(status, 2, "{args:?}: {out:?} {err}");
        assert!(!err.contains("panicked") && !err.is_empty(), "{args:?}: {err}");
    }
    // A finished game has nothing to analyse: said, not a crash.
    let (status, _, err) = gomoku(&["analyze", "a1 b1 a2 b2 a3 b3 a4 b4 a5"]);
    assert_eq!(status, 1);
    assert!(err.contains("over"), "{err}");
}
