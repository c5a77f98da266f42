//! The Gomocup (piskvork) engine protocol: commands in, replies out, one line at a time.

use crate::board::coord::{Color, Point};
use crate::board::Rule;
use crate::eval::Position;
use crate::search::engine::{Engine, SearchInfo, Settings};
use crate::search::level::Level;

/// Whether the session goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading commands.
    Continue,
    /// `END` was received.
    Quit,
}

/// Time and size settings the manager sends with `INFO`.
#[derive(Clone, Debug)]
struct Info {
    timeout_turn: Option<f64>,
    timeout_match: Option<f64>,
    time_left: Option<f64>,
    max_memory: Option<u64>,
    max_depth: u32,
    max_width: usize,
}

/// One protocol session: the game, the engine and the settings.
pub struct Session {
    /// Created on the first search, once the manager has said how much memory it may use.
    engine: Option<Engine>,
    pos: Position,
    rule: Rule,
    info: Info,
    /// Stones collected between `BOARD` and `DONE`: (point, field).
    board_lines: Option<Vec<(Point, u8)>>,
    clock: fn() -> f64,
    /// Plays at this level's settings (its time capped by the manager's) instead of the manager's depth/width.
    level: Option<Level>,
    /// Variety's base seed (`None`: deterministic); each game mixes in its number.
    variety: Option<u64>,
    /// Games started in this session.
    games: u64,
}

/// Default transposition table size when the manager sets no memory limit.
const DEFAULT_TT_MB: usize = 64;
/// Share of the turn time kept back from the engine's budget (see [`Session::move_time`]).
const MARGIN_SHARE: f64 = 0.03;
/// Milliseconds kept back from the engine's budget besides [`MARGIN_SHARE`].
const MARGIN_MS: f64 = 20.0;

impl Session {
    /// A session timing itself with `clock` (milliseconds).
    pub fn new(clock: fn() -> f64) -> Session {
        let defaults = Settings::default();
        Session {
            engine: None,
            pos: Position::new(Rule::Freestyle),
            rule: Rule::Freestyle,
            info: Info {
                timeout_turn: None,
                timeout_match: None,
                time_left: None,
                max_memory: None,
                max_depth: defaults.depth,
                max_width: defaults.width,
            },
            board_lines: None,
            clock,
            level: None,
            variety: None,
            games: 0,
        }
    }

    /// The session playing at `level` (`None`: the manager's settings) with variety seeded from `variety`
    /// (`None`: deterministic, the default).
    pub fn with_level(self, level: Option<Level>, variety: Option<u64>) -> Session {
        Session { level, variety, ..self }
    }

    /// Handles one input line, writing reply lines through `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Flow {
        let line = line.trim();
        if let Some(lines) = self.board_lines.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let lines = self.board_lines.take().unwrap_or_default();
                self.finish_board(&lines, out);
            } else {
                match parse_board_line(line) {
                    Ok(entry) => lines.push(entry),
                    Err(e) => {
                        self.board_lines = None;
                        out(&format!("ERROR {e}; BOARD ignored"));
                    }
                }
            }
            return Flow::Continue;
        }
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match cmd.to_ascii_uppercase().as_str() {
            "" => {}
            "START" => match rest.parse::<usize>() {
                Ok(15) => {
                    self.new_game();
                    out("OK");
                }
                _ => out(&format!("ERROR unsupported size '{rest}': only 15 is supported")),
            },
            "RESTART" => {
                self.new_game();
                out("OK");
            }
            "BEGIN" => {
                if self.pos.board().stone_count() > 0 {
                    out("ERROR BEGIN on a board that is not empty");
                } else {
                    self.reply_move(out);
                }
            }
            "TURN" => match parse_xy(rest) {
                Ok(p) => match self.pos.play(p) {
                    Ok(_) => self.reply_move(out),
                    Err(e) => out(&format!("ERROR {e}")),
                },
                Err(e) => out(&format!("ERROR {e}")),
            },
            "BOARD" => self.board_lines = Some(Vec::new()),
            "TAKEBACK" => match parse_xy(rest) {
                Ok(p) if self.pos.board().last_move() == Some(p) => {
                    self.pos.undo();
                    out("OK");
                }
                Ok(p) => {
                    let (x, y) = p.to_gomocup();
                    out(&format!("ERROR {x},{y} is not the last move"))
                }
                Err(e) => out(&format!("ERROR {e}")),
            },
            "INFO" => {
                if let Err(e) = self.set_info(rest) {
                    out(&format!("ERROR {e}"));
                }
            }
            "ABOUT" => out(r#"name="gomoku-rs", version="0.1.0", author="gomoku team", country="CN""#),
            "END" => return Flow::Quit,
            _ => out(&format!(
                "ERROR unknown command '{}'",
                cmd.chars().take(20).collect::<String>()
            )),
        }
        Flow::Continue
    }

    fn new_game(&mut self) {
        self.games += 1;
        self.pos = Position::new(self.rule);
        if let Some(e) = self.engine.as_mut() {
            e.clear();
        }
    }

    /// The transposition table's size in MB: half the manager's memory limit, or [`DEFAULT_TT_MB`].
    fn table_mb(&self) -> usize {
        self.info
            .max_memory
            .map_or(DEFAULT_TT_MB, |b| ((b / 2) >> 20).clamp(1, 1024) as usize)
    }

    /// Makes an engine for the memory limit, unless the one there already has that table, and writes its table
    /// now, between turns: the first touch of each page of a fresh table is a page fault (with 4 KB pages,
    /// a third of the first move's time for a 128 MB table), which no turn's clock should pay.
    fn prepare_engine(&mut self) {
        let mb = self.table_mb();
        if self.engine.as_ref().and_then(Engine::table_mb) != Some(mb) {
            let mut engine = Engine::new(mb, self.clock);
            engine.ready_table();
            self.engine = Some(engine);
        }
    }

    fn set_info(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest
            .split_once(char::is_whitespace)
            .ok_or("INFO needs a key and a value")?;
        let value = value.trim();
        let num = || {
            value
                .parse::<i64>()
                .map_err(|_| format!("INFO {key}: '{value}' is not a number"))
        };
        // 0 means "no limit" for the match.
        let ms = |v: i64| (v > 0).then_some(v as f64);
        match key.to_ascii_lowercase().as_str() {
            // 0 means "play as fast as possible".
            "timeout_turn" => self.info.timeout_turn = Some(num()?.max(0) as f64),
            "timeout_match" => self.info.timeout_match = ms(num()?),
            "time_left" => self.info.time_left = Some(num()?.max(0) as f64),
            "max_memory" => {
                let bytes = num()?.max(0) as u64;
                self.info.max_memory = (bytes > 0).then_some(bytes);
                self.prepare_engine();
            }
            "rule" => {
                let n = num()?;
                let rule = u32::try_from(n)
                    .ok()
                    .and_then(Rule::from_gomocup)
                    .ok_or_else(|| format!("unsupported rule {n}"))?;
                if rule != self.rule {
                    self.rule = rule;
                    self.new_game();
                }
            }
            "max_depth" => self.info.max_depth = num()?.clamp(1, Settings::MAX_DEPTH as i64) as u32,
            "max_width" => self.info.max_width = num()?.clamp(1, 225) as usize,
            _ => {} // other keys (game_type, folder, …) do not change play
        }
        Ok(())
    }

    /// The engine's budget for this move (its hard limit): the turn limit, or a twelfth of the match time
    /// left if that is less, minus a margin for reading the command, writing the reply and the process
    /// being scheduled late on a busy machine, so the reply arrives within the limit.
    fn move_time(&self) -> f64 {
        let mut t = self.info.timeout_turn.unwrap_or(5000.0);
        if let Some(left) = self.info.time_left.filter(|_| self.info.timeout_match.is_some()) {
            t = t.min(left / 12.0);
        }
        (t * (1.0 - MARGIN_SHARE) - MARGIN_MS).max(10.0)
    }

    fn finish_board(&mut self, lines: &[(Point, u8)], out: &mut dyn FnMut(&str)) {
        let own: Vec<Point> = lines.iter().filter(|l| l.1 == 1).map(|l| l.0).collect();
        let opp: Vec<Point> = lines.iter().filter(|l| l.1 == 2).map(|l| l.0).collect();
        // We are to move: with equal counts we are black, otherwise the side with fewer stones.
        let me = if own.len() == opp.len() {
            Color::Black
        } else {
            Color::White
        };
        let (black, white) = if me == Color::Black { (own, opp) } else { (opp, own) };
        match Position::from_stones(self.rule, &black, &white, me) {
            Ok(pos) => {
                self.pos = pos;
                self.reply_move(out);
            }
            Err(e) => out(&format!("ERROR {e}")),
        }
    }

    fn reply_move(&mut self, out: &mut dyn FnMut(&str)) {
        let settings = match self.level {
            Some(level) => {
                let s = level.settings();
                Settings {
                    time_ms: Some(s.time_ms.map_or(self.move_time(), |t| t.min(self.move_time()))),
                    ..s
                }
            }
            None => Settings {
                depth: self.info.max_depth,
                width: self.info.max_width,
                time_ms: Some(self.move_time()),
                ..Settings::default()
            },
        };
        let game_seed = |base: u64| base.wrapping_add(self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let settings = settings.with_variety(self.variety.map(game_seed));
        let mut log = |i: &SearchInfo| {
            out(&format!(
                "MESSAGE depth {} score {} nodes {} nps {:.0} time {:.0} ms pv {}",
                i.depth,
                i.score_text(),
                i.nodes,
                i.nps(),
                i.time_ms,
                i.pv_text()
            ))
        };
        let (mb, clock) = (self.table_mb(), self.clock);
        let engine = self.engine.get_or_insert_with(|| Engine::new(mb, clock));
        let result = engine.think(&self.pos, &settings, None, &mut log);
        match result.and_then(|r| r.best_move()) {
            Some(p) if self.pos.play(p).is_ok() => {
                let (x, y) = p.to_gomocup();
                out(&format!("{x},{y}"));
            }
            _ => out("ERROR the game is over"),
        }
    }
}

/// Reads `x,y` (0-based, `y` from the top).
fn parse_xy(s: &str) -> Result<Point, String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("expected x,y but got '{}'", short(s)))?;
    let x: usize = x.trim().parse().map_err(|_| format!("bad x in '{}'", short(s)))?;
    let y: usize = y.trim().parse().map_err(|_| format!("bad y in '{}'", short(s)))?;
    Point::from_gomocup(x, y).ok_or_else(|| format!("{x},{y} is off the board"))
}

/// Reads a `BOARD` line `x,y,field` (field 1 = own stone, 2 = opponent's).
fn parse_board_line(s: &str) -> Result<(Point, u8), String> {
    let (xy, field) = s
        .rsplit_once(',')
        .ok_or_else(|| format!("bad BOARD line '{}'", short(s)))?;
    let p = parse_xy(xy)?;
    match field.trim() {
        "1" => Ok((p, 1)),
        "2" => Ok((p, 2)),
        f => Err(format!("bad field '{}' in BOARD line", short(f))),
    }
}

fn short(s: &str) -> String {
    s.chars().take(24).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_clock() -> f64 {
        0.0
    }

    #[test]
    fn info_max_memory_readies_the_table_before_any_turn() {
        let mut s = Session::new(no_clock);
        let mut sink = |_: &str| {};
        for line in ["START 15", "INFO max_memory 8388608"] {
            s.handle(line, &mut sink);
        }
        let table = |s: &Session| s.engine.as_ref().and_then(Engine::table_mb);
        assert_eq!(table(&s), Some(4), "half the limit, allocated at once");
        s.handle("INFO max_memory 0", &mut sink);
        assert_eq!(table(&s), Some(DEFAULT_TT_MB), "no limit: the default table");
    }
}
