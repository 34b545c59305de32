//! Othello's fast perft: the bitboards walked directly (no move list),
//! counted in bulk one ply above the leaves (the number of moves is a
//! population count), a pass counted as a ply.
//!
//! Two conventions, which differ only once games end (from depth 10 of
//! the start position):
//! - [`count`] ([`Game::perft`](crate::Game::perft)): the rules of the
//!   [`Othello`] game, where a finished game has no move. Equal to
//!   [`perft_plain`](crate::perft_plain) and to Edax's `perft`.
//! - [`count_with_end_passes`] ([`Othello::perft_with_end_passes`]): Aart
//!   Bik's published table, whose generator lets a player without a move
//!   always pass, a finished game included: a finished position counts one
//!   sequence (of passes) at every depth.

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

/// The perft of Aart Bik's published table: as [`count`], but a player
/// with no move always passes, even once the game is over (see the module
/// docs).
pub(super) fn count_with_end_passes(position: &Othello, depth: u32) -> u64 {
    let (mover, waiting) = position.mover_and_opponent();
    if depth == 0 {
        return 1;
    }
    walk_with_end_passes(mover, waiting, depth)
}

/// [`count_with_end_passes`] on the bitboards.
///
/// Precondition: `depth >= 1`.
fn walk_with_end_passes(mover: u64, waiting: u64, depth: u32) -> u64 {
    debug_assert!(depth >= 1);
    let mut squares = moves(mover, waiting);
    if squares == 0 {
        // A pass, whether or not the opponent can move.
        return if depth == 1 {
            1
        } else {
            walk_with_end_passes(waiting, mover, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(squares.count_ones());
    }
    let mut total = 0;
    while squares != 0 {
        let square = squares.trailing_zeros() as usize;
        squares &= squares - 1;
        let flipped = flips(square, mover, waiting);
        total += walk_with_end_passes(
            waiting ^ flipped,
            mover | flipped | (1 << square),
            depth - 1,
        );
    }
    total
}

impl Othello {
    /// The number of move sequences of `depth` plies in the convention of
    /// Aart Bik's published perft table: a player with no move always
    /// passes, even once the game is over, so that a finished position
    /// counts one sequence at every depth. It equals
    /// [`perft`](crate::Game::perft) until games end; from the start:
    /// 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 (depths 1 to 9,
    /// both conventions), then 24571284, 212258800, 1939886636 (depths 10
    /// to 12; `perft` gives 24571056, 212258216 and 1939879668: the 228,
    /// 356 and 6384 games that end at plies 9, 10 and 11 count 0 there,
    /// and 1 at every later depth here).
    ///
    /// ```
    /// use rulebook::othello::Othello;
    /// use rulebook::Game;
    ///
    /// let start = Othello::default();
    /// assert_eq!(start.perft_with_end_passes(6), 8200);
    /// // A finished game: it keeps passing.
    /// let end: Othello = format!("{} X", "X".repeat(64)).parse().unwrap();
    /// assert_eq!((end.perft(1), end.perft_with_end_passes(1)), (0, 1));
    /// assert_eq!(end.perft_with_end_passes(3), 1);
    /// ```
    ///
    /// Never allocates.
    pub fn perft_with_end_passes(&self, depth: u32) -> u64 {
        count_with_end_passes(self, depth)
    }
}
