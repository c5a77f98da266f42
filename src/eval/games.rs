//! Self-play games for the trainers: the engine against itself at a fixed node budget from random openings,
//! kept as game records with the search's score for every searched move, so that one set of games can be
//! turned into training positions (with any features and labels) again and again without replaying the
//! searches.
//!
//! A record is one text line: the result (`B` black won, `W` white won, `D` draw or unfinished), the opening's
//! moves, `|`, then each searched move with its score from the mover's view and, after a second colon, the
//! rest of the search's principal variation: `B h8 i9 h10 | j9:35:k10,j11 k10:-20`. Records written before
//! the lines were kept have none (`j9:35`) and read back with empty lines.

use crate::board::coord::{Color, Point};
use crate::board::{Outcome, Rule};
use crate::eval::Position;
use crate::search::engine::{Engine, SearchInfo, Settings};

/// How to generate self-play games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Number of games.
    pub games: u32,
    /// Node budget per move.
    pub nodes: u64,
    /// Seed of the random openings.
    pub seed: u64,
    /// Rule of the games.
    pub rule: Rule,
}

/// A small deterministic generator (SplitMix64) for openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random opening of 3 to 5 stones near the centre that decides nothing.
fn opening(rng: &mut Rng, rule: Rule) -> Position {
    loop {
        let mut pos = Position::new(rule);
        let n = 3 + rng.below(3);
        let mut ok = true;
        for _ in 0..n {
            let (r, c) = (4 + rng.below(7), 4 + rng.below(7));
            let Some(p) = Point::new(r as usize, c as usize) else {
                ok = false;
                break;
            };
            if pos.play(p) != Ok(Outcome::Ongoing) {
                ok = false;
                break;
            }
        }
        let me = pos.to_move();
        if ok && pos.fours(me).is_empty() && pos.fours(me.opponent()).is_empty() {
            return pos;
        }
    }
}

/// Plays `cfg.games` games of the engine against itself at a fixed node budget from random openings. Calls
/// `visit` with the game's index, each position and the search's answer before the move is played, and once
/// more with the final position and `None` when the game ends.
pub(crate) fn play_games(
    cfg: &SelfPlay,
    clock: fn() -> f64,
    visit: &mut dyn FnMut(u32, &Position, Option<&SearchInfo>),
) {
    let mut rng = Rng(cfg.seed);
    let settings = Settings {
        time_ms: None,
        nodes: Some(cfg.nodes),
        ..Settings::default()
    };
    for game in 0..cfg.games {
        let mut pos = opening(&mut rng, cfg.rule);
        let mut engine = Engine::new(4, clock);
        while pos.board().outcome() == Outcome::Ongoing {
            let Some(info) = engine.think(&pos, &settings, None, &mut |_| {}) else {
                break;
            };
            visit(game, &pos, Some(&info));
            let Some(m) = info.best_move() else { break };
            if pos.play(m).is_err() {
                break;
            }
        }
        visit(game, &pos, None);
    }
}

/// A searched move of a [`GameRecord`], as [`GameRecord::replay`] shows it.
#[derive(Clone, Copy, Debug)]
pub struct Searched<'a> {
    /// The move played.
    pub played: Point,
    /// The search's score from the mover's view.
    pub score: i32,
    /// The rest of the search's principal variation after the move (empty if not recorded).
    pub line: &'a [Point],
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The random opening's moves (not searched).
    pub opening: Vec<Point>,
    /// Each searched move with the search's score from the mover's view.
    pub moves: Vec<(Point, i32)>,
    /// Each searched move's principal variation after the move (empty when not recorded).
    pub lines: Vec<Vec<Point>>,
    /// The winner; `None` for a draw or an unfinished game.
    pub winner: Option<Color>,
}

impl GameRecord {
    /// The result for `side`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn result_for(&self, side: Color) -> f32 {
        match self.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// Replays the game under `rule`, calling `visit` with each searched position and what was played there,
    /// before the move. Stops at the first move the rule refuses.
    pub fn replay(&self, rule: Rule, visit: &mut dyn FnMut(&Position, Searched)) {
        let mut pos = Position::new(rule);
        for &p in &self.opening {
            if pos.play(p).is_err() {
                return;
            }
        }
        for (i, &(p, score)) in self.moves.iter().enumerate() {
            let line = self.lines.get(i).map_or(&[][..], |l| l.as_slice());
            visit(&pos, Searched { played: p, score, line });
            if pos.play(p).is_err() {
                return;
            }
        }
    }
}

/// Plays self-play games and records them. Calls `progress` after each game with the games
/// done and the searched moves so far.
pub fn record_games(cfg: &SelfPlay, clock: fn() -> f64, progress: &mut dyn FnMut(u32, usize)) -> Vec<GameRecord> {
    let mut out = Vec::new();
    let mut current = GameRecord {
        opening: Vec::new(),
        moves: Vec::new(),
        lines: Vec::new(),
        winner: None,
    };
    let mut total = 0;
    play_games(cfg, clock, &mut |game, pos, info| {
        if let Some(info) = info {
            if current.moves.is_empty() && current.opening.is_empty() {
                current.opening = pos.board().history().to_vec();
            }
            if let Some(m) = info.best_move() {
                current.moves.push((m, info.score));
                current.lines.push(info.pv[1..].to_vec());
                total += 1;
            }
            return;
        }
        current.winner = match pos.board().outcome() {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        };
        out.push(std::mem::replace(
            &mut current,
            GameRecord {
                opening: Vec::new(),
                moves: Vec::new(),
                lines: Vec::new(),
                winner: None,
            },
        ));
        progress(game + 1, total);
    });
    out
}

/// Writes game records, one a line (see the module documentation).
pub fn write_games(games: &[GameRecord], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    for g in games {
        let result = match g.winner {
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
            None => 'D',
        };
        write!(out, "{result}")?;
        for p in &g.opening {
            write!(out, " {p}")?;
        }
        write!(out, " |")?;
        for (i, (p, s)) in g.moves.iter().enumerate() {
            write!(out, " {p}:{s}")?;
            for (k, q) in g.lines.get(i).into_iter().flatten().enumerate() {
                write!(out, "{}{q}", if k == 0 { ':' } else { ',' })?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Reads game records written by [`write_games`]; a malformed line is an error naming its number.
pub fn read_games(text: &str) -> Result<Vec<GameRecord>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = || format!("line {}: not a game record", n + 1);
        let (head, tail) = line.split_once('|').ok_or_else(bad)?;
        let mut head = head.split_whitespace();
        let winner = match head.next() {
            Some("B") => Some(Color::Black),
            Some("W") => Some(Color::White),
            Some("D") => None,
            _ => return Err(bad()),
        };
        let opening = head.map(|t| t.parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        let mut moves = Vec::new();
        let mut lines = Vec::new();
        for t in tail.split_whitespace() {
            let mut parts = t.split(':');
            let p = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
            let s = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
            let line = match parts.next() {
                Some(l) => l
                    .split(',')
                    .map(|q| q.parse().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?,
                None => Vec::new(),
            };
            if parts.next().is_some() {
                return Err(bad());
            }
            moves.push((p, s));
            lines.push(line);
        }
        out.push(GameRecord {
            opening,
            moves,
            lines,
            winner,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> f64 {
        0.0
    }

    #[test]
    fn records_round_trip_and_replay_the_games() {
        let cfg = SelfPlay {
            games: 3,
            nodes: 200,
            seed: 5,
            rule: Rule::Freestyle,
        };
        let games = record_games(&cfg, clock, &mut |_, _| {});
        assert_eq!(games.len(), 3);
        let mut text = Vec::new();
        write_games(&games, &mut text).unwrap();
        let back = read_games(std::str::from_utf8(&text).unwrap()).unwrap();
        assert_eq!(back, games);
        for g in &games {
            assert!((3..=5).contains(&g.opening.len()));
            let mut seen = 0;
            g.replay(Rule::Freestyle, &mut |pos, Searched { played: m, line, .. }| {
                assert_eq!(pos.board().history().len(), g.opening.len() + seen);
                assert_eq!(m, g.moves[seen].0);
                assert_eq!(line, g.lines[seen].as_slice());
                // The line continues the game from after the move, legally, until it ends.
                let mut after = pos.clone();
                for &q in std::iter::once(&m).chain(line) {
                    if after.play(q).expect("a legal line") != Outcome::Ongoing {
                        break;
                    }
                }
                seen += 1;
            });
            assert_eq!(seen, g.moves.len());
        }
        let lines: usize = games.iter().flat_map(|g| &g.lines).filter(|l| !l.is_empty()).count();
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        assert!(lines * 2 > moves, "{lines} of {moves} moves have a line");
        // A finished game's winner made the last move.
        for g in games.iter().filter(|g| g.winner.is_some()) {
            let last = g.opening.len() + g.moves.len() - 1;
            let mover = if last % 2 == 0 { Color::Black } else { Color::White };
            assert_eq!(g.winner, Some(mover));
        }
    }

    #[test]
    fn malformed_records_are_refused_with_the_line() {
        // Records without lines (written before they were kept) read back with empty ones.
        let old = read_games("B h8 i9 | h10:5 i10:-3:j11\n").unwrap();
        assert_eq!(old[0].lines, vec![vec![], vec!["j11".parse().unwrap()]]);
        for bad in [
            "X h8 | i9:3",
            "B h8 i9:3",
            "B h8 | i9",
            "B z8 | i9:1",
            "B h8 | i9:x",
            "B h8 | i9:1:z3",
            "B h8 | i9:1:j9,",
            "B h8 | i9:1:j9:k9",
        ] {
            let text = format!("D h8 | i9:0\n{bad}\n");
            assert_eq!(read_games(&text), Err("line 2: not a game record".to_string()), "{bad}");
        }
    }
}
