//! Validating a [`Board`] into a [`Connect4`] position, and the compact
//! position text (`FromStr`, serde): ConnectX's checks and errors, on the
//! 6x7x4 board.

use super::{Board, Connect4};
use crate::connectx::{self, ConnectX, ParsePositionError, PositionError};

impl Connect4 {
    /// Checks that `board` can arise in a game played by the rules and
    /// returns that position (the player to move follows from the counts):
    /// [`ConnectX::from_board`]'s checks, at 6x7x4.
    ///
    /// Checked: X has as many tokens as O or one more; the player to move
    /// does not have four in a row; the last mover has a token on top of
    /// some column whose removal leaves them without four in a row (so no
    /// move was played after a win). Not checked: that *every* earlier
    /// move can be undone the same way (a full reachability search).
    ///
    /// # Errors
    ///
    /// ConnectX's [`PositionError`] naming the broken rule.
    pub fn from_board(board: Board) -> Result<Connect4, PositionError> {
        ConnectX::from_board(connectx::Board::from(board))?;
        Ok(Connect4::from_board_unchecked(board))
    }

    /// The compact text of the position: [`Board::text`] (rows top first,
    /// `/`-separated, `X`/`O`/`.`; ConnectX's text without the `6x7x4:`).
    /// The player to move follows from the token counts.
    /// [`Connect4::parse_text`] reads it back.
    pub fn text(&self) -> String {
        self.board().text()
    }

    /// Parses [`Connect4::text`] and validates it with
    /// [`Connect4::from_board`].
    ///
    /// # Errors
    ///
    /// [`ParsePositionError::Board`] for malformed text or floating tokens,
    /// [`ParsePositionError::Position`] for a board no game reaches.
    pub fn parse_text(text: &str) -> Result<Connect4, ParsePositionError> {
        Ok(Connect4::from_board(Board::parse_text(text)?)?)
    }
}

connectx::impl_position_text!(Connect4);
