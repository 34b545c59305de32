//! [`Ending`]: why a ConnectX game ended.

use core::fmt;

/// Why a [`ConnectX`](super::ConnectX) game ended by its rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The last player to move made a line of `length` (the game's
    /// [`in_a_row`](super::Parameters::in_a_row)) and won.
    InARow {
        /// The winning line's length.
        length: usize,
    },
    /// Every cell is filled without a winning line: a draw.
    BoardFull,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::InARow { length } => write!(f, "{length} in a row"),
            Ending::BoardFull => f.write_str("the board is full"),
        }
    }
}
