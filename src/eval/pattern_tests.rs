//! Unit tests of the pattern tables (a separate file to keep `pattern.rs` short).

use super::*;

/// Builds a key from a 9-character line picture centred on the classified point: `X` own (black),
/// `O` opponent, `.` empty, `#` off the board; the centre character is ignored.
fn key(line: &str) -> u16 {
    let chars: Vec<char> = line.chars().collect();
    assert_eq!(chars.len(), 9);
    let mut key = 0u16;
    for (slot, &ch) in chars.iter().enumerate().filter(|(i, _)| *i != 4) {
        let slot = if slot > 4 { slot - 1 } else { slot };
        let code = match ch {
            'X' => cell::stone(Color::Black),
            'O' => cell::stone(Color::White),
            '#' => cell::WALL,
            _ => cell::EMPTY,
        };
        key |= code << (2 * slot);
    }
    key
}

fn black(line: &str) -> Pattern {
    PatternTable::get(Rule::Freestyle).pattern(Color::Black, key(line))
}

#[test]
fn fives_and_overlines() {
    assert_eq!(black("..XX*XX.."), Pattern::Five);
    assert_eq!(black("XXXX*...."), Pattern::Five);
    assert_eq!(black("XXXX*X..."), Pattern::Five, "freestyle: overline wins");
    let standard = PatternTable::get(Rule::Standard);
    assert_eq!(standard.pattern(Color::Black, key("XXXX*X...")), Pattern::None);
    assert_eq!(standard.pattern(Color::Black, key(".XXX*X...")), Pattern::Five);
}

#[test]
fn a_stone_five_steps_away_makes_an_overline_under_standard() {
    use crate::board::{EXT_BACK, EXT_FORWARD};
    let standard = PatternTable::get(Rule::Standard);
    let ext = |line: &str, far: u32| key(line) as u32 | far;
    assert_eq!(standard.pattern_ext(Color::Black, ext("XXXX*....", 0)), Pattern::Five);
    assert_eq!(
        standard.pattern_ext(Color::Black, ext("XXXX*....", EXT_BACK)),
        Pattern::None
    );
    assert_eq!(
        standard.pattern_ext(Color::Black, ext(".XXX*....", 0)),
        Pattern::OpenFour
    );
    assert_eq!(
        standard.pattern_ext(Color::Black, ext(".XXX*....", EXT_BACK)),
        Pattern::Four
    );
    assert_eq!(
        standard.pattern_ext(Color::White, ext("....*OOO.", 0)),
        Pattern::OpenFour
    );
    assert_eq!(
        standard.pattern_ext(Color::White, ext("....*OOO.", EXT_FORWARD)),
        Pattern::Four,
        "white too"
    );
    // Renju: black's overlines do not win, white's do; freestyle ignores the far stones.
    let renju = PatternTable::get(Rule::Renju);
    assert_eq!(
        renju.pattern_ext(Color::Black, ext("XXXX*....", EXT_BACK)),
        Pattern::None
    );
    assert_eq!(renju.pattern(Color::White, key("....*OOOO")), Pattern::Five);
    assert_eq!(renju.pattern(Color::White, key("OOOO*O...")), Pattern::Five);
    let free = PatternTable::get(Rule::Freestyle);
    assert_eq!(
        free.pattern_ext(Color::Black, ext("XXXX*....", EXT_BACK)),
        Pattern::Five
    );
}

#[test]
fn fours() {
    assert_eq!(black("...X*XX.."), Pattern::OpenFour);
    assert_eq!(black("..OX*XX.."), Pattern::Four);
    assert_eq!(black("...X*XXO."), Pattern::Four);
    assert_eq!(black("..X.*XX.."), Pattern::Four, "broken four X_XXX");
    assert_eq!(black("....*X.XX"), Pattern::Four, "broken four XX_XX");
    assert_eq!(black("X.XX*.X.."), Pattern::OpenFour, "X_XXX_X: two fives on one line");
    assert_eq!(black("#XXX*...."), Pattern::Four, "the edge blocks one end of a four");
    assert_eq!(black("##XX*X..."), Pattern::Four, "the edge blocks one end");
    assert_eq!(black("OXXX*O..."), Pattern::None, "dead four");
}

#[test]
fn threes() {
    assert_eq!(black("...X*X..."), Pattern::OpenThree);
    assert_eq!(black("..X.*X..."), Pattern::OpenThree, "broken three X_XX");
    assert_eq!(black("...X*.X.."), Pattern::OpenThree, "broken three XX_X");
    assert_eq!(black("..OX*X..."), Pattern::ClosedThree);
    assert_eq!(black("##.X*X.O."), Pattern::ClosedThree, "edge then one space");
    assert_eq!(black("#..X*X.O."), Pattern::OpenThree);
    assert_eq!(black("...X*XO.."), Pattern::ClosedThree);
    assert_eq!(black("..X.*.X.."), Pattern::ClosedThree, "X_X_X");
    assert_eq!(black("OX.X*O..."), Pattern::None, "dead three");
    assert_eq!(black(".OX.*XO.."), Pattern::None, "blocked both sides with no room");
}

#[test]
fn twos() {
    assert_eq!(black("....*X..."), Pattern::OpenTwo);
    assert_eq!(black("...X*...."), Pattern::OpenTwo);
    assert_eq!(black("....*.X.."), Pattern::OpenTwo);
    assert_eq!(black("...O*X..."), Pattern::ClosedTwo);
    assert_eq!(black("##..*X.O."), Pattern::ClosedTwo, "exactly five cells of room");
    assert_eq!(black("#...*X.O."), Pattern::OpenTwo, "six cells of room");
    assert_eq!(black("....*...."), Pattern::None);
    assert_eq!(black("..O.*X.O."), Pattern::None, "no room for five");
}

#[test]
fn white_table_mirrors_black() {
    let t = PatternTable::get(Rule::Freestyle);
    let swap = |k: u16| {
        let mut out = 0;
        for s in 0..8 {
            let v = (k >> (2 * s)) & 3;
            let v = match v {
                1 => 2,
                2 => 1,
                x => x,
            };
            out |= v << (2 * s);
        }
        out
    };
    for k in 0..=u16::MAX {
        assert_eq!(t.pattern(Color::Black, k), t.pattern(Color::White, swap(k)));
    }
}

#[test]
fn combinations_rank_above_single_shapes() {
    use Pattern::*;
    assert_eq!(Combo::of([Four, OpenThree, None, None]), Combo::FourThree);
    assert_eq!(Combo::of([OpenThree, None, OpenThree, None]), Combo::DoubleThree);
    assert_eq!(Combo::of([Four, None, Four, None]), Combo::DoubleFour);
    assert_eq!(Combo::of([OpenThree, OpenTwo, ClosedTwo, None]), Combo::OpenThree);
    assert_eq!(Combo::of([OpenTwo, ClosedTwo, None, None]), Combo::OpenTwoClosedTwo);
    assert!(Combo::DoubleThree.score() > Combo::Four.score());
    assert!(Combo::FourThree.score() > Combo::DoubleThree.score());
    assert!(Combo::OpenThree.score() == 200, "the seed program's value");
    let mut last = -1;
    for c in [
        Combo::None,
        Combo::ClosedTwo,
        Combo::OpenTwo,
        Combo::OpenThree,
        Combo::Four,
        Combo::Five,
    ] {
        assert!(c.score() > last);
        last = c.score();
    }
}
