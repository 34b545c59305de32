//! The compact board text — `6x7x4:......./.../...X...`, the parameters and
//! the rows top first — and reading it back into a [`Board`]
//! ([`ParseBoardError`]).

use super::{Board, Parameters, ParseParametersError, Player};

/// The separator between the parameters and the rows in [`Board::text`].
pub const PARAMETERS_SEPARATOR: char = ':';
/// The text of an empty cell in [`Board::text`].
pub const EMPTY_CELL_CHAR: char = '.';
/// The separator between rows in [`Board::text`].
pub const ROW_SEPARATOR: char = '/';

/// Why a text is not a [`Board`] (see [`Board::parse_text`]). Rows count
/// from 0 at the bottom.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseBoardError {
    /// The text does not start with the parameters and a `:`.
    #[error("a board text starts with its size and a ':', as in 6x7x4:......./...")]
    NoParameters,
    /// The parameters are malformed or out of range.
    #[error(transparent)]
    Parameters(#[from] ParseParametersError),
    /// The text does not have `rows` `/`-separated rows.
    #[error("a {parameters} board has {expected} rows separated by '/', found {found}")]
    WrongRowCount {
        /// The board's parameters.
        parameters: Parameters,
        /// The rows it has.
        expected: usize,
        /// The rows in the text.
        found: usize,
    },
    /// A row does not have `columns` cells.
    #[error("row {row} (counting from 0 at the bottom) has {cells} cells instead of {expected}")]
    WrongRowLength {
        /// The row, 0 at the bottom.
        row: usize,
        /// How many cells it has.
        cells: usize,
        /// How many it should have.
        expected: usize,
    },
    /// A cell is not `X`, `O` or `.`.
    #[error("{character:?} at row {row}, column {col} is not 'X', 'O' or '.'")]
    InvalidCharacter {
        /// The character found.
        character: char,
        /// Its row, 0 at the bottom.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A token has an empty cell below it.
    #[error("the token at row {row}, column {col} floats above an empty cell")]
    FloatingToken {
        /// Its row, 0 at the bottom.
        row: usize,
        /// Its column.
        col: usize,
    },
}

impl Board {
    /// The compact text of the board: the [`Parameters`] (`6x7x4`), a
    /// `':'`, then the rows top first separated by `'/'`, each `columns`
    /// cells of `X`, `O` or `.` (e.g. an empty 4x5x3 board is
    /// `4x5x3:...../...../...../.....`). [`Board::parse_text`] reads it
    /// back.
    pub fn text(&self) -> String {
        let mut text = self.parameters().to_string();
        text.push(PARAMETERS_SEPARATOR);
        text.push_str(&self.rows_text());
        text
    }

    /// The rows of [`Board::text`] without the parameters: the text of a
    /// board whose size goes without saying (Connect Four's,
    /// [`connect4::Board::text`](crate::connect4::Board::text)).
    pub(crate) fn rows_text(&self) -> String {
        let mut text = String::with_capacity(self.rows() * (self.columns() + 1));
        for row in (0..self.rows()).rev() {
            for col in 0..self.columns() {
                text.push(
                    self.piece_at(row, col)
                        .map_or(EMPTY_CELL_CHAR, Player::symbol),
                );
            }
            if row > 0 {
                text.push(ROW_SEPARATOR);
            }
        }
        text
    }

    /// Parses the compact text of [`Board::text`] and checks the board
    /// invariants (gravity). Turn order and wins are not checked here; see
    /// [`ConnectX::from_board`](super::ConnectX::from_board).
    ///
    /// # Errors
    ///
    /// [`ParseBoardError`] naming the missing or wrong parameters, or the
    /// wrong row, cell or character.
    pub fn parse_text(text: &str) -> Result<Board, ParseBoardError> {
        let (parameters, rows_text) = text
            .split_once(PARAMETERS_SEPARATOR)
            .ok_or(ParseBoardError::NoParameters)?;
        Board::parse_rows(parameters.parse()?, rows_text)
    }

    /// Parses the rows of [`Board::rows_text`] of a board of `parameters`
    /// and checks gravity.
    ///
    /// # Errors
    ///
    /// [`ParseBoardError`] naming the wrong row, cell or character.
    pub(crate) fn parse_rows(
        parameters: Parameters,
        rows_text: &str,
    ) -> Result<Board, ParseBoardError> {
        let (rows, columns) = (parameters.rows(), parameters.columns());
        let found = rows_text.split(ROW_SEPARATOR).count();
        if found != rows {
            return Err(ParseBoardError::WrongRowCount {
                parameters,
                expected: rows,
                found,
            });
        }
        let mut board = Board::new(parameters);
        // Bottom row first, so that each token lands where the text puts it
        // or the text has a gap below it.
        for (row, row_text) in rows_text.rsplit(ROW_SEPARATOR).enumerate() {
            let cells = row_text.chars().count();
            if cells != columns {
                return Err(ParseBoardError::WrongRowLength {
                    row,
                    cells,
                    expected: columns,
                });
            }
            for (col, character) in row_text.chars().enumerate() {
                let player = match character {
                    'X' => Player::X,
                    'O' => Player::O,
                    EMPTY_CELL_CHAR => continue,
                    _ => {
                        return Err(ParseBoardError::InvalidCharacter {
                            character,
                            row,
                            col,
                        })
                    }
                };
                if board.landing_row(col) != row {
                    return Err(ParseBoardError::FloatingToken { row, col });
                }
                board.set(player, row, col);
            }
        }
        debug_assert!(board.obeys_invariants());
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_names_errors() {
        let mut board = Board::new(Parameters::new(3, 4, 3).unwrap());
        board.place_token(Player::X, 1).unwrap();
        board.place_token(Player::O, 1).unwrap();
        board.place_token(Player::X, 3).unwrap();
        assert_eq!(board.text(), "3x4x3:..../.O../.X.X");
        assert_eq!(Board::parse_text(&board.text()), Ok(board));

        assert_eq!(
            Board::parse_text("..../.O../.X.X"),
            Err(ParseBoardError::NoParameters)
        );
        assert!(matches!(
            Board::parse_text("3x4x5:..../..../...."),
            Err(ParseBoardError::Parameters(ParseParametersError::Invalid(
                _
            )))
        ));
        assert!(matches!(
            Board::parse_text("3x4x3:..../...."),
            Err(ParseBoardError::WrongRowCount {
                expected: 3,
                found: 2,
                ..
            })
        ));
        assert_eq!(
            Board::parse_text("3x4x3:..../...../...."),
            Err(ParseBoardError::WrongRowLength {
                row: 1,
                cells: 5,
                expected: 4
            })
        );
        assert_eq!(
            Board::parse_text("3x4x3:..../.x../...."),
            Err(ParseBoardError::InvalidCharacter {
                character: 'x',
                row: 1,
                col: 1
            })
        );
        assert_eq!(
            Board::parse_text("3x4x3:..../.X../...."),
            Err(ParseBoardError::FloatingToken { row: 1, col: 1 })
        );
    }
}
