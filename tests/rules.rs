//! Board rules: win detection in every direction and at the edges, overlines, draws, illegal moves, and
//! make/undo restoring the board and hash exactly.

use gomoku::board::coord::{Color, Point};
use gomoku::board::{Board, Outcome, PlayError, Rule};
use gomoku::eval::Position;
use gomoku::io::record::parse_position;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// Plays black on `line` and white on `filler`, alternating, and returns the outcome after black's last stone.
fn black_line(rule: Rule, line: &[&str], filler: &[&str]) -> Outcome {
    let mut b = Board::new(rule);
    let mut last = Outcome::Ongoing;
    for (i, p) in line.iter().enumerate() {
        last = b.play(pt(p)).unwrap();
        if i + 1 < line.len() {
            assert_eq!(last, Outcome::Ongoing, "no win before the last stone");
            b.play(pt(filler[i])).unwrap();
        }
    }
    last
}

const FILLER: [&str; 6] = ["o8", "o10", "o12", "o14", "m14", "m12"];

#[test]
fn five_wins_in_all_four_directions_and_at_the_edges() {
    let cases: [&[&str]; 6] = [
        &["a1", "b1", "c1", "d1", "e1"],
        &["o3", "o4", "o5", "o6", "o7"],
        &["k1", "l2", "m3", "n4", "o5"],
        &["e1", "d2", "c3", "b4", "a5"],
        &["h8", "h9", "h11", "h12", "h10"],
        &["a11", "b12", "c13", "d14", "e15"],
    ];
    for line in cases {
        match black_line(Rule::Freestyle, line, &FILLER) {
            Outcome::Win { winner, line: won } => {
                assert_eq!(winner, Color::Black);
                let mut expected: Vec<Point> = line.iter().map(|s| pt(s)).collect();
                let mut got = won.clone();
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "the winning line is reported");
            }
            other => panic!("{line:?} should win, got {other:?}"),
        }
    }
}

#[test]
fn four_is_not_a_win_and_a_gap_breaks_the_line() {
    assert_eq!(
        black_line(Rule::Freestyle, &["a1", "b1", "c1", "d1"], &FILLER),
        Outcome::Ongoing
    );
    assert_eq!(
        black_line(Rule::Freestyle, &["a1", "b1", "c1", "d1", "f1"], &FILLER),
        Outcome::Ongoing
    );
    // Wrapping from o1 to a2 is not a line.
    assert_eq!(
        black_line(Rule::Freestyle, &["l1", "m1", "n1", "o1", "a2"], &FILLER),
        Outcome::Ongoing
    );
}

#[test]
fn overline_wins_in_freestyle_but_not_in_standard() {
    let six = ["c5", "d5", "e5", "g5", "h5", "f5"];
    assert!(matches!(black_line(Rule::Freestyle, &six, &FILLER), Outcome::Win { ref line, .. } if line.len() == 6));
    assert_eq!(black_line(Rule::Standard, &six, &FILLER), Outcome::Ongoing);
    let five = ["c5", "d5", "e5", "g5", "f5"];
    assert!(matches!(
        black_line(Rule::Standard, &five, &FILLER),
        Outcome::Win { .. }
    ));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut b = Board::new(Rule::Freestyle);
    b.play(pt("h8")).unwrap();
    let hash = b.hash();
    assert_eq!(b.play(pt("h8")), Err(PlayError::Occupied(pt("h8"))));
    assert_eq!(b.hash(), hash);
    assert_eq!(b.to_move(), Color::White);
    assert!(
        "p1".parse::<Point>().is_err() && "a0".parse::<Point>().is_err(),
        "off-board points do not exist"
    );
    let mut won = parse_position("a1 b1 a2 b2 a3 b3 a4 b4 a5", Rule::Freestyle).unwrap();
    let before = won.board().record();
    assert_eq!(won.play(pt("o15")), Err(PlayError::GameOver));
    assert_eq!(won.board().record(), before);
}

/// Whether the stone colours in `grid` (indexed `[col][row]`) contain five in a row anywhere.
fn has_five(grid: &[[u8; 15]; 15]) -> bool {
    let dirs = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
    (0..15i32).any(|c| {
        (0..15i32).any(|r| {
            dirs.iter().any(|&(dc, dr)| {
                (0..5).all(|k| {
                    let (x, y) = (c + k * dc, r + k * dr);
                    (0..15).contains(&x)
                        && (0..15).contains(&y)
                        && grid[x as usize][y as usize] == grid[c as usize][r as usize]
                })
            })
        })
    })
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // (col + 2·row) mod 4 < 2 gives runs of at most two in every direction; then flip a few stones so that
    // black has one more than white, keeping the board free of fives.
    let mut grid = [[0u8; 15]; 15];
    for (c, col) in grid.iter_mut().enumerate() {
        for (r, cell) in col.iter_mut().enumerate() {
            *cell = u8::from((c + 2 * r) % 4 >= 2);
        }
    }
    assert!(!has_five(&grid));
    let count = |g: &[[u8; 15]; 15], v: u8| g.iter().flatten().filter(|&&x| x == v).count();
    'balance: while count(&grid, 0) != 113 {
        let (from, to) = if count(&grid, 0) > 113 { (0, 1) } else { (1, 0) };
        for c in 0..15 {
            for r in 0..15 {
                if grid[c][r] == from {
                    grid[c][r] = to;
                    if !has_five(&grid) {
                        continue 'balance;
                    }
                    grid[c][r] = from;
                }
            }
        }
        panic!("cannot balance the colours");
    }
    let pick = |v: u8| -> Vec<Point> { Point::all().filter(|p| grid[p.col()][p.row()] == v).collect() };
    let (blacks, whites) = (pick(0), pick(1));
    let mut b = Board::new(Rule::Freestyle);
    for i in 0..whites.len() {
        assert_eq!(b.play(blacks[i]), Ok(Outcome::Ongoing));
        assert_eq!(b.play(whites[i]), Ok(Outcome::Ongoing));
    }
    assert_eq!(b.play(blacks[112]), Ok(Outcome::Draw));
    assert_eq!(b.play(pt("h8")), Err(PlayError::GameOver));
}

#[test]
fn make_and_undo_restore_board_hash_and_patterns_exactly() {
    let record = "h8 i9 h9 h10 g10 i8 j7 g7 i10 j11 f11 e12 k6 l5 g8";
    let full = parse_position(record, Rule::Freestyle).unwrap();
    let mut pos = Position::new(Rule::Freestyle);
    let mut hashes = vec![pos.hash()];
    for p in full.board().history() {
        pos.make(*p);
        hashes.push(pos.hash());
    }
    assert_eq!(pos.hash(), full.hash());
    let distinct: std::collections::HashSet<u64> = hashes.iter().copied().collect();
    assert_eq!(distinct.len(), hashes.len(), "every prefix hashes differently");
    while pos.undo().is_some() {
        hashes.pop();
        assert_eq!(pos.hash(), *hashes.last().unwrap());
    }
    let empty = Position::new(Rule::Freestyle);
    assert_eq!(pos.evaluate(), empty.evaluate());
    for p in Point::all() {
        for c in Color::BOTH {
            assert_eq!(pos.combo(p, c), empty.combo(p, c));
        }
    }
    // The hash does not depend on move order.
    let a = parse_position("h8 i9 j10 k11", Rule::Freestyle).unwrap();
    let b = parse_position("j10 k11 h8 i9", Rule::Freestyle).unwrap();
    assert_eq!(a.hash(), b.hash());
    // It does depend on the rule: the transposition table and the threat caches must not take a position's value
    // under one rule for the same stones under another.
    let hashes =
        [Rule::Freestyle, Rule::Standard, Rule::Renju].map(|r| parse_position("h8 i9 j10 k11", r).unwrap().hash());
    assert!(hashes[0] != hashes[1] && hashes[0] != hashes[2] && hashes[1] != hashes[2]);
}

/// `fives_after` on a known line: black's open three h8 i8 j8 (g8 and k8 empty): after k8, black completes
/// five at g8 or l8; after g8, at f8 or k8. White on f8 leaves g8's move a single five point, and under the
/// standard rule a black stone on m8 turns l8 into an overline.
#[test]
fn fives_after_a_move_on_an_open_three() {
    use gomoku::board::coord::Direction;
    use gomoku::board::{fives_after, NEIGHBOUR_OFFSETS};
    let five_points = |b: &Board, at: &str, exact: bool| {
        let q = pt(at);
        let bits = fives_after(b.key_ext(q, Direction::Horizontal, Color::Black), Color::Black, exact);
        let mut points: Vec<String> = (0..8)
            .filter(|s| bits >> s & 1 != 0)
            .map(|s| {
                q.offset(Direction::Horizontal, NEIGHBOUR_OFFSETS[s])
                    .unwrap()
                    .to_string()
            })
            .collect();
        points.sort();
        points
    };
    let board = |moves: &str| parse_position(moves, Rule::Standard).unwrap().board().clone();
    let open = board("h8 a1 i8 a3 j8");
    assert_eq!(five_points(&open, "k8", false), ["g8", "l8"]);
    assert_eq!(five_points(&open, "g8", false), ["f8", "k8"]);
    assert!(five_points(&open, "h10", false).is_empty());
    assert_eq!(five_points(&board("h8 f8 i8 a3 j8"), "g8", false), ["k8"]);
    let with_m8 = board("h8 a1 i8 a3 j8 a5 m8");
    assert_eq!(five_points(&with_m8, "k8", false), ["g8", "l8"]);
    assert_eq!(five_points(&with_m8, "k8", true), ["g8"]);
}
