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
        assert_eq!(t.fine(Color::Black, k), t.fine(Color::White, swap(k)));
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

fn black_fine(line: &str) -> Fine {
    PatternTable::get(Rule::Freestyle).fine(Color::Black, key(line))
}

#[test]
fn fine_classes_tell_apart_shapes_of_one_pattern() {
    // Twos by their ways to an open three.
    assert_eq!(black_fine("...X*...."), Fine::OpenTwo4, "connected two _XX_: four ways");
    assert_eq!(black_fine("..X.*...."), Fine::OpenTwo3, "split two X_X: three ways");
    assert_eq!(black_fine(".X..*...."), Fine::OpenTwo2, "far two X__X: two ways");
    assert_eq!(
        black_fine("...O*X..."),
        Fine::ClosedTwo3,
        "OXX___: three ways to a closed three"
    );
    // Threes by their ways to an open four.
    assert_eq!(black_fine("..XX*...."), Fine::OpenThree2, "true open three: either end");
    assert_eq!(
        black_fine(".X.X*...."),
        Fine::OpenThree1,
        "broken three X_XX: only the gap"
    );
    assert_eq!(
        black_fine(".O.X*X..O"),
        Fine::OpenThree1,
        "cramped: only one end makes an open four"
    );
    assert_eq!(
        black_fine("..OX*X..."),
        Fine::ClosedThree2,
        "OXXX__: two ways to a four"
    );
    assert_eq!(black_fine("..X.*.X.."), Fine::ClosedThree2, "X_X_X: either gap");
    assert_eq!(black_fine("....*...."), Fine::None);
    assert_eq!(black_fine("...X*XX.."), Fine::OpenFour);
    for line in ["...X*....", ".X.X*....", "....*....", "...X*XX.."] {
        assert_eq!(black_fine(line).coarse(), black(line), "{line}");
    }
}

/// Every key of every rule's table, for both colours: the fine class is the key's pattern refined by what its
/// children (one more own stone on an empty slot, looked up in the same table) make.
#[test]
fn fine_classes_refine_the_pattern_by_the_children_in_the_table() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let t = PatternTable::get(rule);
        for c in Color::BOTH {
            let keys = if rule.exact_five(c) { EXT_KEYS } else { KEYS };
            let own = cell::stone(c) as u32;
            for key in 0..keys as u32 {
                let p = t.pattern_ext(c, key);
                let fine = t.fine_ext(c, key);
                assert_eq!(fine.coarse(), p);
                let mut ways = 0;
                for s in 0..8 {
                    if (key >> (2 * s)) as u16 & 3 == cell::EMPTY {
                        let child = t.pattern_ext(c, key | own << (2 * s));
                        ways += u32::from(Some(child) == Fine::growth(p));
                    }
                }
                assert_eq!(fine, Fine::refine(p, ways), "{rule:?} {c:?} key {key:#x}");
            }
        }
    }
}

#[test]
fn both_colours_table_and_renju_liveness_agree_with_the_colour_tables() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let t = PatternTable::get(rule);
        for key in 0..KEYS as u16 {
            let [black, white] = t.both(key);
            assert_eq!(black, line_entry(t.fine(Color::Black, key)), "{rule:?} key {key:#x}");
            assert_eq!(white, line_entry(t.fine(Color::White, key)), "{rule:?} key {key:#x}");
            assert_eq!(black & 15, t.fine(Color::Black, key) as u8);
            assert_eq!(black >> 4, t.pattern(Color::Black, key) as u8);
        }
        for key in 0..EXT_KEYS as u32 {
            let live = rule == Rule::Renju && renju::line_info(key) != LineInfo::default();
            assert_eq!(t.live(key), live, "{rule:?} key {key:#x}");
        }
    }
}
