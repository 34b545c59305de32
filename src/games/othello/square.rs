//! [`Square`] (`a1` to `h8`) and [`Move`] (a disc on a square, or a pass),
//! with their text forms (`d3`, `pass`) and [`ParseMoveError`].

use core::fmt;
use core::str::FromStr;

use super::SIZE;

/// A square of the 8x8 board: file `a`-`h` (column 0-7, left to right)
/// and rank `1`-`8` (row 0-7, rank 1 at the top of the usual diagram,
/// where Black's first moves are `d3`, `c4`, `f5` and `e6`).
///
/// Its [`index`](Square::index) is `row * 8 + column`: `a1` = 0, `h1` = 7,
/// `a8` = 56, `h8` = 63, the bit of the square in the bitboards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Square(u8);

impl Square {
    /// Squares on the board.
    pub const COUNT: usize = SIZE * SIZE;

    /// The square of index `index` (`row * 8 + column`), or `None` past 63.
    pub const fn new(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at `column` (0 = file `a`) and `row` (0 = rank `1`), or
    /// `None` off the board.
    pub const fn at(column: usize, row: usize) -> Option<Square> {
        if column < SIZE && row < SIZE {
            Some(Square((row * SIZE + column) as u8))
        } else {
            None
        }
    }

    /// `row * 8 + column`, from 0 (`a1`) to 63 (`h8`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (file `a`) to 7 (file `h`).
    pub const fn column(self) -> usize {
        self.index() % SIZE
    }

    /// The row, 0 (rank `1`) to 7 (rank `8`).
    pub const fn row(self) -> usize {
        self.index() / SIZE
    }

    /// The square's bit in a bitboard.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Every square, `a1`, `b1`, ..., `h8` (index order).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// `d3`: the file letter, then the rank digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.column() as u8);
        let rank = char::from(b'1' + self.row() as u8);
        write!(f, "{file}{rank}")
    }
}

/// Why a text is not a square or a move.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("{text:?} is not a move: write a square, a file a-h then a rank 1-8 (\"d3\"), or \"pass\"")]
pub struct ParseMoveError {
    /// The text read.
    pub text: String,
}

impl FromStr for Square {
    type Err = ParseMoveError;
    /// `d3` (or `D3`), surrounding whitespace ignored.
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] when the text is not a file letter and a rank
    /// digit.
    fn from_str(text: &str) -> Result<Square, ParseMoveError> {
        let error = || ParseMoveError {
            text: text.to_owned(),
        };
        let &[file, rank] = text.trim().as_bytes() else {
            return Err(error());
        };
        let column = file.to_ascii_lowercase().wrapping_sub(b'a') as usize;
        let row = rank.wrapping_sub(b'1') as usize;
        Square::at(column, row).ok_or_else(error)
    }
}

impl TryFrom<String> for Square {
    type Error = ParseMoveError;
    fn try_from(text: String) -> Result<Square, ParseMoveError> {
        text.parse()
    }
}

impl From<Square> for String {
    fn from(square: Square) -> String {
        square.to_string()
    }
}

/// An Othello move: a disc on a square, or a pass (legal only when the
/// player to move has no disc move and the opponent has one).
///
/// Text: the square (`d3`) or `pass`; parsing also takes upper case.
/// With `serde`, the same text.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Move {
    /// A disc on this square.
    Place(Square),
    /// No disc: the turn passes to the opponent. (The default, so that
    /// move lists can be filled.)
    #[default]
    Pass,
}

impl Move {
    /// The text of a pass.
    pub const PASS_TEXT: &'static str = "pass";

    /// The square of a disc move, `None` for a pass.
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        }
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::Place(square)
    }
}

impl fmt::Display for Move {
    /// `d3`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(square) => fmt::Display::fmt(square, f),
            Move::Pass => f.write_str(Move::PASS_TEXT),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// A square (`d3`, `D3`) or `pass` (any case), surrounding whitespace
    /// ignored.
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] for any other text.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.trim().eq_ignore_ascii_case(Move::PASS_TEXT) {
            return Ok(Move::Pass);
        }
        text.parse().map(Move::Place).map_err(|_| ParseMoveError {
            text: text.to_owned(),
        })
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(text: String) -> Result<Move, ParseMoveError> {
        text.parse()
    }
}

impl From<Move> for String {
    fn from(mv: Move) -> String {
        mv.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves_read_and_write_their_text() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
            assert_eq!(Square::at(square.column(), square.row()), Some(square));
        }
        assert_eq!(Square::new(19).unwrap().to_string(), "d3");
        assert_eq!(
            "H8".parse::<Move>(),
            Ok(Move::Place(Square::new(63).unwrap()))
        );
        assert_eq!(" PASS ".parse::<Move>(), Ok(Move::Pass));
        for bad in ["", "i1", "a9", "a0", "d", "d33", "pas"] {
            let error = bad.parse::<Move>().unwrap_err();
            assert!(error.to_string().contains("\"d3\""), "{error}");
        }
        assert_eq!(Square::new(64), None);
    }
}
