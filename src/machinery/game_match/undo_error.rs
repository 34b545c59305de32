//! [`UndoError`]: why [`Match::undo`](crate::Match::undo) or
//! [`Match::redo`](crate::Match::redo) did nothing.

/// Why [`Match::undo`](crate::Match::undo) or
/// [`Match::redo`](crate::Match::redo) refused. The match is unchanged.
///
/// `P` is the game's player type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum UndoError<P> {
    /// No move has been played (or every one was taken back already).
    #[error("there is no move to take back")]
    NothingToUndo,
    /// No move was taken back, or a new move was played since.
    #[error("there is no move to redo")]
    NothingToRedo,
    /// A draw offer waits for its answer, which comes first.
    #[error("{offered_by} has offered a draw: {answering} must accept or decline it first")]
    DrawOfferPending {
        /// The player who offered the draw.
        offered_by: P,
        /// The player who must answer it.
        answering: P,
    },
    /// A player resigned: the players' decision is final (undo and redo
    /// only move through the moves).
    #[error("{player} resigned, which is final: to take moves back, start a new match from the start and the moves")]
    Resigned {
        /// The player who resigned.
        player: P,
    },
    /// The players agreed to a draw, which is final.
    #[error("the players agreed to a draw, which is final: to take moves back, start a new match from the start and the moves")]
    DrawAgreed,
    /// The match is over by the rules or a draw rule (redo only: undo takes
    /// back the move that ended it).
    #[error("the game is already over")]
    GameOver,
}
