//! [`Oracle`]: a perfect judge of some positions (an endgame database),
//! which a search consults instead of searching them.

use crate::{Game, PlayerOutcome};

/// What an [`Oracle`] says of a position: its outcome for the player to
/// move with perfect play, and a move that keeps it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OracleAdvice<M> {
    /// The outcome for the player to move.
    pub outcome: PlayerOutcome,
    /// A legal move that keeps the outcome (for a win, one that brings it
    /// nearer); `None` when the player to move has no move.
    pub best_move: Option<M>,
    /// For a win or a loss, how many plies the winner needs to the next
    /// irreversible step the oracle counts (e.g. a capture or a crowning),
    /// when the oracle knows.
    pub distance: Option<u32>,
}

/// A perfect judge of some positions of game `G`: the endgame databases
/// ([`Tablebase`](crate::endgame::Tablebase) is one for every draughts
/// variant and for [`Checkers`](crate::checkers::Checkers)).
///
/// [`AlphaBeta`](super::AlphaBeta) given an oracle
/// ([`with_oracle`](super::AlphaBeta::with_oracle),
/// [`Engine::with_endgame`](super::Engine::with_endgame)) asks
/// [`probe`](Oracle::probe) at every node below the root and takes its
/// answer as the node's value (a [database score](super::Score::database_win)),
/// and at the root plays [`advice`](Oracle::advice)'s move without
/// searching.
///
/// `Send + Sync`, so that one oracle (behind an `Arc`) serves every
/// engine and thread.
pub trait Oracle<G: Game>: Send + Sync {
    /// The outcome of `game` for the player to move with perfect play
    /// (no draw rule), or `None` when the oracle does not know it.
    ///
    /// Called at every node of a search: it must be fast, allocate
    /// nothing, and answer `None` quickly for positions out of its reach.
    fn probe(&self, game: &G) -> Option<PlayerOutcome>;

    /// The outcome of `game` and a move that keeps it, or `None` when the
    /// oracle does not know it.
    ///
    /// Postcondition: `best_move`, when given, is a legal move of `game`.
    fn advice(&self, game: &G) -> Option<OracleAdvice<G::Move>>;
}
