//! [`Player`], checkers' names for the draughts family's colours; the
//! family's [`Role`] and [`Piece`].

use core::fmt;

pub use crate::draughts::Role;
use crate::draughts::{Color, PieceColor};

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
            Player::Red => Color::Black.pdn_letter(),
            Player::White => Color::White.pdn_letter(),
        }
    }

    /// The side of a PDN/FEN letter (`B` or `W`, either case).
    pub const fn from_pdn_letter(letter: char) -> Option<Player> {
        match Color::from_pdn_letter(letter) {
            Some(Color::Black) => Some(Player::Red),
            Some(Color::White) => Some(Player::White),
            None => None,
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

impl From<Player> for Color {
    /// Red is PDN's (and the draughts family's) Black.
    #[inline]
    fn from(player: Player) -> Color {
        match player {
            Player::Red => Color::Black,
            Player::White => Color::White,
        }
    }
}

impl From<Color> for Player {
    /// The family's Black is checkers' Red.
    #[inline]
    fn from(color: Color) -> Player {
        match color {
            Color::Black => Player::Red,
            Color::White => Player::White,
        }
    }
}

impl PieceColor for Player {
    /// `r` for Red, `w` for White.
    fn man_symbol(self) -> char {
        match self {
            Player::Red => 'r',
            Player::White => 'w',
        }
    }
}

/// A piece of checkers: the draughts family's [`Piece`](crate::draughts::Piece)
/// with its side named by [`Player`].
pub type Piece = crate::draughts::Piece<Player>;
