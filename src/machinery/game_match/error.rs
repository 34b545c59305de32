//! [`MatchError`]: why a [`Match`](crate::Match) refused an action.

use core::fmt::Display;

use crate::PlayError;

/// Why [`Match::act`](crate::Match::act) (or one of its conveniences) refused
/// an action. The match is unchanged when this is returned.
///
/// `P` is the game's player type and `M` its move type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum MatchError<P, M: Display> {
    /// The match has already ended; nothing more can happen in it.
    #[error("the game is already over")]
    GameOver,
    /// The player tried to move or offer a draw while it is the other
    /// player's turn.
    #[error("it is not {player}'s turn: {to_move} is to move")]
    NotYourTurn {
        /// The player who tried to act.
        player: P,
        /// The player whose turn it is.
        to_move: P,
    },
    /// A draw offer waits for an answer, and nothing else may happen first.
    #[error("{offered_by} has offered a draw: {answering} must accept or decline it first")]
    DrawOfferPending {
        /// The player who offered the draw.
        offered_by: P,
        /// The player who must answer it.
        answering: P,
    },
    /// The player tried to accept or decline their own draw offer.
    #[error("{player} cannot answer their own draw offer")]
    OwnDrawOffer {
        /// The player who offered, and tried to answer.
        player: P,
    },
    /// The player tried to accept or decline a draw offer, but none was made.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The game refused the move.
    #[error(transparent)]
    Play(#[from] PlayError<M>),
}
