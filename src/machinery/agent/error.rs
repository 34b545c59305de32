//! The errors of the [`Environment`](super::Environment) interface:
//! [`ActionError`] (an action or move that cannot be played) and
//! [`BufferSizeError`] (a caller's buffer of the wrong size).

use core::fmt;

/// Why an action (or a move, or a list of actions) cannot be played. The
/// environment is unchanged when this is returned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum ActionError {
    /// The action number is not below
    /// [`action_count`](super::Environment::action_count).
    #[error("action {action} does not exist: there are {count} actions, numbered from 0")]
    OutOfRange {
        /// The action asked for.
        action: usize,
        /// The number of actions.
        count: usize,
    },
    /// The game is over: no action can be played.
    #[error("the game is over: no action can be played")]
    GameOver,
    /// The action exists but is not legal in this state.
    #[error("action {action} is not legal in this state")]
    Illegal {
        /// The action asked for.
        action: usize,
    },
    /// The move is not one of the legal moves here (or a move is already
    /// in progress, so no whole move can start).
    #[error("the move is not legal in this state")]
    IllegalMove,
    /// The actions end before the move they begin is complete.
    #[error("the actions end before the move is complete")]
    IncompleteMove,
    /// An action follows the one that completed the move.
    #[error("action number {index} of the list comes after the move was already complete")]
    TrailingAction {
        /// Its index in the list.
        index: usize,
    },
}

/// Which caller's buffer was the wrong size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Buffer {
    /// The legal-action mask (one value per action).
    Mask,
    /// The observation tensor (one value per element of the shape).
    Observation,
}

impl fmt::Display for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Buffer::Mask => "legal-action mask",
            Buffer::Observation => "observation",
        })
    }
}

/// A buffer passed to an [`Environment`](super::Environment) does not have
/// the size the environment documents. Nothing was written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("the {buffer} buffer holds {found} values, but needs exactly {expected}")]
pub struct BufferSizeError {
    /// Which buffer.
    pub buffer: Buffer,
    /// The size it must have.
    pub expected: usize,
    /// The size it has.
    pub found: usize,
}

impl BufferSizeError {
    /// `Ok` when `found == expected`, else the error: the check every
    /// implementation makes before writing.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] when the sizes differ.
    pub const fn check(
        buffer: Buffer,
        expected: usize,
        found: usize,
    ) -> Result<(), BufferSizeError> {
        if found == expected {
            Ok(())
        } else {
            Err(BufferSizeError {
                buffer,
                expected,
                found,
            })
        }
    }
}
