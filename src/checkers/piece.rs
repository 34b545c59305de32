//! [`Player`], [`Role`] and [`Piece`].

use core::fmt;

/// A side in checkers. Red moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Moves first; starts on squares 1–12 and moves toward 32. PDN calls
    /// this side "B" (Black).
    Red,
    /// Moves second; starts on squares 21–32 and moves toward 1. PDN "W".
    White,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Red => Player::White,
            Player::White => Player::Red,
        }
    }

    /// The letter PDN and FEN use for this side: `B` for Red, `W` for White.
    pub const fn pdn_letter(self) -> char {
        match self {
            Player::Red => 'B',
            Player::White => 'W',
        }
    }

    /// The side of a PDN/FEN letter (`B` or `W`, either case).
    pub const fn from_pdn_letter(letter: char) -> Option<Player> {
        match letter {
            'B' | 'b' => Some(Player::Red),
            'W' | 'w' => Some(Player::White),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Red => "Red",
            Player::White => "White",
        })
    }
}

/// What a piece is: a man (moves forward only) or a king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Moves and captures diagonally forward only.
    Man,
    /// Moves and captures diagonally in all four directions, one square.
    King,
}

/// A piece on the board: whose it is and what it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// The one-letter symbol used by the board diagram: `r`/`R` for a Red
    /// man/king, `w`/`W` for White.
    pub const fn symbol(self) -> char {
        match (self.player, self.role) {
            (Player::Red, Role::Man) => 'r',
            (Player::Red, Role::King) => 'R',
            (Player::White, Role::Man) => 'w',
            (Player::White, Role::King) => 'W',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        write!(f, "{} {role}", self.player)
    }
}
