//! [`Searcher`]: what every search algorithm offers, so that code choosing
//! moves (an [`Engine`](super::Engine), a match runner) does not care which
//! algorithm it drives.

use std::sync::Arc;

use super::{Limits, Oracle, Progress, Root, SearchResult, StopSignal};
use crate::Game;

/// A move-choosing algorithm for game `G`: [`AlphaBeta`](super::AlphaBeta),
/// [`Mcts`](super::Mcts), or one of the caller's own.
///
/// Object safe: an [`Engine`](super::Engine) holds a
/// `Box<dyn Searcher<G>>`, so a level of play can use any algorithm. The
/// convenient entry points are [`search`](Searcher::search) and
/// [`search_with_progress`](Searcher::search_with_progress); an
/// implementation provides [`think`](Searcher::think).
pub trait Searcher<G: Game> {
    /// Searches from `root` until `limits` stop it, calling `progress`
    /// as it goes, and returns what it found.
    ///
    /// Postcondition: `best_move` is a legal move of the root position,
    /// `None` only when the game is over.
    fn think(
        &mut self,
        root: &Root<G>,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move>;

    /// Forgets what earlier searches learnt (tables, statistics), e.g.
    /// before a new game: a later search then behaves like the first one.
    fn clear(&mut self);

    /// Makes the searches to come watch `signal`: raising it from another
    /// thread ends a running search early, as a time limit would (see
    /// [`StopSignal`]). The default ignores it, for searches that cannot
    /// stop early ([`AlphaBeta`](super::AlphaBeta) and
    /// [`Mcts`](super::Mcts) watch it).
    fn set_stop_signal(&mut self, signal: StopSignal) {
        let _ = signal;
    }

    /// Consults `oracle` (an endgame database) from the next search on, or
    /// no oracle (`None`); returns whether this searcher uses oracles.
    /// [`AlphaBeta`](super::AlphaBeta) does
    /// ([`with_oracle`](super::AlphaBeta::with_oracle)); the default, for
    /// searchers that do not, ignores it and returns `false`.
    fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle<G>>>) -> bool {
        let _ = oracle;
        false
    }

    /// Searches `root` (a position, a `&Match`, or a [`Root`]) until
    /// `limits` stop it.
    fn search(&mut self, root: impl Into<Root<G>>, limits: Limits) -> SearchResult<G::Move>
    where
        Self: Sized,
    {
        self.think(&root.into(), limits, &mut |_| {})
    }

    /// As [`search`](Searcher::search), calling `progress` as the search
    /// goes (alpha-beta: after every completed depth; Monte Carlo tree
    /// search: after 1024 playouts and at every doubling).
    fn search_with_progress(
        &mut self,
        root: impl Into<Root<G>>,
        limits: Limits,
        mut progress: impl FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move>
    where
        Self: Sized,
    {
        self.think(&root.into(), limits, &mut progress)
    }
}
