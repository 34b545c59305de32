//! `undo` at the consoles: taking back a human's move, and against the
//! computer its reply too. Included by the board-game examples with
//! `#[path]`; the match keeps the moves ([`Match::undo`]).

#![allow(dead_code)] // each example uses a different part of this

use rulebook::{Game, Match, UndoError};

/// Takes back the last move, then any the computer made before it, so
/// that a human (whom `is_computer` says is not a computer) is to move
/// again with their own last move taken back; returns how many moves were
/// taken back.
///
/// Against the computer, that is the human's move and the computer's
/// reply. When the computer opened the game (a human playing second), the
/// human's first move and the computer's opening are both taken back, and
/// the computer plays its opening again.
///
/// # Errors
///
/// The match's [`UndoError`] when not even one move can be taken back;
/// nothing changes then.
pub fn take_back<G: Game>(
    game: &mut Match<G>,
    is_computer: impl Fn(G::Player) -> bool,
) -> Result<usize, UndoError<G::Player>> {
    game.undo()?;
    let mut taken = 1;
    while is_computer(game.to_move()) && game.can_undo() {
        game.undo()?;
        taken += 1;
    }
    Ok(taken)
}

/// Plays again what [`take_back`] took back: the move taken back last,
/// then the computer's moves after it, so that a human is to move again;
/// returns how many moves were played again.
///
/// # Errors
///
/// The match's [`UndoError`] when there is nothing to redo; nothing
/// changes then.
pub fn play_again<G: Game>(
    game: &mut Match<G>,
    is_computer: impl Fn(G::Player) -> bool,
) -> Result<usize, UndoError<G::Player>> {
    game.redo()?;
    let mut played = 1;
    while is_computer(game.to_move()) && game.can_redo() {
        game.redo()?;
        played += 1;
    }
    Ok(played)
}
