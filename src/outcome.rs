//! [`Outcome`]: how a finished game ended.

use core::fmt;

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<P> {
    /// This player won.
    Win(P),
    /// Nobody won.
    Draw,
}

impl<P> Outcome<P> {
    /// The winner, if there is one.
    pub fn winner(self) -> Option<P> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }
}

impl<P: fmt::Display> fmt::Display for Outcome<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(player) => write!(f, "{player} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}
