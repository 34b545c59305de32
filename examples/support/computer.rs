//! The computer players of a console session, shared by the board-game
//! examples (`checkers.rs`, `draughts.rs`): one engine per side the
//! computer plays and one for hints, what the computer thought as text,
//! and its answer to a draw offer. Included with `#[path]`, after
//! `console.rs` (as module `console`).

#![allow(dead_code)] // each example uses a different part of this

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use rulebook::search::{Engine, SearchResult};
use rulebook::{Game, Match};

use crate::console::{ask_yes_no, settle_draw_offer, Console};

/// The computer players of a session.
pub struct Computer<G: Game> {
    /// The level every engine plays at.
    pub level: u32,
    /// The sides the computer plays, each with its engine.
    sides: Vec<(G::Player, Engine<G>)>,
    /// The engine that answers `hint`.
    pub hints: Engine<G>,
}

impl<G: Game> Computer<G> {
    /// Engines of `level` (made by `engine`) for `sides`, and one for
    /// hints.
    pub fn new(
        level: u32,
        sides: &[G::Player],
        engine: impl Fn(u32) -> Result<Engine<G>, String>,
    ) -> Result<Computer<G>, String> {
        let mut engines = Vec::new();
        for &side in sides {
            engines.push((side, engine(level)?));
        }
        Ok(Computer {
            level,
            sides: engines,
            hints: engine(level)?,
        })
    }

    /// The engine playing `player`, if the computer plays that side.
    pub fn playing(&mut self, player: G::Player) -> Option<&mut Engine<G>> {
        self.sides
            .iter_mut()
            .find(|(side, _)| *side == player)
            .map(|(_, engine)| engine)
    }

    /// Gets every engine ready for a new game.
    pub fn new_game(&mut self) {
        for (_, engine) in &mut self.sides {
            engine.new_game();
        }
        self.hints.new_game();
    }
}

/// What the computer thought, as the end of an announcement.
pub fn thinking<M>(thought: &SearchResult<M>) -> String {
    format!("depth {}, score {}", thought.depth, thought.score)
}

/// The opponent of the player to move answers the draw offer that player
/// has made: the computer by its judgement if it plays that side (its
/// answer is shown as if typed), else a human. Returns whether it was
/// accepted, or `None` when the input ends first.
pub fn answer_draw<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<G>,
    computer: Option<&mut Computer<G>>,
) -> io::Result<Option<bool>>
where
    G::Player: Display,
{
    let player = game.to_move();
    let opponent = G::opponent(player);
    let question = format!("{player} offers a draw. {opponent}, do you accept? (Y/N) ");
    let answer = match computer.and_then(|computer| computer.playing(opponent)) {
        Some(engine) => {
            let accepts = engine.accepts_draw(game);
            console.say(&format!("{question}{}", if accepts { "Y" } else { "N" }))?;
            Some(accepts)
        }
        None => ask_yes_no(console, &question)?,
    };
    let Some(accepted) = answer else {
        return Ok(None);
    };
    settle_draw_offer(console, game, accepted)?;
    Ok(Some(accepted))
}
