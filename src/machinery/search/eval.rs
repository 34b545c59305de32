//! [`Evaluator`]: the caller's judgement of a position, which alpha-beta
//! search needs at its leaves.

use super::Reductions;
use crate::Game;

/// A heuristic judgement of positions of game `G`, for
/// [`AlphaBeta`](super::AlphaBeta).
///
/// Values are from the point of view of the player to move: positive is
/// good for them. The unit is the evaluator's own (this crate's evaluations
/// count a checkers man or a Connect Four threat as 100); the search
/// clamps values to `±`[`Score::MAX_HEURISTIC`](super::Score::MAX_HEURISTIC)
/// so they never pass for proven results. The search only calls
/// [`evaluate`](Evaluator::evaluate) on unfinished, quiet positions (no
/// [tactical](Game::is_tactical) move is forced): finished games are scored
/// by their outcome.
///
/// Any `Fn(&G) -> i32` is an evaluator:
///
/// ```
/// use rulebook::checkers::{Checkers, Player};
/// use rulebook::search::{AlphaBeta, Limits, Searcher};
/// use rulebook::Game;
///
/// // Material only: men and kings alike.
/// let material = |game: &Checkers| {
///     let me = game.to_move();
///     game.piece_count(me) as i32 * 100 - game.piece_count(me.opponent()) as i32 * 100
/// };
/// let mut search = AlphaBeta::new(material);
/// let result = search.search(Checkers::default(), Limits::depth(4));
/// assert!(result.best_move.is_some());
/// ```
pub trait Evaluator<G: Game> {
    /// The value of `game` for the player to move.
    ///
    /// Precondition: the game is not over.
    fn evaluate(&self, game: &G) -> i32;

    /// A quick guess of how good `mv` is in `game`, used only to order
    /// moves (larger first) before the search has learnt better. The
    /// default, 0 for every move, leaves the order to the search.
    fn move_hint(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// The half-width of the aspiration windows that suit this evaluation
    /// (in its units: how far a value usually moves from one depth to the
    /// next), for a search that has not been told otherwise
    /// ([`AlphaBeta::with_aspiration`](super::AlphaBeta::with_aspiration)).
    /// The default, `None`, searches every iteration with the full window.
    fn aspiration_window(&self) -> Option<i32> {
        None
    }

    /// The margin of ProbCut that suits this evaluation (in its units), for
    /// a search that has not been told otherwise
    /// ([`AlphaBeta::with_probcut`](super::AlphaBeta::with_probcut)): how
    /// far above beta a shallow search must find a move before the search
    /// trusts it to reach beta at the full depth. The default, `None`,
    /// prunes nothing that way.
    fn probcut_margin(&self) -> Option<i32> {
        None
    }

    /// The late move reductions that suit this evaluation, for a search
    /// that has not been told otherwise
    /// ([`AlphaBeta::with_reduction_schedule`](super::AlphaBeta::with_reduction_schedule)).
    /// The default is [`Reductions::ONE_PLY`].
    fn reductions(&self) -> Reductions {
        Reductions::ONE_PLY
    }
}

impl<G: Game, F: Fn(&G) -> i32> Evaluator<G> for F {
    fn evaluate(&self, game: &G) -> i32 {
        self(game)
    }
}
