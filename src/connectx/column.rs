//! [`Column`]: the ConnectX move, a column index `0..=15` that knows
//! nothing of the board until a position checks it.

use core::fmt;
use core::num::IntErrorKind;
use core::str::FromStr;

use super::MAX_COLUMNS;

/// A column index, `0` (left) to `15`: the move type of
/// [`ConnectX`](super::ConnectX).
///
/// A `Column` is any column of the largest board; whether it exists on a
/// given board is a question for that board: a column at or beyond the
/// board's width is an illegal move there
/// ([`PlayError::IllegalMove`](crate::PlayError::IllegalMove)), never a
/// panic. [`Parameters::column`](super::Parameters::column) and
/// [`Parameters::parse_column`](super::Parameters::parse_column) check an
/// index against a board.
///
/// Invariant: `index() < 16`. `Display` writes the decimal index (its
/// alternate form, `{:#}`, says how columns are numbered, as every error
/// message does: `column 3 (counting from 0)`); `FromStr`
/// reads it back and rejects anything outside `0..=15`, so a move's text
/// round-trips without the board. `Default` is column 0 (it fills the
/// unused slots of a [`MoveList`](crate::MoveList)). With `serde`, a column
/// is its index as a number, validated on the way in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Column(u8);

impl Column {
    /// The highest column index of any board.
    pub const MAX_INDEX: usize = MAX_COLUMNS - 1;

    /// Every column of the largest board, left to right.
    pub const ALL: [Column; MAX_COLUMNS] = {
        let mut all = [Column(0); MAX_COLUMNS];
        let mut i = 0;
        while i < MAX_COLUMNS {
            all[i] = Column(i as u8);
            i += 1;
        }
        all
    };

    /// The column with this index, or `None` when `index > 15`.
    #[inline]
    pub const fn new(index: usize) -> Option<Column> {
        if index < MAX_COLUMNS {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The index, `0..=15`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Column {
    /// `3`, or with `{:#}` (as error messages write it): `column 3
    /// (counting from 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "column {} (counting from 0)", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// Why a text is not a [`Column`], or not a column of a given board. Each
/// variant keeps the text; `last` is the highest column that was allowed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseColumnError {
    /// The text is not a whole number.
    #[error("{text:?} is not a column number: enter a number from 0 to {last}")]
    NotANumber {
        /// The text read.
        text: String,
        /// The last column allowed.
        last: usize,
    },
    /// The number is below 0.
    #[error("column {text} does not exist: columns start at 0")]
    BelowZero {
        /// The text read.
        text: String,
    },
    /// The number is above the last column.
    #[error("column {text} does not exist: the last column is {last}")]
    AboveMax {
        /// The text read.
        text: String,
        /// The last column allowed.
        last: usize,
    },
}

/// Reads a decimal integer (no surrounding spaces) in `0..=last`.
///
/// Precondition: `last <= Column::MAX_INDEX` (debug-asserted).
pub(crate) fn parse_index(text: &str, last: usize) -> Result<Column, ParseColumnError> {
    debug_assert!(last <= Column::MAX_INDEX);
    let above = || ParseColumnError::AboveMax {
        text: text.to_owned(),
        last,
    };
    let below = || ParseColumnError::BelowZero {
        text: text.to_owned(),
    };
    match text.parse::<i64>() {
        Ok(n) if n < 0 => Err(below()),
        Ok(n) => usize::try_from(n)
            .ok()
            .filter(|&index| index <= last)
            .and_then(Column::new)
            .ok_or_else(above),
        Err(error) => Err(match error.kind() {
            IntErrorKind::NegOverflow => below(),
            IntErrorKind::PosOverflow => above(),
            _ => ParseColumnError::NotANumber {
                text: text.to_owned(),
                last,
            },
        }),
    }
}

impl FromStr for Column {
    type Err = ParseColumnError;

    /// Reads a decimal integer (no surrounding spaces) in `0..=15`, the
    /// columns of the largest board.
    ///
    /// # Errors
    ///
    /// [`ParseColumnError`]: not an integer, below 0 or above 15 (however
    /// many digits).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_index(text, Column::MAX_INDEX)
    }
}

/// A number that is not a column index of any board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("column {0} does not exist: columns are numbered 0 to 15")]
pub struct ColumnOutOfRange(pub u8);

impl TryFrom<u8> for Column {
    type Error = ColumnOutOfRange;
    /// # Errors
    ///
    /// [`ColumnOutOfRange`] when `index > 15`.
    fn try_from(index: u8) -> Result<Self, Self::Error> {
        Column::new(usize::from(index)).ok_or(ColumnOutOfRange(index))
    }
}

impl From<Column> for u8 {
    fn from(column: Column) -> u8 {
        column.0
    }
}

impl From<Column> for usize {
    fn from(column: Column) -> usize {
        column.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        for column in Column::ALL {
            assert_eq!(column.to_string().parse::<Column>(), Ok(column));
        }
        assert_eq!(Column::ALL[15].to_string(), "15");
    }

    #[test]
    fn parse_errors_name_the_problem() {
        let above = |text: &str| ParseColumnError::AboveMax {
            text: text.into(),
            last: 15,
        };
        assert_eq!("16".parse::<Column>(), Err(above("16")));
        assert_eq!(
            "99999999999999999999".parse::<Column>(),
            Err(above("99999999999999999999"))
        );
        assert_eq!(
            "-99999999999999999999".parse::<Column>(),
            Err(ParseColumnError::BelowZero {
                text: "-99999999999999999999".into()
            })
        );
        assert_eq!(
            " 3".parse::<Column>(),
            Err(ParseColumnError::NotANumber {
                text: " 3".into(),
                last: 15
            })
        );
        assert_eq!(
            parse_index("7", 6).unwrap_err().to_string(),
            "column 7 does not exist: the last column is 6"
        );
        assert_eq!(parse_index("6", 6).map(Column::index), Ok(6));
    }

    #[test]
    fn new_and_try_from_reject_out_of_range() {
        assert_eq!(Column::new(16), None);
        assert_eq!(Column::try_from(16u8), Err(ColumnOutOfRange(16)));
        assert_eq!(Column::try_from(15u8).map(Column::index), Ok(15));
    }
}
