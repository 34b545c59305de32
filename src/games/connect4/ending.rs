//! [`Ending`]: why a Connect Four game ended.

use core::fmt;

/// Why a [`Connect4`](super::Connect4) game ended by its rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The last player to move made four in a row and won.
    FourInARow,
    /// All 42 cells are filled without four in a row: a draw.
    BoardFull,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::FourInARow => "four in a row",
            Ending::BoardFull => "the board is full",
        })
    }
}
