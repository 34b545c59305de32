//! [`Board`]: the assignment's `GameBoard` for any size — where the tokens
//! are, and whether they make a winning line. It knows nothing about turns.

use core::fmt;

use super::lines::{
    self, ColumnBits, Step, Stones, DIAGONAL_DOWN, DIAGONAL_UP, HORIZONTAL, VERTICAL,
};
use super::{Column, Parameters, Player, MAX_COLUMNS};

/// A ConnectX grid of `rows` x `columns` cells for lines of `in_a_row`
/// (its [`Parameters`]). Row 0 is the bottom, column 0 the left. Any
/// sequence of [`place_token`](Board::place_token) calls is allowed (the
/// board does not enforce turns; [`ConnectX`](super::ConnectX) does).
///
/// Invariants:
/// - no cell holds two tokens;
/// - gravity: in every column the tokens fill rows `0..height` with no gap;
/// - no token outside `rows` x `columns`.
///
/// Queries with a row or column outside the board never panic: they answer
/// `false` / `None`. Only [`place_token`](Board::place_token), which
/// changes the board, reports a bad column as an error.
///
/// The board is one 16-bit word per column and player (64 bytes) and its
/// parameters: `Copy`, with no heap allocation.
///
/// ```
/// use rulebook::connectx::{Board, Parameters, Player};
///
/// let mut board = Board::new(Parameters::new(5, 9, 5).unwrap());
/// for col in 2..6 {
///     board.place_token(Player::X, col).unwrap();
/// }
/// assert!(!board.check_for_win(5)); // four of the five
/// assert_eq!(board.place_token(Player::X, 6), Ok(0));
/// assert!(board.check_for_win(6));
/// assert!(board.check_horizontal_win(0, 2, Player::X));
/// assert_eq!(board.piece_at(0, 7), None);
/// assert!(board.to_string().ends_with("| | |X|X|X|X|X| | |\n"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Per player (X, O), per column: the tokens, bit `r` for row `r`.
    /// Columns beyond the board are empty.
    stones: [Stones; 2],
    parameters: Parameters,
}

/// Why [`Board::place_token`] refused a token. The board is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum PlaceTokenError {
    /// The column index is not on the board.
    #[error("column {col} does not exist: columns are numbered 0 to {last}")]
    NoSuchColumn {
        /// The column asked for.
        col: usize,
        /// The board's last column.
        last: usize,
    },
    /// The column already holds `rows` tokens.
    #[error("{0:#} is full")]
    ColumnFull(Column),
}

/// The index of `player`'s words in [`Board::stones`].
#[inline(always)]
const fn side(player: Player) -> usize {
    match player {
        Player::X => 0,
        Player::O => 1,
    }
}

impl Board {
    /// An empty board of the given size.
    pub const fn new(parameters: Parameters) -> Board {
        Board {
            stones: [[0; MAX_COLUMNS]; 2],
            parameters,
        }
    }

    /// The board of `parameters` with these tokens: per player (X, O), per
    /// column, bit `r` for row `r`.
    ///
    /// Precondition: the board invariants hold (debug-asserted).
    pub(crate) fn from_columns(parameters: Parameters, stones: [Stones; 2]) -> Board {
        let board = Board { stones, parameters };
        debug_assert!(board.obeys_invariants(), "{board:?}");
        board
    }

    /// The board's size and line length.
    #[inline(always)]
    pub const fn parameters(&self) -> Parameters {
        self.parameters
    }

    /// The number of rows (`getNumRows` in later versions of the
    /// assignment).
    #[inline]
    pub const fn rows(&self) -> usize {
        self.parameters.rows()
    }

    /// The number of columns.
    #[inline]
    pub const fn columns(&self) -> usize {
        self.parameters.columns()
    }

    /// The number of tokens in a line that wins.
    #[inline]
    pub const fn in_a_row(&self) -> usize {
        self.parameters.in_a_row()
    }

    /// `player`'s tokens in column `col` (empty beyond the board).
    ///
    /// Precondition: `col < MAX_COLUMNS`.
    #[inline(always)]
    pub(crate) const fn column_bits(&self, player: Player, col: usize) -> ColumnBits {
        self.stones[side(player)][col]
    }

    /// Every token in column `col`: a run of low ones (gravity).
    ///
    /// Precondition: `col < MAX_COLUMNS`.
    #[inline(always)]
    pub(crate) const fn occupied_bits(&self, col: usize) -> ColumnBits {
        self.stones[0][col] | self.stones[1][col]
    }

    /// The row a token dropped into column `col` lands on: its height.
    ///
    /// Precondition: `col < MAX_COLUMNS`.
    #[inline(always)]
    pub(crate) const fn landing_row(&self, col: usize) -> usize {
        self.occupied_bits(col).trailing_ones() as usize
    }

    /// Adds `player`'s token at `row`, `col`.
    ///
    /// Precondition: `row` is the landing row of `col`, on the board.
    #[inline(always)]
    pub(crate) fn set(&mut self, player: Player, row: usize, col: usize) {
        debug_assert!(row == self.landing_row(col) && row < self.rows() && col < self.columns());
        self.stones[side(player)][col] |= 1 << row;
    }

    /// Removes the token at `row`, `col` of `player` (undoes [`Board::set`]).
    ///
    /// Precondition: it is `player`'s and the top token of its column.
    #[inline(always)]
    pub(crate) fn clear(&mut self, player: Player, row: usize, col: usize) {
        debug_assert!(self.landing_row(col) == row + 1 && self.has_token(player, row, col));
        self.stones[side(player)][col] &= !(1 << row);
    }

    /// Whether every column is a gap-free stack from row 0, within the
    /// board, and no cell holds two tokens (the invariants).
    pub(crate) fn obeys_invariants(&self) -> bool {
        let inside = (1u32 << self.rows()) - 1;
        (0..MAX_COLUMNS).all(|col| {
            let occupied = self.occupied_bits(col);
            let on_board = col < self.columns() || occupied == 0;
            // A stack from row 0 is a run of low ones: adding 1 clears them.
            let stacked = u32::from(occupied) & (u32::from(occupied) + 1) == 0;
            on_board
                && stacked
                && u32::from(occupied) & !inside == 0
                && self.stones[0][col] & self.stones[1][col] == 0
        })
    }

    /// The number of tokens in column `col`, or `None` when the column is
    /// not on the board.
    #[inline]
    pub fn height(&self, col: usize) -> Option<usize> {
        (col < self.columns()).then(|| self.landing_row(col))
    }

    /// The number of tokens on the board.
    pub fn token_count(&self) -> usize {
        self.count(Player::X) + self.count(Player::O)
    }

    /// The number of `player`'s tokens on the board.
    pub fn count(&self, player: Player) -> usize {
        self.stones[side(player)]
            .iter()
            .map(|bits| bits.count_ones() as usize)
            .sum()
    }

    /// Whether every cell holds a token.
    pub fn is_full(&self) -> bool {
        self.token_count() == self.parameters.cells()
    }

    /// `checkIfFree`: whether column `col` exists and can take a token.
    ///
    /// Postcondition: `true` iff `col < columns` and the column has fewer
    /// than `rows` tokens. Out-of-range `col` answers `false`.
    pub fn is_column_free(&self, col: usize) -> bool {
        self.height(col).is_some_and(|height| height < self.rows())
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
    /// [`PlaceTokenError::NoSuchColumn`] when `col >= columns`,
    /// [`PlaceTokenError::ColumnFull`] when the column holds `rows`
    /// tokens. The board is unchanged on error.
    pub fn place_token(&mut self, player: Player, col: usize) -> Result<usize, PlaceTokenError> {
        let column = self
            .parameters
            .column(col)
            .ok_or(PlaceTokenError::NoSuchColumn {
                col,
                last: self.columns() - 1,
            })?;
        let row = self.landing_row(col);
        if row >= self.rows() {
            return Err(PlaceTokenError::ColumnFull(column));
        }
        self.set(player, row, col);
        debug_assert!(self.obeys_invariants());
        Ok(row)
    }

    /// `whatsAtPos`: the token at `row`, `col`, or `None` for an empty cell
    /// or a position off the board.
    pub fn piece_at(&self, row: usize, col: usize) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.has_token(player, row, col))
    }

    /// Whether `player` has a token at `row`, `col` (false off the board).
    #[inline(always)]
    fn has_token(&self, player: Player, row: usize, col: usize) -> bool {
        lines::has_token(&self.stones[side(player)], row, col)
    }

    /// Whether a token of `player` at `row`, `col` (placed already or not)
    /// is on a winning line in any direction: the test after each move.
    ///
    /// Precondition: `row < rows` and `col < columns`.
    #[inline]
    pub(crate) fn completes_line(&self, player: Player, row: usize, col: usize) -> bool {
        debug_assert!(row < self.rows() && col < self.columns());
        lines::completes_line(&self.stones[side(player)], self.in_a_row(), row, col)
    }

    /// Whether `player` holds `row`, `col` and it is on a winning line
    /// along `step`.
    fn owns_line_through(&self, row: usize, col: usize, player: Player, step: Step) -> bool {
        self.has_token(player, row, col)
            && lines::line_through(&self.stones[side(player)], self.in_a_row(), row, col, step)
    }

    /// `checkHorizWin`: whether `player` has `in_a_row` tokens in a row
    /// horizontally on a line through `row`, `col` (normally the token
    /// just placed), that cell included.
    ///
    /// Postcondition: `false` when `row`/`col` is off the board or not
    /// `player`'s.
    pub fn check_horizontal_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.owns_line_through(row, col, player, HORIZONTAL)
    }

    /// `checkVertWin`: as [`check_horizontal_win`](Board::check_horizontal_win),
    /// vertically.
    pub fn check_vertical_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.owns_line_through(row, col, player, VERTICAL)
    }

    /// `checkDiagWin`: as [`check_horizontal_win`](Board::check_horizontal_win),
    /// on either diagonal (`/` or `\`).
    pub fn check_diagonal_win(&self, row: usize, col: usize, player: Player) -> bool {
        self.owns_line_through(row, col, player, DIAGONAL_UP)
            || self.owns_line_through(row, col, player, DIAGONAL_DOWN)
    }

    /// `checkForWin`: whether the top token of column `col` (the last one
    /// placed there) is on a winning line of its owner, in any direction.
    ///
    /// Postcondition: `false` for an empty or off-board column.
    pub fn check_for_win(&self, col: usize) -> bool {
        let Some(row) = self.height(col).and_then(|height| height.checked_sub(1)) else {
            return false;
        };
        self.piece_at(row, col)
            .is_some_and(|player| self.completes_line(player, row, col))
    }

    /// Whether `player` has `in_a_row` tokens in a line anywhere on the
    /// board.
    pub fn has_line(&self, player: Player) -> bool {
        lines::has_line(
            &self.stones[side(player)][..self.columns()],
            self.in_a_row(),
        )
    }

    /// `checkTie`: whether the board is full and neither player has a
    /// winning line.
    pub fn check_tie(&self) -> bool {
        self.is_full() && !self.has_line(Player::X) && !self.has_line(Player::O)
    }
}

impl Default for Board {
    /// The empty Connect Four board (6x7x4).
    fn default() -> Board {
        Board::new(Parameters::CONNECT_FOUR)
    }
}

impl fmt::Display for Board {
    /// The assignment's format for any width: a header of column numbers
    /// `|0|1|2|3|4|5|6|`, then the rows top first, each like
    /// `| | | |X| | | |`; every line ends in `\n`. On boards of more than
    /// ten columns every cell is as wide as the widest number, right
    /// aligned (`| 9|10|`, `| X| O|`), so the columns line up.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.columns() - 1).to_string().len();
        f.write_str("|")?;
        for col in 0..self.columns() {
            write!(f, "{col:>width$}|")?;
        }
        f.write_str("\n")?;
        for row in (0..self.rows()).rev() {
            f.write_str("|")?;
            for col in 0..self.columns() {
                let symbol = self.piece_at(row, col).map_or(' ', Player::symbol);
                write!(f, "{symbol:>width$}|")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: usize, columns: usize, in_a_row: usize) -> Board {
        Board::new(Parameters::new(rows, columns, in_a_row).unwrap())
    }

    #[test]
    fn has_line_finds_each_direction_and_only_full_lines() {
        // A diagonal `\` of three on a 4x4x3 board: (3,0), (2,1), (1,2).
        let mut b = board(4, 4, 3);
        for (col, height) in [(0, 4), (1, 3), (2, 2)] {
            for _ in 0..height - 1 {
                b.place_token(Player::O, col).unwrap();
            }
            b.place_token(Player::X, col).unwrap();
        }
        assert!(b.has_line(Player::X));
        assert!(b.check_diagonal_win(2, 1, Player::X));
        assert!(!b.check_horizontal_win(2, 1, Player::X));
        assert!(b.has_line(Player::O)); // column 0 holds three O
        assert!(b.check_vertical_win(0, 0, Player::O));

        // Two in a row on a 1x2 board, and not across a column gap.
        let mut b = board(1, 3, 2);
        b.place_token(Player::X, 0).unwrap();
        b.place_token(Player::X, 2).unwrap();
        assert!(!b.has_line(Player::X));
        b.place_token(Player::X, 1).unwrap();
        assert!(b.has_line(Player::X) && b.check_for_win(1));
    }

    #[test]
    fn tallest_board_lines_reach_the_top_row() {
        let mut b = board(16, 16, 16);
        for _ in 0..15 {
            b.place_token(Player::X, 15).unwrap();
        }
        assert!(!b.check_for_win(15));
        assert_eq!(b.place_token(Player::X, 15), Ok(15));
        assert!(b.check_for_win(15) && b.has_line(Player::X));
        assert_eq!(
            b.place_token(Player::O, 15),
            Err(PlaceTokenError::ColumnFull(Column::ALL[15]))
        );
        assert_eq!(
            b.place_token(Player::O, 16),
            Err(PlaceTokenError::NoSuchColumn { col: 16, last: 15 })
        );
    }

    #[test]
    fn wide_boards_pad_every_cell() {
        let mut b = board(1, 11, 2);
        b.place_token(Player::O, 10).unwrap();
        assert_eq!(
            b.to_string(),
            "| 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|\n|  |  |  |  |  |  |  |  |  |  | O|\n"
        );
    }
}
