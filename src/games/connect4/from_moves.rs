//! Building a [`Connect4`] position from a move string in solver notation.

use super::{Column, Connect4};
use crate::{Game, PlayError};

/// The notation's number for column 0: the notation is 1-indexed.
const FIRST_COLUMN_NUMBER: u32 = 1;

/// How the notation numbers columns, as messages say it.
const NOTATION_NUMBERING: &str = "columns are 1-7 in this notation";

/// The radix of the column digits.
const DECIMAL: u32 = 10;

/// Why [`Connect4::from_moves`] refused a move string. Indices count
/// characters from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum FromMovesError {
    /// A character is not a column digit `1`..=`7`.
    #[error("character {character:?} at index {index} is not a column digit from 1 to 7")]
    InvalidCharacter {
        /// The character found.
        character: char,
        /// Its index in the string.
        index: usize,
    },
    /// The move drops into a column that is already full.
    #[error("move '{digit}' at index {index} is illegal: column {digit} ({NOTATION_NUMBERING}) is already full", digit = notation_digit(*.column))]
    ColumnFull {
        /// The index of the move in the string.
        index: usize,
        /// The full column (0-based).
        column: Column,
    },
    /// The move comes after the game has already ended.
    #[error("move '{digit}' ({NOTATION_NUMBERING}) at index {index} comes after the game is already over", digit = notation_digit(*.column))]
    GameOver {
        /// The index of the move in the string.
        index: usize,
        /// The column of the move (0-based).
        column: Column,
    },
}

/// The 1-indexed notation digit of `column`.
pub(crate) fn notation_digit(column: Column) -> char {
    // Column indices are 0..=6, so this is always a digit 1..=7.
    char::from_digit(column.index() as u32 + FIRST_COLUMN_NUMBER, DECIMAL).unwrap_or('?')
}

/// The column of a 1-indexed notation digit, or `None` for any other
/// character.
pub(crate) fn column_of_digit(character: char) -> Option<Column> {
    character
        .to_digit(DECIMAL)
        .and_then(|number| number.checked_sub(FIRST_COLUMN_NUMBER))
        .and_then(|index| Column::new(index as usize))
}

impl Connect4 {
    /// The position after playing `moves` from the empty board, X first.
    /// Each move is a **1-indexed** column digit, `1` (left) to `7`
    /// (right) — the notation of Connect Four solvers and their benchmark
    /// files (`"4453"` plays columns 3, 3, 4, 2 in this crate's 0-based
    /// [`Column`]s). The empty string is the empty board.
    ///
    /// ```
    /// use rulebook::connect4::{Connect4, FromMovesError, Player};
    ///
    /// let game = Connect4::from_moves("4453").unwrap();
    /// assert_eq!(game.board().piece_at(0, 3), Some(Player::X));
    /// assert_eq!(game.board().piece_at(1, 3), Some(Player::O));
    ///
    /// let error = Connect4::from_moves("448").unwrap_err();
    /// assert_eq!(error, FromMovesError::InvalidCharacter { character: '8', index: 2 });
    /// ```
    ///
    /// # Errors
    ///
    /// [`FromMovesError`] naming the first offending character or move and
    /// its index: a character other than `1`..=`7`, a move into a full
    /// column, or a move after the game is over.
    pub fn from_moves(moves: &str) -> Result<Connect4, FromMovesError> {
        let mut game = Connect4::new();
        for (index, character) in moves.chars().enumerate() {
            let column = column_of_digit(character)
                .ok_or(FromMovesError::InvalidCharacter { character, index })?;
            game.apply(column).map_err(|error| match error {
                PlayError::GameOver => FromMovesError::GameOver { index, column },
                PlayError::IllegalMove(column) => FromMovesError::ColumnFull { index, column },
            })?;
        }
        Ok(game)
    }
}
