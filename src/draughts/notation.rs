//! [`Notation`]: how a variant names its squares, and [`Square`], a square
//! of a variant's board that reads and writes itself in that notation.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use super::geometry::{coordinates, index_at, Geometry};
use super::rules::Rules;

/// How a variant writes its squares (PDN `GameType` notation field).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// Numbers from 1 in the top-left corner as White sees the board,
    /// row by row, left to right (International 1–50; English and pool
    /// checkers 1–32, where Black's side is the top).
    Numeric,
    /// Numbers 1–32 from the top-left corner as White sees the Italian
    /// board (which has a light square in the bottom-left corner), row by
    /// row, left to right.
    Italian,
    /// Numbers 1–32 from White's bottom-right corner on the Spanish board
    /// (light square in the bottom-left corner), row by row, right to left.
    Spanish,
    /// Chess-like `a1`–`h8`, `a1` in White's bottom-left corner; moves
    /// written `c3-d4`, captures with the given separator (`c3:e5`).
    /// Numbers as in [`Notation::Numeric`] are read too.
    Algebraic {
        /// The capture separator the variant writes.
        capture: char,
    },
}

impl Notation {
    /// Whether the board's playable squares are the mirror image of the
    /// usual ones (a light square in each player's bottom-left corner).
    pub const fn is_mirrored(self) -> bool {
        matches!(self, Notation::Italian | Notation::Spanish)
    }

    /// The capture separator written between squares.
    pub const fn capture_separator(self) -> char {
        match self {
            Notation::Algebraic { capture } => capture,
            _ => 'x',
        }
    }
}

/// The square number of dense index `i` in a numbered notation.
fn number_of(notation: Notation, size: usize, i: usize) -> usize {
    let h = size / 2;
    let squares = size * h;
    let italian = |i: usize| (i / h) * h + (h - 1 - i % h) + 1;
    match notation {
        Notation::Italian => italian(i),
        Notation::Spanish => squares + 1 - italian(i),
        _ => i + 1,
    }
}

/// The dense index of square number `n` in a numbered notation.
fn index_of_number(notation: Notation, size: usize, n: usize) -> Option<usize> {
    let h = size / 2;
    let squares = size * h;
    if n == 0 || n > squares {
        return None;
    }
    // The Italian and Spanish numberings are involutions of the dense index.
    let italian = |n: usize| ((n - 1) / h) * h + (h - 1 - (n - 1) % h);
    Some(match notation {
        Notation::Italian => italian(n),
        Notation::Spanish => italian(squares + 1 - n),
        _ => n - 1,
    })
}

/// Writes dense index `i` in `notation`.
pub(crate) fn write_square(
    f: &mut fmt::Formatter<'_>,
    notation: Notation,
    size: usize,
    i: usize,
) -> fmt::Result {
    match notation {
        Notation::Algebraic { .. } => {
            let (row, col) = coordinates(size, i);
            let file = char::from(b'a' + col as u8);
            write!(f, "{file}{}", size - row)
        }
        _ => write!(f, "{}", number_of(notation, size, i)),
    }
}

/// Reads a square in `notation`; `None` if `text` names no square.
pub(crate) fn read_square(notation: Notation, size: usize, text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
        let n = text.parse::<usize>().ok()?;
        return index_of_number(notation, size, n);
    }
    if !matches!(notation, Notation::Algebraic { .. }) {
        return None;
    }
    let (&file, rank) = bytes.split_first()?;
    let col = usize::from(file.to_ascii_lowercase().checked_sub(b'a')?);
    if rank.is_empty() || !rank.iter().all(u8::is_ascii_digit) || rank.len() > 2 {
        return None;
    }
    let rank: usize = core::str::from_utf8(rank).ok()?.parse().ok()?;
    if rank == 0 || rank > size {
        return None;
    }
    index_at(size, size - rank, col)
}

/// One playable square of variant `R`'s board.
///
/// `Display` and `FromStr` use the variant's notation ([`Rules::NOTATION`]):
/// `32` in International, `c3` in Russian. Numbers are read in algebraic
/// variants too (square 1 is b8, 32 is g1).
///
/// Invariant: the index is below the board's square count.
pub struct Square<R> {
    index: u8,
    variant: PhantomData<fn() -> R>,
}

impl<R: Rules> Square<R> {
    /// The square with dense index `index` (`0..SIZE²/2`, row by row from
    /// the top-left as White sees a board with a dark bottom-left corner;
    /// in International and English numbering, the square number minus
    /// one), or `None` when out of range.
    pub fn from_index(index: usize) -> Option<Square<R>> {
        (index < R::SQUARES).then(|| Square::new_unchecked(index))
    }

    /// Precondition: `index < R::SQUARES`.
    #[inline]
    pub(crate) fn new_unchecked(index: usize) -> Square<R> {
        debug_assert!(index < R::SQUARES);
        Square {
            index: index as u8,
            variant: PhantomData,
        }
    }

    /// The dense index (see [`Square::from_index`]).
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// Every square, by dense index.
    pub fn all() -> impl Iterator<Item = Square<R>> + Clone {
        (0..R::SQUARES).map(Square::new_unchecked)
    }

    /// The row as the board is drawn, 0 at the top (Black's side).
    pub fn row(self) -> usize {
        coordinates(R::SIZE, self.index()).0
    }

    /// The column as the board is drawn, 0 at the left as White sees it
    /// (mirrored for Italian and Spanish, whose boards have a light
    /// bottom-left corner).
    pub fn column(self) -> usize {
        let col = coordinates(R::SIZE, self.index()).1;
        if R::NOTATION.is_mirrored() {
            R::SIZE - 1 - col
        } else {
            col
        }
    }

    /// The square drawn at (row, column) (see [`row`](Square::row),
    /// [`column`](Square::column)), or `None` for a light square or off
    /// the board.
    pub fn at(row: usize, column: usize) -> Option<Square<R>> {
        if column >= R::SIZE {
            return None;
        }
        let col = if R::NOTATION.is_mirrored() {
            R::SIZE - 1 - column
        } else {
            column
        };
        index_at(R::SIZE, row, col).map(Square::new_unchecked)
    }
}

impl<R> Clone for Square<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for Square<R> {}
impl<R> PartialEq for Square<R> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<R> Eq for Square<R> {}
impl<R> PartialOrd for Square<R> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<R> Ord for Square<R> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<R> core::hash::Hash for Square<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl<R: Rules> fmt::Display for Square<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_square(f, R::NOTATION, R::SIZE, self.index())
    }
}

impl<R: Rules> fmt::Debug for Square<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// Text that names no square of the variant's board.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("`{text}` is not a square of the {variant} board ({expected})")]
pub struct ParseSquareError {
    /// The text that was read.
    pub text: String,
    /// The variant.
    pub variant: &'static str,
    /// What a square looks like in this variant.
    pub expected: &'static str,
}

/// What squares look like in `R`'s notation, for error messages.
pub(crate) fn square_hint<R: Rules>() -> &'static str {
    match (R::NOTATION, R::SIZE) {
        (Notation::Algebraic { .. }, _) => "a1 to h8, or a number from 1 to 32",
        (_, 10) => "a number from 1 to 50",
        _ => "a number from 1 to 32",
    }
}

impl<R: Rules> FromStr for Square<R> {
    type Err = ParseSquareError;
    fn from_str(text: &str) -> Result<Square<R>, ParseSquareError> {
        read_square(R::NOTATION, R::SIZE, text.trim())
            .map(Square::new_unchecked)
            .ok_or_else(|| ParseSquareError {
                text: text.to_owned(),
                variant: R::NAME,
                expected: square_hint::<R>(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::rules::{InternationalRules, ItalianRules, RussianRules, SpanishRules};

    #[test]
    fn numberings() {
        let sq = |s: &str| s.parse::<Square<ItalianRules>>().unwrap();
        // Italian 1 is the top-left corner: the internal square at the
        // right end of row 0.
        assert_eq!(sq("1").index(), 3);
        assert_eq!((sq("1").row(), sq("1").column()), (0, 0));
        assert_eq!((sq("32").row(), sq("32").column()), (7, 7));
        let sp = |s: &str| s.parse::<Square<SpanishRules>>().unwrap();
        assert_eq!((sp("1").row(), sp("1").column()), (7, 7));
        assert_eq!((sp("4").row(), sp("4").column()), (7, 1));
        assert_eq!((sp("5").row(), sp("5").column()), (6, 6));
        let ru = |s: &str| s.parse::<Square<RussianRules>>().unwrap();
        assert_eq!(ru("a1").index(), 28);
        assert_eq!(ru("b8").index(), 0);
        assert_eq!(ru("h8").index(), 3);
        assert_eq!(ru("29"), ru("a1"));
        assert_eq!(ru("c3").to_string(), "c3");
        assert!("a2".parse::<Square<RussianRules>>().is_err());
        assert!("i1".parse::<Square<RussianRules>>().is_err());
        for s in Square::<SpanishRules>::all() {
            assert_eq!(s.to_string().parse::<Square<SpanishRules>>(), Ok(s));
            assert_eq!(Square::at(s.row(), s.column()), Some(s));
        }
        for s in Square::<InternationalRules>::all() {
            assert_eq!(s.to_string(), (s.index() + 1).to_string());
        }
        assert!("51".parse::<Square<InternationalRules>>().is_err());
    }
}
