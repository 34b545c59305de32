//! The ConnectX perft behind `ConnectX`'s [`Game::perft`].
//!
//! Two facts make it quick, as in Connect Four's walk:
//! - a move that completes a line ends the game, so its subtree is empty;
//! - a child position that is not won has one move per open column, which
//!   is the parent's open columns minus the one the move filled.
//!
//! So the last two plies are counted without visiting the children.
//!
//! Boards whose cells fit in 64 or 128 bits (up to 7 x 16 and 9 x 12,
//! Connect Four's 6 x 7 among them) take a padded bitboard
//! ([`Geometry`]) that finds the winning cells of all columns at once;
//! larger ones play and take back tokens on one [`Board`] and walk out from
//! each landing cell.

use super::bitboard::{Geometry, Word};
use super::lines::ColumnBits;
use super::{Board, ConnectX, Player, MAX_IN_A_ROW};
use crate::Game;

/// [`Game::perft`] for [`ConnectX`]: equal to the generic count.
pub(crate) fn perft(game: &ConnectX, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        return 0;
    }
    let (board, mover) = (game.board(), game.to_move());
    let parameters = game.parameters();
    if let Some(geometry) = Geometry::<u64>::new(parameters) {
        bitboard_perft(&geometry, board, mover, depth)
    } else if let Some(geometry) = Geometry::<u128>::new(parameters) {
        bitboard_perft(&geometry, board, mover, depth)
    } else {
        let mut board = *board;
        column_walk(&mut board, mover, game.open_columns(), depth)
    }
}

fn bitboard_perft<W: Word>(
    geometry: &Geometry<W>,
    board: &Board,
    mover: Player,
    depth: u32,
) -> u64 {
    let mine = geometry.stones(board, mover);
    let occupied = mine | geometry.stones(board, mover.opponent());
    // One walk per line length, so that the line tests unroll.
    macro_rules! walk_for_line_lengths {
        ($($needed:literal)*) => {
            match geometry.in_a_row() - 1 {
                $($needed => bitboard_walk::<W, $needed>(geometry, mine, occupied, depth),)*
                _ => bitboard_walk::<W, { MAX_IN_A_ROW - 1 }>(geometry, mine, occupied, depth),
            }
        };
    }
    walk_for_line_lengths!(1 2 3 4 5 6 7 8 9 10 11 12 13 14)
}

/// Move sequences of `depth` plies from an unfinished position: the
/// mover's tokens `mine` and all tokens `occupied`.
///
/// Preconditions: `depth >= 1`; nobody has a winning line;
/// `NEEDED == in_a_row - 1`.
fn bitboard_walk<W: Word, const NEEDED: usize>(
    geometry: &Geometry<W>,
    mine: W,
    occupied: W,
    depth: u32,
) -> u64 {
    let playable = geometry.playable_cells(occupied);
    if depth == 1 {
        return u64::from(playable.count());
    }
    let mut quiet = playable & !geometry.winning_cells::<NEEDED>(mine, occupied);
    if depth == 2 {
        // Each quiet child has every open column of ours, minus the one
        // our move filled.
        let filled = quiet & geometry.top_row();
        return u64::from(quiet.count()) * u64::from(playable.count()) - u64::from(filled.count());
    }
    let mut total = 0;
    while quiet != W::ZERO {
        let mv = W::from_column(1) << quiet.lowest();
        quiet = quiet.without_lowest();
        // The opponent moves next: their tokens are the others.
        total += bitboard_walk::<W, NEEDED>(geometry, mine ^ occupied, occupied | mv, depth - 1);
    }
    total
}

/// Move sequences of `depth` plies from an unfinished position where
/// `mover` is to move and `open` are the columns that can take a token,
/// playing and taking back tokens on `board`.
///
/// Preconditions: `depth >= 1`; nobody has a winning line. The board is
/// the same on return.
fn column_walk(board: &mut Board, mover: Player, open: ColumnBits, depth: u32) -> u64 {
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
            total += column_walk(board, mover.opponent(), child_open, depth - 1);
            board.clear(mover, row, col);
        }
    }
    total
}
