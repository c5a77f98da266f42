//! Pattern codes: a point's four directional patterns as an unordered multiset, so that the same shapes in
//! different directions share one code. With the 8 line patterns of [`Pattern`] there are
//! C(8 + 3, 4) = 330 codes; code 0 is "nothing in any direction" (also every occupied point).
//!
//! The policy ([`crate::eval::policy`]) indexes its tables by these codes. The learned evaluation
//! ([`crate::eval::learned`]) and its trainer ([`crate::eval::train`]) index theirs by **fine codes**: the
//! unordered multiset of the point's four fine classes ([`Fine`], 14 of them), C(14 + 3, 4) = 2 380 codes, code
//! 0 being "nothing in any direction" (also every occupied point).

use crate::eval::fine::{Fine, FinePatterns, FINE};
use crate::eval::pattern::{Pattern, Patterns};
use std::sync::OnceLock;

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

/// Number of distinct fine codes.
pub const FINE_CODES: usize = 2380;

/// Number of packed [`FinePatterns`] values (4 directions × 4 bits).
pub const FINE_PACKED: usize = 1 << 16;

/// The fine code of every packed [`FinePatterns`] value (sorted tuples a ≤ b ≤ c ≤ d numbered in
/// lexicographic order; 0 for the packed values no classes make), built on first use.
pub fn fine_code_table() -> &'static [u16; FINE_PACKED] {
    static TABLE: OnceLock<Box<[u16; FINE_PACKED]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut sorted_code = vec![0u16; FINE_PACKED];
        let mut next = 0u16;
        for a in 0..FINE {
            for b in a..FINE {
                for c in b..FINE {
                    for d in c..FINE {
                        sorted_code[a | b << 4 | c << 8 | d << 12] = next;
                        next += 1;
                    }
                }
            }
        }
        debug_assert_eq!(next as usize, FINE_CODES);
        let table: Vec<u16> = (0..FINE_PACKED)
            .map(|i| {
                let mut v = [i & 15, (i >> 4) & 15, (i >> 8) & 15, i >> 12];
                v.sort_unstable();
                sorted_code[v[0] | v[1] << 4 | v[2] << 8 | v[3] << 12]
            })
            .collect();
        table
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the table has FINE_PACKED entries"))
    })
}

/// The fine code of a point's packed fine classes.
#[inline]
pub fn fine_code(f: FinePatterns) -> u16 {
    fine_code_table()[f.raw() as usize]
}

/// The four fine classes (weakest first) of every fine code, built on first use.
pub fn fines_of(code: u16) -> [Fine; 4] {
    static CLASSES: OnceLock<Vec<[Fine; 4]>> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let mut out = vec![[Fine::None; 4]; FINE_CODES];
        let valid = |raw: usize| (0..4).all(|d| (raw >> (4 * d)) & 15 < FINE);
        for (raw, &c) in fine_code_table().iter().enumerate().filter(|&(raw, _)| valid(raw)) {
            let mut v = [0, 1, 2, 3].map(|d| Fine::ALL[(raw >> (4 * d)) & 15]);
            v.sort();
            out[c as usize] = v;
        }
        out
    });
    classes[code as usize]
}

/// The coarse code ([`code`]) of the patterns a fine code refines.
pub fn coarse_code(fine: u16) -> u16 {
    code(Patterns::from_array(fines_of(fine).map(Fine::coarse)))
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

    #[test]
    fn fine_codes_number_the_sorted_tuples_and_ignore_direction_order() {
        let table = fine_code_table();
        let mut next = 0usize;
        let mut seen = vec![false; FINE_CODES];
        for a in 0..FINE {
            for b in a..FINE {
                for c in b..FINE {
                    for d in c..FINE {
                        let sorted = [a, b, c, d].map(|x| Fine::ALL[x]);
                        let code = fine_code(FinePatterns::from_array(sorted));
                        assert_eq!(code as usize, next, "sorted tuples are numbered in order");
                        assert!(!seen[next]);
                        seen[next] = true;
                        assert_eq!(fines_of(code), sorted);
                        // Every order of the same four classes has the same code.
                        for perm in [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] {
                            assert_eq!(fine_code(FinePatterns::from_array(perm.map(|i| sorted[i]))), code);
                        }
                        next += 1;
                    }
                }
            }
        }
        assert_eq!(next, FINE_CODES);
        assert!(table.iter().all(|&c| (c as usize) < FINE_CODES));
        assert_eq!(fine_code(FinePatterns::NONE), 0);
        let f = FinePatterns::from_array([Fine::OpenThree2, Fine::None, Fine::Four, Fine::OpenTwo3]);
        assert_eq!(
            coarse_code(fine_code(f)),
            code(Patterns::from_array([OpenThree, None, Four, OpenTwo]))
        );
    }
}
