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

/// Dense index `i` mirrored within its row of `h` squares: how the Italian
/// and Spanish numberings run against the dense index.
const fn mirrored_in_row(h: usize, i: usize) -> usize {
    (i / h) * h + (h - 1 - i % h)
}

/// The square number of dense index `i` in a numbered notation (algebraic
/// variants number their squares as [`Notation::Numeric`]).
const fn number_of(notation: Notation, size: usize, i: usize) -> usize {
    let h = size / 2;
    match notation {
        Notation::Italian => mirrored_in_row(h, i) + 1,
        Notation::Spanish => size * h - mirrored_in_row(h, i),
        _ => i + 1,
    }
}

/// The dense index of square number `n` in a numbered notation.
const fn index_of_number(notation: Notation, size: usize, n: usize) -> Option<usize> {
    let h = size / 2;
    let squares = size * h;
    if n == 0 || n > squares {
        return None;
    }
    // The Italian and Spanish numberings are involutions of the dense index.
    Some(match notation {
        Notation::Italian => mirrored_in_row(h, n - 1),
        Notation::Spanish => mirrored_in_row(h, squares - n),
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

/// One playable square of variant `R`'s board: the one square type of the
/// draughts family, English checkers included
/// ([`checkers::Square`](crate::checkers::Square) is
/// `Square<EnglishRules>`).
///
/// `Display` and `FromStr` use the variant's notation ([`Rules::NOTATION`]):
/// `32` in International and English, `c3` in Russian. Numbers are read in
/// algebraic variants too (square 1 is b8, 32 is g1), and every square has
/// a [`number`](Square::number) in the variant's numbering.
///
/// With the `serde` feature a square is its text (`"17"`, `"c3"`); a
/// number in the variant's numbering (`17`) is read too.
///
/// Invariant: the index is below the board's square count.
pub struct Square<R> {
    index: u8,
    variant: PhantomData<fn() -> R>,
}

impl<R: Rules> Square<R> {
    /// How many playable squares the board has (32 on 8x8, 50 on 10x10).
    pub const COUNT: usize = R::SQUARES;

    /// The square numbered `number` in the variant's numbering (PDN's:
    /// 1–32 on 8x8 boards, 1–50 in International; algebraic variants
    /// number as English checkers does, b8 = 1, g1 = 32), or `None` when
    /// there is no such square.
    pub const fn new(number: u8) -> Option<Square<R>> {
        match index_of_number(R::NOTATION, R::SIZE, number as usize) {
            Some(index) => Some(Square::new_unchecked(index)),
            None => None,
        }
    }

    /// The square's number in the variant's numbering (see
    /// [`Square::new`]): `1..=COUNT`.
    pub const fn number(self) -> u8 {
        number_of(R::NOTATION, R::SIZE, self.index()) as u8
    }

    /// The square with dense index `index` (`0..SIZE²/2`, row by row from
    /// the top-left as White sees a board with a dark bottom-left corner;
    /// in International and English numbering, the square number minus
    /// one), or `None` when out of range.
    pub const fn from_index(index: usize) -> Option<Square<R>> {
        if index < R::SQUARES {
            Some(Square::new_unchecked(index))
        } else {
            None
        }
    }

    /// Precondition: `index < R::SQUARES`.
    #[inline]
    pub(crate) const fn new_unchecked(index: usize) -> Square<R> {
        debug_assert!(index < R::SQUARES);
        Square {
            index: index as u8,
            variant: PhantomData,
        }
    }

    /// The dense index (see [`Square::from_index`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// Every square, by dense index (in English and International, by
    /// number).
    pub fn all() -> impl Iterator<Item = Square<R>> + Clone {
        (0..R::SQUARES).map(Square::new_unchecked)
    }

    /// The row as the board is drawn, 0 at the top (Black's side; Red's in
    /// checkers, squares 1–4) to `SIZE - 1`.
    pub const fn row(self) -> usize {
        coordinates(R::SIZE, self.index()).0
    }

    /// The column as the board is drawn, 0 at the left as White sees it
    /// (in checkers, the edge where square 5 is; mirrored for Italian and
    /// Spanish, whose boards have a light bottom-left corner).
    pub const fn column(self) -> usize {
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
    pub const fn at(row: usize, column: usize) -> Option<Square<R>> {
        if column >= R::SIZE {
            return None;
        }
        let col = if R::NOTATION.is_mirrored() {
            R::SIZE - 1 - column
        } else {
            column
        };
        match index_at(R::SIZE, row, col) {
            Some(index) => Some(Square::new_unchecked(index)),
            None => None,
        }
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

/// A number that is no square of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("square {number} does not exist: squares are numbered 1 to {count}")]
pub struct SquareOutOfRange {
    /// The number that was given.
    pub number: u32,
    /// How many squares the board has.
    pub count: usize,
}

impl<R: Rules> TryFrom<u32> for Square<R> {
    type Error = SquareOutOfRange;
    /// The square numbered `number` (see [`Square::new`]).
    fn try_from(number: u32) -> Result<Square<R>, SquareOutOfRange> {
        u8::try_from(number)
            .ok()
            .and_then(Square::new)
            .ok_or(SquareOutOfRange {
                number,
                count: R::SQUARES,
            })
    }
}

impl<R: Rules> TryFrom<u8> for Square<R> {
    type Error = SquareOutOfRange;
    /// The square numbered `number` (see [`Square::new`]).
    fn try_from(number: u8) -> Result<Square<R>, SquareOutOfRange> {
        Square::try_from(u32::from(number))
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

/// A FEN of the variant's board, for messages that show what FEN looks
/// like: its notation's squares, its first player's letter where it
/// matters.
pub(crate) fn fen_example<R: Rules>() -> &'static str {
    match (R::NOTATION, R::SIZE) {
        (Notation::Algebraic { .. }, _) => "W:Wa1,c3,Ke5:Bd6,f8",
        (Notation::Italian, _) => "W:W21-32:B1-12",
        (Notation::Spanish, _) => "W:W1-12:B21-32",
        (_, 10) => "W:W31-50:B1-20",
        _ => "B:W21-32:B1-12",
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

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<R: Rules> serde::Serialize for Square<R> {
    /// The square's text in the variant's notation.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, R: Rules> serde::Deserialize<'de> for Square<R> {
    /// The square's text, or its number.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Reads text or a number.
        struct SquareVisitor<R>(PhantomData<fn() -> R>);
        impl<R: Rules> serde::de::Visitor<'_> for SquareVisitor<R> {
            type Value = Square<R>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "a square of the {} board ({})",
                    R::NAME,
                    square_hint::<R>()
                )
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Square<R>, E> {
                text.parse().map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, number: u64) -> Result<Square<R>, E> {
                match u32::try_from(number) {
                    Ok(number) => Square::try_from(number).map_err(E::custom),
                    Err(_) => Err(no_such_number::<R, E>(number)),
                }
            }
            fn visit_i64<E: serde::de::Error>(self, number: i64) -> Result<Square<R>, E> {
                match u64::try_from(number) {
                    Ok(number) => self.visit_u64(number),
                    Err(_) => Err(no_such_number::<R, E>(number)),
                }
            }
        }
        /// [`SquareOutOfRange`]'s message, for a number it cannot hold
        /// (negative, or over `u32::MAX`).
        fn no_such_number<R: Rules, E: serde::de::Error>(number: impl fmt::Display) -> E {
            E::custom(format_args!(
                "square {number} does not exist: squares are numbered 1 to {}",
                R::SQUARES
            ))
        }
        // Text formats say what they hold, so a number is read too; binary
        // ones carry the text.
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(SquareVisitor(PhantomData))
        } else {
            deserializer.deserialize_str(SquareVisitor(PhantomData))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::rules::{
        EnglishRules, InternationalRules, ItalianRules, RussianRules, SpanishRules,
    };

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

    /// Every square's number reads back to it, is the text numbered
    /// variants write, and is the number algebraic variants read.
    fn numbers_round_trip<R: Rules>() {
        assert_eq!(Square::<R>::all().count(), Square::<R>::COUNT);
        for s in Square::<R>::all() {
            assert_eq!(Square::<R>::new(s.number()), Some(s));
            assert_eq!(Square::<R>::try_from(u32::from(s.number())), Ok(s));
            assert_eq!(s.number().to_string().parse::<Square<R>>(), Ok(s));
            if !matches!(R::NOTATION, Notation::Algebraic { .. }) {
                assert_eq!(s.to_string(), s.number().to_string());
            }
            assert_eq!(Square::<R>::from_index(s.index()), Some(s));
        }
        for number in [0, Square::<R>::COUNT as u8 + 1, u8::MAX] {
            assert_eq!(Square::<R>::new(number), None);
            assert_eq!(
                Square::<R>::try_from(number),
                Err(SquareOutOfRange {
                    number: u32::from(number),
                    count: Square::<R>::COUNT
                })
            );
        }
        assert_eq!(Square::<R>::from_index(Square::<R>::COUNT), None);
    }

    #[test]
    fn numbers() {
        numbers_round_trip::<InternationalRules>();
        numbers_round_trip::<RussianRules>();
        numbers_round_trip::<ItalianRules>();
        numbers_round_trip::<SpanishRules>();
        numbers_round_trip::<EnglishRules>();
        let russian = |n| Square::<RussianRules>::new(n).unwrap().to_string();
        assert_eq!((russian(1), russian(32)), ("b8".into(), "g1".into()));
        let italian = Square::<ItalianRules>::new(1).unwrap();
        assert_eq!((italian.row(), italian.column()), (0, 0));
    }
}
