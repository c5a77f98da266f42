//! The α-β search must return exactly the value of plain minimax over the same game: on the seed program's
//! example tree, on complete tic-tac-toe and on random Gomoku positions.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use gomoku::board::coord::Point;
use gomoku::board::Rule;
use gomoku::eval::Position;
use gomoku::search::engine::GomokuGame;
use gomoku::search::threat::ThreatSolver;
use gomoku::search::tt::TranspositionTable;
use gomoku::search::{Game, Limits, MoveList, Searcher, INFINITY, MATE};

fn no_clock() -> f64 {
    0.0
}

/// Plain minimax (negamax form) with the search's conventions: no terminal shortcut at the root, extension
/// of forced replies at the horizon.
fn minimax<G: Game>(g: &mut G, depth: i32, ply: usize) -> i32 {
    if ply > 0 {
        if let Some(v) = g.terminal(ply) {
            return v;
        }
    }
    let mut depth = depth;
    if depth <= 0 {
        if !g.must_answer() {
            return g.evaluate(ply);
        }
        depth = 1;
    }
    let mut list = MoveList::new();
    g.generate(&mut list);
    if list.is_empty() {
        return g.terminal(ply).unwrap_or(0);
    }
    let mut best = -INFINITY;
    for &m in list.moves().to_vec().iter() {
        g.make(m);
        best = best.max(-minimax(g, depth - 1, ply + 1));
        g.undo();
    }
    best
}

/// α-β value of the root at `depth` (through iterative deepening), with or without a transposition table.
fn alphabeta<G: Game>(g: &mut G, depth: u32, tt_mb: usize) -> i32 {
    let tt = TranspositionTable::new(tt_mb);
    let limits = Limits {
        depth,
        width: 1000,
        time_ms: None,
        nodes: None,
        reductions: false,
        ..Limits::default()
    };
    let mut s = Searcher::new(&tt, limits, no_clock, None);
    let mut last = None;
    s.iterate(g, &mut |it| last = Some(it.clone()));
    let it = last.expect("an iteration completed");
    let decided = it.score.abs() > MATE - 100;
    assert!(
        it.depth == depth || decided,
        "the search stopped early at depth {}",
        it.depth
    );
    it.score
}

/// The example tree of the seed notes: max at the root, leaves scored for max.
struct Tree {
    children: Vec<Vec<usize>>,
    value: Vec<i32>,
    path: Vec<usize>,
}

impl Tree {
    fn seed() -> Tree {
        let mut t = Tree {
            children: vec![vec![]],
            value: vec![0],
            path: vec![0],
        };
        let spec: [[&[i32]; 2]; 4] = [
            [&[60, 63], &[15, 58]],
            [&[81, 74], &[88, 15, 27]],
            [&[20, 92], &[9, 62]],
            [&[82, 92], &[54, 17]],
        ];
        let mins: Vec<usize> = (0..2).map(|_| t.add(0)).collect();
        for (i, maxes) in spec.iter().enumerate() {
            let m = t.add(mins[i / 2]);
            for leaves in maxes {
                let n = t.add(m);
                for &v in leaves.iter() {
                    let l = t.add(n);
                    t.value[l] = v;
                }
            }
        }
        t
    }

    fn add(&mut self, parent: usize) -> usize {
        self.children.push(vec![]);
        self.value.push(0);
        let id = self.children.len() - 1;
        self.children[parent].push(id);
        id
    }

    fn node(&self) -> usize {
        *self.path.last().unwrap()
    }
}

impl Game for Tree {
    type Move = usize;
    fn hash(&self) -> u64 {
        (self.node() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn hash_after(&self, m: usize) -> u64 {
        (m as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn terminal(&mut self, _ply: usize) -> Option<i32> {
        let n = self.node();
        // Max is to move at even depths; leaves hold max's value.
        let sign = if (self.path.len() - 1).is_multiple_of(2) { 1 } else { -1 };
        self.children[n].is_empty().then_some(sign * self.value[n])
    }
    fn evaluate(&mut self, _ply: usize) -> i32 {
        0
    }
    fn generate(&mut self, list: &mut MoveList<usize>) -> bool {
        for &c in &self.children[self.node()] {
            list.push(c, 0);
        }
        false
    }
    fn make(&mut self, m: usize) {
        self.path.push(m);
    }
    fn undo(&mut self) {
        self.path.pop();
    }
    fn move_index(m: usize) -> usize {
        m
    }
}

#[test]
fn seed_tree_root_value_is_60() {
    let mut t = Tree::seed();
    assert_eq!(minimax(&mut t, 4, 0), 60);
    assert_eq!(alphabeta(&mut t, 4, 0), 60);
    assert_eq!(alphabeta(&mut t, 4, 1), 60);
}

/// Tic-tac-toe: cells 0..9, X moves first.
#[derive(Default)]
struct TicTacToe {
    cells: [u8; 9],
    moves: Vec<usize>,
}

impl TicTacToe {
    fn won(&self, who: u8) -> bool {
        const LINES: [[usize; 3]; 8] = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ];
        LINES.iter().any(|l| l.iter().all(|&i| self.cells[i] == who))
    }
}

impl Game for TicTacToe {
    type Move = usize;
    fn hash(&self) -> u64 {
        self.cells.iter().fold(0u64, |h, &c| h * 3 + c as u64) * 2 + (self.moves.len() % 2) as u64
    }
    fn hash_after(&self, m: usize) -> u64 {
        let mut next = TicTacToe {
            cells: self.cells,
            moves: self.moves.clone(),
        };
        next.make(m);
        next.hash()
    }
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        let last = if self.moves.len() % 2 == 1 { 1 } else { 2 };
        if self.won(last) {
            Some(-(MATE - ply as i32))
        } else if self.moves.len() == 9 {
            Some(0)
        } else {
            None
        }
    }
    fn evaluate(&mut self, _ply: usize) -> i32 {
        0
    }
    fn generate(&mut self, list: &mut MoveList<usize>) -> bool {
        (0..9).filter(|&i| self.cells[i] == 0).for_each(|i| list.push(i, 0));
        false
    }
    fn make(&mut self, m: usize) {
        self.cells[m] = if self.moves.len().is_multiple_of(2) { 1 } else { 2 };
        self.moves.push(m);
    }
    fn undo(&mut self) {
        if let Some(m) = self.moves.pop() {
            self.cells[m] = 0;
        }
    }
    fn move_index(m: usize) -> usize {
        m
    }
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let mut g = TicTacToe::default();
    assert_eq!(minimax(&mut g, 9, 0), 0);
    assert_eq!(alphabeta(&mut g, 9, 0), 0);
    assert_eq!(alphabeta(&mut g, 9, 1), 0);
    // After X takes a corner and O an edge next to it, X wins.
    for m in [0, 1] {
        g.make(m);
    }
    let v = alphabeta(&mut g, 7, 1);
    assert!(v > MATE - 10, "X wins, got {v}");
    assert_eq!(v, minimax(&mut g, 7, 0));
}

/// A small deterministic random generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A random game of up to `n` moves played near the centre, with no five on the board.
fn random_position(rng: &mut Rng, n: usize) -> Position {
    let points: Vec<Point> = (0..400)
        .map(|_| Point::new(4 + rng.below(7), 4 + rng.below(7)).unwrap())
        .collect();
    common::undecided_game(Rule::Freestyle, points, n)
}

#[test]
fn alphabeta_equals_minimax_on_random_gomoku_positions() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut checked = 0;
    for i in 0..40 {
        let mut pos = random_position(&mut rng, 4 + i % 9);
        let depth = if i % 8 == 0 { 3 } else { 2 };
        let hash = pos.hash();
        let mm = minimax(&mut GomokuGame::new(&mut pos, None), depth, 0);
        let ab = alphabeta(&mut GomokuGame::new(&mut pos, None), depth as u32, 0);
        let ab_tt = alphabeta(&mut GomokuGame::new(&mut pos, None), depth as u32, 4);
        assert_eq!(ab, mm, "position {i}: {}", pos.board().record());
        assert_eq!(ab_tt, mm, "position {i} with a table: {}", pos.board().record());
        let mut solver = ThreatSolver::new();
        let mm_vcf = minimax(&mut GomokuGame::new(&mut pos, Some(&mut solver)), depth, 0);
        let ab_vcf = alphabeta(&mut GomokuGame::new(&mut pos, Some(&mut solver)), depth as u32, 4);
        assert_eq!(ab_vcf, mm_vcf, "position {i} with threat search at the horizon");
        assert_eq!(pos.hash(), hash, "the search restores the position");
        checked += 1;
    }
    assert_eq!(checked, 40);
}

/// With a root spread, the search picks the move whose minimax value plus its seeded bonus is largest, and
/// reports that move's own value (the bonus taken off again).
#[test]
fn root_bonus_raises_each_root_move_by_its_seeded_amount() {
    use gomoku::search::level::root_bonus;
    let mut rng = Rng(0x0BAD_5EED_1234_5678);
    for i in 0..24 {
        let mut pos = random_position(&mut rng, 4 + i % 7);
        let (spread, seed) = (60, 1000 + i as u64);
        let mut g = GomokuGame::new(&mut pos, None);
        let key = g.hash();
        let mut list = MoveList::new();
        g.generate(&mut list);
        let mut values = Vec::new();
        for &m in list.moves().to_vec().iter() {
            g.make(m);
            let v = -minimax(&mut g, 1, 1);
            g.undo();
            let bonus = if v.abs() < MATE / 4 {
                root_bonus(seed, spread, key, m.index())
            } else {
                0
            };
            values.push((m, v, v + bonus));
        }
        let best = values.iter().map(|x| x.2).max().unwrap();
        let tt = TranspositionTable::new(0);
        let limits = Limits {
            depth: 2,
            width: 1000,
            reductions: false,
            spread,
            seed,
            ..Limits::default()
        };
        let mut s = Searcher::new(&tt, limits, no_clock, None);
        let it = s.iterate(&mut g, &mut |_| {}).expect("an iteration completed");
        let chosen = values.iter().find(|x| x.0 == it.pv[0]).expect("a root move");
        assert_eq!(
            chosen.2, best,
            "position {i}: chose {} ({:?}) among {values:?}",
            it.pv[0], chosen
        );
        assert_eq!(
            it.score, chosen.1,
            "position {i}: reported score is the move's own value"
        );
    }
}

/// The multi-line root search (every depth from 1 to `depth`, each seeded with the previous depth's lines)
/// returns the best `n` root moves with their exact minimax values, best first.
fn check_multipv<G: Game>(g: &mut G, depth: u32, n: usize, tt_mb: usize, what: &str) {
    let mut list = MoveList::new();
    g.generate(&mut list);
    let mut values: Vec<(G::Move, i32)> = Vec::new();
    for &m in list.moves().to_vec().iter() {
        g.make(m);
        values.push((m, -minimax(g, depth as i32 - 1, 1)));
        g.undo();
    }
    let tt = TranspositionTable::new(tt_mb);
    let limits = Limits {
        depth,
        width: 1000,
        reductions: false,
        ..Limits::default()
    };
    let mut s = Searcher::new(&tt, limits, no_clock, None);
    let mut lines = Vec::new();
    for d in 1..=depth as i32 {
        lines = s.multipv(g, d, n, &lines);
    }
    assert_eq!(lines.len(), n.min(values.len()), "{what}: {lines:?}");
    let mut best: Vec<i32> = values.iter().map(|v| v.1).collect();
    best.sort_by_key(|&v| std::cmp::Reverse(v));
    let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
    assert_eq!(scores, best[..lines.len()], "{what}: the best {n} values, best first");
    for (k, l) in lines.iter().enumerate() {
        let own = values.iter().find(|v| v.0 == l.pv[0]).expect("a root move");
        assert_eq!(l.score, own.1, "{what}: line {k} scores its move's value");
        assert!(lines[..k].iter().all(|o| o.pv[0] != l.pv[0]), "{what}: distinct moves");
    }
}

#[test]
fn multi_line_root_search_gives_the_best_n_moves_with_their_minimax_values() {
    let mut g = TicTacToe::default();
    for n in [1, 3, 5] {
        check_multipv(&mut g, 6, n, 1, "tic-tac-toe");
    }
    g.make(0);
    check_multipv(&mut g, 8, 4, 0, "tic-tac-toe after a corner");
    let mut rng = Rng(0x05EE_D0F1_1AE5);
    for i in 0..12 {
        let mut pos = random_position(&mut rng, 4 + i % 9);
        let depth = if i % 4 == 0 { 3 } else { 2 };
        let what = format!("position {i}: {}", pos.board().record());
        check_multipv(&mut GomokuGame::new(&mut pos, None), depth, 1 + i % 6, 4, &what);
    }
}
