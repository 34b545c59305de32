//! [`Searcher`]: what every search algorithm offers, so that code choosing
//! moves (an [`Engine`](super::Engine), a match runner) does not care which
//! algorithm it drives.

use super::{Limits, Progress, Root, SearchResult};
use crate::Game;

/// A move-choosing algorithm for game `G`: [`AlphaBeta`](super::AlphaBeta),
/// [`Mcts`](super::Mcts), or one of the caller's own.
///
/// Object safe: an [`Engine`](super::Engine) holds a
/// `Box<dyn Searcher<G>>`, so a level of play can use any algorithm.
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
}
