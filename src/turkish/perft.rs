//! Turkish draughts' perft: [`perft_plain`](crate::perft_plain)'s walk
//! with one move list per ply reused (no list built and dropped per node)
//! and the leaves counted in bulk one ply above them.

use super::{Moves, Turkish};
use crate::Game;

/// The number of move sequences of `depth` plies from `position`: equal to
/// [`perft_plain`](crate::perft_plain)'s count.
///
/// Allocates only in a position with more than
/// [`INLINE_MOVES`](super::INLINE_MOVES) moves; recursion depth `depth`.
pub(super) fn count(position: &Turkish, depth: u32) -> u64 {
    let mut moves = Moves::new();
    match depth {
        0 => 1,
        _ => walk(position, depth, &mut moves),
    }
}

/// [`count`] for `depth >= 1`, with `moves` a list to fill at this ply.
fn walk(position: &Turkish, depth: u32, moves: &mut Moves) -> u64 {
    position.generate_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut children = Moves::new();
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *position;
        child.apply_unchecked(mv);
        total += walk(&child, depth - 1, &mut children);
    }
    total
}
