//! [`Player`]: the two sides, Black (moves first, `X` in board texts) and
//! White (`O`).

use core::fmt;

/// A side in Othello. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player; `X` in board texts.
    Black,
    /// The second player; `O` in board texts.
    White,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The disc letter of board texts: `'X'` (Black) or `'O'` (White).
    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Player::Black => 'X',
            Player::White => 'O',
        }
    }

    /// The player whose disc letter is `symbol` (`X` or `O`).
    pub const fn from_symbol(symbol: char) -> Option<Player> {
        match symbol {
            'X' => Some(Player::Black),
            'O' => Some(Player::White),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    /// `Black` or `White`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}
