//! Othello's fast perft: the bitboards walked directly (no move list),
//! counted in bulk one ply above the leaves (the number of moves is a
//! population count), a pass counted as a ply, as in Aart Bik's published
//! table.

use super::bitboard::{flips, has_moves, moves};
use super::Othello;

/// The number of move sequences of `depth` plies from `position` (a pass
/// is a move; a finished game has none): equal to
/// [`perft_plain`](crate::perft_plain)'s count, several times faster.
///
/// Never allocates; recursion depth `depth`.
pub(super) fn count(position: &Othello, depth: u32) -> u64 {
    let (mover, waiting) = position.mover_and_opponent();
    if depth == 0 {
        return 1;
    }
    walk(mover, waiting, depth)
}

/// [`count`] on the bitboards of the player to move and the opponent.
///
/// Precondition: `depth >= 1`.
fn walk(mover: u64, waiting: u64, depth: u32) -> u64 {
    debug_assert!(depth >= 1);
    let mut squares = moves(mover, waiting);
    if depth == 1 {
        return if squares != 0 {
            u64::from(squares.count_ones())
        } else {
            // A pass if the opponent can move; nothing once over.
            u64::from(has_moves(waiting, mover))
        };
    }
    if squares == 0 {
        return if has_moves(waiting, mover) {
            walk(waiting, mover, depth - 1)
        } else {
            0
        };
    }
    let mut total = 0;
    while squares != 0 {
        let square = squares.trailing_zeros() as usize;
        squares &= squares - 1;
        let flipped = flips(square, mover, waiting);
        let next_mover = waiting ^ flipped;
        let next_waiting = mover | flipped | (1 << square);
        total += if depth == 2 {
            // The child's leaves, without a call.
            let replies = moves(next_mover, next_waiting);
            if replies != 0 {
                u64::from(replies.count_ones())
            } else {
                u64::from(has_moves(next_waiting, next_mover))
            }
        } else {
            walk(next_mover, next_waiting, depth - 1)
        };
    }
    total
}
