//! Tests of the incremental position state: make/undo against fresh rebuilds.

use super::*;
use crate::eval::fine::FinePatterns;

fn pos(record: &str) -> Position {
    let moves: Vec<Point> = record.split_whitespace().map(|s| s.parse().unwrap()).collect();
    Position::from_moves(Rule::Freestyle, &moves).unwrap()
}

/// Everything make/undo maintain, for comparing two positions.
fn state(p: &Position) -> impl PartialEq + std::fmt::Debug {
    (threat_state(p), p.code_sum, p.net_sum)
}

/// Everything [`Position::make_threat`] maintains: all but the learned sums.
fn threat_state(p: &Position) -> impl PartialEq + std::fmt::Debug {
    (
        (p.patterns[0].to_vec(), p.patterns[1].to_vec()),
        (p.fives, p.fours, p.open_fours, p.threes),
        (p.doubles, p.stone_value, p.maybe_forbidden, p.last_move_won),
        p.hash(),
    )
}

/// Whether every point's patterns, recomputed from the board's line keys in every direction (as a new
/// position computes them), are those `p` holds: the full refresh finds nothing to change.
fn patterns_match_a_full_refresh(p: &Position) -> bool {
    let mut full = p.clone();
    let logged = full.pattern_log.len();
    full.refresh_all::<false>();
    full.pattern_log.len() == logged
}

/// The learned code sums computed from scratch: every empty point's fine classes read from the board's line
/// keys, their fine code, the tables' values.
fn code_sum_from_scratch(p: &Position) -> [[i32; 2]; 2] {
    let t = p.learned;
    let mut sum = [[0; 2]; 2];
    for q in Point::all().filter(|q| p.board().at(*q).is_none()) {
        for c in Color::BOTH {
            let fine = Direction::ALL.map(|d| {
                if p.board().rule().exact_five(c) {
                    p.table.fine_ext(c, p.board().key_ext(q, d, c))
                } else {
                    p.table.fine(c, p.board().key(q, d))
                }
            });
            let code = codes::fine_code(FinePatterns::from_array(fine));
            assert_eq!(code, p.fine_code(q, c), "{q} {c:?}");
            let lines = Direction::ALL.map(|d| renju::line_info(p.board().key_ext(q, d, Color::Black)));
            if c == Color::Black && p.board().rule() == Rule::Renju && renju::local_verdict(lines).is_some() {
                continue; // worth nothing to black
            }
            sum[c.index()][0] += t.me[code as usize];
            sum[c.index()][1] += t.opp[code as usize];
        }
    }
    sum
}

/// The network's accumulator computed from scratch with the trainer's map from fine to coarse codes
/// ([`codes::coarse_code`] of each empty point's playable fine code), so that the engine reads the codes
/// the network was trained on.
fn net_sum_from_scratch(p: &Position) -> Accumulator {
    let mut sum = [[[0i16; HIDDEN]; 2]; 2];
    let net = p.net;
    for q in Point::all().filter(|q| p.board().at(*q).is_none()) {
        for c in Color::BOTH {
            let coarse = codes::coarse_code(p.playable_code(q, c));
            net.update(&mut sum, c.index(), 0, coarse);
        }
    }
    sum
}

/// A small deterministic generator (xorshift64): each call gives a number below its argument.
pub(crate) fn below(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// A crowded random position under `rule`: `stones` random points of the central 9×9 (where lines cross
/// often), or fewer if one makes five (then the position is decided).
pub(crate) fn crowded(rule: Rule, stones: usize, next: &mut impl FnMut(usize) -> usize) -> Position {
    let mut pos = Position::new(rule);
    while pos.board().stone_count() < stones && !pos.last_move_won() {
        let free: Vec<Point> = Point::all()
            .filter(|q| pos.board().at(*q).is_none() && q.col().abs_diff(7) <= 4 && q.row().abs_diff(7) <= 4)
            .collect();
        pos.make(free[next(free.len())]);
    }
    pos
}

#[test]
fn undo_restores_exactly_what_a_fresh_rebuild_computes_also_after_threat_search_moves_and_hashes_are_foreseen() {
    let mut next = below(0x2545_f491_4f6c_dd1d);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut pos = Position::new(rule);
        for _ in 0..300 {
            if pos.board().stone_count() > 0 && (pos.last_move_won() || next(4) == 0) {
                for _ in 0..=next(3) {
                    pos.undo();
                }
            } else {
                // A random empty point in the central 9×9, where the lines are crowded.
                let free: Vec<Point> = Point::all()
                    .filter(|q| pos.board().at(*q).is_none() && q.col().abs_diff(7) <= 4 && q.row().abs_diff(7) <= 4)
                    .collect();
                if free.is_empty() {
                    break;
                }
                // A third of the moves as the threat searches make them, mixed with ordinary ones.
                let m = free[next(free.len())];
                let predicted = pos.hash_after(m);
                if next(3) == 0 {
                    pos.make_threat(m);
                } else {
                    pos.make(m);
                }
                // The hash the search fetches the table slot by before making the move.
                assert_eq!(pos.hash(), predicted, "{rule:?} after {}", pos.board().record());
            }
            // Rebuilt by the refresh's portable copy: where this CPU runs the AVX2 copy, the two are compared.
            let mut fresh = Position::new(rule);
            #[cfg(target_arch = "x86_64")]
            {
                fresh.avx2 = false;
            }
            for &m in pos.board().history() {
                fresh.make(m);
            }
            let record = pos.board().record();
            assert!(patterns_match_a_full_refresh(&pos), "{rule:?} after {record}");
            assert_eq!(threat_state(&pos), threat_state(&fresh), "{rule:?} after {record}");
            if pos.sums_stale() {
                continue;
            }
            // Back below every threat-search move: the learned sums are exact again.
            assert_eq!(state(&pos), state(&fresh), "{rule:?} after {record}");
            assert_eq!(pos.net_sum, net_sum_from_scratch(&pos), "{rule:?} after {record}");
            assert_eq!(
                pos.code_sum,
                code_sum_from_scratch(&pos),
                "{rule:?} after {}",
                pos.board().record()
            );
        }
    }
}

#[test]
fn a_point_forbidden_to_black_is_worth_nothing_to_black_in_the_learned_sums() {
    let moves: Vec<Point> = "h9 a1 h10 a3 i8 a5 j8 a7"
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    let h8: Point = "h8".parse().unwrap();
    let renju = Position::from_moves(Rule::Renju, &moves).unwrap();
    let free = Position::from_moves(Rule::Freestyle, &moves).unwrap();
    assert!(renju.forbidden(h8).is_some(), "h8 is black's double three");
    // The shape on h8 is the same under both rules; only renju reads it as nothing for black.
    let code = renju.fine_code(h8, Color::Black);
    assert_eq!(code, free.fine_code(h8, Color::Black));
    assert_eq!(
        (
            renju.playable_code(h8, Color::Black),
            free.playable_code(h8, Color::Black)
        ),
        (0, code)
    );
    let value = renju.values[code as usize];
    assert_ne!(
        value,
        [0, 0],
        "a double three has a learned value, so leaving it out changes the sums"
    );
    // The incremental sums leave h8 out for black as the sums from scratch do (which skip every flagged point).
    assert!(renju.maybe_forbidden().contains(h8));
    assert_eq!(renju.code_sum, code_sum_from_scratch(&renju));
    assert_eq!(free.net_sum, net_sum_from_scratch(&free));
    // So does the renju network's accumulator: h8 adds code 0 (a zero embedding) for black.
    assert_eq!(renju.net_sum, net_sum_from_scratch(&renju));
    // White's lines are the same under both rules (its overlines win under renju): h8 counts for white.
    assert_eq!(
        renju.playable_code(h8, Color::White),
        free.playable_code(h8, Color::White)
    );
}

#[test]
fn incremental_state_matches_a_fresh_rebuild() {
    let mut p = pos("h8 i9 h9 h10 g10 i8 j7 g7 i10 j11");
    let fresh = {
        let mut f = Position::new(Rule::Freestyle);
        for &m in p.board().history().to_vec().iter() {
            f.make(m);
        }
        f
    };
    assert_eq!(p.code_sum, fresh.code_sum);
    assert_eq!(p.doubles, fresh.doubles);
    for _ in 0..4 {
        p.undo();
    }
    let again = pos("h8 i9 h9 h10 g10 i8");
    assert_eq!((p.code_sum, p.doubles), (again.code_sum, again.doubles));
    assert_eq!(p.fours, again.fours);
    assert_eq!(p.hash(), again.hash());
    for q in Point::all() {
        for c in Color::BOTH {
            assert_eq!(p.combo(q, c), again.combo(q, c));
            assert_eq!(p.patterns[c.index()][q.index()], again.patterns[c.index()][q.index()]);
        }
    }
}

#[test]
fn seed_example_open_three_scores_two_hundred_plus_position() {
    // White stones g8 h8 (a two) : white on i8 makes an open three horizontally.
    let p = pos("a1 g8 a15 h8");
    let i8: Point = "i8".parse().unwrap();
    let sq = p.square(i8, Color::White);
    assert_eq!(sq.directions[Direction::Horizontal as usize], Pattern::OpenThree);
    assert_eq!(sq.combo, Combo::OpenThree);
    assert_eq!(sq.total, 200 + 6);
}

#[test]
fn the_networks_load_and_correct_the_evaluation() {
    for rule in [Rule::Standard, Rule::Renju] {
        let other = Net::get(rule);
        assert!(!std::ptr::eq(other, Net::get(Rule::Freestyle)), "{rule:?} has its own");
        assert!(other.embedding[0].iter().flatten().all(|&w| w == 0));
        assert!(other.out.iter().any(|&w| w != 0));
    }
    let net = Net::get(Rule::Freestyle);
    assert!(
        net.embedding[0].iter().flatten().all(|&w| w == 0),
        "code 0 is never a feature"
    );
    assert!(net.embedding.iter().flatten().flatten().any(|&w| w != 0));
    assert!(net.out.iter().any(|&w| w != 0));
    // The evaluation is the linear tables' sum plus the network's output, from the side to move's view.
    let mut seen_correction = false;
    for record in ["h8", "h8 i9 h9 h10 g10", "h8 i9 h9 h10 g10 i8 j7 g7 i10 j11"] {
        let p = pos(record);
        let me = p.to_move().index();
        let mask = p.threat_mask();
        let t = p.learned;
        let linear = p.code_sum[me][0] + p.code_sum[1 - me][1] + t.mask[mask] + t.stone * p.stone_balance();
        let correction = net.output(&net_sum_from_scratch(&p), me, mask);
        assert_eq!(p.evaluate(), linear + correction, "{record}");
        seen_correction |= correction != 0;
    }
    assert!(seen_correction, "the network changes some evaluation");
}

/// A point that cannot stop the opponent's open fours ([`Position::open_four_stoppers`]) really cannot: after
/// it, the opponent still has a point that makes an open four or a double four, and the mover no five to
/// answer with. Random dense games near the centre under every rule; most of the opponent's four points are
/// left out.
#[test]
fn a_point_that_is_no_stopper_leaves_an_open_four() {
    let mut next = below(0x9E37_79B9_7F4A_7C15);
    let (mut positions, mut left_out, mut four_points) = (0, 0, 0);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for _ in 0..3000 {
            let mut p = Position::new(rule);
            let stones = 8 + next(40);
            while p.board().stone_count() < stones {
                let q = Point::new(3 + next(9), 3 + next(9)).unwrap();
                if p.board().at(q).is_some() || p.is_forbidden_move(q) {
                    continue;
                }
                p.make(q);
                if p.last_move_won() {
                    p.undo();
                    break;
                }
            }
            let me = p.to_move();
            let opp = me.opponent();
            if p.legal_open_fours(opp).is_empty() || !p.fives(me).is_empty() || !p.fives(opp).is_empty() {
                continue;
            }
            positions += 1;
            let stoppers = p.open_four_stoppers(opp);
            four_points += p.fours(opp).count();
            for q in Point::all() {
                if stoppers.contains(q) || p.board().at(q).is_some() || p.is_forbidden_move(q) {
                    continue;
                }
                if p.fours(opp).contains(q) {
                    left_out += 1;
                }
                p.make(q);
                let answered = !p.fives(me).is_empty();
                assert!(
                    answered || !p.legal_open_fours(opp).is_empty(),
                    "{rule:?} {} then {q} stops every open four",
                    p.board().record()
                );
                p.undo();
            }
        }
    }
    assert!(positions > 500, "{positions} positions with an open four to stop");
    assert!(
        2 * left_out > four_points,
        "{left_out} of {four_points} four points left out"
    );
}

#[test]
fn the_lookahead_reads_what_making_the_moves_would_give() {
    let mut next = below(0x9e37_79b9_7f4a_7c15);
    let mut checked = [0usize; 3];
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for _ in 0..40 {
            let stones = 10 + next(40);
            let mut pos = crowded(rule, stones, &mut next);
            if pos.last_move_won() {
                continue;
            }
            let free: Vec<Point> = Point::all().filter(|q| pos.board().at(*q).is_none()).collect();
            for p in free {
                let c = pos.to_move();
                let (fives_before, fours_before) = (pos.fives(c), pos.fours(c.opponent()));
                let foreseen = pos.fives_made_by(c, p);
                // Where nothing is forbidden: c's fives and the opponent's fours left after p.
                let plain = rule != Rule::Renju;
                let fives_kept = plain.then(|| pos.fives_kept_after(c, p, fives_before));
                let fours_kept = plain.then(|| pos.fours_kept_after(c.opponent(), p, fours_before));
                pos.make_threat(p);
                let record = pos.board().record();
                // c's new fives are p's (only those are foreseen; under renju black's may be forbidden).
                assert!((foreseen & !pos.fives(c)).is_empty(), "{rule:?} {record}");
                assert!(
                    (pos.fives(c) & !fives_before & !foreseen).is_empty(),
                    "{rule:?} {record}"
                );
                if let (Some(fives), Some(fours)) = (fives_kept, fours_kept) {
                    assert_eq!(pos.fives(c), fives | foreseen, "{rule:?} {record}");
                    assert_eq!(pos.fours(c.opponent()), fours, "{rule:?} {record}");
                    checked[usize::from(fours != fours_before)] += 1;
                    let overline = fives != fives_before & !Bitboard::from_point(p);
                    checked[2] += usize::from(overline);
                }
                pos.undo();
            }
        }
    }
    // Every kind of answer was checked: fours kept, fours taken away, fives turned into overlines.
    assert!(checked[0] > 100 && checked[1] > 100 && checked[2] > 0, "{checked:?}");
}
