//! [`MatchResult`] and [`EndReason`]: how and why a match ended.

use core::fmt;

use crate::Outcome;

/// Why a match ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason<E> {
    /// The game's own rules ended it (e.g. four in a row, a blocked side);
    /// the value says how ([`Game::Ending`](crate::Game::Ending)).
    Rules(E),
    /// A player resigned; the opponent won.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// Drawn by threefold repetition ([`DrawRules`](crate::DrawRules)).
    Repetition,
    /// Drawn by the move limit ([`DrawRules`](crate::DrawRules)).
    MoveLimit,
}

impl<E: fmt::Display> fmt::Display for EndReason<E> {
    /// A noun phrase: "resignation", "agreement", "threefold repetition",
    /// "the move limit", or the game's own ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Rules(ending) => ending.fmt(f),
            EndReason::Resignation => f.write_str("resignation"),
            EndReason::Agreement => f.write_str("agreement"),
            EndReason::Repetition => f.write_str("threefold repetition"),
            EndReason::MoveLimit => f.write_str("the move limit"),
        }
    }
}

/// How a match ended: who won (or that it was drawn), and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchResult<P, E> {
    /// Who won, or that it was drawn.
    pub outcome: Outcome<P>,
    /// Why the match ended.
    pub reason: EndReason<E>,
}

impl<P, E> MatchResult<P, E> {
    /// The winner, if there is one.
    pub fn winner(self) -> Option<P> {
        self.outcome.winner()
    }
}

impl<P: fmt::Display, E: fmt::Display> fmt::Display for MatchResult<P, E> {
    /// A sentence such as "Red wins by resignation", "Draw by agreement" or,
    /// for an ending by the rules, "X wins: four in a row".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outcome {
            Outcome::Win(player) => write!(f, "{player} wins")?,
            Outcome::Draw => f.write_str("Draw")?,
        }
        match &self.reason {
            EndReason::Rules(ending) => write!(f, ": {ending}"),
            reason => write!(f, " by {reason}"),
        }
    }
}
