//! Named strength levels (难度): one preset of [`Settings`] each, shared by the page (through the wasm API) and
//! the command line (`gomoku --level casual`), plus the game-to-game variety switch.
//!
//! | level    | AI type         | depth | width | time    | spread |
//! |----------|-----------------|-------|-------|---------|--------|
//! | beginner | evaluation only | –     | –     | instant | 150    |
//! | casual   | search          | 4     | 8     | 250 ms  | 60     |
//! | strong   | search          | 30    | 24    | 250 ms  | 10     |
//! | maximum  | search          | 30    | 24    | 3000 ms | 0      |
//!
//! Depth 30 (the page's largest) is no cap: the search stops on time long before (depth ~11 in 250 ms, ~14 in
//! 3 s). Strong is the full engine (the command line's default width) at a twelfth of Maximum's time. Casual and
//! Strong score at least 75% against the level below; Maximum scored 58.8% against Strong (the ladder in the
//! README, measured with `gomoku --level`): a smaller step than the others.
//! `spread` is the level's choice among near-best root moves: each root move gets a seeded bonus of
//! 0..=spread points, so weaker levels sometimes prefer a slightly worse move (people can beat them).
//! [`VARIETY_SPREAD`] is the bonus every level gets when variety is on: moves of (almost) equal value then
//! vary from game to game with the seed.

use crate::search::engine::{Mode, Settings};
use std::fmt;
use std::str::FromStr;

/// The spread (in evaluation points) that variety gives every level: moves this close count as equal.
pub const VARIETY_SPREAD: i32 = 10;

/// A named strength preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Level {
    /// 入门: evaluation only, with a wide choice among near-best points.
    Beginner,
    /// 休闲: a shallow, narrow, short search with some choice among near-best moves.
    Casual,
    /// 高手: the full engine (no depth cap, width 24: 24 root candidates, 12 to 24 below) at a quarter of a second a
    /// move, with only the variety's choice among equal moves (the page's default).
    #[default]
    Strong,
    /// 大师: the full search (no depth cap, width 24: 24 root candidates, 12 to 24 below) at three seconds a move,
    /// always the best move.
    Maximum,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Maximum];

    /// The level's name on the command line and in the wasm API.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Maximum => "maximum",
        }
    }

    /// The level's settings, deterministic (seed 0); see [`Settings::with_variety`].
    pub fn settings(self) -> Settings {
        let (mode, depth, width, time_ms, spread) = match self {
            Level::Beginner => (Mode::EvalOnly, 1, 1, 10.0, 150),
            Level::Casual => (Mode::Search, 4, 8, 250.0, 60),
            Level::Strong => (Mode::Search, 30, 24, 250.0, VARIETY_SPREAD),
            Level::Maximum => (Mode::Search, 30, 24, 3000.0, 0),
        };
        Settings {
            mode,
            depth,
            width,
            time_ms: Some(time_ms),
            nodes: None,
            spread,
            seed: 0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        write!(f, "unknown level '{}' (expected {})", self.0, names.join(", "))
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let s = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.chars().take(24).collect()))
    }
}

/// The seeded bonus (0..=spread) of root move `index` in the position with hash `key`.
#[inline]
pub fn root_bonus(seed: u64, spread: i32, key: u64, index: usize) -> i32 {
    if spread <= 0 {
        return 0;
    }
    // splitmix64 of the seed, the position and the move: independent for every move of every position.
    let mut z = seed ^ key.rotate_left(17) ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % (spread as u64 + 1)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.name().to_uppercase().parse::<Level>(), Ok(l));
        }
        let err = "expert".parse::<Level>().unwrap_err().to_string();
        assert!(err.contains("expert") && err.contains("casual"), "{err}");
    }

    #[test]
    fn levels_grow_stronger() {
        let s: Vec<Settings> = Level::ALL.iter().map(|l| l.settings()).collect();
        assert_eq!(s[0].mode, Mode::EvalOnly);
        for w in s[1..].windows(2) {
            assert!(w[1].depth >= w[0].depth && w[1].width >= w[0].width && w[1].time_ms >= w[0].time_ms);
            assert!(w[1].spread <= w[0].spread);
        }
        assert_eq!(Level::default(), Level::Strong);
        // Strong (the page's default) is the full search, only faster and narrower than Maximum; Maximum is the
        // full engine: no depth cap below the page's largest depth, width 12 or more, 3 s, always the best move.
        let (strong, maximum) = (&s[2], &s[3]);
        assert_eq!(strong.depth, maximum.depth, "Strong has no depth cap of its own");
        assert_eq!(strong.spread, VARIETY_SPREAD, "Strong's choice is only the variety's");
        assert!(
            strong.time_ms.is_some_and(|t| t <= 1000.0),
            "Strong answers within a second"
        );
        assert!(maximum.depth >= 30 && maximum.width >= 12 && maximum.spread == 0);
        assert_eq!(maximum.time_ms, Some(3000.0));
    }

    #[test]
    fn bonus_stays_in_range_and_varies_with_the_seed() {
        let a: Vec<i32> = (0..225).map(|i| root_bonus(1, 60, 42, i)).collect();
        let b: Vec<i32> = (0..225).map(|i| root_bonus(2, 60, 42, i)).collect();
        assert!(a.iter().all(|&x| (0..=60).contains(&x)));
        assert_ne!(a, b);
        assert!(a.contains(&0) && a.contains(&60));
        assert_eq!(root_bonus(7, 0, 42, 3), 0);
    }
}
