//! Pattern codes: a point's four directional patterns as an unordered multiset, so that the same shapes in
//! different directions share one code. With the 8 line patterns of [`Pattern`] there are
//! C(8 + 3, 4) = 330 codes; code 0 is "nothing in any direction" (also every occupied point).
//!
//! The learned evaluation ([`crate::eval::learned`]) and its trainer ([`crate::eval::train`]) index their
//! tables by code.

use crate::eval::pattern::{Pattern, Patterns};

/// Number of distinct pattern codes.
pub const CODES: usize = 330;

/// Number of packed [`Patterns`] values (4 directions × 3 bits).
pub const PACKED: usize = 1 << 12;

/// The code of every packed [`Patterns`] value, computed at compile time.
static CODE_OF: [u16; PACKED] = {
    // Number the sorted tuples a ≤ b ≤ c ≤ d in lexicographic order, then map every packed value to the
    // number of its sorted digits.
    let mut sorted_code = [0u16; PACKED];
    let mut next = 0u16;
    let mut a = 0;
    while a < 8 {
        let mut b = a;
        while b < 8 {
            let mut c = b;
            while c < 8 {
                let mut d = c;
                while d < 8 {
                    sorted_code[a | b << 3 | c << 6 | d << 9] = next;
                    next += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    let mut out = [0u16; PACKED];
    let mut i = 0;
    while i < PACKED {
        let mut v = [i & 7, (i >> 3) & 7, (i >> 6) & 7, (i >> 9) & 7];
        // Sort four digits ascending (a fixed network of swaps).
        let pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
        let mut k = 0;
        while k < pairs.len() {
            let (x, y) = pairs[k];
            if v[x] > v[y] {
                let t = v[x];
                v[x] = v[y];
                v[y] = t;
            }
            k += 1;
        }
        out[i] = sorted_code[v[0] | v[1] << 3 | v[2] << 6 | v[3] << 9];
        i += 1;
    }
    out
};

/// The code of a point's packed patterns.
#[inline(always)]
pub fn code(p: Patterns) -> u16 {
    CODE_OF[p.raw() as usize]
}

/// The four patterns (weakest first) of a code, for documentation and the trainer's prior.
pub fn patterns_of(code: u16) -> [Pattern; 4] {
    let i = CODE_OF
        .iter()
        .position(|&c| c == code)
        .expect("every code below CODES has a packed value");
    let raw = i as u16;
    let mut v = [0, 1, 2, 3].map(|d| Pattern::ALL[(raw >> (3 * d)) as usize & 7]);
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pattern::Pattern::*;

    #[test]
    fn codes_ignore_direction_order_and_cover_every_multiset() {
        let a = Patterns::from_array([OpenThree, None, Four, ClosedTwo]);
        let b = Patterns::from_array([Four, ClosedTwo, None, OpenThree]);
        assert_eq!(code(a), code(b));
        assert_ne!(code(a), code(Patterns::from_array([Four, Four, None, OpenThree])));
        assert_eq!(code(Patterns::NONE), 0);
        let mut seen = [false; CODES];
        for raw in 0..PACKED {
            seen[CODE_OF[raw] as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "all {CODES} codes occur");
        assert_eq!(patterns_of(code(a)), [None, ClosedTwo, OpenThree, Four]);
    }
}
