//! [`Column`]: the Connect Four move, a column index `0..=6`.

use core::fmt;
use core::num::IntErrorKind;
use core::str::FromStr;

use super::COLUMNS;

/// A column of the board, `0` (left) to `6` (right): the move type of
/// [`Connect4`](super::Connect4).
///
/// Invariant: `index() < COLUMNS`. `Display` writes the digit (`3`);
/// its alternate form, `{:#}`, says which numbering it is, `column 3
/// (columns are 0-6)`, as every error message does (solver notation,
/// [`Connect4::from_moves`](super::Connect4::from_moves), numbers the
/// columns 1-7). `FromStr` reads a decimal integer and rejects anything
/// outside `0..=6`.
/// `Default` is column 0 (it fills the unused slots of a
/// [`MoveList`](crate::MoveList)). With `serde`, a column is its index as
/// a number, validated on the way in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Column(u8);

impl Column {
    /// The highest column index.
    pub const MAX_INDEX: usize = COLUMNS - 1;

    /// Every column, left to right.
    pub const ALL: [Column; COLUMNS] = {
        let mut all = [Column(0); COLUMNS];
        let mut i = 0;
        while i < COLUMNS {
            all[i] = Column(i as u8);
            i += 1;
        }
        all
    };

    /// The column with this index, or `None` when `index > 6`.
    #[inline]
    pub const fn new(index: usize) -> Option<Column> {
        if index < COLUMNS {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The index, `0..=6`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Column {
    /// `3`, or with `{:#}`: `column 3 (columns are 0-6)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "column {} ({COLUMN_NUMBERING})", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// How this crate numbers columns, as messages say it.
pub(crate) const COLUMN_NUMBERING: &str = "columns are 0-6";

/// Why a text is not a [`Column`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseColumnError {
    /// The text is not a whole number.
    #[error("{0:?} is not a column number: enter a number from 0 to 6")]
    NotANumber(String),
    /// The number is below 0.
    #[error("column {0} does not exist: columns are 0-6")]
    BelowZero(String),
    /// The number is above 6.
    #[error("column {0} does not exist: columns are 0-6")]
    AboveMax(String),
}

impl FromStr for Column {
    type Err = ParseColumnError;

    /// Reads a decimal integer (no surrounding spaces) in `0..=6`.
    ///
    /// # Errors
    ///
    /// [`ParseColumnError::NotANumber`] for text that is not an integer,
    /// [`BelowZero`](ParseColumnError::BelowZero) /
    /// [`AboveMax`](ParseColumnError::AboveMax) for integers out of range
    /// (however many digits they have).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.parse::<i64>() {
            Ok(n) if n < 0 => Err(ParseColumnError::BelowZero(text.to_owned())),
            Ok(n) => usize::try_from(n)
                .ok()
                .and_then(Column::new)
                .ok_or_else(|| ParseColumnError::AboveMax(text.to_owned())),
            Err(e) => Err(match e.kind() {
                IntErrorKind::NegOverflow => ParseColumnError::BelowZero(text.to_owned()),
                IntErrorKind::PosOverflow => ParseColumnError::AboveMax(text.to_owned()),
                _ => ParseColumnError::NotANumber(text.to_owned()),
            }),
        }
    }
}

/// A number that is not a column index.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("column {0} does not exist: columns are 0-6")]
pub struct ColumnOutOfRange(pub u8);

impl TryFrom<u8> for Column {
    type Error = ColumnOutOfRange;
    /// # Errors
    ///
    /// [`ColumnOutOfRange`] when `index > 6`.
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
        assert_eq!(Column::ALL[6].to_string(), "6");
        assert_eq!(
            format!("{:#}", Column::ALL[3]),
            "column 3 (columns are 0-6)"
        );
    }

    #[test]
    fn parse_errors_name_the_problem() {
        assert_eq!(
            "-1".parse::<Column>(),
            Err(ParseColumnError::BelowZero("-1".into()))
        );
        assert_eq!(
            "7".parse::<Column>(),
            Err(ParseColumnError::AboveMax("7".into()))
        );
        assert_eq!(
            "99999999999999999999".parse::<Column>(),
            Err(ParseColumnError::AboveMax("99999999999999999999".into()))
        );
        assert_eq!(
            "-99999999999999999999".parse::<Column>(),
            Err(ParseColumnError::BelowZero("-99999999999999999999".into()))
        );
        assert_eq!(
            "x".parse::<Column>(),
            Err(ParseColumnError::NotANumber("x".into()))
        );
        assert_eq!(
            "".parse::<Column>(),
            Err(ParseColumnError::NotANumber(String::new()))
        );
        assert_eq!(
            ParseColumnError::AboveMax("7".into()).to_string(),
            "column 7 does not exist: columns are 0-6"
        );
    }

    #[test]
    fn new_and_try_from_reject_out_of_range() {
        assert_eq!(Column::new(7), None);
        assert_eq!(Column::try_from(7u8), Err(ColumnOutOfRange(7)));
        assert_eq!(Column::try_from(3u8).map(Column::index), Ok(3));
    }
}
