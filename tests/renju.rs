//! Renju's forbidden points and the rules' wins: hand-built positions for every case of the definition, the
//! search never playing a forbidden point, and a property test of the fast forbidden-point test against a
//! slow reference written here straight from the definition.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::board::coord::{Color, Point};
use gomoku::board::renju::{self, Forbidden};
use gomoku::board::{Board, Outcome, PlayError, Rule};
use gomoku::eval::Position;
use gomoku::search::engine::{Engine, GomokuGame, Settings};
use gomoku::search::threat::ThreatSolver;
use gomoku::search::{Game, MATE};
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn pts(s: &str) -> Vec<Point> {
    s.split_whitespace().map(pt).collect()
}

/// White stones used to even out the counts, far along the top row.
const PADS: &str = "a15 c15 e15 g15 i15 k15 m15 o15 a13 o13";

/// A position under `rule` with `black` and `white` stones (white padded on the top row) and black to move.
fn position(rule: Rule, black: &str, white: &str) -> Position {
    let b = pts(black);
    let mut w = pts(white);
    w.extend(pts(PADS).into_iter().take(b.len().saturating_sub(w.len())));
    Position::from_stones(rule, &b, &w, Color::Black).expect("a valid set-up")
}

fn forbidden_at(black: &str, white: &str, p: &str) -> Option<Forbidden> {
    let pos = position(Rule::Renju, black, white);
    let fast = renju::forbidden(pos.board(), pt(p));
    assert_eq!(
        fast,
        slow_forbidden(&grid(pos.board()), pt(p)),
        "fast and slow tests agree on {p}"
    );
    fast
}

#[test]
fn double_three_is_forbidden() {
    assert_eq!(forbidden_at("h9 h10 i8 j8", "", "h8"), Some(Forbidden::DoubleThree));
    // A split three (X_XX) counts as a three too.
    assert_eq!(forbidden_at("h10 h11 i8 j8", "", "h8"), Some(Forbidden::DoubleThree));
    // A blocked three is no three.
    assert_eq!(forbidden_at("h9 h10 i8 j8", "h11", "h8"), None);
}

#[test]
fn double_four_in_two_lines_is_forbidden() {
    assert_eq!(
        forbidden_at("h9 h10 h11 i8 j8 k8", "h12 l8", "h8"),
        Some(Forbidden::DoubleFour)
    );
}

#[test]
fn double_four_in_one_line_is_forbidden() {
    // ●_●●●_● along row 8 with h8 the middle stone.
    assert_eq!(forbidden_at("e8 g8 i8 k8", "", "h8"), Some(Forbidden::DoubleFour));
    // The two ends of one straight four are one four: h8 makes an open four and is allowed.
    assert_eq!(forbidden_at("e8 f8 g8", "", "h8"), None);
}

#[test]
fn overline_is_forbidden_and_wins_nothing_under_standard() {
    assert_eq!(forbidden_at("e8 f8 g8 i8 j8", "", "h8"), Some(Forbidden::Overline));
    let mut standard = position(Rule::Standard, "e8 f8 g8 i8 j8", "");
    assert_eq!(standard.play(pt("h8")), Ok(Outcome::Ongoing), "standard: six is no win");
    let mut freestyle = position(Rule::Freestyle, "e8 f8 g8 i8 j8", "");
    assert!(matches!(
        freestyle.play(pt("h8")),
        Ok(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

#[test]
fn five_that_also_makes_a_double_four_wins() {
    let black = "d8 e8 f8 g8 h9 h10 h11 i9 j10 k11";
    assert_eq!(forbidden_at(black, "h12 l12", "h8"), None);
    let mut pos = position(Rule::Renju, black, "h12 l12");
    assert!(matches!(
        pos.play(pt("h8")),
        Ok(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

#[test]
fn four_three_is_allowed() {
    assert_eq!(forbidden_at("h9 h10 h11 i8 j8", "h12", "h8"), None);
}

#[test]
fn a_three_whose_four_point_is_forbidden_does_not_count() {
    // Row 8: h8 i8 j8 with white on l8 can only become a straight four on g8, and g8 is an overline
    // (g6 g7 _ g9 g10 g11): so h8 makes one three (column h) and is allowed.
    let black = "g6 g7 g9 g10 g11 i8 j8 h9 h10";
    assert_eq!(forbidden_at(black, "l8", "g8"), Some(Forbidden::Overline));
    assert_eq!(forbidden_at(black, "l8", "h8"), None);
    // Without g11, g8 makes exactly five (not forbidden), so the row is a three again: double three.
    let black = "g6 g7 g9 g10 i8 j8 h9 h10";
    assert_eq!(forbidden_at(black, "l8", "h8"), Some(Forbidden::DoubleThree));
}

#[test]
fn white_overline_wins_under_renju_not_under_standard() {
    let white = "e8 f8 g8 i8 j8";
    let black = "a1 c3 e1 a5 c5 o1";
    for (rule, wins) in [(Rule::Renju, true), (Rule::Standard, false), (Rule::Freestyle, true)] {
        let b = pts(black);
        let w = pts(white);
        let mut pos = Position::from_stones(rule, &b, &w, Color::White).unwrap();
        let out = pos.play(pt("h8")).unwrap();
        assert_eq!(
            matches!(
                out,
                Outcome::Win {
                    winner: Color::White,
                    ..
                }
            ),
            wins,
            "{rule}"
        );
    }
}

#[test]
fn a_forbidden_black_move_is_refused_and_changes_nothing() {
    let mut pos = position(Rule::Renju, "h9 h10 i8 j8", "");
    let before = pos.board().record();
    assert_eq!(
        pos.play(pt("h8")),
        Err(PlayError::Forbidden(pt("h8"), Forbidden::DoubleThree))
    );
    assert_eq!(pos.board().record(), before);
    // White may play there.
    let mut b = Board::new(Rule::Renju);
    for p in pts("h9 a1 h10 a3 i8 a5 j8") {
        b.play(p).unwrap();
    }
    assert_eq!(b.play(pt("h8")), Ok(Outcome::Ongoing));
}

#[test]
fn black_s_forbidden_points_are_no_threats_in_the_evaluation() {
    let pos = position(Rule::Renju, "h9 h10 i8 j8", "");
    let sq = pos.square(pt("h8"), Color::Black);
    assert_eq!(sq.forbidden, Some(Forbidden::DoubleThree));
    assert_eq!(sq.pattern_score, 0);
    assert!(!pos.threes(Color::Black).contains(pt("h8")));
    let free = position(Rule::Freestyle, "h9 h10 i8 j8", "");
    assert!(free.threes(Color::Black).contains(pt("h8")));
    assert_eq!(free.square(pt("h8"), Color::Black).forbidden, None);
}

fn think(pos: &Position, depth: u32) -> Point {
    let mut engine = Engine::new(4, || 0.0);
    let settings = Settings {
        depth,
        time_ms: None,
        ..Settings::default()
    };
    engine
        .think(pos, &settings, None, &mut |_| {})
        .unwrap()
        .best_move()
        .unwrap()
}

#[test]
fn the_engine_as_black_never_plays_a_forbidden_point() {
    // Freestyle: the double three on h8 wins. Renju: it is forbidden, so black plays something else.
    let black = "h9 h10 i8 j8";
    let white = "a1 a3 o1 o3";
    assert_eq!(think(&position(Rule::Freestyle, black, white), 6), pt("h8"));
    let renju = position(Rule::Renju, black, white);
    let m = think(&renju, 6);
    assert_ne!(m, pt("h8"));
    assert_eq!(renju.board().forbidden(m), None);
}

#[test]
fn a_four_whose_block_is_forbidden_to_black_wins_for_white() {
    // Black's h8 is a double three (column h and the diagonal h8 i9 j10); white's four d8-g8 (blocked by
    // black's c8) can only be blocked on h8, so white's g8 wins at once: the VCF finds it.
    let mut pos = Position::from_stones(
        Rule::Renju,
        &pts("h9 h10 i9 j10 c8 a1"),
        &pts("d8 e8 f8 o1 l1 o4"),
        Color::White,
    )
    .unwrap();
    let line = ThreatSolver::new().vcf(&mut pos, 4, 10_000).expect("a VCF");
    assert_eq!(line[0], pt("g8"));
    // Under freestyle black blocks on h8 (and wins with it): no VCF.
    let mut free = Position::from_stones(
        Rule::Freestyle,
        &pts("h9 h10 i9 j10 c8 a1"),
        &pts("d8 e8 f8 o1 l1 o4"),
        Color::White,
    )
    .unwrap();
    assert!(ThreatSolver::new().vcf(&mut free, 4, 10_000).is_none());
}

/// Replays `line` from `pos` with the legality checks of [`Position::play`]: false if black's move on a
/// forbidden point (or any illegal move) is in it.
fn line_is_legal(pos: &Position, line: &[Point]) -> bool {
    let mut p = pos.clone();
    line.iter().all(|&m| p.play(m).is_ok())
}

#[test]
fn black_s_threat_search_under_renju_never_plays_a_forbidden_point() {
    // h8 makes two fours for black (column h8-h11 blocked by h12, row h8-k8 blocked by l8): the double four
    // wins at once in freestyle, and is forbidden under renju, where black has no other way to win by fours.
    let black = "h9 h10 h11 i8 j8 k8";
    let white = "h12 l8 a1 a3 o1 o3";
    let mut free = position(Rule::Freestyle, black, white);
    let line = ThreatSolver::new().vcf(&mut free, 4, 10_000).expect("freestyle: a VCF");
    assert_eq!(line[0], pt("h8"));
    let mut renju = position(Rule::Renju, black, white);
    assert_eq!(renju.board().forbidden(pt("h8")), Some(Forbidden::DoubleFour));
    assert_eq!(
        ThreatSolver::new().vcf(&mut renju, 12, 100_000),
        None,
        "renju: no VCF through h8"
    );
    if let Some(line) = ThreatSolver::new().vct(&mut renju, 6, 100_000) {
        assert!(line_is_legal(&renju, &line), "renju VCT {line:?}");
    }
    // The double three of the same shape: freestyle's VCT plays it, renju's does not.
    let black = "h9 h10 i8 j8";
    let white = "a1 a3 o1 o3";
    let mut free = position(Rule::Freestyle, black, white);
    let line = ThreatSolver::new()
        .vct(&mut free, 6, 100_000)
        .expect("freestyle: a VCT");
    assert_eq!(line[0], pt("h8"));
    let mut renju = position(Rule::Renju, black, white);
    if let Some(line) = ThreatSolver::new().vct(&mut renju, 6, 100_000) {
        assert_ne!(line[0], pt("h8"));
        assert!(line_is_legal(&renju, &line), "renju VCT {line:?}");
    }
}

#[test]
fn black_s_fours_on_points_the_line_tables_flag_but_the_rules_allow_are_threats() {
    // Black to move in both (found by random renju games): the winning four is on a point the line tables
    // flag as maybe forbidden (a four with threes across), which the exact test allows. The VCF used to leave
    // such points out and found no win in either.
    let cases = [
        (
            "h8 i8 j9 j7 k8 g8 i6 f7 i7 k10 e8 d8 l9 h9 h6 j5 k5 h5 h4 g7 k4 l8 g3 g2 l5 f6",
            "j6",
        ),
        (
            "h8 i9 i8 j8 i10 g9 k9 h9 l10 g10 m11 i11 g8 l12 n11 m12 m9 m13 j9 g7 m10 h12 i13 n9 i14 l13 j15 \
             l14 k12 n8 f7 g6 g13 f11 g5 h7 o7 m7",
            "k11",
        ),
    ];
    for (record, four) in cases {
        let mut pos = Position::from_moves(Rule::Renju, &pts(record)).expect("a legal record");
        assert_eq!(pos.to_move(), Color::Black);
        assert!(pos.maybe_forbidden().contains(pt(four)), "{four} is flagged");
        assert_eq!(pos.board().forbidden(pt(four)), None, "{four} is allowed");
        let line = ThreatSolver::new()
            .vcf(&mut pos, 30, 100_000)
            .unwrap_or_else(|| panic!("a VCF through {four}"));
        assert!(line.contains(&pt(four)), "{line:?}");
        assert!(line_is_legal(&pos, &line), "{line:?}");
    }
}

#[test]
fn black_s_open_threes_on_points_the_line_tables_flag_but_the_rules_allow_are_threats() {
    // Black to move, no VCF; the win starts with an open three on a point the line tables flag (a double
    // three one of whose threes is false), which the exact test allows. The VCT used to leave such threes out
    // and found no win in either (found by random renju games; Rapfi also scores the first a win for black).
    let cases = [
        ("h8 i8 i7 g9 g8 g10 g11 j6 j5 h12 f7 g12 h10 j4", "h9"),
        ("h8 g8 i7 j6 j8 h7 j5 i4 h9 j4 h10 j7 i6 i11 j9 h11", "k9"),
    ];
    for (record, three) in cases {
        let mut pos = Position::from_moves(Rule::Renju, &pts(record)).expect("a legal record");
        assert_eq!(pos.to_move(), Color::Black);
        assert!(pos.maybe_forbidden().contains(pt(three)), "{three} is flagged");
        assert_eq!(pos.board().forbidden(pt(three)), None, "{three} is allowed");
        assert!(!pos.threes(Color::Black).contains(pt(three)));
        assert!(pos.legal_threes(Color::Black).contains(pt(three)));
        let mut solver = ThreatSolver::new();
        assert_eq!(solver.vcf(&mut pos, 30, 100_000), None, "no VCF in {record}");
        let line = solver
            .vct(&mut pos, 13, 200_000)
            .unwrap_or_else(|| panic!("a VCT through {three}"));
        assert_eq!(line[0], pt(three), "{line:?}");
        assert!(line_is_legal(&pos, &line), "{line:?}");
    }
}

#[test]
fn a_legal_open_four_on_a_flagged_point_is_a_win_for_the_alpha_beta() {
    // Black to move can make an open four on f6, a point the line tables flag; the exact test allows it, so
    // the position is won in three plies, and the α-β's terminal test says so without searching.
    let record = "h8 g9 f9 i7 h9 e8 e7 i10 g7 h10 d8 c8 d7 g11 g12 g10 b7 j11 h13 e9 f8 g6 g5 a7";
    let mut pos = Position::from_moves(Rule::Renju, &pts(record)).expect("a legal record");
    let f6 = pt("f6");
    assert!(pos.maybe_forbidden().contains(f6) && pos.board().forbidden(f6).is_none());
    assert!(pos.open_fours(Color::Black).is_empty());
    assert!(pos.legal_open_fours(Color::Black).contains(f6));
    assert_eq!(GomokuGame::new(&mut pos, None).terminal(0), Some(MATE - 3));
    // The same stones with white to move (without white's last move, a7): black's three threatens that open
    // four, so white's position is not quiet (it must answer).
    let before = record.trim_end_matches(" a7");
    let mut white = Position::from_moves(Rule::Renju, &pts(before)).expect("a legal record");
    assert_eq!(white.to_move(), Color::White);
    assert!(white.open_fours(Color::Black).is_empty());
    assert!(white.legal_open_fours(Color::Black).contains(f6));
    assert!(!GomokuGame::new(&mut white, None).quiet());
}

// ---- The slow reference, from the definition ----

type Grid = [[u8; 15]; 15];
const B: u8 = 1;

fn grid(board: &Board) -> Grid {
    let mut g = [[0u8; 15]; 15];
    for p in Point::all() {
        g[p.col()][p.row()] = match board.at(p) {
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
            None => 0,
        };
    }
    g
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn at(g: &Grid, x: i32, y: i32) -> Option<u8> {
    ((0..15).contains(&x) && (0..15).contains(&y)).then(|| g[x as usize][y as usize])
}

/// The black run through (x, y) along (dx, dy): first and last step from (x, y).
fn black_run(g: &Grid, x: i32, y: i32, (dx, dy): (i32, i32)) -> (i32, i32) {
    let (mut a, mut b) = (0, 0);
    while at(g, x + (a - 1) * dx, y + (a - 1) * dy) == Some(B) {
        a -= 1;
    }
    while at(g, x + (b + 1) * dx, y + (b + 1) * dy) == Some(B) {
        b += 1;
    }
    (a, b)
}

/// With black on (x, y): the steps k (|k| ≤ 4) where one more black stone makes exactly five through (x, y).
fn five_steps(g: &mut Grid, x: i32, y: i32, d: (i32, i32)) -> Vec<i32> {
    let mut out = vec![];
    for k in -4..=4 {
        let (i, j) = (x + k * d.0, y + k * d.1);
        if k == 0 || at(g, i, j) != Some(0) {
            continue;
        }
        g[i as usize][j as usize] = B;
        let (a, b) = black_run(g, x, y, d);
        if b - a + 1 == 5 && a <= k && k <= b {
            out.push(k);
        }
        g[i as usize][j as usize] = 0;
    }
    out
}

fn fours_in_line(g: &mut Grid, x: i32, y: i32, d: (i32, i32)) -> usize {
    let f = five_steps(g, x, y, d);
    if f.len() == 2 && f[1] - f[0] == 5 {
        1
    } else {
        f.len()
    }
}

/// With black on (x, y): is there a straight four through it along `d` (a run of exactly four whose two ends
/// each make exactly five)?
fn straight_four(g: &mut Grid, x: i32, y: i32, d: (i32, i32)) -> bool {
    let (a, b) = black_run(g, x, y, d);
    b - a + 1 == 4 && five_steps(g, x, y, d) == vec![a - 1, b + 1]
}

fn slow_check(g: &mut Grid, x: i32, y: i32, depth: usize) -> Option<Forbidden> {
    g[x as usize][y as usize] = B;
    let result = (|| {
        let runs = DIRS.map(|d| {
            let (a, b) = black_run(g, x, y, d);
            b - a + 1
        });
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&r| r > 5) {
            return Some(Forbidden::Overline);
        }
        let fours: Vec<usize> = DIRS.map(|d| fours_in_line(g, x, y, d)).to_vec();
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        if depth > 8 {
            return None;
        }
        let mut threes = 0;
        for (n, d) in DIRS.into_iter().enumerate() {
            if fours[n] > 0 {
                continue;
            }
            let three = (-4..=4).any(|k| {
                let (i, j) = (x + k * d.0, y + k * d.1);
                if k == 0 || at(g, i, j) != Some(0) {
                    return false;
                }
                g[i as usize][j as usize] = B;
                let straight = straight_four(g, x, y, d);
                g[i as usize][j as usize] = 0;
                straight && slow_check(g, i, j, depth + 1).is_none()
            });
            threes += three as usize;
        }
        (threes >= 2).then_some(Forbidden::DoubleThree)
    })();
    g[x as usize][y as usize] = 0;
    result
}

/// The reference: why a black stone on the empty point `p` is forbidden, from the definition.
fn slow_forbidden(g: &Grid, p: Point) -> Option<Forbidden> {
    let mut g = *g;
    if g[p.col()][p.row()] != 0 {
        return None;
    }
    slow_check(&mut g, p.col() as i32, p.row() as i32, 0)
}

/// Random stones in a 9×9 square around the centre, black a little more often, so that threes and fours
/// (and so forbidden points) are common.
fn crowded_board() -> impl Strategy<Value = Board> {
    prop::collection::vec((3usize..12, 3usize..12, 0u8..5), 8..40).prop_map(|stones| {
        let mut black = vec![];
        let mut white = vec![];
        let mut seen = std::collections::HashSet::new();
        for (c, r, k) in stones {
            let p = Point::new(c, r).unwrap();
            if seen.insert(p) {
                if k < 3 {
                    black.push(p)
                } else {
                    white.push(p)
                }
            }
        }
        let mut b = Board::new(Rule::Renju);
        let mut pads = pts(PADS).into_iter();
        let mut wi = white.into_iter();
        for p in black {
            b.make(p);
            match wi.next().or_else(|| pads.next()) {
                Some(q) => b.make(q),
                None => break,
            }
        }
        b
    })
}

/// The random boards do exercise every reason: a fixed sample of them holds many forbidden points of each kind
/// (so the property test below is not comparing `None` with `None`).
#[test]
fn crowded_boards_hold_forbidden_points_of_every_kind() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let mut counts = std::collections::HashMap::new();
    let mut recursive = 0;
    for _ in 0..500 {
        let board = crowded_board().new_tree(&mut runner).unwrap().current();
        for p in Point::all() {
            let lines = gomoku::Direction::ALL.map(|d| renju::line_info(board.key_ext(p, d, Color::Black)));
            let local = board.at(p).is_none().then(|| renju::local_verdict(lines)).flatten();
            let exact = renju::forbidden(&board, p);
            recursive += (local.is_some() && exact.is_none()) as usize;
            if let Some(f) = exact {
                *counts.entry(f).or_insert(0) += 1;
            }
        }
    }
    for f in [Forbidden::DoubleThree, Forbidden::DoubleFour, Forbidden::Overline] {
        assert!(counts.get(&f).copied().unwrap_or(0) >= 10, "{f:?}: {counts:?}");
    }
    assert!(recursive >= 5, "threes cleared by the recursion: {recursive}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The fast test and the slow reference agree on every empty point of the crowded square.
    #[test]
    fn fast_forbidden_test_agrees_with_the_definition(board in crowded_board()) {
        let g = grid(&board);
        for c in 2..13 {
            for r in 2..13 {
                let p = Point::new(c, r).unwrap();
                prop_assert_eq!(renju::forbidden(&board, p), slow_forbidden(&g, p), "at {} in\n{:?}", p, board);
            }
        }
    }
}

/// Runs `gomoku forbidden RECORD`: (exit status, last line of stdout).
fn forbidden_cli(record: &str) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["forbidden", record])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    (
        out.status.code().unwrap_or(-1),
        text.lines().last().unwrap_or("").to_string(),
    )
}

#[test]
fn the_forbidden_command_lists_black_s_forbidden_points() {
    assert_eq!(
        forbidden_cli("h9 a1 h10 a3 i8 a5 j8 a7"),
        (0, "forbidden: h8".to_string())
    );
    assert_eq!(forbidden_cli("h8 a1"), (0, "forbidden: none".to_string()));
    // Checked by hand against ../shared/tools/rules.py.
    assert_eq!(
        forbidden_cli("h8 h9 i8 i9 g10 f11 j10 k11 g9 h10 e7"),
        (0, "forbidden: g8".to_string())
    );
    // Not a legal renju game: black's 9th move (h8) is a double three.
    let (status, _) = forbidden_cli("h9 a1 h10 a3 i8 a5 j8 a7 h8");
    assert_eq!(status, 2);
    assert_eq!(forbidden_cli("h8 zz").0, 2);
}

/// A nearly full board whose one empty point, h8, is an overline point for black, with black to move: under
/// renju black has no legal move, so the game is a draw (not a game in progress that nobody can continue).
#[test]
fn black_with_only_forbidden_points_left_is_a_draw() {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for r in 0..15 {
        for c in 0..15 {
            // Runs of at most two in every direction, then a row of black with a gap at h8 (seven in a row
            // through it), one point cut off its left end, and three flips to even the counts.
            let mut is_black = (c + 2 * r) % 4 < 2;
            if r == 7 && (4..=10).contains(&c) {
                is_black = true;
            }
            if (r == 7 && c == 3) || (r == 0 && [0, 1, 5].contains(&c)) {
                is_black = false;
            }
            if (r, c) == (7, 7) {
                continue;
            }
            let p = Point::new(c, r).unwrap();
            if is_black {
                black.push(p)
            } else {
                white.push(p)
            }
        }
    }
    assert_eq!((black.len(), white.len()), (112, 112));
    let board_of = |rule: Rule| {
        let mut board = Board::new(rule);
        for (&b, &w) in black.iter().zip(&white) {
            board.make(b);
            board.make(w);
        }
        board
    };
    let mut board = board_of(Rule::Renju);
    assert_eq!(board.forbidden(pt("h8")), Some(Forbidden::Overline));
    assert_eq!(board.outcome(), Outcome::Draw);
    assert_eq!(board.play(pt("h8")), Err(PlayError::GameOver));
    // A set-up of it is refused as decided; under freestyle the same point is black's winning move.
    assert!(Position::from_stones(Rule::Renju, &black, &white, Color::Black).is_err());
    assert_eq!(board_of(Rule::Freestyle).outcome(), Outcome::Ongoing);
}
