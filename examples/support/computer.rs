//! The computer players of a console session, shared by the board-game
//! examples (`checkers.rs`, `draughts.rs`): the `--computer SIDE` and
//! `--level N` options, one engine per side the computer plays and one
//! for hints, the computer's turn (with the draw offers it makes and
//! answers), hints, and what it thought as text; with `--endgame DIR`,
//! engines that probe the endgame databases and hints that give their
//! verdict. Included with
//! `#[path]`, after `console.rs` (as module `console`).
//!
//! Every decision is the library's: the engine of the level chooses the
//! move, judges a draw offer ([`Engine::accepts_draw`]) and decides when
//! to offer one ([`Engine::offers_draw`]); this file only asks and prints.

#![allow(dead_code)] // each example uses a different part of this

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use rulebook::search::{Engine, Oracle, SearchResult};
use rulebook::{Game, Match, PlayerOutcome};

use crate::console::{ask_yes_no, quoted, score_for, settle_draw_offer, Console};

/// The line `help` adds when the computer can give hints.
pub const HINT_HELP: &str = "  hint     ask the computer for a move";

/// Who the computer plays and at which level, as the command line says.
pub struct ComputerOptions<P> {
    /// The sides the computer plays (none for two humans).
    pub sides: Vec<P>,
    /// The computer's level, if `--level` was given.
    pub level: Option<u32>,
    /// The directory of the endgame databases, if `--endgame` was given.
    pub endgame: Option<PathBuf>,
}

impl<P> Default for ComputerOptions<P> {
    fn default() -> Self {
        ComputerOptions {
            sides: Vec::new(),
            level: None,
            endgame: None,
        }
    }
}

impl<P: Copy> ComputerOptions<P> {
    /// Reads the value of `--computer`: one of the two sides, named by
    /// `names` (first mover first), or `both` (in any case).
    ///
    /// # Errors
    ///
    /// The message to print when the value is missing or names no side.
    pub fn read_sides(
        &mut self,
        value: Option<String>,
        [(first_name, first), (second_name, second)]: [(&str, P); 2],
    ) -> Result<(), String> {
        let choices = format!("{first_name}, {second_name} or both");
        let side = value.ok_or_else(|| format!("--computer needs {choices}"))?;
        self.sides = match side.to_ascii_lowercase().as_str() {
            name if name == first_name => vec![first],
            name if name == second_name => vec![second],
            "both" => vec![first, second],
            _ => {
                return Err(format!(
                    "--computer takes {choices}, not `{}`",
                    quoted(&side)
                ))
            }
        };
        Ok(())
    }

    /// Reads the value of `--level`, a number from 1 to `max_level` (the
    /// range itself is the library's to check, when the engine is made).
    ///
    /// # Errors
    ///
    /// The message to print when the value is missing or not a number.
    pub fn read_level(&mut self, value: Option<String>, max_level: u32) -> Result<(), String> {
        let text = value.ok_or("--level needs a number")?;
        let level = text.parse().map_err(|_| {
            format!(
                "--level takes a number from 1 to {max_level}, not `{}`",
                quoted(&text)
            )
        })?;
        self.level = Some(level);
        Ok(())
    }

    /// Reads the value of `--endgame`, a directory of endgame databases
    /// (read when the engines are made).
    ///
    /// # Errors
    ///
    /// The message to print when the value is missing.
    pub fn read_endgame(&mut self, value: Option<String>) -> Result<(), String> {
        let dir = value.ok_or("--endgame needs the directory of the databases")?;
        self.endgame = Some(PathBuf::from(dir));
        Ok(())
    }
}

/// The computer players of a session.
pub struct Computer<G: Game> {
    /// The level every engine plays at.
    pub level: u32,
    /// The sides the computer plays, each with its engine.
    sides: Vec<(G::Player, Engine<G>)>,
    /// The engine that answers `hint`.
    hints: Engine<G>,
    /// The endgame databases the engines probe, whose verdict `hint` adds.
    endgame: Option<Arc<dyn Oracle<G>>>,
}

impl<G: Game> Computer<G> {
    /// The computer `options` ask for, if any (a `--level` or an
    /// `--endgame` alone gives hints): engines of the level (made by
    /// `engine`, `default_level` when none was given) for its sides, and
    /// one for hints, all probing `endgame` when given (the databases of
    /// `options.endgame`, read by the caller).
    ///
    /// # Errors
    ///
    /// The library's message when the level does not exist.
    pub fn new<E: Display>(
        options: &ComputerOptions<G::Player>,
        default_level: u32,
        engine: impl Fn(u32) -> Result<Engine<G>, E>,
        endgame: Option<Arc<dyn Oracle<G>>>,
    ) -> Result<Option<Computer<G>>, String> {
        if options.sides.is_empty() && options.level.is_none() && endgame.is_none() {
            return Ok(None);
        }
        let level = options.level.unwrap_or(default_level);
        let engine = || {
            let made = engine(level).map_err(|error| error.to_string())?;
            Ok::<_, String>(match &endgame {
                Some(endgame) => made.with_endgame(Arc::clone(endgame)),
                None => made,
            })
        };
        let mut sides = Vec::new();
        for &side in &options.sides {
            sides.push((side, engine()?));
        }
        Ok(Some(Computer {
            level,
            sides,
            hints: engine()?,
            endgame,
        }))
    }

    /// The engine playing `player`, if the computer plays that side.
    pub fn playing(&mut self, player: G::Player) -> Option<&mut Engine<G>> {
        self.sides
            .iter_mut()
            .find(|(side, _)| *side == player)
            .map(|(_, engine)| engine)
    }

    /// Whether the computer plays `player`.
    pub fn plays(&self, player: G::Player) -> bool {
        self.sides.iter().any(|(side, _)| *side == player)
    }

    /// Whether the computer plays both sides.
    pub fn plays_both(&self, player: G::Player) -> bool {
        self.plays(player) && self.plays(G::opponent(player))
    }

    /// Gets every engine ready for a new game.
    pub fn new_game(&mut self) {
        for (_, engine) in &mut self.sides {
            engine.new_game();
        }
        self.hints.new_game();
    }
}

/// What the computer thought for `player`, as the end of an
/// announcement: "depth 3, score +7 for White".
pub fn thinking<M>(thought: &SearchResult<M>, player: impl Display) -> String {
    format!(
        "depth {}, {}",
        thought.depth,
        score_for(thought.score, player)
    )
}

/// Whether a console shows the board before `player`'s turn: before a
/// human's, and before every move when the computer plays both sides.
pub fn shows_board<G: Game>(computer: Option<&Computer<G>>, player: G::Player) -> bool {
    computer.map_or(true, |computer| {
        !computer.plays(player) || computer.plays_both(player)
    })
}

/// The start of a turn at the console: the board, drawn by `diagram`
/// (with `numbers`, the board's `numbers` setting), when the console
/// shows it before this turn ([`shows_board`]) and has not shown it since
/// the last move (`shown_at`: the plies when it was last shown); then
/// [`computer_turn`], `play` playing the computer's move; then, when a
/// human is to move, their line.
pub fn begin_turn<G: Game, R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &mut Match<G>,
    computer: Option<&mut Computer<G>>,
    shown_at: &mut Option<usize>,
    numbers: bool,
    diagram: impl FnOnce(&Match<G>, bool) -> String,
    play: impl FnOnce(&mut Console<R, W>, &mut Match<G>, G::Move, Option<&str>) -> io::Result<()>,
) -> io::Result<Begun>
where
    G::Player: Display,
{
    let player = game.to_move();
    let plies = game.history().len();
    if *shown_at != Some(plies) && shows_board(computer.as_deref(), player) {
        console.say(&format!("\n{}", diagram(game, numbers)))?;
        *shown_at = Some(plies);
    }
    let play =
        |console: &mut _, game: &mut _, mv, thought: &str| play(console, game, mv, Some(thought));
    match computer_turn(console, game, computer, play)? {
        Turn::Human => {}
        Turn::Played => return Ok(Begun::Played),
        Turn::InputEnded => return Ok(Begun::InputEnded),
    }
    Ok(match console.ask(&format!("{player}> "))? {
        Some(line) => Begun::Line(line),
        None => Begun::InputEnded,
    })
}

/// What [`begin_turn`] did.
pub enum Begun {
    /// A human is to move, and typed this line.
    Line(String),
    /// The computer played (or the game ended on its draw offer).
    Played,
    /// The input ended first.
    InputEnded,
}

/// What [`computer_turn`] did.
pub enum Turn {
    /// A human is to move: the console reads their line.
    Human,
    /// The computer played (or the game ended on its draw offer).
    Played,
    /// The input ended while a human answered the computer's draw offer.
    InputEnded,
}

/// The computer's turn, if it plays the side to move: it thinks, may
/// offer a draw (which the opponent answers), and unless the game has
/// ended, `play` plays its move and announces it with what it thought.
pub fn computer_turn<G: Game, R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &mut Match<G>,
    computer: Option<&mut Computer<G>>,
    play: impl FnOnce(&mut Console<R, W>, &mut Match<G>, G::Move, &str) -> io::Result<()>,
) -> io::Result<Turn>
where
    G::Player: Display,
{
    let player = game.to_move();
    let Some(computer) = computer else {
        return Ok(Turn::Human);
    };
    let Some(engine) = computer.playing(player) else {
        return Ok(Turn::Human);
    };
    let thought = engine.think(&*game);
    if engine.offers_draw(game, &thought) {
        game.offer_draw()
            .map_err(|error| io::Error::other(error.to_string()))?;
        if answer_draw(console, game, Some(computer))?.is_none() {
            return Ok(Turn::InputEnded);
        }
    }
    if game.result().is_none() {
        if let Some(mv) = thought.best_move {
            play(console, game, mv, &thinking(&thought, player))?;
        }
    }
    Ok(Turn::Played)
}

/// `hint`: the hint engine's move for the side to move, written by
/// `write` (in the position it is played in), with what it thought.
pub fn say_hint<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &Match<G>,
    computer: &mut Computer<G>,
    write: impl FnOnce(&G, &G::Move) -> String,
) -> io::Result<()>
where
    G::Player: Display,
{
    let thought = computer.hints.think(game);
    match thought.best_move {
        Some(mv) => {
            let text = write(game.position(), &mv);
            let thought = thinking(&thought, game.to_move());
            console.say(&format!("Hint: {text} ({thought})."))?;
        }
        None => console.say("No hint: there is no move to play.")?,
    }
    let verdict = computer
        .endgame
        .as_ref()
        .and_then(|endgame| endgame.probe(game.position()));
    match verdict {
        Some(outcome) => console.say(&format!(
            "Database: {}.",
            verdict_text::<G>(outcome, game.to_move())
        )),
        None => Ok(()),
    }
}

/// The endgame databases' verdict on a position of `G`, `outcome` for
/// `player` to move, in words: "a win for White", "a draw".
pub fn verdict_text<G: Game>(outcome: PlayerOutcome, player: G::Player) -> String
where
    G::Player: Display,
{
    match outcome {
        PlayerOutcome::Draw => "a draw".to_owned(),
        PlayerOutcome::Win => format!("a win for {player}"),
        PlayerOutcome::Loss => format!("a win for {}", G::opponent(player)),
    }
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

/// How a saved game names `player`: "Computer (level N)" when the
/// computer played that side, else the side's name.
pub fn player_name<P: Display + PartialEq>(
    player: P,
    computer: &[P],
    level: Option<u32>,
) -> String {
    match level {
        Some(level) if computer.contains(&player) => format!("Computer (level {level})"),
        _ => player.to_string(),
    }
}
