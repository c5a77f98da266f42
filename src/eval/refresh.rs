//! Keeping a [`Position`]'s per-point patterns, threat sets and learned sums up to date as stones are placed:
//! the incremental part of `make`, apart from the position's accessors and its undo records.

use super::*;

/// Whether this CPU can run the refresh's AVX2 copy ([`Position::refresh_around_in`]): it has every feature that
/// copy is compiled for. Only x86-64 has that copy; wasm and other targets have the portable one alone.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_avx2() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt")
}

/// The rule kinds the refresh is compiled apart for ([`Position::refresh_around_in`]'s `RULE`).
pub(super) const FREESTYLE: u8 = 0;
/// Standard: neither colour's overlines win.
pub(super) const STANDARD: u8 = 1;
/// Renju: black's overlines do not win (and black may have forbidden points), white's do.
pub(super) const RENJU: u8 = 2;

/// Whether only exactly five wins for `c` under the rule kind `RULE`, so that its patterns read the extended
/// line keys.
#[inline(always)]
const fn exact<const RULE: u8>(c: Color) -> bool {
    RULE == STANDARD || (RULE == RENJU && matches!(c, Color::Black))
}

impl Position {
    /// Recomputes `p` in every direction and the points within four steps of it along each line in that
    /// line's direction only (the only key that changed for them); five steps where overlines do not win.
    /// Compiled apart for each rule kind (`RULE`), so that freestyle's path carries none of the other rules'
    /// work and theirs test no rule at run time, and for the threat searches (`!LEARN`: no learned sums). On
    /// x86-64 CPUs with AVX2 ([`has_avx2`], checked once per position) it runs a copy compiled for those
    /// instructions: the portable build targets x86-64's baseline, without BMI2's shifts or 256-bit vectors.
    #[inline(always)]
    pub(super) fn refresh_around_in<const RULE: u8, const LEARN: bool>(&mut self, p: Point) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where `has_avx2` found every feature the copy is compiled for.
            unsafe { self.refresh_around_avx2::<RULE, LEARN>(p) };
            return;
        }
        self.refresh_around_portable::<RULE, LEARN>(p);
    }

    /// [`Position::refresh_around_in`] for any CPU; not inlined (the rule copies inlined into `make` made
    /// freestyle's code worse).
    #[inline(never)]
    fn refresh_around_portable<const RULE: u8, const LEARN: bool>(&mut self, p: Point) {
        self.refresh_around::<RULE, LEARN>(p);
    }

    /// [`Position::refresh_around_in`] compiled for x86-64 CPUs with AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    fn refresh_around_avx2<const RULE: u8, const LEARN: bool>(&mut self, p: Point) {
        self.refresh_around::<RULE, LEARN>(p);
    }

    /// The body of [`Position::refresh_around_in`], inlined into each compiled copy.
    #[inline(always)]
    fn refresh_around<const RULE: u8, const LEARN: bool>(&mut self, p: Point) {
        self.refresh::<RULE, LEARN>(p, None);
        self.refresh_line::<RULE, LEARN, 0>(p);
        self.refresh_line::<RULE, LEARN, 1>(p);
        self.refresh_line::<RULE, LEARN, 2>(p);
        self.refresh_line::<RULE, LEARN, 3>(p);
    }

    /// The points along direction `D` ([`Direction::ALL`] index) of [`Position::refresh_around_in`]: a constant
    /// direction per copy, so that every shift selecting its patterns is a constant.
    #[inline(always)]
    fn refresh_line<const RULE: u8, const LEARN: bool, const D: usize>(&mut self, p: Point) {
        let d = Direction::ALL[D];
        // Bit k + 5: the point k steps along d is on the board ([`Point::reach`]).
        let reach = p.reach(d);
        for k in 1..=4 {
            if reach >> (5 + k) & 1 != 0 {
                self.refresh::<RULE, LEARN>(p.step(d, k), Some(d));
            }
            if reach >> (5 - k) & 1 != 0 {
                self.refresh::<RULE, LEARN>(p.step(d, -k), Some(d));
            }
        }
        if RULE != FREESTYLE {
            // Five steps away only the extension bit of the colour that moved changed, and only a colour
            // whose overlines do not win reads it.
            let mover = self.board.to_move().opponent();
            if exact::<RULE>(mover) {
                for k in [5, -5] {
                    if reach >> (5 + k) & 1 != 0 {
                        self.refresh_far::<RULE, LEARN>(p.step(d, k), d, mover);
                    }
                }
            }
        }
    }

    /// Recomputes colour `c`'s patterns along `d` on `p`, five steps from the stone just placed, whose extension
    /// bit ([`crate::board::Board::key_ext`]) is the only one the stone changed.
    #[inline(always)]
    fn refresh_far<const RULE: u8, const LEARN: bool>(&mut self, p: Point, d: Direction, c: Color) {
        if self.board.is_empty_at(p) {
            let old = self.patterns[c.index()][p.index()];
            let new = old.with_entry(d, line_entry(self.line_fine::<RULE>(p, c, d)));
            self.update_point::<RULE, LEARN>(p, c, Some(d), true, old, new);
        }
    }

    /// The fine class `c` makes on the empty point `p` along `d` under the rule kind `RULE`.
    #[inline(always)]
    fn line_fine<const RULE: u8>(&self, p: Point, c: Color, d: Direction) -> Fine {
        if exact::<RULE>(c) {
            self.table.fine_ext(c, self.board.key_ext(p, d, c))
        } else {
            self.table.fine(c, self.board.key(p, d))
        }
    }

    /// Black's and white's [`line_entry`] on the empty point `p` along `d`: one load for both where overlines
    /// win.
    #[inline(always)]
    fn line_entries<const RULE: u8>(&self, p: Point, d: Direction) -> [u8; 2] {
        if RULE != FREESTYLE {
            [
                line_entry(self.line_fine::<RULE>(p, Color::Black, d)),
                line_entry(self.line_fine::<RULE>(p, Color::White, d)),
            ]
        } else {
            self.table.both(self.board.key(p, d))
        }
    }

    /// Whether the line tables call the empty point `p` forbidden to black under renju.
    fn locally_forbidden(&self, p: Point) -> bool {
        let lines = per_direction(|d| renju::line_info(self.board.key_ext(p, d, Color::Black)));
        renju::local_verdict(lines).is_some()
    }

    /// Recomputes one point's fine classes and patterns (all directions, or only `dir`), combination and threat
    /// sets for both colours, and the learned sums if `LEARN`.
    #[inline(always)]
    pub(super) fn refresh<const RULE: u8, const LEARN: bool>(&mut self, p: Point, dir: Option<Direction>) {
        let empty = self.board.is_empty_at(p);
        let i = p.index();
        let entries = match (empty, dir) {
            (true, Some(d)) => self.line_entries::<RULE>(p, d),
            _ => [0; 2],
        };
        for c in Color::BOTH {
            let old = self.patterns[c.index()][i];
            let new = match (empty, dir) {
                (false, _) => Lines::NONE,
                (true, Some(d)) => old.with_entry(d, entries[c.index()]),
                (true, None) => Lines::from_array(per_direction(|d| self.line_fine::<RULE>(p, c, d))),
            };
            self.update_point::<RULE, LEARN>(p, c, dir, empty, old, new);
        }
    }

    /// Stores `c`'s recomputed patterns `new` on `p` (`old` before; `dir`, `empty` as in [`Position::refresh`])
    /// and, where they changed, its combination and threat sets and the learned sums if `LEARN`. Inlined only
    /// as far as the common case, no change (black's under renju may change by its liveness alone).
    #[inline(always)]
    fn update_point<const RULE: u8, const LEARN: bool>(
        &mut self,
        p: Point,
        c: Color,
        dir: Option<Direction>,
        empty: bool,
        old: Lines,
        new: Lines,
    ) {
        if new != old || (RULE == RENJU && c == Color::Black) {
            self.store_point::<RULE, LEARN>(p, c, dir, empty, old, new);
        }
    }

    /// The body of [`Position::update_point`] past its first check, out of line (one copy per compiled
    /// refresh instead of one per point it refreshes). Its arguments are passed one by one: bundled in a
    /// struct, they went through memory and the fixed bench took 5–7 % longer.
    #[inline(never)]
    fn store_point<const RULE: u8, const LEARN: bool>(
        &mut self,
        p: Point,
        c: Color,
        dir: Option<Direction>,
        empty: bool,
        old: Lines,
        mut new: Lines,
    ) {
        let (i, ci) = (p.index(), c.index());
        // Black's threats under renju also depend on whether the point may be forbidden.
        let renju_black = RULE == RENJU && c == Color::Black;
        let (was_forbidden, forbidden) = if renju_black {
            if empty {
                // Only the lines that changed can change liveness; a point with no live line is not
                // forbidden (every line info is empty, so `local_verdict` says None).
                let live = |d| self.table.live(self.board.key_ext(p, d, Color::Black));
                match dir {
                    Some(d) => new = new.with_live(d, live(d)),
                    None => {
                        for d in Direction::ALL {
                            new = new.with_live(d, live(d));
                        }
                    }
                }
            }
            (
                self.maybe_forbidden.contains(p),
                new.any_live() && self.locally_forbidden(p),
            )
        } else {
            (false, false)
        };
        if new == old && forbidden == was_forbidden {
            return;
        }
        self.pattern_log.push(((ci * POINT_SLOTS + i) as u16, old));
        self.patterns[ci][i] = new;
        if LEARN {
            // A point forbidden to black is worth nothing to black: black can never play it.
            let (codes, values) = (self.fine_codes, self.values);
            let value = |l: Lines, forbidden: bool| {
                if forbidden {
                    [0, 0]
                } else {
                    values[codes[l.fine().raw() as usize] as usize & (PAIR_SLOTS - 1)]
                }
            };
            let (was_value, now_value) = (value(old, was_forbidden), value(new, forbidden));
            self.code_sum[ci][0] += now_value[0] - was_value[0];
            self.code_sum[ci][1] += now_value[1] - was_value[1];
            // Only the fine classes may have changed: the network reads the coarse code alone.
            let coarse = |l: Lines, forbidden: bool| if forbidden { 0 } else { codes::code(l.coarse()) };
            let (was, now) = (coarse(old, was_forbidden), coarse(new, forbidden));
            if was != now {
                self.net.update(&mut self.net_sum, ci, was, now);
            }
        }
        if new.coarse() == old.coarse() && forbidden == was_forbidden {
            // Only the fine classes changed: no threat changed.
            return;
        }
        let (was, now) = if renju_black {
            self.maybe_forbidden.assign(p, forbidden);
            let threats = |pats: Patterns, f: bool| if f { Threats::default() } else { pats.threats() };
            (threats(old.coarse(), was_forbidden), threats(new.coarse(), forbidden))
        } else {
            (old.coarse().threats(), new.coarse().threats())
        };
        self.doubles[ci] += i32::from(is_double(now.combo)) - i32::from(is_double(was.combo));
        let changed = was.flags ^ now.flags;
        if changed != 0 {
            let set = [
                (Threats::FIVE, &mut self.fives[ci]),
                (Threats::FOUR, &mut self.fours[ci]),
                (Threats::OPEN_FOUR, &mut self.open_fours[ci]),
                (Threats::OPEN_THREE, &mut self.threes[ci]),
            ];
            for (flag, board) in set {
                if changed & flag != 0 {
                    board.assign(p, now.flags & flag != 0);
                }
            }
        }
    }
}
