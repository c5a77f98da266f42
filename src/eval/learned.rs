//! The learned evaluation: trained tables indexed by fine pattern code ([`crate::eval::codes::fine_code`]) for
//! the side to move's points and for the opponent's, a table over the threat mask (who holds fours, open threes and
//! double threats), and a weight for the stones' centre values. The weights are data
//! (`weights_freestyle.rs`, `weights_standard.rs`, `weights_renju.rs`, one per rule, written by `gomoku train`);
//! see [`crate::eval::train`].

use crate::board::Rule;
use crate::eval::codes::FINE_CODES;
use crate::eval::weights_freestyle as freestyle;
use crate::eval::weights_renju as renju;
use crate::eval::weights_standard as standard;
use std::sync::OnceLock;

/// Number of entries of [`value_pairs`]: a power of two above [`FINE_CODES`], so that a code masked with
/// `PAIR_SLOTS - 1` indexes it without a bounds check.
pub const PAIR_SLOTS: usize = 4096;
const _: () = assert!(FINE_CODES <= PAIR_SLOTS);

/// Number of threat-mask values ([`crate::eval::Position::threat_mask`] has 7 bits).
pub const MASKS: usize = 1 << 7;

/// Number of weights in a linear model over the features: fine codes for the side to move, codes for the
/// opponent, the threat mask (one-hot), and the stones' centre-value balance.
pub const FEATURES: usize = 2 * FINE_CODES + MASKS + 1;
/// Index of the first opponent-code feature.
pub const OPP_BASE: usize = FINE_CODES;
/// Index of the first threat-mask feature.
pub const MASK_BASE: usize = 2 * FINE_CODES;
/// Index of the stone-balance feature.
pub const STONE: usize = 2 * FINE_CODES + MASKS;

/// One rule's evaluation tables, in evaluation units (the trainer's logistic scale is
/// [`crate::eval::train::SCALE`] units per unit of log-odds).
pub struct Tables {
    /// Value of a point by its fine code for the side to move.
    pub me: [i32; FINE_CODES],
    /// Value of a point by its fine code for the opponent.
    pub opp: [i32; FINE_CODES],
    /// Value of the threat mask.
    pub mask: [i32; MASKS],
    /// Value of one point of centre-value balance (side to move minus opponent).
    pub stone: i32,
}

/// Widens a stored `i16` table.
fn widen<const N: usize>(w: &[i16; N]) -> [i32; N] {
    w.map(i32::from)
}

/// The [`Tables`] of a weights module (`ME`, `OPP`, `MASK` and `STONE`, written by `gomoku train`).
macro_rules! tables_of {
    ($weights:ident) => {
        Tables {
            me: widen(&$weights::ME),
            opp: widen(&$weights::OPP),
            mask: widen(&$weights::MASK),
            stone: $weights::STONE as i32,
        }
    };
}

impl Tables {
    /// The tables for `rule`, each trained on self-play games under that rule. They are widened from the
    /// stored `i16` on first use, so that the binary (the wasm file's budget) holds them once, at half size.
    pub fn get(rule: Rule) -> &'static Tables {
        static FREESTYLE: OnceLock<Box<Tables>> = OnceLock::new();
        static STANDARD: OnceLock<Box<Tables>> = OnceLock::new();
        static RENJU: OnceLock<Box<Tables>> = OnceLock::new();
        match rule {
            Rule::Freestyle => FREESTYLE.get_or_init(|| Box::new(tables_of!(freestyle))),
            Rule::Standard => STANDARD.get_or_init(|| Box::new(tables_of!(standard))),
            Rule::Renju => RENJU.get_or_init(|| Box::new(tables_of!(renju))),
        }
    }

    /// The weight of feature `i` (see [`FEATURES`]).
    pub fn weight(&self, i: usize) -> i32 {
        match i {
            _ if i < OPP_BASE => self.me[i],
            _ if i < MASK_BASE => self.opp[i - OPP_BASE],
            _ if i < STONE => self.mask[i - MASK_BASE],
            _ => self.stone,
        }
    }
}

/// The rule's [`Tables::me`] and [`Tables::opp`] side by side, `[me, opp]` by fine code (zero past
/// [`FINE_CODES`]), built on first use: the incremental evaluation reads both values of a code in one load.
pub fn value_pairs(rule: Rule) -> &'static [[i32; 2]; PAIR_SLOTS] {
    static FREESTYLE: OnceLock<Box<[[i32; 2]; PAIR_SLOTS]>> = OnceLock::new();
    static STANDARD: OnceLock<Box<[[i32; 2]; PAIR_SLOTS]>> = OnceLock::new();
    static RENJU: OnceLock<Box<[[i32; 2]; PAIR_SLOTS]>> = OnceLock::new();
    let cell = match rule {
        Rule::Freestyle => &FREESTYLE,
        Rule::Standard => &STANDARD,
        Rule::Renju => &RENJU,
    };
    cell.get_or_init(|| {
        let t = Tables::get(rule);
        let mut pairs = Box::new([[0; 2]; PAIR_SLOTS]);
        for (code, pair) in pairs.iter_mut().take(FINE_CODES).enumerate() {
            *pair = [t.me[code], t.opp[code]];
        }
        pairs
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_pairs_hold_me_and_opp_of_every_code() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let (t, pairs) = (Tables::get(rule), value_pairs(rule));
            for (code, pair) in pairs.iter().enumerate().take(FINE_CODES) {
                assert_eq!(*pair, [t.me[code], t.opp[code]]);
            }
            assert!(pairs[FINE_CODES..].iter().all(|&p| p == [0, 0]));
        }
    }
}
