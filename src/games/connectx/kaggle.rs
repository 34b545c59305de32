//! Kaggle ConnectX's board encoding for any configuration, read and
//! written: the environment's `config.rows`, `config.columns` and
//! `config.inarow` are a ConnectX game's [`Parameters`].
//!
//! The encoding is Connect Four's (see
//! [`Connect4::to_kaggle_board`](crate::connect4::Connect4::to_kaggle_board)
//! and the bridge to Kaggle described there): `board` is a flat list of
//! `rows * columns` integers in row-major order, **top row first**, each
//! `0` (empty), `1` (the first player, [`Player::X`]) or `2` ([`Player::O`],
//! see [`Player::kaggle_mark`]); the agent answers with a column index, 0
//! at the left, which is [`Column::index`](super::Column::index) and the
//! action number of `ConnectX`'s
//! [`Environment`](crate::agent::Environment).
//!
//! ```
//! use rulebook::connectx::{ConnectX, Parameters};
//! use rulebook::Game;
//!
//! // obs.board for config rows = 5, columns = 8, inarow = 5, after X
//! // played column 7.
//! let parameters = Parameters::new(5, 8, 5).unwrap();
//! let mut cells = vec![0; 40];
//! cells[4 * 8 + 7] = 1;
//! let game = ConnectX::from_kaggle_board(parameters, &cells).unwrap();
//! assert_eq!(game.board().piece_at(0, 7).map(|p| p.kaggle_mark()), Some(1));
//! assert_eq!(game.to_kaggle_board(), cells);
//! assert_eq!(ConnectX::parse_kaggle_board(parameters, &format!("{cells:?}")), Ok(game));
//! ```

use super::{
    Board, ConnectX, Parameters, ParseBoardError, Player, PositionError, MAX_COLUMNS, MAX_ROWS,
};
use crate::kaggle_text::{read_cells, CellsError};

/// Kaggle's value of an empty cell.
pub const KAGGLE_EMPTY: u8 = 0;

impl Player {
    /// Kaggle's mark of this player: 1 for X (who moves first), 2 for O.
    pub const fn kaggle_mark(self) -> u8 {
        match self {
            Player::X => 1,
            Player::O => 2,
        }
    }

    /// The player of a Kaggle mark (1 or 2), or `None` for any other
    /// number.
    pub const fn from_kaggle_mark(mark: i64) -> Option<Player> {
        match mark {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        }
    }
}

impl Board {
    /// Writes the board in Kaggle's encoding into `cells`.
    ///
    /// Precondition: `cells.len()` is the board's number of cells
    /// (debug-asserted).
    pub(crate) fn write_kaggle_cells(&self, cells: &mut [u8]) {
        let (rows, columns) = (self.rows(), self.columns());
        debug_assert_eq!(cells.len(), rows * columns);
        for (index, cell) in cells.iter_mut().enumerate() {
            let (row, col) = (rows - 1 - index / columns, index % columns);
            *cell = self
                .piece_at(row, col)
                .map_or(KAGGLE_EMPTY, Player::kaggle_mark);
        }
    }
}

/// Why cells are not a Kaggle board of a ConnectX position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum KaggleBoardError {
    /// Not `rows * columns` cells.
    #[error("a Kaggle board of {parameters} has {} cells ({} rows of {}), found {found}", parameters.cells(), parameters.rows(), parameters.columns())]
    WrongLength {
        /// The configuration.
        parameters: Parameters,
        /// The number of cells found.
        found: usize,
    },
    /// A cell that is not 0, 1 or 2.
    #[error("cell {index} (row {row} from the top, column {column}) is {value}: cells are 0 (empty), 1 or 2")]
    InvalidCell {
        /// The cell's index in the list.
        index: usize,
        /// Its row, counting from 0 at the top as Kaggle does.
        row: usize,
        /// Its column.
        column: usize,
        /// The value found.
        value: i64,
    },
    /// Text between separators that is not a number.
    #[error("{text:?} (cell {index}) is not a number: cells are 0 (empty), 1 or 2")]
    NotANumber {
        /// The cell's index in the list.
        index: usize,
        /// The text found.
        text: String,
    },
    /// A token above an empty cell.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
    /// A board no game reaches.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl ConnectX {
    /// The board in Kaggle's encoding: `rows * columns` cells, row-major,
    /// top row first, `0` empty, `1` X, `2` O ([`Player::kaggle_mark`]).
    ///
    /// Allocates the returned `Vec` (at most 256 cells).
    pub fn to_kaggle_board(&self) -> Vec<u8> {
        let mut cells = vec![KAGGLE_EMPTY; self.parameters().cells()];
        self.board().write_kaggle_cells(&mut cells);
        cells
    }

    /// Reads Kaggle's encoding (see [`to_kaggle_board`](Self::to_kaggle_board))
    /// of a board of `parameters` (the environment's configuration), from a
    /// slice of any integer type, and checks that the position can arise in
    /// a game ([`ConnectX::from_board`]). The player to move follows from
    /// the counts; compare it with the observation's mark.
    ///
    /// # Errors
    ///
    /// [`KaggleBoardError::WrongLength`], [`KaggleBoardError::InvalidCell`]
    /// (naming the cell), [`KaggleBoardError::Board`] for a token above an
    /// empty cell, [`KaggleBoardError::Position`] for a board no game
    /// reaches.
    pub fn from_kaggle_board<T: Copy + Into<i64>>(
        parameters: Parameters,
        cells: &[T],
    ) -> Result<ConnectX, KaggleBoardError> {
        if cells.len() != parameters.cells() {
            return Err(KaggleBoardError::WrongLength {
                parameters,
                found: cells.len(),
            });
        }
        let (rows, columns) = (parameters.rows(), parameters.columns());
        let mut board = Board::new(parameters);
        // Bottom row first, so that every token lands on the one below.
        for top_row in (0..rows).rev() {
            for column in 0..columns {
                let index = top_row * columns + column;
                let value = cells[index].into();
                if value == i64::from(KAGGLE_EMPTY) {
                    continue;
                }
                let player =
                    Player::from_kaggle_mark(value).ok_or(KaggleBoardError::InvalidCell {
                        index,
                        row: top_row,
                        column,
                        value,
                    })?;
                let row = rows - 1 - top_row;
                match board.place_token(player, column) {
                    Ok(landed) if landed == row => {}
                    _ => return Err(ParseBoardError::FloatingToken { row, col: column }.into()),
                }
            }
        }
        Ok(ConnectX::from_board(board)?)
    }

    /// Reads a Kaggle board of `parameters` written as text: the cells
    /// separated by commas and/or whitespace, optionally in square brackets
    /// (Python's `str(obs.board)`, JSON), or one digit per cell with no
    /// separator.
    ///
    /// # Errors
    ///
    /// [`KaggleBoardError::NotANumber`] naming the cell, and the errors of
    /// [`from_kaggle_board`](Self::from_kaggle_board).
    pub fn parse_kaggle_board(
        parameters: Parameters,
        text: &str,
    ) -> Result<ConnectX, KaggleBoardError> {
        let mut buffer = [0_i64; MAX_ROWS * MAX_COLUMNS];
        let cells = &mut buffer[..parameters.cells()];
        read_cells(text, cells).map_err(|error| match error {
            CellsError::NotANumber { index, text } => KaggleBoardError::NotANumber { index, text },
            CellsError::WrongLength(found) => KaggleBoardError::WrongLength { parameters, found },
        })?;
        ConnectX::from_kaggle_board(parameters, cells)
    }
}
