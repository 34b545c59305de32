//! Validating a [`Board`] into a [`Connect4`] position, and the compact
//! position text (`FromStr`, serde).

use core::str::FromStr;

use super::bitboard::{cell, has_four};
use super::{Board, Column, Connect4, ParseBoardError, Player};
use crate::Game;

/// Why a [`Board`] is not a position of a game played by the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum PositionError {
    /// X moves first and the players alternate, so X has as many tokens as
    /// O or one more.
    #[error("X has {x} tokens and O has {o}: X moves first, so X must have as many tokens as O or one more")]
    TokenCounts {
        /// X's tokens.
        x: usize,
        /// O's tokens.
        o: usize,
    },
    /// Both players have four in a row; the game stops at the first one.
    #[error("both players have four in a row, but the game stops at the first four in a row")]
    BothFourInARow,
    /// The player to move already has four in a row, so the opponent moved
    /// after the game had ended.
    #[error("{player} has four in a row, but the opponent moved afterwards")]
    MovedAfterWin {
        /// The player with four in a row.
        player: Player,
    },
    /// The last mover has four in a row, but no single last token of
    /// theirs made it: they had already won before.
    #[error("{player} kept playing after already having four in a row")]
    PlayedOnAfterWin {
        /// The player with four in a row.
        player: Player,
    },
    /// No column has a token of the last mover on top, so nobody can have
    /// made the last move.
    #[error("{player} moved last, but no column has one of {player}'s tokens on top")]
    NoLastMove {
        /// The player who must have moved last.
        player: Player,
    },
}

/// Why a text is not a valid [`Connect4`] position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a board.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
    /// The board cannot arise in a game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Connect4 {
    /// Checks that `board` can arise in a game played by the rules and
    /// returns that position (the player to move follows from the counts).
    ///
    /// Checked: X has as many tokens as O or one more; the player to move
    /// does not have four in a row; the last mover has a token on top of
    /// some column whose removal leaves them without four in a row (so no
    /// move was played after a win). Not checked: that *every* earlier
    /// move can be undone the same way (a full reachability search).
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the broken rule.
    pub fn from_board(board: Board) -> Result<Connect4, PositionError> {
        let (x, o) = (board.count(Player::X), board.count(Player::O));
        if x != o && x != o + 1 {
            return Err(PositionError::TokenCounts { x, o });
        }
        let game = Connect4::from_board_unchecked(board);
        let to_move = game.to_move();
        let last = to_move.opponent();
        let last_stones = board.stones(last);
        if board.has_four_in_a_row(to_move) {
            return Err(if has_four(last_stones) {
                PositionError::BothFourInARow
            } else {
                PositionError::MovedAfterWin { player: to_move }
            });
        }
        let could_be_last_move = |column: Column| {
            board.height(column).checked_sub(1).is_some_and(|row| {
                let top = cell(row, column.index());
                last_stones & top != 0 && !has_four(last_stones ^ top)
            })
        };
        if board.token_count() > 0 && !Column::ALL.into_iter().any(could_be_last_move) {
            return Err(if has_four(last_stones) {
                PositionError::PlayedOnAfterWin { player: last }
            } else {
                PositionError::NoLastMove { player: last }
            });
        }
        Ok(game)
    }

    /// The compact text of the position: [`Board::text`] (rows top first,
    /// `/`-separated, `X`/`O`/`.`). The player to move follows from the
    /// token counts. [`Connect4::parse_text`] reads it back.
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

impl FromStr for Connect4 {
    type Err = ParsePositionError;

    /// As [`Connect4::parse_text`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Connect4::parse_text(text)
    }
}

impl TryFrom<String> for Connect4 {
    type Error = ParsePositionError;

    /// As [`Connect4::parse_text`].
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Connect4::parse_text(&text)
    }
}

impl From<Connect4> for String {
    fn from(game: Connect4) -> String {
        game.text()
    }
}
