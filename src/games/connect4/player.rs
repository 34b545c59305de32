//! [`Player`]: the two sides, `X` (moves first) and `O`.

use core::fmt;

/// A side in Connect Four. `X` always moves first (and orders first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// Both players, `X` first.
    pub const ALL: [Player; 2] = [Player::X, Player::O];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The token letter: `'X'` or `'O'`.
    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "X",
            Player::O => "O",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_opponent() {
        assert_eq!(Player::X.to_string(), "X");
        assert_eq!(Player::O.to_string(), "O");
        assert_eq!(Player::X.opponent(), Player::O);
        assert_eq!(Player::O.opponent(), Player::X);
    }
}
