//! The shared shape of an [`Environment`](super::Environment) whose every
//! move is one action (Connect Four, ConnectX, Othello): the game is its
//! own environment, an action names a move through a numbering the game
//! documents, and these helpers do the rest once.

use super::{ActionError, Buffer, BufferSizeError, Progress};
use crate::{Game, MoveList, PlayError};

/// The items of [`Environment`](super::Environment) that are the same in
/// every game that is its own environment (`$game`, one action per move),
/// for the body of its `impl Environment`: the game, the one-action list,
/// and the position that is the environment itself.
macro_rules! own_environment {
    ($game:ty) => {
        type Game = $game;
        /// One action per move.
        type Actions = $crate::MoveList<usize, 1>;

        fn from_position(position: $game) -> $game {
            position
        }

        fn position(&self) -> &$game {
            self
        }
    };
}
pub(crate) use own_environment;

/// Writes the mask of a one-action-per-move game: `mask[action(mv)]` for
/// each legal move `mv` of `game`, every other entry `false` (all `false`
/// once the game is over).
///
/// # Errors
///
/// [`BufferSizeError`] unless `mask` has `action_count` entries; nothing
/// is written.
pub(crate) fn write_single_action_mask<G: Game>(
    game: &G,
    action_count: usize,
    mask: &mut [bool],
    action: impl Fn(G::Move) -> usize,
) -> Result<(), BufferSizeError> {
    BufferSizeError::check(Buffer::Mask, action_count, mask.len())?;
    mask.fill(false);
    for mv in game.legal_moves() {
        if let Some(slot) = mask.get_mut(action(mv)) {
            *slot = true;
        }
    }
    Ok(())
}

/// Plays `action` (one of `action_count`), whose move is `mv` (`None`
/// when the action names no move): the one action of a move.
///
/// # Errors
///
/// [`ActionError::OutOfRange`] for no move, [`ActionError::GameOver`],
/// [`ActionError::Illegal`] for a move that is not legal; `game` is
/// unchanged.
pub(crate) fn apply_single_action<G: Game>(
    game: &mut G,
    action: usize,
    action_count: usize,
    mv: Option<G::Move>,
) -> Result<Progress<G::Move>, ActionError> {
    let mv = mv.ok_or(ActionError::OutOfRange {
        action,
        count: action_count,
    })?;
    match game.apply(mv) {
        Ok(()) => Ok(Progress::Completed(mv)),
        Err(PlayError::GameOver) => Err(ActionError::GameOver),
        Err(PlayError::IllegalMove(_)) => Err(ActionError::Illegal { action }),
    }
}

/// The one action, `action`, that plays `mv` in `game`.
///
/// # Errors
///
/// [`ActionError::GameOver`] once the game is over,
/// [`ActionError::IllegalMove`] when `mv` is not legal.
pub(crate) fn single_action_of_move<G: Game>(
    game: &G,
    mv: G::Move,
    action: usize,
) -> Result<MoveList<usize, 1>, ActionError> {
    if game.is_over() {
        return Err(ActionError::GameOver);
    }
    if !game.is_legal(mv) {
        return Err(ActionError::IllegalMove);
    }
    let mut actions = MoveList::new();
    actions.push(action);
    Ok(actions)
}
