//! The fast Connect Four perft behind `Connect4`'s [`Game::perft`].
//!
//! The walk works on (tokens of the player to move, all tokens). Two facts
//! make it quick:
//! - a move completes four in a row iff it lands on one of the mover's
//!   [`winning_cells`], and then the child has no moves;
//! - a child position that is not won has one move per non-full column,
//!   which is the parent's count minus one when the move filled its column.
//!
//! So the last two plies are counted with a few bit operations, without
//! visiting the children.

use super::bitboard::{count_one_per_column, playable_cells, winning_cells, TOP_ROW};
use super::Connect4;
use crate::Game;

/// [`Game::perft`] for [`Connect4`]: equal to the generic count.
pub(crate) fn perft(game: &Connect4, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    let board = game.board();
    walk(board.stones(game.to_move()), board.occupied(), depth)
}

/// Move sequences of `depth` plies from an unfinished position.
///
/// Preconditions: `depth >= 1`; neither player has four in a row (the
/// mover's `mine` included, which the invariants of `Connect4` give).
#[inline]
fn walk(mine: u64, occupied: u64, depth: u32) -> u64 {
    let playable = playable_cells(occupied);
    match depth {
        1 => u64::from(count_one_per_column(playable)),
        2 => {
            // Children that are not won: each has every column of ours,
            // minus the one our move filled.
            let quiet = playable & !winning_cells(mine, occupied);
            u64::from(count_one_per_column(quiet)) * u64::from(count_one_per_column(playable))
                - u64::from(count_one_per_column(quiet & TOP_ROW))
        }
        _ => {
            let mut quiet = playable & !winning_cells(mine, occupied);
            let mut total = 0;
            while quiet != 0 {
                let mv = quiet & quiet.wrapping_neg();
                quiet ^= mv;
                // The opponent moves next: their tokens are the others.
                let child_occupied = occupied | mv;
                total += walk(mine ^ occupied, child_occupied, depth - 1);
            }
            total
        }
    }
}
