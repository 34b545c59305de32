//! [`Action`]: everything a player can do in a [`Match`](crate::Match).

use core::fmt;

/// One thing a player does in a [`Match`](crate::Match), as a server receives
/// it. [`Match::act`](crate::Match::act) checks that the player may do it now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action<M> {
    /// Play this move (only the player to move, and only when no draw offer
    /// is waiting for an answer).
    Play(M),
    /// Offer a draw (only the player to move). The opponent must answer
    /// before anything else happens.
    OfferDraw,
    /// Accept the opponent's pending draw offer: the game ends in a draw by
    /// agreement.
    AcceptDraw,
    /// Decline the opponent's pending draw offer: the game goes on and the
    /// player who offered is still to move.
    DeclineDraw,
    /// Resign: the game ends at once and the opponent wins. Either player
    /// may resign at any time, except while a draw offer waits for an
    /// answer.
    Resign,
}

impl<M: fmt::Display> fmt::Display for Action<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(mv) => write!(f, "play {mv}"),
            Action::OfferDraw => f.write_str("offer a draw"),
            Action::AcceptDraw => f.write_str("accept the draw offer"),
            Action::DeclineDraw => f.write_str("decline the draw offer"),
            Action::Resign => f.write_str("resign"),
        }
    }
}
