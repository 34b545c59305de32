//! [`Color`], [`Role`] and [`Piece`] of draughts.

use core::fmt;

/// A side. White starts at the bottom of the board (as diagrams show it)
/// and moves up; Black starts at the top. Which side moves first is a rule
/// of the variant ([`Rules::FIRST`](super::Rules::FIRST)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// Starts at the bottom, moves up.
    White,
    /// Starts at the top, moves down.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter PDN and FEN use: `W` or `B`.
    pub const fn pdn_letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The side of a PDN/FEN letter (`W` or `B`, either case).
    pub const fn from_pdn_letter(letter: char) -> Option<Color> {
        match letter {
            'W' | 'w' => Some(Color::White),
            'B' | 'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A man or a king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Steps forward; captures as the variant allows.
    Man,
    /// Moves in all four diagonal directions (any distance in variants
    /// with flying kings).
    King,
}

/// A piece: whose it is and what it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// The board diagram's symbol: `w`/`W` for a White man/king, `b`/`B`
    /// for Black.
    pub const fn symbol(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::Man) => 'b',
            (Color::Black, Role::King) => 'B',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        write!(f, "{} {role}", self.color)
    }
}
