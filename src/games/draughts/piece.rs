//! [`Color`], [`Role`] and [`Piece`] of the draughts family, English
//! checkers included: [`Checkers`](crate::checkers::Checkers) names its
//! sides with its own [`Player`](crate::checkers::Player) (Red is the
//! family's Black), a [`PieceColor`] like [`Color`], so that its pieces are
//! the family's [`Piece`] too.

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

/// A name for the family's two colours: [`Color`] itself, or a game's own
/// names for them ([`checkers::Player`](crate::checkers::Player): Red is
/// Black). The conversions cost nothing: each is a one-to-one match of
/// two-valued enums.
pub trait PieceColor:
    Copy + Eq + core::hash::Hash + fmt::Debug + fmt::Display + From<Color> + Into<Color>
{
    /// The letter of this side's men in board diagrams (lower case; a king
    /// is the upper case).
    fn man_symbol(self) -> char;
}

impl PieceColor for Color {
    /// `w` for White, `b` for Black.
    fn man_symbol(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// A man or a king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Steps forward; captures as the variant allows.
    Man,
    /// Moves in all four diagonal directions (any distance in variants
    /// with flying kings, one square in English checkers and Italian).
    King,
}

/// A piece: whose it is and what it is. The side is a [`Color`] in the
/// draughts variants and a [`checkers::Player`](crate::checkers::Player)
/// in [`Checkers`](crate::checkers::Checkers) (`checkers::Piece` is
/// `Piece<checkers::Player>`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece<C = Color> {
    /// The owner.
    pub color: C,
    /// Man or king.
    pub role: Role,
}

impl<C: PieceColor> Piece<C> {
    /// The board diagram's symbol: `w`/`W` for a White man/king, `b`/`B`
    /// for Black (in checkers `r`/`R` for Red).
    pub fn symbol(self) -> char {
        let man = self.color.man_symbol();
        match self.role {
            Role::Man => man,
            Role::King => man.to_ascii_uppercase(),
        }
    }

    /// The piece on the square whose bit is `bit` in a position's
    /// bitboards of White's pieces, Black's and the kings (`None` when the
    /// square is empty): how the family's positions, 32-bit
    /// ([`Checkers`](crate::checkers::Checkers)) or 64-bit
    /// ([`Draughts`](super::Draughts)), read a square.
    #[inline]
    pub(crate) fn on_bit<B>(bit: B, white: B, black: B, kings: B) -> Option<Piece<C>>
    where
        B: Copy + Default + PartialEq + core::ops::BitAnd<Output = B>,
    {
        let empty = B::default();
        let color = if white & bit != empty {
            Color::White
        } else if black & bit != empty {
            Color::Black
        } else {
            return None;
        };
        let role = if kings & bit != empty {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece {
            color: C::from(color),
            role,
        })
    }

    /// The same piece with the family's [`Color`] for its side.
    #[inline]
    pub fn in_colors(self) -> Piece {
        Piece {
            color: self.color.into(),
            role: self.role,
        }
    }

    /// The piece of the family's [`Piece`] `piece`, its side named by `C`.
    #[inline]
    pub fn from_colors(piece: Piece) -> Piece<C> {
        Piece {
            color: C::from(piece.color),
            role: piece.role,
        }
    }
}

impl<C: fmt::Display> fmt::Display for Piece<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        write!(f, "{} {role}", self.color)
    }
}

/// The piece counts of a draughts-family position, for its inherent
/// `impl`: `piece_count`, `king_count` and `man_count` of a side (`$side`,
/// the position's player type), from the position's `pieces(side)` and
/// `kings` bitboards. One definition for
/// [`Checkers`](crate::checkers::Checkers) and
/// [`Draughts`](crate::draughts::Draughts), expanded in each (the same
/// code as written out by hand).
macro_rules! piece_counts {
    ($side:ty) => {
        /// How many pieces (men and kings) `side` has.
        pub fn piece_count(&self, side: $side) -> u32 {
            self.pieces(side).count_ones()
        }

        /// How many kings `side` has.
        pub fn king_count(&self, side: $side) -> u32 {
            (self.pieces(side) & self.kings).count_ones()
        }

        /// How many men `side` has.
        pub fn man_count(&self, side: $side) -> u32 {
            (self.pieces(side) & !self.kings).count_ones()
        }
    };
}
pub(crate) use piece_counts;
