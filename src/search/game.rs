//! What the search needs to know of a game: its moves, its hash, its evaluation and the threats that steer the
//! selective search, each with a default for games that know nothing of threats.

use crate::search::tt::PackedMove;
use crate::search::MoveList;
use std::fmt::Debug;

/// A two-player, zero-sum, perfect-information game as the search sees it.
pub trait Game {
    /// A move; [`Game::move_index`] maps it below [`MAX_MOVES`](crate::search::MAX_MOVES).
    type Move: Copy + Eq + Default + Debug + PackedMove;

    /// Hash of the position (side to move included).
    fn hash(&self) -> u64;
    /// Hash of the position after the move `m`, without making it (to fetch its table entry early).
    fn hash_after(&self, m: Self::Move) -> u64;
    /// The value (side to move's view) if the position is decided `ply` plies from the root: a loss, a draw,
    /// or a win that needs no search. Not consulted at the root.
    fn terminal(&mut self, ply: usize) -> Option<i32>;
    /// Whether the side to move faces a threat it must answer now (a four): the search then extends instead
    /// of evaluating statically, and in the selective search the answer costs no depth.
    fn must_answer(&self) -> bool {
        false
    }
    /// Whether the side to move faces no threat its static evaluation could misjudge, so that a node far
    /// above β may be cut on the static evaluation alone. Games without such knowledge never are.
    fn quiet(&self) -> bool {
        false
    }
    /// Whether the move `m` makes a threat the opponent must answer; late-move reductions spare such moves.
    /// Games without such knowledge have none.
    fn threatens(&self, _m: Self::Move) -> bool {
        false
    }
    /// The side to move's win found by a cheap threat search, as a mate score `ply` plies from the root
    /// (`None`: none found, or no such search). Games without one find none.
    fn cheap_win(&mut self, _ply: usize) -> Option<i32> {
        None
    }
    /// Leaves out of a forced set (not the answers to a four) the moves that only delay: they neither answer
    /// the threat nor make one of their own the opponent could not ignore for long, so that after them and
    /// the opponent's reply the side to move still faces the same threat. Keeps every move if all would go.
    /// Games without such knowledge keep every move.
    fn drop_delays(&self, _list: &mut MoveList<Self::Move>) {}
    /// Evaluation at the search horizon, `ply` plies from the root, from the side to move's view. A game
    /// may resolve cheap tactics here (mate scores are relative to the root).
    fn evaluate(&mut self, ply: usize) -> i32;
    /// A cheap static evaluation (no tactics) from the side to move's view, for pruning decisions inside the
    /// tree. Defaults to [`Game::evaluate`] at ply 0.
    fn static_eval(&mut self) -> i32 {
        self.evaluate(0)
    }
    /// Fills `list` with the moves to search and their ordering scores (higher first). Returns true when the
    /// list is a forced set (replies to a threat) that the width limit must not cut.
    fn generate(&mut self, list: &mut MoveList<Self::Move>) -> bool;
    /// Plays a move from [`Game::generate`].
    fn make(&mut self, m: Self::Move);
    /// Takes back the last move.
    fn undo(&mut self);
    /// Index of a move for the killer and history tables.
    fn move_index(m: Self::Move) -> usize;
    /// Moves whose ordering score from [`Game::generate`] is below this are quiet: late in the list they
    /// may be searched to a reduced depth first.
    const QUIET_BELOW: i32 = i32::MIN;
}
