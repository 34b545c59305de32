//! Connect Four game records: a [`Match<Connect4>`] as the 1-indexed column
//! digits of solver notation (`"4453"`), and back.

use super::from_moves::{column_of_digit, notation_digit};
use super::{Connect4, FromMovesError};
use crate::Match;

impl Match<Connect4> {
    /// The moves played, as 1-indexed column digits (`1` = the left column):
    /// the notation of [`Connect4::from_moves`]. Only the moves are
    /// written, not a resignation or a draw agreement.
    ///
    /// Precondition: the match started from the empty board (the notation
    /// has no start position); otherwise the digits are the moves from
    /// [`Match::start`].
    ///
    /// ```
    /// use rulebook::connect4::Connect4;
    /// use rulebook::Match;
    ///
    /// let record = Match::<Connect4>::from_moves("4453").unwrap();
    /// assert_eq!(record.history().len(), 4);
    /// assert_eq!(record.to_moves(), "4453");
    /// ```
    pub fn to_moves(&self) -> String {
        self.history()
            .iter()
            .map(|&column| notation_digit(column))
            .collect()
    }

    /// A match from the empty board with `moves` played: 1-indexed column
    /// digits, as [`Connect4::from_moves`] reads them. The empty string is a
    /// match with no moves. No automatic draw rules apply (Connect Four
    /// needs none).
    ///
    /// # Errors
    ///
    /// As [`Connect4::from_moves`]: the first character that is not a digit
    /// `1`..=`7`, a move into a full column, or a move after the game is
    /// over, with its index.
    pub fn from_moves(moves: &str) -> Result<Self, FromMovesError> {
        // Validates the whole record, with the rules' own error messages.
        Connect4::from_moves(moves)?;
        let mut record = Match::new(Connect4::new());
        for column in moves.chars().filter_map(column_of_digit) {
            let played = record.play(column);
            debug_assert!(played.is_ok(), "from_moves accepted the record");
        }
        Ok(record)
    }
}
