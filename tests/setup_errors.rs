//! Every reason a set-up can be refused for is reachable from a record, comes back as its own `SetupError`
//! kind with the right parameters, and keeps the English text the command line prints.

use gomoku::board::coord::{Color, Point};
use gomoku::board::setup::{Clip, SetupError};
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::io::record::{parse_game, RecordError};

fn p(text: &str) -> Point {
    text.parse().unwrap()
}

/// The set-up error of `record` under `rule` (fails the test if the record is accepted or refused otherwise).
fn setup_error(record: &str, rule: Rule) -> SetupError {
    match parse_game(record, rule) {
        Err(RecordError::Setup(e)) => e,
        other => panic!("{record} under {rule:?}: {other:?}"),
    }
}

/// A full board with no five anywhere: black where (column + 2 × row) mod 4 < 2 (runs of two along rows and
/// both diagonals, alternating colours along columns), which gives 113 black and 112 white stones.
fn full_board_record() -> String {
    let mut tokens = Vec::new();
    for row in 0..15 {
        for col in 0..15 {
            let colour = if (col + 2 * row) % 4 < 2 { 'b' } else { 'w' };
            tokens.push(format!("{colour}:{}", Point::new(col, row).unwrap()));
        }
    }
    tokens.push("to:white".into());
    tokens.join(" ")
}

#[test]
fn each_set_up_reason_is_reachable_with_its_kind_and_english_text() {
    let free = Rule::Freestyle;
    let cases: Vec<(String, Rule, SetupError, &str)> = vec![
        (
            "h8 b:i9".into(),
            free,
            SetupError::AfterMoves(Clip::new("b:i9")),
            "'b:i9' comes after the moves",
        ),
        (
            "b:h8 b:z99".into(),
            free,
            SetupError::BadPoint(Clip::new("b:z99")),
            "bad point in 'b:z99'",
        ),
        (
            "to:purple".into(),
            free,
            SetupError::UnknownSide(Clip::new("purple")),
            "unknown side 'purple'",
        ),
        (
            "x:h8".into(),
            free,
            SetupError::UnknownPart(Clip::new("x:h8")),
            "unknown part 'x:h8'",
        ),
        (
            "b:h8 b:h9 b:h10 w:i9 to:white".into(),
            free,
            SetupError::Counts {
                black: 3,
                white: 1,
                to_move: Color::White,
            },
            "3 black and 1 white stones cannot have white to move",
        ),
        (
            "b:h8 w:h8".into(),
            free,
            SetupError::Occupied(p("h8")),
            "h8 is already occupied",
        ),
        (
            "b:a1 b:a2 b:a3 b:a4 b:a5 w:c1 w:c2 w:c3 w:c4 w:c6 to:white".into(),
            free,
            SetupError::Five {
                color: Color::Black,
                point: p("a1"),
            },
            "black already has five in a row (through a1)",
        ),
        (
            "b:a1 b:a2 b:a3 b:a4 b:a5 b:a6 w:c1 w:c2 w:c3 w:e4 w:c6 w:c8".into(),
            Rule::Renju,
            SetupError::Overline(p("a1")),
            "black has an overline through a1, which renju forbids",
        ),
        (
            full_board_record(),
            free,
            SetupError::Decided,
            "the position is already decided",
        ),
    ];
    for (record, rule, kind, text) in cases {
        let got = setup_error(&record, rule);
        assert_eq!(got, kind, "{record:.60}");
        assert_eq!(got.to_string(), text);
        assert_eq!(
            RecordError::Setup(got).to_string(),
            format!("the set-up position is not valid: {text}")
        );
    }
}

#[test]
fn long_user_text_is_clipped_to_whole_characters() {
    let got = setup_error("to:五子棋五子棋五子棋五子棋五子棋", Rule::Freestyle);
    assert_eq!(got, SetupError::UnknownSide(Clip::new("五子棋五子棋五子棋五子棋")));
    match parse_game("h8 🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂", Rule::Freestyle) {
        Err(RecordError::BadPoint { index: 2, text }) => assert_eq!(text.as_str(), "🙂".repeat(12)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn stones_given_directly_are_judged_the_same_way() {
    let stones = |list: &str| list.split(' ').map(p).collect::<Vec<_>>();
    let black = stones("h8 h9");
    assert_eq!(
        Position::from_stones(Rule::Standard, &black, &[], Color::Black).err(),
        Some(SetupError::Counts {
            black: 2,
            white: 0,
            to_move: Color::Black
        })
    );
    assert_eq!(
        Position::from_stones(Rule::Standard, &black, &stones("h8"), Color::White).err(),
        Some(SetupError::Occupied(p("h8")))
    );
    let white = stones("a1 a2 a3 a4 a5");
    assert_eq!(
        Position::from_stones(Rule::Standard, &stones("c1 c2 c3 c5 c7"), &white, Color::Black).err(),
        Some(SetupError::Five {
            color: Color::White,
            point: p("a1")
        })
    );
    assert!(Position::from_stones(Rule::Standard, &black, &stones("i9 i10"), Color::Black).is_ok());
}
