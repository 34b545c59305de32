//! [`PlayError`]: why [`Game::apply`](crate::Game::apply) refused a move.

use core::fmt::Display;

/// Why a move could not be played. The state is unchanged when this is
/// returned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum PlayError<M: Display> {
    /// The game has already ended; no move can be played.
    #[error("the game is already over")]
    GameOver,
    /// The move is not legal in this position. The message writes the
    /// move in its alternate form (`{:#}`), which names the notation where
    /// a bare number would be ambiguous: "column 3 (counting from 0) is not
    /// a legal move in this position".
    #[error("{0:#} is not a legal move in this position")]
    IllegalMove(M),
}
