//! The ConnectX perft behind `ConnectX`'s [`Game::perft`].
//!
//! The walk plays and takes back tokens on one [`Board`] (no copies of the
//! position) and keeps the open columns as a bit set. Two facts make it
//! quick, as in Connect Four's walk:
//! - a move that completes a line ends the game, so its subtree is empty;
//! - a child position that is not won has one move per open column, which
//!   is the parent's open columns minus the one the move filled.
//!
//! So the last two plies are counted without visiting the children.

use super::board::ColumnBits;
use super::{Board, ConnectX, Player};
use crate::Game;

/// [`Game::perft`] for [`ConnectX`]: equal to the generic count.
pub(crate) fn perft(game: &ConnectX, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    let mut board = *game.board();
    walk(&mut board, game.to_move(), game.open_columns(), depth)
}

/// Move sequences of `depth` plies from an unfinished position where
/// `mover` is to move and `open` are the columns that can take a token.
///
/// Preconditions: `depth >= 1`; nobody has a winning line. The board is
/// the same on return.
fn walk(board: &mut Board, mover: Player, open: ColumnBits, depth: u32) -> u64 {
    if depth == 1 {
        return u64::from(open.count_ones());
    }
    let top_row = board.rows() - 1;
    let mut total = 0;
    let mut columns = open;
    while columns != 0 {
        let col = columns.trailing_zeros() as usize;
        columns &= columns - 1;
        let row = board.landing_row(col);
        if board.completes_line(mover, row, col) {
            // The game ends: no sequence goes on from here.
            continue;
        }
        let child_open = if row == top_row {
            open & !(1 << col)
        } else {
            open
        };
        if depth == 2 {
            total += u64::from(child_open.count_ones());
        } else {
            board.set(mover, row, col);
            total += walk(board, mover.opponent(), child_open, depth - 1);
            board.clear(mover, row, col);
        }
    }
    total
}
