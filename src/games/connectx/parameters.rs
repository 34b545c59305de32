//! [`Parameters`]: the size of a ConnectX board and the length of a winning
//! line, validated once so that every board and game can trust them.

use core::fmt;
use core::num::IntErrorKind;
use core::str::FromStr;

use super::{
    Column, ParseColumnError, MAX_COLUMNS, MAX_IN_A_ROW, MAX_ROWS, MIN_COLUMNS, MIN_IN_A_ROW,
    MIN_ROWS,
};

/// The rules of one ConnectX game: `rows` x `columns` cells and the number
/// of tokens in a line that wins (Kaggle's `rows`, `columns`, `inarow`;
/// OpenSpiel's m, n, k with gravity).
///
/// Invariants (checked by [`Parameters::new`], the only way to make one):
/// - `1 <= rows <= 16` and `1 <= columns <= 16`;
/// - `2 <= in_a_row <= 16`;
/// - a line of `in_a_row` fits on the board: `in_a_row <= max(rows,
///   columns)` (a game nobody can win is refused as a mistake).
///
/// `Default` is Connect Four, 6 rows, 7 columns, 4 in a row
/// ([`Parameters::CONNECT_FOUR`]). `Display` and `FromStr` use the form
/// `6x7x4` (rows, columns, in a row); with `serde`, that text, validated
/// on the way in.
///
/// ```
/// use rulebook::connectx::{Parameters, ParametersError};
///
/// let kaggle = Parameters::new(6, 7, 4).unwrap();
/// assert_eq!(kaggle, Parameters::CONNECT_FOUR);
/// assert_eq!(kaggle.to_string(), "6x7x4");
/// assert_eq!("9x9x5".parse::<Parameters>().unwrap().in_a_row(), 5);
/// assert_eq!(Parameters::new(6, 17, 4), Err(ParametersError::Columns(17)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Parameters {
    rows: u8,
    columns: u8,
    in_a_row: u8,
}

/// Why [`Parameters::new`] refused a size or a line length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ParametersError {
    /// The number of rows is not in `1..=16`.
    #[error("a board has {MIN_ROWS} to {MAX_ROWS} rows, not {0}")]
    Rows(usize),
    /// The number of columns is not in `1..=16`.
    #[error("a board has {MIN_COLUMNS} to {MAX_COLUMNS} columns, not {0}")]
    Columns(usize),
    /// The winning line length is not in `2..=16`.
    #[error("the winning line has {MIN_IN_A_ROW} to {MAX_IN_A_ROW} tokens, not {0}")]
    InARow(usize),
    /// No line of `in_a_row` cells fits on the board, so nobody could win.
    #[error("{in_a_row} in a row does not fit on a board of {rows} rows and {columns} columns")]
    LineDoesNotFit {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        columns: usize,
        /// The line length asked for.
        in_a_row: usize,
    },
}

/// Why a text is not [`Parameters`] (see its `FromStr`).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseParametersError {
    /// The text is not three whole numbers separated by `x`.
    #[error("{0:?} is not a size: write rows, columns and in-a-row as in 6x7x4")]
    NotASize(String),
    /// The numbers are not a valid game.
    #[error(transparent)]
    Invalid(#[from] ParametersError),
}

/// The separator of the three numbers in the text form (`6x7x4`).
const SEPARATOR: char = 'x';

impl Parameters {
    /// Connect Four: 6 rows, 7 columns, 4 in a row (the default).
    pub const CONNECT_FOUR: Parameters = Parameters {
        rows: 6,
        columns: 7,
        in_a_row: 4,
    };

    /// Validated parameters for a board of `rows` x `columns` where
    /// `in_a_row` tokens in a line win.
    ///
    /// # Errors
    ///
    /// [`ParametersError`] naming the first value out of range (rows, then
    /// columns, then the line length), or
    /// [`LineDoesNotFit`](ParametersError::LineDoesNotFit) when
    /// `in_a_row > max(rows, columns)`.
    pub const fn new(
        rows: usize,
        columns: usize,
        in_a_row: usize,
    ) -> Result<Parameters, ParametersError> {
        if rows < MIN_ROWS || rows > MAX_ROWS {
            return Err(ParametersError::Rows(rows));
        }
        if columns < MIN_COLUMNS || columns > MAX_COLUMNS {
            return Err(ParametersError::Columns(columns));
        }
        if in_a_row < MIN_IN_A_ROW || in_a_row > MAX_IN_A_ROW {
            return Err(ParametersError::InARow(in_a_row));
        }
        if in_a_row > rows && in_a_row > columns {
            return Err(ParametersError::LineDoesNotFit {
                rows,
                columns,
                in_a_row,
            });
        }
        // All three are at most 16: they fit in a u8.
        Ok(Parameters {
            rows: rows as u8,
            columns: columns as u8,
            in_a_row: in_a_row as u8,
        })
    }

    /// The number of rows, `1..=16`.
    #[inline(always)]
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns, `1..=16`.
    #[inline(always)]
    pub const fn columns(self) -> usize {
        self.columns as usize
    }

    /// The number of tokens in a line that wins, `2..=16`.
    #[inline(always)]
    pub const fn in_a_row(self) -> usize {
        self.in_a_row as usize
    }

    /// The number of cells, `rows * columns`: a game ends within this many
    /// plies.
    #[inline]
    pub const fn cells(self) -> usize {
        self.rows() * self.columns()
    }

    /// The column with this index on this board, or `None` when
    /// `index >= columns`.
    #[inline]
    pub const fn column(self, index: usize) -> Option<Column> {
        if index < self.columns() {
            Column::new(index)
        } else {
            None
        }
    }

    /// Every column of this board, left to right.
    pub fn all_columns(self) -> impl Iterator<Item = Column> {
        Column::ALL.into_iter().take(self.columns())
    }

    /// Reads a column number of this board: a decimal integer from 0 to
    /// `columns - 1` (what a console asks a player for).
    ///
    /// ```
    /// use rulebook::connectx::{Parameters, ParseColumnError};
    ///
    /// let small = Parameters::new(4, 5, 3).unwrap();
    /// assert_eq!(small.parse_column("4").unwrap().index(), 4);
    /// assert_eq!(
    ///     small.parse_column("5"),
    ///     Err(ParseColumnError::AboveMax { text: "5".into(), last: 4 })
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseColumnError`]: not a number, below zero, or above the last
    /// column of this board (each naming the last column).
    pub fn parse_column(self, text: &str) -> Result<Column, ParseColumnError> {
        super::column::parse_index(text, self.columns() - 1)
    }
}

impl Default for Parameters {
    /// Connect Four, 6x7x4.
    fn default() -> Parameters {
        Parameters::CONNECT_FOUR
    }
}

impl fmt::Display for Parameters {
    /// `rows` x `columns` x `in_a_row`, as in `6x7x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{SEPARATOR}{}{SEPARATOR}{}",
            self.rows, self.columns, self.in_a_row
        )
    }
}

impl fmt::Debug for Parameters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Parameters({self})")
    }
}

impl FromStr for Parameters {
    type Err = ParseParametersError;

    /// Reads `RxCxK` (three decimal numbers, no spaces) and validates it
    /// with [`Parameters::new`].
    ///
    /// # Errors
    ///
    /// [`ParseParametersError::NotASize`] for another shape of text,
    /// [`ParseParametersError::Invalid`] for numbers out of range.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let not_a_size = || ParseParametersError::NotASize(text.to_owned());
        let mut numbers = text.split(SEPARATOR).map(|number| {
            number.parse::<usize>().or_else(|error| match error.kind() {
                // Too many digits: surely out of range, so say which value.
                IntErrorKind::PosOverflow => Ok(usize::MAX),
                _ => Err(not_a_size()),
            })
        });
        let (Some(rows), Some(columns), Some(in_a_row), None) = (
            numbers.next(),
            numbers.next(),
            numbers.next(),
            numbers.next(),
        ) else {
            return Err(not_a_size());
        };
        Ok(Parameters::new(rows?, columns?, in_a_row?)?)
    }
}

impl TryFrom<String> for Parameters {
    type Error = ParseParametersError;

    /// As `FromStr`.
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<Parameters> for String {
    fn from(parameters: Parameters) -> String {
        parameters.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_inclusive_and_errors_name_the_value() {
        assert!(Parameters::new(1, 2, 2).is_ok());
        assert!(Parameters::new(16, 16, 16).is_ok());
        assert!(Parameters::new(16, 1, 16).is_ok());
        assert_eq!(Parameters::new(0, 7, 4), Err(ParametersError::Rows(0)));
        assert_eq!(Parameters::new(17, 7, 4), Err(ParametersError::Rows(17)));
        assert_eq!(Parameters::new(6, 0, 4), Err(ParametersError::Columns(0)));
        assert_eq!(Parameters::new(6, 7, 1), Err(ParametersError::InARow(1)));
        assert_eq!(Parameters::new(6, 7, 17), Err(ParametersError::InARow(17)));
        assert_eq!(
            Parameters::new(3, 3, 4),
            Err(ParametersError::LineDoesNotFit {
                rows: 3,
                columns: 3,
                in_a_row: 4
            })
        );
        assert_eq!(
            ParametersError::Columns(17).to_string(),
            "a board has 1 to 16 columns, not 17"
        );
    }

    #[test]
    fn text_round_trips_and_rejects_other_shapes() {
        for text in ["6x7x4", "1x2x2", "16x16x16", "4x4x3"] {
            let parameters: Parameters = text.parse().unwrap();
            assert_eq!(parameters.to_string(), text);
        }
        for text in ["", "6x7", "6x7x4x1", "6 x7x4", "6X7X4", "-1x7x4", "axbxc"] {
            assert_eq!(
                text.parse::<Parameters>(),
                Err(ParseParametersError::NotASize(text.into())),
                "{text:?}"
            );
        }
        assert_eq!(
            "99999999999999999999999x7x4".parse::<Parameters>(),
            Err(ParseParametersError::Invalid(ParametersError::Rows(
                usize::MAX
            )))
        );
        assert_eq!("6x7x5".parse::<Parameters>().map(Parameters::cells), Ok(42));
    }

    #[test]
    fn columns_of_the_board() {
        let small = Parameters::new(4, 5, 3).unwrap();
        assert_eq!(small.all_columns().count(), 5);
        assert_eq!(small.column(4).map(Column::index), Some(4));
        assert_eq!(small.column(5), None);
    }
}
