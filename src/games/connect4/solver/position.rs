//! [`Position`]: the solver's view of a position — the stones of the side
//! to move, every stone, and the ply count — with the bit tricks the search
//! needs (threat maps, non-losing moves, one-number keys, the mirror key).
//!
//! The bit layout is the crate's (see `bitboard.rs`): column `c`, row `r`
//! is bit `c * 7 + r`, with one empty sentinel bit above each column.

use super::super::bitboard::{
    column_mask, playable_cells, winning_cells, BOTTOM_ROW, COLUMN_STRIDE, PLAYABLE,
};
use super::super::{Column, Connect4, CELLS, COLUMNS};

/// The bits of one column including its sentinel: a key's field.
const COLUMN_FIELD: u64 = (1 << COLUMN_STRIDE) - 1;

/// A position as the solver sees it, relative to the side to move.
///
/// Invariants: `current` is a subset of `mask`; `mask` obeys gravity;
/// `plies == mask.count_ones()`; the side to move (whose stones are
/// `current`) has no four in a row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Position {
    /// The stones of the side to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Stones on the board.
    plies: u32,
}

impl Position {
    /// The solver's view of `game`.
    pub(crate) fn from_game(game: &Connect4) -> Position {
        let board = game.board();
        let mask = board.occupied();
        let plies = mask.count_ones();
        let mover = if plies % 2 == 0 {
            super::super::Player::X
        } else {
            super::super::Player::O
        };
        Position {
            current: board.stones(mover),
            mask,
            plies,
        }
    }

    /// Stones on the board.
    #[inline(always)]
    pub(crate) const fn plies(&self) -> u32 {
        self.plies
    }

    /// The cells playable now: the lowest empty cell of each column.
    #[inline(always)]
    pub(crate) const fn playable(&self) -> u64 {
        playable_cells(self.mask)
    }

    /// The empty cells where the side to move would complete four.
    #[inline(always)]
    pub(crate) const fn own_threats(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells where the opponent would complete four.
    #[inline(always)]
    pub(crate) const fn opponent_threats(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move can complete four with its next stone.
    #[inline(always)]
    pub(crate) const fn can_win_next(&self) -> bool {
        self.own_threats() & self.playable() != 0
    }

    /// Whether every cell is taken.
    #[inline(always)]
    pub(crate) const fn is_full(&self) -> bool {
        self.mask == PLAYABLE
    }

    /// The playable cells that do not let the opponent win at once: if the
    /// opponent threatens one playable cell, only that block; if two or
    /// more, none; never a cell just below an opponent threat.
    ///
    /// Precondition: the side to move cannot win at once (that would be
    /// the better move; it is checked first).
    #[inline(always)]
    pub(crate) const fn non_losing_moves(&self, opponent_threats: u64) -> u64 {
        let mut moves = self.playable();
        let forced = moves & opponent_threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            moves = forced;
        }
        moves & !(opponent_threats >> 1)
    }

    /// The cells where the side to move would complete four after playing
    /// the single-bit `cell`: the opponent's threats in the position after
    /// the move, and (by their number) the move-ordering heuristic.
    #[inline(always)]
    pub(crate) const fn threats_after(&self, cell: u64) -> u64 {
        winning_cells(self.current | cell, self.mask | cell)
    }

    /// The position after the side to move plays the single-bit `cell`.
    ///
    /// Precondition: `cell` is playable (debug-asserted).
    #[inline(always)]
    pub(crate) const fn after(&self, cell: u64) -> Position {
        debug_assert!(cell & self.playable() != 0 && cell.count_ones() == 1);
        Position {
            // The opponent's stones become the side to move's.
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            plies: self.plies + 1,
        }
    }

    /// A unique number for the position: the stones of the side to move
    /// plus one extra bit above each column's top stone (`current + mask +
    /// BOTTOM_ROW`, the bottom row added so that the key of every column is
    /// nonzero). Fits in 49 bits.
    #[inline(always)]
    pub(crate) const fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM_ROW
    }

    /// The key of the mirrored position (columns reversed): the same game
    /// value, so both may share a table entry.
    #[inline(always)]
    pub(crate) const fn mirror_key(key: u64) -> u64 {
        let mut mirrored = 0;
        let mut col = 0;
        while col < COLUMNS as u32 {
            let field = (key >> (col * COLUMN_STRIDE)) & COLUMN_FIELD;
            mirrored |= field << ((COLUMNS as u32 - 1 - col) * COLUMN_STRIDE);
            col += 1;
        }
        mirrored
    }

    /// The playable cell of `column`, or 0 if the column is full.
    #[inline(always)]
    pub(crate) const fn playable_in(&self, column: Column) -> u64 {
        self.playable() & column_mask(column.index())
    }

    /// The score of a win by the side to move with its next stone: 22
    /// minus the stones the winner has then played.
    #[inline(always)]
    pub(crate) const fn win_now_score(&self) -> i32 {
        (CELLS as i32 + 1 - self.plies as i32) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(moves: &str) -> Position {
        Position::from_game(&Connect4::from_moves(moves).unwrap())
    }

    #[test]
    fn keys_are_unique_and_mirror_twice_is_identity() {
        let a = position("4453");
        let b = position("4435");
        assert_ne!(a.key(), b.key());
        assert_eq!(Position::mirror_key(Position::mirror_key(a.key())), a.key());
        // "1" mirrored is "7".
        assert_eq!(
            Position::mirror_key(position("1").key()),
            position("7").key()
        );
        assert_eq!(
            Position::mirror_key(position("4").key()),
            position("4").key()
        );
        assert!(a.key() < 1 << 49);
    }

    #[test]
    fn non_losing_moves_block_single_threats_and_give_up_on_double_ones() {
        // X holds row 0 of columns 0..=2; O must block column 3.
        let p = position("11223");
        assert_eq!(
            p.non_losing_moves(p.opponent_threats()),
            1 << (3 * COLUMN_STRIDE)
        );
        // X holds row 0 of columns 1..=3, both ends open: O cannot stop both.
        let p = position("22334");
        assert_eq!(p.non_losing_moves(p.opponent_threats()), 0);
    }
}
