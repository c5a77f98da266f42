//! The Gomocup protocol: every command, bad input answered with `ERROR`, and the binary end to end.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::coord::{Color, Point};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::protocol::{Flow, Session};
use std::io::Write;
use std::process::{Command, Stdio};

fn clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Sends `lines` and returns every reply line that is not a MESSAGE.
fn run(session: &mut Session, lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for l in lines {
        session.handle(l, &mut |s| {
            if !s.starts_with("MESSAGE") {
                out.push(s.to_string())
            }
        });
    }
    out
}

fn is_move(s: &str) -> Option<(usize, usize)> {
    let (x, y) = s.split_once(',')?;
    let (x, y) = (x.parse().ok()?, y.parse().ok()?);
    (x < 15 && y < 15).then_some((x, y))
}

fn fast_session() -> Session {
    let mut s = Session::new(clock);
    assert_eq!(
        run(
            &mut s,
            &["START 15", "INFO timeout_turn 100", "INFO max_memory 33554432"]
        ),
        ["OK"]
    );
    s
}

#[test]
fn plays_a_game_through_begin_and_turn() {
    let mut s = fast_session();
    let first = run(&mut s, &["BEGIN"]);
    assert_eq!(first, ["7,7"], "black opens in the centre");
    let reply = run(&mut s, &["TURN 8,8"]);
    let (x, y) = is_move(&reply[0]).expect("a move");
    assert!((x, y) != (7, 7) && (x, y) != (8, 8));
    assert_eq!(run(&mut s, &["TURN 8,8"]), ["ERROR i7 is already occupied"]);
}

#[test]
fn board_sets_up_a_position_and_the_engine_blocks() {
    let mut s = fast_session();
    // Opponent (2) has four in a column x=3, y=3..6; we (1) must block at 3,2 or 3,7.
    let reply = run(
        &mut s,
        &[
            "BOARD", "3,3,2", "10,10,1", "3,4,2", "11,10,1", "3,5,2", "12,1,1", "3,6,2", "DONE",
        ],
    );
    assert!(reply == ["3,2"] || reply == ["3,7"], "{reply:?}");
}

#[test]
fn timeout_turn_zero_means_play_at_once() {
    let mut s = Session::new(clock);
    run(&mut s, &["START 15", "INFO timeout_turn 0", "INFO max_memory 8388608"]);
    let mut messages = Vec::new();
    s.handle("BEGIN", &mut |l| messages.push(l.to_string()));
    let reply = run(&mut s, &["TURN 8,8"]);
    assert!(is_move(&reply[0]).is_some());
    let mut depth = 0;
    s.handle("TURN 0,0", &mut |l| {
        if let Some(d) = l.strip_prefix("MESSAGE depth ").and_then(|r| r.split(' ').next()) {
            depth = d.parse().unwrap_or(0);
        }
    });
    assert!(depth < 10, "a fast move does not search deep: depth {depth}");
}

#[test]
fn takeback_restart_info_and_about() {
    let mut s = fast_session();
    let m = run(&mut s, &["BEGIN"]).remove(0);
    assert_eq!(run(&mut s, &[&format!("TAKEBACK {m}")]), ["OK"]);
    assert_eq!(run(&mut s, &["BEGIN"]), ["7,7"], "the board is empty again");
    assert_eq!(run(&mut s, &["RESTART"]), ["OK"]);
    assert_eq!(
        run(
            &mut s,
            &[
                "INFO max_depth 2",
                "INFO max_width 3",
                "INFO rule 0",
                "INFO game_type 1"
            ]
        ),
        Vec::<String>::new()
    );
    assert!(run(&mut s, &["ABOUT"])[0].starts_with("name="));
    assert_eq!(s.handle("END", &mut |_| {}), Flow::Quit);
}

#[test]
fn bad_input_gets_error_and_the_game_continues() {
    let mut s = fast_session();
    run(&mut s, &["BEGIN"]);
    for bad in [
        "TURN 15,3",
        "TURN 7,7",
        "TURN x,y",
        "TURN",
        "TURN 3",
        "TURN -1,2",
        "TURN 99999999999999999999,1",
        "TAKEBACK 0,0",
        "START 20",
        "INFO timeout_turn abc",
        "INFO",
        "FOO bar",
        "\u{0}\u{7f}ü",
    ] {
        let out = run(&mut s, &[bad]);
        assert_eq!(out.len(), 1, "{bad:?} → {out:?}");
        assert!(out[0].starts_with("ERROR"), "{bad:?} → {out:?}");
    }
    let out = run(&mut s, &["BOARD", "1,1,1", "1,1,2", "DONE"]);
    assert!(out[0].starts_with("ERROR"), "duplicate stones: {out:?}");
    let out = run(&mut s, &["BOARD", "garbage", "DONE"]);
    assert!(out.iter().any(|l| l.starts_with("ERROR")), "{out:?}");
    let reply = run(&mut s, &["TURN 0,0"]);
    assert!(is_move(&reply[0]).is_some(), "still serving: {reply:?}");
}

#[test]
fn the_binary_speaks_the_protocol() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"START 15\r\nINFO timeout_turn 200\nBEGIN\nTURN 0,0\nbogus\nEND\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "7,7");
    assert!(is_move(lines[2]).is_some(), "{lines:?}");
    assert!(lines[3].starts_with("ERROR unknown command"), "{lines:?}");
    assert!(
        text.contains("MESSAGE depth"),
        "the search log is sent as MESSAGE lines"
    );
}

#[test]
fn selfplay_games_through_the_protocol_have_no_errors() {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["selfplay", "--games", "4", "--turn-ms", "10"])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("selfplay: 4 games"), "{text}");
    assert!(text.contains("protocol or rule errors 0"), "{text}");
}

/// A reader that stops early (`gomoku bench | head -2`) ends the command quietly, as with other tools, not
/// with a panic on the failed write.
#[test]
fn a_closed_output_ends_a_command_without_a_panic() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .arg("bench")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("bench:"), "{first}");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

/// A level replaces the manager's depth and width: beginner answers from the evaluation alone (depth 0);
/// without variety a level is deterministic, with a seed the game changes.
#[test]
fn a_level_sets_the_play_and_variety_changes_it() {
    use gomoku::search::level::Level;
    let game = |variety: Option<u64>| {
        let mut s = Session::new(clock).with_level(Some(Level::Beginner), variety);
        let mut depths = Vec::new();
        let mut moves = Vec::new();
        for line in [
            "START 15",
            "INFO timeout_turn 100",
            "BEGIN",
            "TURN 8,8",
            "TURN 9,9",
            "TURN 6,9",
            "TURN 5,5",
        ] {
            s.handle(line, &mut |l| {
                if let Some(rest) = l.strip_prefix("MESSAGE depth ") {
                    depths.push(rest.split(' ').next().unwrap_or("").to_string());
                } else if is_move(l).is_some() {
                    moves.push(l.to_string());
                }
            });
        }
        assert!(depths.iter().all(|d| d == "0"), "beginner does not search: {depths:?}");
        moves
    };
    assert_eq!(game(None).len(), 5);
    assert_eq!(game(None), game(None));
    let varied: std::collections::HashSet<Vec<String>> = (0..6).map(|seed| game(Some(seed))).collect();
    assert!(varied.len() >= 2, "seeds change the beginner's moves");
}

/// Sends a BOARD block (own stones `1`, the opponent's `2`) and returns the reply.
fn board_reply(s: &mut Session, own: &[(u32, u32)], opp: &[(u32, u32)]) -> String {
    let mut lines = vec!["BOARD".to_string()];
    lines.extend(own.iter().map(|(x, y)| format!("{x},{y},1")));
    lines.extend(opp.iter().map(|(x, y)| format!("{x},{y},2")));
    lines.push("DONE".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    run(s, &refs).join(" ")
}

/// Black (us) to move with h9 h10 i8 j8: h8 is a winning double three under freestyle, forbidden under renju.
const DOUBLE_THREE: [(u32, u32); 4] = [(7, 6), (7, 5), (8, 7), (9, 7)];
/// White stones in the corners, out of play.
const CORNERS: [(u32, u32); 5] = [(0, 14), (0, 12), (14, 14), (14, 12), (0, 0)];

#[test]
fn info_rule_accepts_0_1_4_and_refuses_the_rest_without_changing_the_rule() {
    let mut s = fast_session();
    for ok in ["INFO rule 0", "INFO rule 1", "INFO rule 4"] {
        assert_eq!(run(&mut s, &[ok]), Vec::<String>::new(), "{ok}");
    }
    for (bad, n) in [
        ("INFO rule 2", "2"),
        ("INFO rule 5", "5"),
        ("INFO rule 3", "3"),
        ("INFO rule -1", "-1"),
    ] {
        assert_eq!(run(&mut s, &[bad]), [format!("ERROR unsupported rule {n}")], "{bad}");
    }
    // Still renju after the refused values: the engine as black does not play the forbidden h8.
    let reply = board_reply(&mut s, &DOUBLE_THREE, &CORNERS[..4]);
    assert!(is_move(&reply).is_some() && reply != "7,7", "renju: {reply}");
    let mut free = fast_session();
    assert_eq!(
        board_reply(&mut free, &DOUBLE_THREE, &CORNERS[..4]),
        "7,7",
        "freestyle wins on h8"
    );
}

#[test]
fn a_forbidden_move_by_the_opponent_is_refused_under_renju() {
    let mut s = fast_session();
    run(&mut s, &["INFO rule 4"]);
    // We are white (to move); black has two double-three points far apart (h8 and l12), so whatever white
    // answers, at least one of them stays forbidden. Black playing one that is still forbidden is refused,
    // and the refusal changes nothing.
    let own = [(0, 14), (0, 12), (14, 14), (14, 12), (0, 0), (2, 14), (0, 10)];
    let second: [(u32, u32); 4] = [(11, 2), (11, 1), (12, 3), (13, 3)];
    let black: Vec<(u32, u32)> = DOUBLE_THREE.iter().chain(&second).copied().collect();
    let reply = board_reply(&mut s, &own, &black);
    let (x, y) = is_move(&reply).expect("a move");
    let point = |(x, y): (u32, u32)| Point::from_gomocup(x as usize, y as usize).expect("on the board");
    let white: Vec<Point> = own
        .iter()
        .map(|&p| point(p))
        .chain([point((x as u32, y as u32))])
        .collect();
    let black_points: Vec<Point> = black.iter().map(|&p| point(p)).collect();
    let pos = Position::from_stones(Rule::Renju, &black_points, &white, Color::Black).expect("a legal position");
    let mut refused = 0;
    for (x, y) in [(7, 7), (11, 3)] {
        if pos.is_forbidden_move(point((x, y))) {
            let answer = run(&mut s, &[&format!("TURN {x},{y}")]);
            assert_eq!(answer.len(), 1, "{answer:?}");
            assert!(
                answer[0].starts_with("ERROR") && answer[0].contains("forbidden to black"),
                "{answer:?}"
            );
            refused += 1;
        }
    }
    assert!(
        refused >= 1,
        "white's one move cannot spoil both double threes (reply {reply})"
    );
    // The game is intact: a legal black move is answered with a move.
    assert!(is_move(&run(&mut s, &["TURN 3,3"]).join(" ")).is_some());
}

#[test]
fn standard_overline_is_no_win_for_the_engine() {
    // Us (black): e8 f8 g8 i8 j8; h8 makes six.
    let own = [(4, 7), (5, 7), (6, 7), (8, 7), (9, 7)];
    let mut free = fast_session();
    assert_eq!(
        board_reply(&mut free, &own, &CORNERS),
        "7,7",
        "freestyle: the overline wins"
    );
    let mut standard = fast_session();
    run(&mut standard, &["INFO rule 1"]);
    let reply = board_reply(&mut standard, &own, &CORNERS);
    assert!(is_move(&reply).is_some() && reply != "7,7", "standard: {reply}");
}
