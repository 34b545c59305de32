//! [`Column`]: the Connect Four move, a column index `0..=6` — ConnectX's
//! [`ColumnOf`] narrowed to the 6x7 board, so that
//! [`Connect4`](super::Connect4) never checks a move's range on its hot
//! path. Its text, its errors and its messages are ConnectX's.

use super::COLUMNS;
use crate::connectx::{self, ColumnOf, ColumnOutOfRange};

/// A column of the board, `0` (left) to `6` (right): the move type of
/// [`Connect4`](super::Connect4), ConnectX's [`ColumnOf`] for a board of
/// 7 columns.
///
/// Invariant: `index() < 7`. Everything else is [`ColumnOf`]'s: `Display`
/// writes the digit (`3`), `{:#}` says how columns are numbered, `column 3
/// (counting from 0)`, as every error message does (solver notation,
/// [`Connect4::from_moves`](super::Connect4::from_moves), numbers the
/// columns 1-7); `FromStr` rejects anything outside `0..=6` with
/// ConnectX's [`ParseColumnError`](connectx::ParseColumnError) (`last`
/// 6). It converts into ConnectX's [`Column`](connectx::Column) for free
/// (`From`) and back with one comparison (`TryFrom`).
///
/// ```
/// use rulebook::{connect4, connectx};
///
/// let column: connect4::Column = "3".parse().unwrap();
/// let general = connectx::Column::from(column);
/// assert_eq!(general.index(), 3);
/// assert_eq!(connect4::Column::try_from(general), Ok(column));
/// assert!(connect4::Column::try_from(connectx::Column::ALL[7]).is_err());
/// assert_eq!(
///     "7".parse::<connect4::Column>().unwrap_err().to_string(),
///     "column 7 does not exist: the last column is 6"
/// );
/// ```
pub type Column = ColumnOf<COLUMNS>;

impl ColumnOf<COLUMNS> {
    /// The same column as ConnectX's move.
    #[inline]
    pub const fn to_connectx(self) -> connectx::Column {
        connectx::Column::ALL[self.index()]
    }
}

impl From<Column> for connectx::Column {
    fn from(column: Column) -> connectx::Column {
        column.to_connectx()
    }
}

impl TryFrom<connectx::Column> for Column {
    type Error = ColumnOutOfRange;
    /// # Errors
    ///
    /// [`ColumnOutOfRange`] (with `last` 6) for ConnectX's columns 7 to 15.
    fn try_from(column: connectx::Column) -> Result<Self, Self::Error> {
        Column::try_from(u8::from(column))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connectx::ParseColumnError;

    #[test]
    fn text_and_errors_are_connectx_ones_with_the_last_column_6() {
        for column in Column::ALL {
            assert_eq!(column.to_string().parse::<Column>(), Ok(column));
            assert_eq!(column.to_string(), column.to_connectx().to_string());
        }
        assert_eq!(
            format!("{:#}", Column::ALL[3]),
            "column 3 (counting from 0)"
        );
        assert!(matches!(
            "-1".parse::<Column>(),
            Err(ParseColumnError::BelowZero { .. })
        ));
        assert!(matches!(
            "x".parse::<Column>(),
            Err(ParseColumnError::NotANumber { last: 6, .. })
        ));
    }

    #[test]
    fn conversions_keep_the_index_and_reject_out_of_range() {
        assert_eq!(Column::new(7), None);
        let refused = ColumnOutOfRange { index: 7, last: 6 };
        assert_eq!(Column::try_from(7u8), Err(refused));
        assert_eq!(Column::try_from(connectx::Column::ALL[7]), Err(refused));
        for column in Column::ALL {
            assert_eq!(Column::try_from(connectx::Column::from(column)), Ok(column));
        }
    }
}
