//! [`ColumnOf`]: a column index below a board width `N` — the ConnectX
//! move [`Column`] (`N` = 16, any column of the largest board, which a
//! position checks), and Connect Four's
//! [`connect4::Column`](crate::connect4::Column) (`N` = 7): one type,
//! one text, one set of errors for both.

use core::fmt;
use core::num::IntErrorKind;
use core::str::FromStr;

use super::MAX_COLUMNS;

/// A column index, `0` (left) to `N - 1`: the move of a board at most `N`
/// columns wide. [`Column`] (`N` = 16) is the move type of
/// [`ConnectX`](super::ConnectX); [`connect4::Column`](crate::connect4::Column)
/// (`N` = 7) is [`Connect4`](crate::connect4::Connect4)'s, narrowed to its
/// board so that its hot path never checks a move's range.
///
/// Invariant: `index() < N`. `Display` writes the decimal index (its
/// alternate form, `{:#}`, says how columns are numbered, as every error
/// message does: `column 3 (counting from 0)`); `FromStr` reads it back
/// and rejects anything outside `0..N` ([`ParseColumnError`], whose
/// `last` is `N - 1`), so a move's text round-trips without the board.
/// `Default` is column 0 (it fills the unused slots of a
/// [`MoveList`](crate::MoveList)). With `serde`, a column is its index as
/// a number, validated on the way in. Connect Four's columns convert into
/// ConnectX's (`From`) and back (`TryFrom`, [`ColumnOutOfRange`] for 7 to
/// 15).
///
/// Precondition (checked when the type is used): `1 <= N <= 16`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct ColumnOf<const N: usize>(u8);

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
pub type Column = ColumnOf<MAX_COLUMNS>;

impl<const N: usize> ColumnOf<N> {
    /// The board width is a column count of ConnectX.
    const WIDTH_IS_VALID: () = assert!(N >= 1 && N <= MAX_COLUMNS);

    /// The highest column index: `N - 1`.
    pub const MAX_INDEX: usize = {
        let () = Self::WIDTH_IS_VALID;
        N - 1
    };

    /// Every column, left to right.
    pub const ALL: [ColumnOf<N>; N] = {
        let mut all = [ColumnOf(0); N];
        let mut index = 0;
        while index < N {
            all[index] = ColumnOf(index as u8);
            index += 1;
        }
        all
    };

    /// The column with this index, or `None` when `index >= N`.
    #[inline]
    pub const fn new(index: usize) -> Option<ColumnOf<N>> {
        if index <= Self::MAX_INDEX {
            Some(ColumnOf(index as u8))
        } else {
            None
        }
    }

    /// The index, `0..N`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl<const N: usize> fmt::Display for ColumnOf<N> {
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
/// Precondition: `last <= ColumnOf::<N>::MAX_INDEX` (debug-asserted).
pub(crate) fn parse_index<const N: usize>(
    text: &str,
    last: usize,
) -> Result<ColumnOf<N>, ParseColumnError> {
    debug_assert!(last <= ColumnOf::<N>::MAX_INDEX);
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
            .and_then(ColumnOf::new)
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

impl<const N: usize> FromStr for ColumnOf<N> {
    type Err = ParseColumnError;

    /// Reads a decimal integer (no surrounding spaces) in `0..N` (for
    /// ConnectX's [`Column`], the columns of the largest board).
    ///
    /// # Errors
    ///
    /// [`ParseColumnError`]: not an integer, below 0 or above `N - 1`
    /// (however many digits).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_index(text, Self::MAX_INDEX)
    }
}

/// A number that is not a column index: of any board (`last` is 15), or
/// of a given board, such as Connect Four's (`last` is 6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("column {index} does not exist: the last column is {last}")]
pub struct ColumnOutOfRange {
    /// The number given.
    pub index: u8,
    /// The last column allowed.
    pub last: u8,
}

impl<const N: usize> TryFrom<u8> for ColumnOf<N> {
    type Error = ColumnOutOfRange;
    /// # Errors
    ///
    /// [`ColumnOutOfRange`] when `index >= N`.
    fn try_from(index: u8) -> Result<Self, Self::Error> {
        ColumnOf::new(usize::from(index)).ok_or(ColumnOutOfRange {
            index,
            // At most 15.
            last: Self::MAX_INDEX as u8,
        })
    }
}

impl<const N: usize> From<ColumnOf<N>> for u8 {
    fn from(column: ColumnOf<N>) -> u8 {
        column.0
    }
}

impl<const N: usize> From<ColumnOf<N>> for usize {
    fn from(column: ColumnOf<N>) -> usize {
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
            parse_index::<MAX_COLUMNS>("7", 6).unwrap_err().to_string(),
            "column 7 does not exist: the last column is 6"
        );
        assert_eq!(parse_index::<MAX_COLUMNS>("6", 6).map(Column::index), Ok(6));
    }

    #[test]
    fn new_and_try_from_reject_out_of_range() {
        assert_eq!(Column::new(16), None);
        assert_eq!(
            Column::try_from(16u8),
            Err(ColumnOutOfRange {
                index: 16,
                last: 15
            })
        );
        assert_eq!(Column::try_from(15u8).map(Column::index), Ok(15));
    }
}
