//! [`Square`]: checkers' name for the draughts family's square on the
//! English board, one of the 32 playable squares in PDN numbering; and the
//! 32-bit bitboard view of it that checkers' fast paths use.

use super::geometry::SQUARE_COUNT;
use crate::draughts::{EnglishRules, Square as FamilySquare};

/// One of the 32 dark squares, numbered 1 to 32 as in PDN: squares 1–4 are
/// the row where Red starts (top of the usual diagram), 29–32 White's home
/// row. It is the draughts family's [`Square`](crate::draughts::Square) on
/// the English board, so a checkers square is a square of
/// [`draughts::English`](crate::draughts::English) too.
///
/// ```
/// use rulebook::checkers::Square;
///
/// let square = Square::new(17).unwrap();
/// assert_eq!((square.row(), square.column()), (4, 1));
/// assert_eq!("17".parse::<Square>(), Ok(square));
/// assert_eq!(square.to_string(), "17");
/// assert_eq!(Square::new(33), None);
/// ```
pub type Square = FamilySquare<EnglishRules>;

// The family's dense index is checkers' bit index: PDN square `n` is bit
// `n - 1` on both boards.
const _: () = assert!(Square::COUNT == SQUARE_COUNT);

impl FamilySquare<EnglishRules> {
    /// The one-bit set of this square in checkers' 32-bit bitboards.
    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.index()
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
        Some(Square::new_unchecked(index))
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
            assert_eq!(usize::from(sq.number()), sq.index() + 1);
            assert_eq!(sq.bit(), 1 << (sq.number() - 1));
        }
        let bits: Vec<u8> = Squares(0b1001_0001).map(Square::number).collect();
        assert_eq!(bits, [1, 5, 8]);
    }
}
