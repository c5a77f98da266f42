//! Score conventions of the search: mate scores counted in plies from the root, the bounds that tell
//! proven and likely wins from evaluations, their conversion for the transposition table, and their text.

/// Score of a win on the move: a win found `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Scores beyond this (and within [`MATE_BOUND`]) are wins or losses the search saw but could not prove,
/// because the width limit cut some defences.
pub const LIKELY_BOUND: i32 = MATE_BOUND - 1;
/// Scores beyond this (in absolute value) get no root bonus: wins and losses stay what they are.
pub(crate) const DECISIVE: i32 = MATE_BOUND / 2;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;
/// Converts a score found `ply` plies from the root to one relative to the node, for storing.
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a stored score back to one relative to the root.
#[inline]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Formats a score for people: `win in N` / `loss in N` (moves of the side to move) or a signed number.
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("loss in {}", (MATE + score) / 2)
    } else if score >= LIKELY_BOUND {
        "winning".to_string()
    } else if score <= -LIKELY_BOUND {
        "losing".to_string()
    } else {
        format!("{score:+}")
    }
}
