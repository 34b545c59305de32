//! [`Square`]: one of the 32 playable squares, in PDN numbering.

use core::fmt;
use core::str::FromStr;

use super::geometry::{self, SQUARE_COUNT};
use crate::draughts::{EnglishRules, Square as DraughtsSquare};

/// One of the 32 dark squares, numbered 1 to 32 as in PDN: squares 1–4 are
/// the row where Red starts (top of the usual diagram), 29–32 White's home
/// row.
///
/// Invariant: the number is in `1..=32`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Square(u8);

/// Why a number is not a [`Square`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("square {0} does not exist: squares are numbered 1 to 32")]
pub struct SquareOutOfRange(pub u32);

impl Square {
    /// The lowest square number.
    pub const MIN: u8 = 1;
    /// The highest square number.
    pub const MAX: u8 = SQUARE_COUNT as u8;

    /// The square with PDN number `number`, or `None` outside `1..=32`.
    pub const fn new(number: u8) -> Option<Square> {
        if number >= Self::MIN && number <= Self::MAX {
            Some(Square(number))
        } else {
            None
        }
    }

    /// All 32 squares in increasing order.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (Self::MIN..=Self::MAX).map(Square)
    }

    /// The PDN number, `1..=32`.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The row on the 8x8 board, 0 (squares 1–4, Red's home row) to 7.
    pub const fn row(self) -> u8 {
        geometry::coordinates(self.index()).0 as u8
    }

    /// The column on the 8x8 board, 0 (the left edge, where square 5 is)
    /// to 7 (where square 4 is).
    pub const fn column(self) -> u8 {
        geometry::coordinates(self.index()).1 as u8
    }

    /// The square at (row, column), both `0..8`, or `None` for a light
    /// square or a coordinate off the board.
    pub fn at(row: u8, column: u8) -> Option<Square> {
        let index = geometry::index_at(i32::from(row), i32::from(column));
        (index != geometry::NO_SQUARE).then(|| Square::from_index(usize::from(index)))
    }

    /// The bit index `0..32` (`number - 1`).
    #[inline]
    pub(crate) const fn index(self) -> usize {
        (self.0 - 1) as usize
    }

    /// The square of bit index `index`.
    ///
    /// Precondition: `index < 32`.
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARE_COUNT);
        Square(index as u8 + 1)
    }

    /// The one-bit set of this square.
    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.index()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareOutOfRange;
    fn try_from(number: u8) -> Result<Square, SquareOutOfRange> {
        Square::new(number).ok_or(SquareOutOfRange(u32::from(number)))
    }
}

impl TryFrom<u32> for Square {
    type Error = SquareOutOfRange;
    fn try_from(number: u32) -> Result<Square, SquareOutOfRange> {
        u8::try_from(number)
            .ok()
            .and_then(Square::new)
            .ok_or(SquareOutOfRange(number))
    }
}

impl From<Square> for DraughtsSquare<EnglishRules> {
    /// The same square of the draughts family's English board (the same
    /// index: PDN square `n` is index `n - 1` on both).
    #[inline]
    fn from(square: Square) -> DraughtsSquare<EnglishRules> {
        DraughtsSquare::new_unchecked(square.index())
    }
}

impl From<DraughtsSquare<EnglishRules>> for Square {
    /// The same square of checkers' board.
    #[inline]
    fn from(square: DraughtsSquare<EnglishRules>) -> Square {
        Square::from_index(square.index())
    }
}

impl From<Square> for u8 {
    fn from(square: Square) -> u8 {
        square.0
    }
}

/// Why text is not a square number.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParseSquareError {
    /// Not a decimal number.
    #[error("`{0}` is not a square number")]
    NotANumber(String),
    /// A number outside `1..=32`.
    #[error(transparent)]
    OutOfRange(#[from] SquareOutOfRange),
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseSquareError::NotANumber(text.to_owned()));
        }
        // All digits: only overflow can fail, and that is out of range too.
        let number = text.parse::<u32>().unwrap_or(u32::MAX);
        Ok(Square::try_from(number)?)
    }
}

/// The squares of a bitboard, in increasing order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Squares(pub(crate) u32);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_coordinates() {
        let s = Square::new(1).unwrap();
        assert_eq!((s.row(), s.column()), (0, 1));
        let s = Square::new(5).unwrap();
        assert_eq!((s.row(), s.column()), (1, 0));
        let s = Square::new(32).unwrap();
        assert_eq!((s.row(), s.column()), (7, 6));
        assert_eq!(Square::at(7, 0), Square::new(29));
        assert_eq!(Square::at(0, 0), None);
        assert_eq!(Square::new(0), None);
        assert_eq!(Square::new(33), None);
        for sq in Square::all() {
            assert_eq!(Square::at(sq.row(), sq.column()), Some(sq));
        }
    }

    #[test]
    fn parse() {
        assert_eq!("17".parse::<Square>(), Ok(Square::new(17).unwrap()));
        assert_eq!(
            "33".parse::<Square>(),
            Err(ParseSquareError::OutOfRange(SquareOutOfRange(33)))
        );
        assert_eq!(
            "99999999999".parse::<Square>(),
            Err(ParseSquareError::OutOfRange(SquareOutOfRange(u32::MAX)))
        );
        assert_eq!(
            "x".parse::<Square>(),
            Err(ParseSquareError::NotANumber("x".into()))
        );
    }
}
