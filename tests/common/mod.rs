//! Helpers shared by the integration tests.

use gomoku::board::coord::Point;
use gomoku::board::Rule;
use gomoku::eval::Position;

/// Plays `points` in order under `rule` (skipping occupied points and points forbidden to black) until `max`
/// stones are down or the next move would make five, so the game is never decided.
pub fn undecided_game(rule: Rule, points: impl IntoIterator<Item = Point>, max: usize) -> Position {
    let mut pos = Position::new(rule);
    for p in points {
        if pos.board().stone_count() >= max {
            break;
        }
        if pos.board().at(p).is_none() && !pos.is_forbidden_move(p) {
            pos.make(p);
            if pos.last_move_won() {
                pos.undo();
                break;
            }
        }
    }
    pos
}
