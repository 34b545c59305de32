//! [`Board`]: where the tokens are, and whether they make four in a row,
//! with the classic `GameBoard` queries. It knows nothing about turns.

use core::fmt;

use super::bitboard::{
    cell, column_mask, four_through, has_four, COLUMN_BITS, COLUMN_STRIDE, PLAYABLE,
    STEP_DIAGONAL_DOWN, STEP_DIAGONAL_UP, STEP_HORIZONTAL, STEP_VERTICAL,
};
use super::{Column, Player, COLUMNS, ROWS};
use crate::connectx::{self, ParseBoardError, PlaceTokenError};

/// A 6-row, 7-column Connect Four grid. Row 0 is the bottom, column 0 the
/// left. Any sequence of [`place_token`](Board::place_token) calls is
/// allowed (the board does not enforce turns; [`Connect4`](super::Connect4)
/// does).
///
/// Invariants:
/// - no cell holds two tokens;
/// - gravity: in every column the tokens fill rows `0..height` with no gap.
///
/// # Two kinds of methods
///
/// - **The classic `GameBoard` queries**, under Rust names:
///   `checkIfFree` ([`is_column_free`](Board::is_column_free)), `placeToken`
///   ([`place_token`](Board::place_token)), `whatsAtPos`
///   ([`piece_at`](Board::piece_at)), `checkHorizWin`, `checkVertWin`,
///   `checkDiagWin`, `checkForWin` (the `check_*_win` methods) and
///   `checkTie` ([`check_tie`](Board::check_tie)). They take plain `usize`
///   rows and columns, as that API does, and accept any value: a row or
///   column outside the board answers `false` / `None`, and only
///   [`place_token`](Board::place_token), which changes the board, reports
///   a bad column as an error.
/// - **Everything else** takes a [`Column`], which is on the board by
///   construction ([`height`](Board::height)), or no column at all.
///
/// Rows count from 0 at the bottom, columns from 0 at the left (0-6), as
/// [`Column`] does.
///
/// ```
/// use rulebook::connect4::{Board, Player};
///
/// let mut board = Board::new();
/// for col in 0..4 {
///     assert_eq!(board.place_token(Player::X, col), Ok(0));
/// }
/// assert!(board.check_for_win(3));
/// assert!(board.check_horizontal_win(0, 1, Player::X));
/// assert_eq!(board.piece_at(0, 4), None);
/// assert!(board.to_string().ends_with("|X|X|X|X| | | |\n"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// X's tokens, one bit per cell (see the `bitboard` layout).
    x: u64,
    /// O's tokens.
    o: u64,
}

impl Board {
    /// An empty board.
    pub const fn new() -> Board {
        Board { x: 0, o: 0 }
    }

    /// The board with X's tokens `x` and O's tokens `o`, as bits.
    ///
    /// Precondition: the two sets are disjoint, within the playable cells,
    /// and obey gravity (debug-asserted).
    pub(crate) fn from_stones(x: u64, o: u64) -> Board {
        let board = Board { x, o };
        debug_assert!(x & o == 0 && board.obeys_gravity(), "{board:?}");
        board
    }

    /// The tokens of `player`, as bits.
    #[inline(always)]
    pub(crate) const fn stones(&self, player: Player) -> u64 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// Every token, as bits.
    #[inline(always)]
    pub(crate) const fn occupied(&self) -> u64 {
        self.x | self.o
    }

    /// Adds the single-bit `cell` to `player`'s tokens.
    ///
    /// Precondition: `cell` is the lowest empty cell of its column.
    #[inline(always)]
    pub(crate) fn set(&mut self, player: Player, cell: u64) {
        debug_assert!(cell.count_ones() == 1 && cell & self.occupied() == 0);
        match player {
            Player::X => self.x |= cell,
            Player::O => self.o |= cell,
        }
        debug_assert!(self.obeys_gravity());
    }

    /// Whether every column is a gap-free stack from row 0.
    const fn obeys_gravity(&self) -> bool {
        let occupied = self.occupied();
        let mut col = 0;
        while col < COLUMNS {
            let stack = (occupied >> (col as u32 * COLUMN_STRIDE)) & COLUMN_BITS;
            // A stack from row 0 is a run of low ones: adding 1 clears them all.
            if stack & (stack + 1) != 0 {
                return false;
            }
            col += 1;
        }
        true
    }

    /// The number of tokens in `column`, `0..=6`.
    #[inline]
    pub const fn height(&self, column: Column) -> usize {
        (self.occupied() & column_mask(column.index())).count_ones() as usize
    }

    /// The number of tokens on the board.
    #[inline]
    pub const fn token_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    /// The number of `player`'s tokens on the board.
    #[inline]
    pub const fn count(&self, player: Player) -> usize {
        self.stones(player).count_ones() as usize
    }

    /// Whether all 42 cells hold a token.
    #[inline]
    pub const fn is_full(&self) -> bool {
        self.occupied() == PLAYABLE
    }

    /// `checkIfFree`: whether column `col` exists and can take a token.
    ///
    /// Postcondition: `true` iff `col < 7` and the column has fewer than six
    /// tokens. Out-of-range `col` answers `false`.
    pub fn is_column_free(&self, col: usize) -> bool {
        Column::new(col).is_some_and(|column| self.height(column) < ROWS)
    }

    /// `placeToken`: drops `player`'s token into column `col`; it lands on
    /// the lowest empty row, which is returned.
    ///
    /// Precondition: none (a bad column is an error, not a panic).
    /// Postcondition on `Ok(row)`: `piece_at(row, col) == Some(player)` and
    /// the column's height grew by one; the invariants still hold.
    ///
    /// # Errors
    ///
    /// [`PlaceTokenError::NoSuchColumn`] when `col > 6`,
    /// [`PlaceTokenError::ColumnFull`] when the column holds six tokens.
    /// The board is unchanged on error.
    pub fn place_token(&mut self, player: Player, col: usize) -> Result<usize, PlaceTokenError> {
        let column = Column::new(col).ok_or(PlaceTokenError::NoSuchColumn {
            col,
            last: Column::MAX_INDEX,
        })?;
        let row = self.height(column);
        if row >= ROWS {
            return Err(PlaceTokenError::ColumnFull(column.to_connectx()));
        }
        self.set(player, cell(row, col));
        Ok(row)
    }

    /// `whatsAtPos`: the token at `row`, `col`, or `None` for an empty cell
    /// or a position off the board.
    pub fn piece_at(&self, row: usize, col: usize) -> Option<Player> {
        if row >= ROWS || col >= COLUMNS {
            return None;
        }
        let bit = cell(row, col);
        Player::ALL
            .into_iter()
            .find(|&player| self.stones(player) & bit != 0)
    }

    /// The single bit of `row`, `col` when on the board.
    fn cell_on_board(row: usize, col: usize) -> Option<u64> {
        (row < ROWS && col < COLUMNS).then(|| cell(row, col))
    }

    /// Whether `player` has four in a row in direction `step` through
    /// `row`, `col` (false off the board).
    fn four_through(&self, row: usize, col: usize, player: Player, step: u32) -> bool {
        Self::cell_on_board(row, col)
            .is_some_and(|bit| four_through(self.stones(player), bit, step))
    }

    /// `checkHorizWin`: whether `player` has four in a row horizontally on
    /// a line through `row`, `col` (normally the token just placed).
    ///
    /// Postcondition: `false` when `row`/`col` is off the board.
    pub fn check_horizontal_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.four_through(row, col, player, STEP_HORIZONTAL)
    }

    /// `checkVertWin`: whether `player` has four in a row vertically on a
    /// line through `row`, `col`.
    ///
    /// Postcondition: `false` when `row`/`col` is off the board.
    pub fn check_vertical_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.four_through(row, col, player, STEP_VERTICAL)
    }

    /// `checkDiagWin`: whether `player` has four in a row on either
    /// diagonal (`/` or `\`) through `row`, `col`.
    ///
    /// Postcondition: `false` when `row`/`col` is off the board.
    pub fn check_diagonal_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.four_through(row, col, player, STEP_DIAGONAL_UP)
            || self.four_through(row, col, player, STEP_DIAGONAL_DOWN)
    }

    /// `checkForWin`: whether the top token of column `col` (the last one
    /// placed there) is part of four in a row of its owner, in any
    /// direction.
    ///
    /// Postcondition: `false` for an empty or off-board column.
    pub fn check_for_win(&self, col: usize) -> bool {
        let Some(column) = Column::new(col) else {
            return false;
        };
        let Some(row) = self.height(column).checked_sub(1) else {
            return false;
        };
        self.piece_at(row, col).is_some_and(|player| {
            self.check_horizontal_win(row, col, player)
                || self.check_vertical_win(row, col, player)
                || self.check_diagonal_win(row, col, player)
        })
    }

    /// Whether `player` has four in a row anywhere on the board.
    #[inline]
    pub const fn has_four_in_a_row(&self, player: Player) -> bool {
        has_four(self.stones(player))
    }

    /// `checkTie`: whether the board is full and neither player has four in
    /// a row.
    pub const fn check_tie(&self) -> bool {
        self.is_full() && !has_four(self.x) && !has_four(self.o)
    }

    /// The compact text of the board: ConnectX's
    /// [`Board::text`](connectx::Board::text) without the `6x7x4:` that
    /// goes without saying — the rows top first, separated by `'/'`, each 7
    /// cells of `X`, `O` or `.` (e.g. an empty board is
    /// `......./......./......./......./......./.......`).
    /// [`Board::parse_text`] reads it back.
    pub fn text(&self) -> String {
        connectx::Board::from(*self).rows_text()
    }

    /// Parses the compact text of [`Board::text`] and checks the board
    /// invariants (gravity). Turn order and wins are not checked here; see
    /// [`Connect4::from_board`](super::Connect4::from_board).
    ///
    /// # Errors
    ///
    /// ConnectX's [`ParseBoardError`] naming the wrong row, cell or
    /// character.
    pub fn parse_text(text: &str) -> Result<Board, ParseBoardError> {
        let board = connectx::Board::parse_rows(connectx::Parameters::CONNECT_FOUR, text)?;
        Ok(Board::from_connect_four(&board))
    }
}

impl fmt::Display for Board {
    /// The console format, ConnectX's at 6x7: a header `|0|1|2|3|4|5|6|`
    /// (the column numbers), then the rows top first, each like
    /// `| | | |X| | | |`; every line ends in `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&connectx::Board::from(*self), f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.text())
    }
}
