//! Connect Four as ConnectX's 6x7x4: the conversions between the fast
//! Connect Four types ([`Board`], [`Connect4`]) and ConnectX's, through
//! which Connect Four speaks ConnectX's vocabulary — board text, position
//! checks, Kaggle boards — with one implementation of each. None of them
//! is on the hot path (moves, apply, perft and search stay on the bit
//! sets of [`Board`]).

use super::bitboard::{COLUMN_BITS, COLUMN_STRIDE};
use super::{Board, Connect4, Player, COLUMNS};
use crate::connectx::{self, ConnectX, Parameters, MAX_COLUMNS};

/// Why a ConnectX board or position is not a Connect Four one: its size is
/// not 6x7x4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error(
    "a {parameters} board is not Connect Four's {}",
    Parameters::CONNECT_FOUR
)]
pub struct NotConnectFourError {
    /// The size found.
    pub parameters: Parameters,
}

impl Board {
    /// The Connect Four board of a ConnectX board of 6x7x4.
    ///
    /// Precondition: `board.parameters()` is
    /// [`Parameters::CONNECT_FOUR`] (debug-asserted).
    pub(crate) fn from_connect_four(board: &connectx::Board) -> Board {
        debug_assert_eq!(board.parameters(), Parameters::CONNECT_FOUR);
        let stones = |player| {
            (0..COLUMNS).fold(0, |stones, col| {
                stones | u64::from(board.column_bits(player, col)) << (col as u32 * COLUMN_STRIDE)
            })
        };
        Board::from_stones(stones(Player::X), stones(Player::O))
    }
}

impl Connect4 {
    /// The Connect Four position of a ConnectX position of 6x7x4.
    ///
    /// Precondition: `game.parameters()` is [`Parameters::CONNECT_FOUR`]
    /// (debug-asserted).
    pub(crate) fn from_connect_four(game: ConnectX) -> Connect4 {
        Connect4::from_board_unchecked(Board::from_connect_four(game.board()))
    }
}

impl From<Board> for connectx::Board {
    /// The same tokens on a 6x7x4 ConnectX board.
    fn from(board: Board) -> connectx::Board {
        let mut columns = [[0; MAX_COLUMNS]; 2];
        for (side, player) in Player::ALL.into_iter().enumerate() {
            let stones = board.stones(player);
            for (col, bits) in columns[side][..COLUMNS].iter_mut().enumerate() {
                // Six rows: the column's bits fit in a ConnectX column word.
                *bits = ((stones >> (col as u32 * COLUMN_STRIDE)) & COLUMN_BITS) as u16;
            }
        }
        connectx::Board::from_columns(Parameters::CONNECT_FOUR, columns)
    }
}

impl TryFrom<connectx::Board> for Board {
    type Error = NotConnectFourError;

    /// # Errors
    ///
    /// [`NotConnectFourError`] for a board of another size.
    fn try_from(board: connectx::Board) -> Result<Board, NotConnectFourError> {
        match board.parameters() {
            Parameters::CONNECT_FOUR => Ok(Board::from_connect_four(&board)),
            parameters => Err(NotConnectFourError { parameters }),
        }
    }
}

impl From<Connect4> for ConnectX {
    /// The same position on a 6x7x4 ConnectX board.
    fn from(game: Connect4) -> ConnectX {
        ConnectX::from_board_unchecked((*game.board()).into())
    }
}

impl TryFrom<ConnectX> for Connect4 {
    type Error = NotConnectFourError;

    /// # Errors
    ///
    /// [`NotConnectFourError`] for a position of another size.
    fn try_from(game: ConnectX) -> Result<Connect4, NotConnectFourError> {
        Board::try_from(*game.board()).map(Connect4::from_board_unchecked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn positions_round_trip_and_other_sizes_are_refused() {
        let connect4 = Connect4::from_moves("4453362").unwrap();
        let connectx = ConnectX::from(connect4);
        assert_eq!(connectx.text(), format!("6x7x4:{}", connect4.text()));
        assert_eq!(connectx.plies(), 7);
        assert_eq!(connectx.to_move(), Player::O);
        assert_eq!(Connect4::try_from(connectx), Ok(connect4));

        let parameters = Parameters::new(6, 8, 4).unwrap();
        assert_eq!(
            Connect4::try_from(ConnectX::new(parameters)),
            Err(NotConnectFourError { parameters })
        );
    }
}
