//! Threat-aware move generation for the search: forced sets of replies, and otherwise every point near the
//! stones ordered by the learned policy, moves that make or stop a three first.

use crate::board::bitboard::Bitboard;
use crate::board::coord::{Color, Point};
use crate::eval::pattern::Combo;
use crate::eval::policy::Policy;
use crate::eval::Position;
use crate::search::MoveList;

/// Fills `list` with `pos`'s candidate moves, threat-aware. Returns true for a forced set of replies.
///
/// - a five available: only that;
/// - the opponent threatens five: only the block;
/// - the opponent can make an open four: the points where it makes a four that may stop every such open four
///   ([`Position::open_four_stoppers`]), plus our own fours;
/// - otherwise every empty point within two steps of a stone, scored by the learned policy, moves that make
///   or stop a three first ([`is_loud`]).
///
/// Black under renju is never offered a forbidden point; if that leaves a forced set empty (the only block
/// is forbidden: the game is lost), the unforced moves are offered instead.
pub fn generate_moves(pos: &Position, list: &mut MoveList<Point>) -> bool {
    if !pos.has_forbidden() {
        return candidate_moves(pos, list, false);
    }
    let forced = candidate_moves(pos, list, false);
    list.retain(|m| !pos.is_forbidden_move(m));
    if list.is_empty() && forced {
        candidate_moves(pos, list, true);
        list.retain(|m| !pos.is_forbidden_move(m));
        return false;
    }
    forced
}

/// [`generate_moves`] before any forbidden point is left out; `unforced` skips the forcing cases.
#[inline]
fn candidate_moves(pos: &Position, list: &mut MoveList<Point>, unforced: bool) -> bool {
    let me = pos.to_move();
    let opp = me.opponent();
    if !unforced {
        if let Some(p) = pos.fives(me).first() {
            list.push(p, 0);
            return true;
        }
        let opp_fives = pos.fives(opp);
        if !opp_fives.is_empty() {
            for p in opp_fives.iter() {
                list.push(p, 0);
            }
            return true;
        }
    }
    let (area, forced) = if !unforced && !pos.legal_open_fours(opp).is_empty() {
        // Black's fours on points the line tables flag are not in `fours`; the caller drops the forbidden ones.
        let blocks = pos.blocks_that_may_stop(opp, pos.fours(opp));
        (blocks | pos.fours(me) | pos.maybe_forbidden(), true)
    } else if pos.board().stone_count() == 0 {
        (Bitboard::from_point(Point::CENTER), false)
    } else {
        (pos.board().occupied().dilate().dilate() & pos.board().empty(), false)
    };
    if forced {
        for p in area.iter() {
            list.push(p, seed_score(pos, p, me));
        }
    } else {
        let policy = Policy::new(pos);
        list.extend(area.iter().map(|p| (p, order_score(pos, &policy, p))));
    }
    forced
}

/// The seed program's ordering score of `p` for the side `me`: its square score for both colours. It orders
/// forced sets and picks the move of [`Mode::EvalOnly`](super::Mode::EvalOnly).
#[inline]
pub fn seed_score(pos: &Position, p: Point, me: Color) -> i32 {
    pos.square_score(p, me) + pos.square_score(p, me.opponent())
}

/// Seed scores below this make or stop no three: the move is quiet.
pub const QUIET_SEED: i32 = 2 * Combo::ClosedThree.score();

// [`is_loud`] reads [`QUIET_SEED`] off the two combinations. The facts it rests on (two position values add up
// to at most 14): every combination below a closed three scores at most `SMALL`, every one from a double open
// two up at least `QUIET_SEED`; two closed threes reach it, a closed three and a smaller one do not, nor do
// two smaller ones.
const _: () = {
    use Combo::*;
    const SMALL: i32 = OpenTwoClosedTwo.score();
    let all = [
        None,
        ClosedTwo,
        OpenTwo,
        OpenTwoClosedTwo,
        ClosedThree,
        DoubleOpenTwo,
        OpenThree,
        Four,
        OpenThreeClosedThree,
        DoubleThree,
        FourThree,
        DoubleFour,
        OpenFour,
        Five,
    ];
    let mut i = 0;
    while i < all.len() {
        let (c, s) = (all[i] as u8, all[i].score());
        assert!(c >= ClosedThree as u8 || s <= SMALL);
        assert!(c < DoubleOpenTwo as u8 || s >= QUIET_SEED);
        i += 1;
    }
    assert!(2 * ClosedThree.score() >= QUIET_SEED);
    assert!(ClosedThree.score() + SMALL + 14 < QUIET_SEED);
    assert!(2 * SMALL + 14 < QUIET_SEED);
};

/// Whether the empty point `p` makes or stops a three: exactly `seed_score(pos, p, me) >= QUIET_SEED` (the
/// same for either side to move `me`), read off the two combinations without adding up scores (black's counts
/// as nothing where `p` may be forbidden to black, as in [`Position::square_score`]). Seed scores below
/// [`Combo::ClosedThree`] are at most 10 and position values at most 7, so the seed score reaches
/// [`QUIET_SEED`] exactly when one colour makes a [`Combo::DoubleOpenTwo`] or more, or both make a
/// [`Combo::ClosedThree`] or more.
#[inline(always)]
pub fn is_loud(pos: &Position, p: Point) -> bool {
    let black = pos.playable_combo(p, Color::Black);
    let white = pos.combo(p, Color::White);
    black.max(white) >= Combo::DoubleOpenTwo || black.min(white) >= Combo::ClosedThree
}

/// Ordering scores of unforced moves that make or stop a three start here; quiet moves stay below half of it.
pub(super) const LOUD: i32 = 1 << 14;

/// Move-ordering score of the unforced candidate `p` for the side to move: moves that make or stop a three
/// ([`is_loud`]) first, each group ordered by the learned policy.
#[inline]
fn order_score(pos: &Position, policy: &Policy, p: Point) -> i32 {
    let score = policy.score(pos, p).clamp(-LOUD / 2, LOUD / 2 - 1);
    if is_loud(pos, p) {
        LOUD + score
    } else {
        score
    }
}
