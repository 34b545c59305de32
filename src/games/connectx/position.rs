//! Validating a [`Board`] into a [`ConnectX`] position, and the position
//! text (`FromStr`, serde).

use super::{Board, ConnectX, ParseBoardError, Player};

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
    /// Both players have a winning line; the game stops at the first one.
    #[error("both players have {in_a_row} in a row, but the game stops at the first line")]
    BothInARow {
        /// The winning line's length.
        in_a_row: usize,
    },
    /// The player to move already has a winning line, so the opponent
    /// moved after the game had ended.
    #[error("{player} has {in_a_row} in a row, but the opponent moved afterwards")]
    MovedAfterWin {
        /// The player with the line.
        player: Player,
        /// The winning line's length.
        in_a_row: usize,
    },
    /// The last mover has a winning line, but no single last token of
    /// theirs made it: they had already won before.
    #[error("{player} kept playing after already having {in_a_row} in a row")]
    PlayedOnAfterWin {
        /// The player with the line.
        player: Player,
        /// The winning line's length.
        in_a_row: usize,
    },
    /// No column has a token of the last mover on top, so nobody can have
    /// made the last move.
    #[error("{player} moved last, but no column has one of {player}'s tokens on top")]
    NoLastMove {
        /// The player who must have moved last.
        player: Player,
    },
}

/// Why a text is not a valid [`ConnectX`] position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a board.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
    /// The board cannot arise in a game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl ConnectX {
    /// Checks that `board` can arise in a game played by the rules and
    /// returns that position (the player to move follows from the counts).
    ///
    /// Checked: X has as many tokens as O or one more; the player to move
    /// has no winning line; the last mover has a token on top of some
    /// column whose removal leaves them without a winning line (so no move
    /// was played after a win). Not checked: that *every* earlier move can
    /// be undone the same way (a full reachability search).
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the broken rule.
    pub fn from_board(board: Board) -> Result<ConnectX, PositionError> {
        let (x, o) = (board.count(Player::X), board.count(Player::O));
        if x != o && x != o + 1 {
            return Err(PositionError::TokenCounts { x, o });
        }
        let in_a_row = board.in_a_row();
        let to_move = if x == o { Player::X } else { Player::O };
        let last = to_move.opponent();
        let last_has_line = board.has_line(last);
        if board.has_line(to_move) {
            return Err(if last_has_line {
                PositionError::BothInARow { in_a_row }
            } else {
                PositionError::MovedAfterWin {
                    player: to_move,
                    in_a_row,
                }
            });
        }
        let could_be_last_move = |col: usize| {
            board.landing_row(col).checked_sub(1).is_some_and(|row| {
                let mut before = board;
                board.piece_at(row, col) == Some(last) && {
                    before.clear(last, row, col);
                    !before.has_line(last)
                }
            })
        };
        if x + o > 0 && !(0..board.columns()).any(could_be_last_move) {
            return Err(if last_has_line {
                PositionError::PlayedOnAfterWin {
                    player: last,
                    in_a_row,
                }
            } else {
                PositionError::NoLastMove { player: last }
            });
        }
        Ok(ConnectX::from_board_unchecked(board))
    }

    /// The position text: [`Board::text`] (the parameters, `:`, then the
    /// rows top first, `/`-separated, `X`/`O`/`.`), e.g.
    /// `6x7x4:......./......./......./......./......./...X...`. The player
    /// to move follows from the token counts. [`ConnectX::parse_text`]
    /// reads it back.
    pub fn text(&self) -> String {
        self.board().text()
    }

    /// Parses [`ConnectX::text`] and validates it with
    /// [`ConnectX::from_board`].
    ///
    /// ```
    /// use rulebook::connectx::{ConnectX, Player};
    /// use rulebook::{Game, Outcome};
    ///
    /// let game = ConnectX::parse_text("3x4x3:..../XX../XOOO").unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Player::O)));
    /// assert!(ConnectX::parse_text("3x4x3:..../XX../XXOO").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParsePositionError::Board`] for malformed text, bad parameters or
    /// floating tokens, [`ParsePositionError::Position`] for a board no
    /// game reaches.
    pub fn parse_text(text: &str) -> Result<ConnectX, ParsePositionError> {
        Ok(ConnectX::from_board(Board::parse_text(text)?)?)
    }
}

/// The text forms of a position type `$game` with `text` and `parse_text`
/// methods (ConnectX, and Connect Four, which speaks its vocabulary):
/// `FromStr`, `TryFrom<String>` and `From<$game> for String` (the serde
/// form) as `parse_text` and `text`; `Display` as the board's console
/// format; `Debug` as `$game("text")`.
macro_rules! impl_position_text {
    ($game:ident) => {
        impl core::str::FromStr for $game {
            type Err = $crate::connectx::ParsePositionError;

            #[doc = concat!("As [`", stringify!($game), "::parse_text`].")]
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $game::parse_text(text)
            }
        }

        impl TryFrom<String> for $game {
            type Error = $crate::connectx::ParsePositionError;

            #[doc = concat!("As [`", stringify!($game), "::parse_text`].")]
            fn try_from(text: String) -> Result<Self, Self::Error> {
                $game::parse_text(&text)
            }
        }

        impl From<$game> for String {
            fn from(game: $game) -> String {
                game.text()
            }
        }

        impl core::fmt::Display for $game {
            /// The board, in the console format (see the board's `Display`).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(self.board(), f)
            }
        }

        impl core::fmt::Debug for $game {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($game), "({:?})"), self.text())
            }
        }
    };
}
pub(crate) use impl_position_text;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn each_rule_has_its_error() {
        let error = |text: &str| match ConnectX::parse_text(text) {
            Err(ParsePositionError::Position(error)) => error,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            error("3x4x3:..../..../OO.."),
            PositionError::TokenCounts { x: 0, o: 2 }
        );
        assert_eq!(
            error("3x4x3:XO../XO../XO.."),
            PositionError::BothInARow { in_a_row: 3 }
        );
        // As many X as O, so X is to move, but X has a line.
        assert_eq!(
            error("3x4x3:X.../XO../XOO."),
            PositionError::MovedAfterWin {
                player: Player::X,
                in_a_row: 3
            }
        );
        // X has two lines; the only X on top of a column is in one of them.
        assert_eq!(
            error("4x4x3:O.../X.X./XOXO/XOXO"),
            PositionError::PlayedOnAfterWin {
                player: Player::X,
                in_a_row: 3
            }
        );
        assert_eq!(
            error("3x4x3:O.../X.../X..."),
            PositionError::NoLastMove { player: Player::X }
        );
    }

    #[test]
    fn a_won_position_is_valid() {
        // O's line in column 1, with O on top: O moved last and won.
        let game = ConnectX::parse_text("3x4x3:.O../XO../XOX.").unwrap();
        assert_eq!(game.winner(), Some(Player::O));
        assert_eq!(game.text(), "3x4x3:.O../XO../XOX.");
        assert!(game.legal_moves().is_empty());
    }
}
