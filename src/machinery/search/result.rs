//! [`SearchResult`]: what a finished search found.

use std::time::Duration;

use super::limits::nodes_per_second;
use super::{Progress, Score};
use crate::{Game, PlayerOutcome};

/// What a search found: the move to play, its score and line, and how much
/// work it took.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over (no legal move).
    /// A search stopped early by its limits still returns a legal move.
    pub best_move: Option<M>,
    /// The value of the position for the player to move (for a finished
    /// game: its outcome, a win or loss in 0 plies, or a draw).
    pub score: Score,
    /// The principal variation, starting with `best_move` (empty when the
    /// game is over).
    pub pv: Vec<M>,
    /// The deepest completed depth (alpha-beta), or the length of the most
    /// visited line (Monte Carlo tree search).
    pub depth: u32,
    /// Nodes visited (alpha-beta: positions; Monte Carlo tree search:
    /// playouts).
    pub nodes: u64,
    /// How long the search took.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// The result of a search of finished game `game`: no move, and its
    /// outcome for the player to move as the score.
    pub(crate) fn game_over<G: Game<Move = M>>(game: &G, elapsed: Duration) -> SearchResult<M> {
        let outcome = game.outcome_for(game.to_move());
        SearchResult {
            best_move: None,
            // Over means an outcome; a loss is the safe reading otherwise.
            score: Score::from(outcome.unwrap_or(PlayerOutcome::Loss)),
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed,
        }
    }

    /// The search's speed, in nodes per second (0 when no time passed).
    pub fn nodes_per_second(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }

    /// This result as a progress report.
    pub fn progress(&self) -> Progress<'_, M> {
        Progress {
            depth: self.depth,
            score: self.score,
            pv: &self.pv,
            nodes: self.nodes,
            elapsed: self.elapsed,
        }
    }
}
