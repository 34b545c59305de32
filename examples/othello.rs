//! Othello at the console: two players at one keyboard, or against the
//! computer. A thin console over `rulebook::othello`.
//!
//! ```text
//! cargo run --example othello [-- --computer black|white|both] [--level N]
//! ```
//!
//! Black (`X`) moves first. Type a move as a square, `d3`; when you have
//! no move, type `pass` (the prompt says so). `help` lists the commands:
//! `moves`, `hint` (the computer's move for you), `undo` (against the
//! computer it takes back your move and its reply), `quit`. A move text
//! that is not a square, or a move that is not legal, is answered with the
//! legal moves. End of input quits.
//!
//! - `--computer black` / `--computer white`: the computer plays that
//!   side; `--computer both` lets it play a whole game by itself.
//! - `--level N`: its strength, 1 (weakest) to
//!   `rulebook::othello::MAX_LEVEL`; the default is
//!   `rulebook::othello::DEFAULT_LEVEL`.
//!
//! Everything the rules decide comes from the library (the legal moves,
//! reading a move with its error, the match and its undo, the computer
//! player); this file only reads, prints and calls.

#[path = "support/console.rs"]
mod console;
#[path = "support/take_back.rs"]
mod take_back;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rulebook::othello::{self, Move, Othello, Player};
use rulebook::search::{Engine, SearchResult};
use rulebook::{Game, Match, Outcome};

use console::{ask_yes_no, capitalized, list, quoted, Console};

/// Printed after a bad command line.
const USAGE: &str = "\
usage: othello [--computer black|white|both] [--level N]
  --computer P   the computer plays black, white or both
  --level N      the computer's strength, 1 (weakest) to 5";

const HELP: &str = "\
Commands:
  d3       put a disc on d3 (a file a-h, then a rank 1-8)
  pass     pass, when you have no move (and only then)
  moves    list the legal moves
  hint     ask the computer for a move
  undo     take back the last move (against the computer: your move and its reply)
  quit     end the session
  help     this list";

/// The exit code for a bad command line (the usual one for a usage error).
const USAGE_ERROR: u8 = 2;

/// The parsed command line.
struct Options {
    /// Which sides the computer plays.
    computer: Vec<Player>,
    level: u32,
}

fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        computer: Vec::new(),
        level: othello::DEFAULT_LEVEL,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--computer" => {
                let side = args.next().ok_or("--computer needs black, white or both")?;
                options.computer = match side.to_ascii_lowercase().as_str() {
                    "black" | "x" => vec![Player::Black],
                    "white" | "o" => vec![Player::White],
                    "both" => vec![Player::Black, Player::White],
                    _ => {
                        return Err(format!(
                            "--computer takes black, white or both, not {side:?}"
                        ))
                    }
                };
            }
            "--level" => {
                let level = args.next().ok_or("--level needs a number")?;
                options.level = level
                    .parse()
                    .map_err(|_| format!("--level takes a number, not {level:?}"))?;
                othello::engine(options.level).map_err(|error| error.to_string())?;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{HELP}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_arguments(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let stdin = io::stdin();
    let mut console = Console {
        input: stdin.lock(),
        output: io::stdout(),
        echo: false,
    };
    match run(&mut console, &options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What the computer thought, for its announcement: "depth 7, score +35".
fn thinking(thought: &SearchResult<Move>) -> String {
    format!("depth {}, score {}", thought.depth, thought.score)
}

/// Games until the input ends or the player quits.
fn run(console: &mut Console<impl BufRead, impl Write>, options: &Options) -> io::Result<()> {
    let mut engine = othello::engine(options.level).map_err(io::Error::other)?;
    if !options.computer.is_empty() {
        let sides = list(options.computer.iter());
        console.say(&format!(
            "The computer (level {}) plays {sides}.",
            options.level
        ))?;
    }
    loop {
        engine.new_game();
        if !play_game(console, options, &mut engine)? {
            return Ok(());
        }
        if ask_yes_no(console, "Play again? Y/N ")? != Some(true) {
            return Ok(());
        }
    }
}

/// One game; returns whether the session goes on (false at the end of the
/// input or on `quit`).
fn play_game(
    console: &mut Console<impl BufRead, impl Write>,
    options: &Options,
    engine: &mut Engine<Othello>,
) -> io::Result<bool> {
    let mut game = Match::new(Othello::default());
    let mut show_board = true;
    while !game.is_over() {
        let position = *game.position();
        let player = position.to_move();
        if show_board {
            console.say(&format!("\n{position}"))?;
        }
        show_board = true;
        if options.computer.contains(&player) {
            let thought = engine.think(&game);
            let Some(mv) = thought.best_move else {
                break;
            };
            console.say(&format!(
                "{player} (computer) plays {mv} ({}).",
                thinking(&thought)
            ))?;
            game.play(mv).map_err(io::Error::other)?;
            continue;
        }
        let prompt = if position.must_pass() {
            format!(
                "{player} ({}) has no move and must pass: type pass. ",
                player.symbol()
            )
        } else {
            format!("{player} ({}) to move: ", player.symbol())
        };
        let Some(line) = console.ask(&prompt)? else {
            return Ok(false);
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => show_board = false,
            "help" | "?" => {
                console.say(HELP)?;
                show_board = false;
            }
            "quit" => return Ok(false),
            "moves" => {
                console.say(&format!(
                    "Legal moves: {}.",
                    list(position.legal_moves().iter())
                ))?;
                show_board = false;
            }
            "hint" => {
                let thought = engine.think(&game);
                if let Some(mv) = thought.best_move {
                    console.say(&format!("Hint: {mv} ({}).", thinking(&thought)))?;
                }
                show_board = false;
            }
            "undo" => undo(console, options, &mut game)?,
            _ => match position.parse_move(text) {
                Ok(mv) => game.play(mv).map_err(io::Error::other)?,
                Err(error) => {
                    console.say(&format!("{}.", capitalized(&error.to_string())))?;
                    show_board = false;
                }
            },
        }
    }
    let position = game.position();
    console.say(&format!("\n{position}"))?;
    let (black, white) = (
        position.disc_count(Player::Black),
        position.disc_count(Player::White),
    );
    console.say(&match position.outcome() {
        Some(Outcome::Win(winner)) => format!("{winner} wins, {black} to {white}."),
        _ => format!("A draw, {black} to {white}."),
    })?;
    Ok(true)
}

/// Takes back the last move, and against the computer its reply too, so
/// that the player who asked is to move again.
fn undo(
    console: &mut Console<impl BufRead, impl Write>,
    options: &Options,
    game: &mut Match<Othello>,
) -> io::Result<()> {
    let before = game.history().to_vec();
    match take_back::take_back(game, |player| options.computer.contains(&player)) {
        Ok(count) => {
            let moves: Vec<String> = before[before.len() - count..]
                .iter()
                .rev()
                .map(|mv| quoted(&mv.to_string()))
                .collect();
            console.say(&format!("Took back {}.", moves.join(" and ")))
        }
        Err(error) => console.say(&format!("{}.", capitalized(&error.to_string()))),
    }
}
