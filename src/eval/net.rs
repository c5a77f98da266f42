//! The non-linear part of the learned evaluation: a one-layer network over the points' coarse pattern codes
//! ([`crate::eval::codes::code`]). Every empty point adds its code's embedding, one for the side to move's
//! code and one for the opponent's, to a [`HIDDEN`]-wide accumulator that make/undo keep up to date like the
//! linear sums; the evaluation adds `Σ out[k] · clamp(acc[k] + mask[threat mask][k] + bias[k], 0, Q) / Q`.
//! The weights (`net_freestyle.rs`, `net_standard.rs`, `net_renju.rs`, one per rule) are data written by
//! `tools/train_net.py`.

use crate::board::Rule;
use crate::eval::codes::CODES;
use crate::eval::learned::MASKS;
use crate::eval::net_freestyle as freestyle;
use crate::eval::net_renju as renju;
use crate::eval::net_standard as standard;
use std::sync::OnceLock;

/// Width of the accumulator: the widest rule's hidden layer. A narrower network is padded with units whose
/// weights are all zero (they add nothing), so that every rule shares one accumulator and one update.
pub const HIDDEN: usize = widest([freestyle::HIDDEN, standard::HIDDEN, renju::HIDDEN]);

/// The largest of `widths` (a `const fn`: `Iterator::max` is not).
const fn widest(widths: [usize; 3]) -> usize {
    let mut w = 0;
    let mut i = 0;
    while i < widths.len() {
        if widths[i] > w {
            w = widths[i];
        }
        i += 1;
    }
    w
}

/// One unit of a hidden activation: activations are clamped to `0..=Q`.
pub const Q: i32 = 128;

/// Per colour, the sums of the embeddings of its points' codes as side to move (`[0]`) and as opponent
/// (`[1]`). Wrapping `i16` arithmetic: the sums the evaluation reads are small, whatever the order of updates.
pub type Accumulator = [[[i16; HIDDEN]; 2]; 2];

/// One rule's network, [`HIDDEN`] units wide.
pub struct Net {
    /// Per coarse code: its embedding for the side to move and for the opponent, widened from the stored
    /// `i8` so that an update adds without sign-extending.
    pub embedding: Box<[[[i16; HIDDEN]; 2]; CODES]>,
    /// Per threat mask ([`crate::eval::Position::threat_mask`]).
    pub mask: Box<[[i16; HIDDEN]; MASKS]>,
    /// Hidden biases.
    pub bias: [i16; HIDDEN],
    /// Output weights, in evaluation units per unit of activation.
    pub out: [i32; HIDDEN],
}

/// The [`Net`] of a weights module (`HIDDEN`, `EMBEDDING`, `MASK`, `BIAS` and `OUT`, written by
/// `tools/train_net.py`).
macro_rules! net_of {
    ($weights:ident) => {
        Net::padded::<{ $weights::HIDDEN }>(&$weights::EMBEDDING, &$weights::MASK, &$weights::BIAS, &$weights::OUT)
    };
}

impl Net {
    /// The network of `rule` (every rule has one), built on first use: the widened
    /// embeddings live in memory, not in the binary (the wasm file's budget).
    pub fn get(rule: Rule) -> &'static Net {
        static FREESTYLE: OnceLock<Net> = OnceLock::new();
        static STANDARD: OnceLock<Net> = OnceLock::new();
        static RENJU: OnceLock<Net> = OnceLock::new();
        match rule {
            Rule::Freestyle => FREESTYLE.get_or_init(|| net_of!(freestyle)),
            Rule::Standard => STANDARD.get_or_init(|| net_of!(standard)),
            Rule::Renju => RENJU.get_or_init(|| net_of!(renju)),
        }
    }

    /// A network stored `W` units wide, as [`HIDDEN`] units: the embeddings widened to `i16`, the units past
    /// `W` all zero.
    fn padded<const W: usize>(
        embedding: &[[[i8; W]; 2]; CODES],
        mask: &[[i16; W]; MASKS],
        bias: &[i16; W],
        out: &[i32; W],
    ) -> Net {
        let mut net = Net {
            embedding: Box::new([[[0; HIDDEN]; 2]; CODES]),
            mask: Box::new([[0; HIDDEN]; MASKS]),
            bias: [0; HIDDEN],
            out: [0; HIDDEN],
        };
        for (to, from) in net.embedding.iter_mut().zip(embedding) {
            pad(&mut to[0], &from[0]);
            pad(&mut to[1], &from[1]);
        }
        for (to, from) in net.mask.iter_mut().zip(mask) {
            pad(to, from);
        }
        pad(&mut net.bias, bias);
        pad(&mut net.out, out);
        net
    }

    /// Moves colour `ci`'s point from coarse code `was` to `now` in `acc`.
    #[inline(always)]
    pub fn update(&self, acc: &mut Accumulator, ci: usize, was: u16, now: u16) {
        let (a, b) = (&self.embedding[was as usize], &self.embedding[now as usize]);
        for (role, sum) in acc[ci].iter_mut().enumerate() {
            // Summed in a local copy: stores into `acc` could alias the embeddings, which kept the
            // compiler from vectorising an update in place.
            let mut s = *sum;
            for k in 0..HIDDEN {
                s[k] = s[k].wrapping_add(b[role][k].wrapping_sub(a[role][k]));
            }
            *sum = s;
        }
    }

    /// The correction for the side to move `me` (colour index) with threat mask `mask`, in evaluation units.
    #[inline(always)]
    pub fn output(&self, acc: &Accumulator, me: usize, mask: usize) -> i32 {
        let m = &self.mask[mask % MASKS];
        let (mine, theirs) = (&acc[me & 1][0], &acc[(me ^ 1) & 1][1]);
        let mut sum = 0;
        for k in 0..HIDDEN {
            let a = i32::from(mine[k]) + i32::from(theirs[k]) + i32::from(m[k]) + i32::from(self.bias[k]);
            sum += self.out[k] * a.clamp(0, Q);
        }
        sum.div_euclid(Q)
    }
}

/// `from`'s `W` values at the start of each row of `to` (the rest stay zero).
fn pad<T: Copy, U: From<T>, const W: usize>(to: &mut [U; HIDDEN], from: &[T; W]) {
    for (t, &f) in to.iter_mut().zip(from) {
        *t = U::from(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `net` holds the stored `W`-wide weights in its first units and zeros in the rest.
    fn assert_padded<const W: usize>(
        net: &Net,
        embedding: &[[[i8; W]; 2]; CODES],
        mask: &[[i16; W]; MASKS],
        bias: &[i16; W],
        out: &[i32; W],
    ) {
        let same = |wide: &[i32], stored: &[i32]| wide[..W] == *stored && wide[W..].iter().all(|&x| x == 0);
        for (wide, stored) in net.embedding.iter().zip(embedding) {
            for role in 0..2 {
                assert!(same(&ints(&wide[role]), &ints(&stored[role])));
            }
        }
        for (wide, stored) in net.mask.iter().zip(mask) {
            assert!(same(&ints(wide), &ints(stored)));
        }
        assert!(same(&ints(&net.bias), &ints(bias)));
        assert!(same(&net.out, out));
    }

    /// A row's values as `i32`s.
    fn ints<T: Copy + Into<i32>>(row: &[T]) -> Vec<i32> {
        row.iter().map(|&x| x.into()).collect()
    }

    /// Every rule's network as built holds its stored weights (and a narrower one units that add nothing).
    #[test]
    fn each_rules_network_holds_its_stored_weights() {
        let f = Net::get(Rule::Freestyle);
        assert_padded(
            f,
            &freestyle::EMBEDDING,
            &freestyle::MASK,
            &freestyle::BIAS,
            &freestyle::OUT,
        );
        let s = Net::get(Rule::Standard);
        assert_padded(
            s,
            &standard::EMBEDDING,
            &standard::MASK,
            &standard::BIAS,
            &standard::OUT,
        );
        let r = Net::get(Rule::Renju);
        assert_padded(r, &renju::EMBEDDING, &renju::MASK, &renju::BIAS, &renju::OUT);
    }

    /// A network stored narrower than the accumulator (no rule's is now: all have 32 units) keeps its weights
    /// in the first units, and the rest add nothing: all their weights are zero, so is their output weight.
    #[test]
    fn a_narrower_network_is_padded_with_zero_units() {
        const W: usize = HIDDEN / 4;
        let embedding = Box::new([[[3; W]; 2]; CODES]);
        let mask = Box::new([[-2; W]; MASKS]);
        let net = Net::padded::<W>(&embedding, &mask, &[5; W], &[7; W]);
        assert_padded(&net, &embedding, &mask, &[5; W], &[7; W]);
    }
}
