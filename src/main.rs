//! `gomoku`: the Gomocup protocol on stdin/stdout (no arguments), `gomoku bench`, `gomoku solve FILE`.

use gomoku::board::Rule;
use gomoku::board::coord::{Color, Point};
use gomoku::search::engine::{Engine, Settings};
use gomoku::eval::Position;
use gomoku::io::protocol::{Flow, Session};
use gomoku::io::record::parse_points;
use gomoku::search::threat::ThreatSolver;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

/// Milliseconds since the program started.
fn now_ms() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => protocol(),
        Some("bench") => bench(&args[1..]),
        Some("selfplay") => match selfplay_args(&args[1..]) {
            Ok((games, turn_ms)) => selfplay(games, turn_ms),
            Err(e) => {
                eprintln!("{e}\nusage: gomoku selfplay [--games N] [--turn-ms N]");
                ExitCode::from(2)
            }
        },
        Some("solve") => match solve_args(&args[1..]) {
            Ok((file, time_ms)) => solve(&file, time_ms),
            Err(e) => {
                eprintln!("{e}\nusage: gomoku solve FILE [--time-ms N]");
                ExitCode::from(2)
            }
        },
        Some(other) => {
            eprintln!("unknown command '{other}'\nusage: gomoku [bench [--time-ms N] | solve FILE [--time-ms N] | selfplay [--games N] [--turn-ms N]]");
            ExitCode::from(2)
        }
    }
}

fn protocol() -> ExitCode {
    let mut session = Session::new(now_ms);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().split(b'\n') {
        let Ok(bytes) = line else { break };
        let text = String::from_utf8_lossy(&bytes);
        let mut out = |s: &str| {
            let _ = writeln!(stdout, "{s}");
            let _ = stdout.flush();
        };
        if session.handle(&text, &mut out) == Flow::Quit {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `gomoku bench`: fixed depth (deterministic nodes, for speed); `--time-ms N`: the depth reached in N ms.
fn bench(args: &[String]) -> ExitCode {
    let settings = match args {
        [] => gomoku::io::bench::fixed_settings(),
        [flag, ms] if flag == "--time-ms" && ms.parse::<f64>().is_ok_and(|t| t > 0.0) => Settings {
            depth: Settings::MAX_DEPTH,
            time_ms: ms.parse().ok(),
            ..Settings::default()
        },
        _ => {
            eprintln!("usage: gomoku bench [--time-ms N]");
            return ExitCode::from(2);
        }
    };
    println!(
        "bench: {} positions, depth {}, width {}, time {}",
        gomoku::io::bench::POSITIONS.len(),
        settings.depth,
        settings.width,
        settings.time_ms.map_or("unlimited".to_string(), |t| format!("{t} ms"))
    );
    let lines = gomoku::io::bench::run(now_ms, &settings, &mut |l| {
        println!(
            "{:>10} nodes {:>9.1} ms {:>10.0} nodes/s  depth {:>2}  best {:<4} {}",
            l.nodes,
            l.time_ms,
            l.nodes as f64 * 1000.0 / l.time_ms.max(1e-3),
            l.depth,
            l.best,
            l.record
        );
    });
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let ms: f64 = lines.iter().map(|l| l.time_ms).sum();
    let mut depths: Vec<u32> = lines.iter().map(|l| l.depth).collect();
    depths.sort_unstable();
    if let Some(median) = depths.get(depths.len() / 2) {
        println!(
            "depth: median {median}, min {}, max {}",
            depths[0],
            depths[depths.len() - 1]
        );
    }
    println!(
        "total: {nodes} nodes, {ms:.0} ms, {:.0} nodes/s",
        nodes as f64 * 1000.0 / ms.max(1e-3)
    );
    ExitCode::SUCCESS
}

fn solve_args(args: &[String]) -> Result<(String, f64), String> {
    let file = args.first().ok_or("missing FILE")?.clone();
    let mut time_ms = 1000.0;
    let mut rest = args[1..].iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--time-ms" => {
                time_ms = rest
                    .next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| *v > 0.0)
                    .ok_or("--time-ms needs a positive number")?
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok((file, time_ms))
}

/// One puzzle from a tactics file.
struct Puzzle {
    id: String,
    kind: String,
    position: Position,
    answers: Vec<Point>,
}

fn parse_puzzle(line: &str) -> Result<Puzzle, String> {
    let f: Vec<&str> = line.split('|').map(str::trim).collect();
    if f.len() < 6 {
        return Err("expected 6 fields".into());
    }
    let to_move = match f[2] {
        "b" => Color::Black,
        "w" => Color::White,
        x => return Err(format!("bad side to move '{x}'")),
    };
    let position = if let Some(rest) = f[3].strip_prefix("B:") {
        let (b, w) = rest.split_once("W:").ok_or("missing W:")?;
        let black = parse_points(b).map_err(|e| e.to_string())?;
        let white = parse_points(w).map_err(|e| e.to_string())?;
        Position::from_stones(Rule::Freestyle, &black, &white, to_move)?
    } else {
        let moves = parse_points(f[3]).map_err(|e| e.to_string())?;
        let pos = Position::from_moves(Rule::Freestyle, &moves).map_err(|(i, e)| format!("move {}: {e}", i + 1))?;
        if pos.to_move() != to_move {
            return Err("side to move does not match the move list".into());
        }
        pos
    };
    let answers = f[4]
        .split_whitespace()
        .map(|a| {
            a.split(':')
                .next()
                .unwrap_or("")
                .parse::<Point>()
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Puzzle {
        id: f[0].to_string(),
        kind: f[5].to_string(),
        position,
        answers,
    })
}

fn solve(file: &str, time_ms: f64) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine::new(64, now_ms);
    let settings = Settings {
        time_ms: Some(time_ms),
        ..Settings::default()
    };
    // Per puzzle type: solved, total, milliseconds in all, slowest solved puzzle.
    let mut per_kind: BTreeMap<String, (usize, usize, f64, f64)> = BTreeMap::new();
    let (mut solved, mut total, mut bad, mut other_wins) = (0, 0, 0, 0);
    let mut prover = ThreatSolver::new();
    let t_all = now_ms();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let puzzle = match parse_puzzle(line) {
            Ok(p) => p,
            Err(e) => {
                bad += 1;
                eprintln!(
                    "skipped unreadable line ({e}): {}",
                    line.chars().take(60).collect::<String>()
                );
                continue;
            }
        };
        engine.clear();
        let t0 = now_ms();
        let info = engine.think(&puzzle.position, &settings, None, &mut |_| {});
        let dt = now_ms() - t0;
        let mv = info.as_ref().and_then(|i| i.best_move());
        // A listed move is solved; so is another move the threat solver proves winning against every defence.
        let listed = mv.is_some_and(|m| puzzle.answers.contains(&m));
        let proven = !listed && mv.is_some_and(|m| prover.proves_win(&mut puzzle.position.clone(), m, 25, 2_000_000));
        let ok = listed || proven;
        if proven {
            other_wins += 1;
        }
        let e = per_kind.entry(puzzle.kind.clone()).or_default();
        e.1 += 1;
        e.2 += dt;
        total += 1;
        if ok {
            e.0 += 1;
            e.3 = e.3.max(dt);
            solved += 1;
        } else {
            println!(
                "miss {} ({}): played {} score {} expected {}",
                puzzle.id,
                puzzle.kind,
                mv.map(|m| m.to_string()).unwrap_or("-".into()),
                info.map(|i| i.score_text()).unwrap_or_default(),
                puzzle
                    .answers
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    for (kind, (k, n, ms, slowest)) in &per_kind {
        println!(
            "{kind:>9}: {k}/{n} ({:.1}%), {:.0} ms in all, {:.1} ms each, slowest solved {slowest:.0} ms",
            100.0 * *k as f64 / *n as f64,
            ms,
            ms / *n as f64
        );
    }
    println!(
        "solved with a listed move: {}, with another move proven winning: {other_wins}",
        solved - other_wins
    );
    if bad > 0 {
        println!("unreadable lines skipped: {bad}");
    }
    println!("time: {:.1} s", (now_ms() - t_all) / 1000.0);
    println!("solved: {solved}/{total}");
    ExitCode::SUCCESS
}

fn selfplay_args(args: &[String]) -> Result<(usize, u64), String> {
    let (mut games, mut turn_ms) = (200, 20);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok()).filter(|v| *v > 0);
        match (a.as_str(), value) {
            ("--games", Some(v)) => games = v as usize,
            ("--turn-ms", Some(v)) => turn_ms = v,
            _ => return Err(format!("bad option '{a}'")),
        }
    }
    Ok((games, turn_ms))
}

/// Resident memory of this process in kilobytes (Linux), for spotting growth from game to game.
fn rss_kb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

/// Plays engine-vs-engine games through two protocol sessions, as a tournament manager would, checking every
/// move with the rules and the memory after every game.
fn selfplay(games: usize, turn_ms: u64) -> ExitCode {
    let openings = ["h8", "h8 i9", "h8 i8", "h8 g9 i9", "h8 h9 j8", "g7 h8"];
    let (mut wins, mut draws, mut errors) = ([0usize; 2], 0, 0);
    let mut rss = Vec::new();
    let t0 = now_ms();
    for g in 0..games {
        let mut sessions = [Session::new(now_ms), Session::new(now_ms)];
        let mut referee = Position::new(Rule::Freestyle);
        let opening = parse_points(openings[g % openings.len()]).unwrap_or_default();
        for &p in &opening {
            let _ = referee.play(p);
        }
        for s in sessions.iter_mut() {
            for cmd in [
                "START 15",
                &format!("INFO timeout_turn {turn_ms}"),
                "INFO max_memory 67108864",
            ] {
                s.handle(cmd, &mut |_| {});
            }
        }
        let mut started = [false; 2];
        let result = loop {
            let side = referee.to_move().index();
            let mut reply = None;
            let mut capture = |l: &str| {
                if !l.starts_with("MESSAGE") {
                    reply = Some(l.to_string());
                }
            };
            if started[side] {
                let (x, y) = referee.board().last_move().map(|p| p.to_gomocup()).unwrap_or((7, 7));
                sessions[side].handle(&format!("TURN {x},{y}"), &mut capture);
            } else {
                started[side] = true;
                if referee.board().stone_count() == 0 {
                    sessions[side].handle("BEGIN", &mut capture);
                } else {
                    sessions[side].handle("BOARD", &mut capture);
                    for (i, p) in referee.board().history().iter().enumerate() {
                        let (x, y) = p.to_gomocup();
                        let own = (i % 2 == side) as u8;
                        sessions[side].handle(&format!("{x},{y},{}", 2 - own), &mut capture);
                    }
                    sessions[side].handle("DONE", &mut capture);
                }
            }
            let point = reply.as_deref().and_then(|r| {
                let (x, y) = r.split_once(',')?;
                Point::from_gomocup(x.parse().ok()?, y.parse().ok()?)
            });
            match point.map(|p| referee.play(p)) {
                Some(Ok(gomoku::board::Outcome::Ongoing)) => continue,
                Some(Ok(gomoku::board::Outcome::Win { winner, .. })) => break Some(winner),
                Some(Ok(gomoku::board::Outcome::Draw)) => break None,
                _ => {
                    errors += 1;
                    eprintln!("game {}: bad reply {reply:?} after {}", g + 1, referee.board().record());
                    break None;
                }
            }
        };
        match result {
            Some(c) => wins[c.index()] += 1,
            None => draws += 1,
        }
        rss.extend(rss_kb());
    }
    let secs = (now_ms() - t0) / 1000.0;
    if let (Some(first), Some(last), Some(max)) = (rss.first(), rss.last(), rss.iter().max()) {
        println!("memory (RSS) after game 1: {first} kB, after game {games}: {last} kB, largest: {max} kB");
    }
    println!(
        "selfplay: {games} games in {secs:.0} s, black {} white {} draws {draws}, protocol or rule errors {errors}",
        wins[Color::Black.index()],
        wins[Color::White.index()]
    );
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
