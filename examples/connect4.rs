//! Connect Four for two players at one keyboard, in the console format of
//! the course assignment (see `tests/data/connect4_sample_*.txt`).
//!
//! Run with `cargo run --example connect4`. Type a column number (0-6) for
//! each move, and `Y`/`N` when asked to play again. End of input quits.
//!
//! `--rows R --columns C --in-a-row K` play ConnectX instead: the same game
//! and console on a board of R rows (1-16) and C columns (1-16) where K in a
//! row (2-16) win; a flag left out keeps Connect Four's value
//! (`cargo run --example connect4 -- --rows 8 --columns 9 --in-a-row 5`).
//! Columns are numbered 0 to C-1. Impossible sizes get a message and exit
//! code 2.
//!
//! The example only reads, prints and calls the library: the rules, the
//! board and its text all come from `rulebook::connect4` and
//! `rulebook::connectx`.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rulebook::connect4::{self, Connect4};
use rulebook::connectx::{self, ConnectX};
use rulebook::{Game, Outcome, PlayError};

#[path = "support/connectx_flags.rs"]
mod connectx_flags;
use connectx_flags::{take_connectx_flags, CONNECTX_FLAGS_USAGE};

/// Printed after a bad command line.
const USAGE: &str = "usage: connect4 [--rows R] [--columns C] [--in-a-row K]";
/// What `--help` prints after the usage.
const ABOUT: &str = "\
Connect Four for two players at one keyboard; X moves first.
Type a column number (counting from 0) for each move, Y or N when asked to
play again. End of input quits.";
/// The exit code for a bad command line (the usual one for a usage error).
const USAGE_ERROR: u8 = 2;

/// What the console needs of a game beyond [`Game`]: its board `Display`
/// and reading a player's column.
trait ConsoleGame: Game + Display {
    /// The column `answer` names on this board, or the message to show.
    fn read_column(&self, answer: &str) -> Result<Self::Move, String>;
}

impl ConsoleGame for Connect4 {
    fn read_column(&self, answer: &str) -> Result<connect4::Column, String> {
        let last = connect4::Column::MAX_INDEX;
        answer.parse().map_err(|error| match error {
            connect4::ParseColumnError::NotANumber(_) => not_a_number(last),
            connect4::ParseColumnError::BelowZero(_) => COLUMN_BELOW_ZERO.to_owned(),
            connect4::ParseColumnError::AboveMax(_) => above_max(last),
        })
    }
}

impl ConsoleGame for ConnectX {
    fn read_column(&self, answer: &str) -> Result<connectx::Column, String> {
        self.parameters()
            .parse_column(answer)
            .map_err(|error| match error {
                connectx::ParseColumnError::NotANumber { last, .. } => not_a_number(last),
                connectx::ParseColumnError::BelowZero { .. } => COLUMN_BELOW_ZERO.to_owned(),
                connectx::ParseColumnError::AboveMax { last, .. } => above_max(last),
            })
    }
}

/// Asked before every move.
fn column_prompt<G: Game>(game: &G) -> String {
    format!(
        "Player {}, what column do you want to place your marker in?",
        game.to_move()
    )
}
/// Asked after every game.
const PLAY_AGAIN_PROMPT: &str = "Would you like to play again? Y/N";
/// Said when the column holds six tokens already.
const COLUMN_FULL: &str = "Column is full";
/// Said for a negative column. The assignment's wording ("less that"),
/// which scripts written against its transcript expect.
const COLUMN_BELOW_ZERO: &str = "Column cannot be less that 0";
/// Said for input that is not a whole number; `last` is the last column.
fn not_a_number(last: usize) -> String {
    format!("Please enter a column number from 0 to {last}")
}
/// Said for a column past the last one.
fn above_max(last: usize) -> String {
    format!("Column cannot be greater than {last}")
}
/// Said when the board fills up without four in a row.
const TIE: &str = "It's a tie!";

/// The console: line input and printed output.
struct Console<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// Prints `text` and a newline.
    fn say(&mut self, text: impl std::fmt::Display) -> io::Result<()> {
        writeln!(self.output, "{text}")
    }

    /// Prints the board (its text ends with a newline already).
    fn show(&mut self, game: &impl Display) -> io::Result<()> {
        write!(self.output, "{game}")
    }

    /// Prints `prompt` and reads the answer, trimmed; `None` at end of input.
    fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        self.say(prompt)?;
        self.output.flush()?;
        let mut line = Vec::new();
        if self.input.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8_lossy(&line).trim().to_owned()))
    }

    /// Plays one game from `start`; `false` when the input ended.
    fn play_one_game<G: ConsoleGame>(&mut self, start: &G) -> io::Result<bool> {
        let mut game = start.clone();
        self.show(&game)?;
        loop {
            let Some(answer) = self.ask(&column_prompt(&game))? else {
                return Ok(false);
            };
            let column = match game.read_column(&answer) {
                Ok(column) => column,
                Err(message) => {
                    self.say(message)?;
                    continue;
                }
            };
            match game.apply(column) {
                Ok(()) => {}
                Err(PlayError::IllegalMove(_)) => {
                    self.say(COLUMN_FULL)?;
                    continue;
                }
                // The loop ends as soon as the game does, so this is not
                // reached; say what the library says if it ever is.
                Err(error @ PlayError::GameOver) => {
                    self.say(error)?;
                    return Ok(true);
                }
            }
            self.show(&game)?;
            match game.outcome() {
                None => {}
                Some(Outcome::Win(player)) => {
                    self.say(format!("Player {player} Won!"))?;
                    return Ok(true);
                }
                Some(Outcome::Draw) => {
                    self.say(TIE)?;
                    return Ok(true);
                }
            }
        }
    }

    /// Asks until the answer is y/Y or n/N; `None` at end of input.
    fn wants_another_game(&mut self) -> io::Result<Option<bool>> {
        loop {
            match self.ask(PLAY_AGAIN_PROMPT)?.as_deref() {
                None => return Ok(None),
                Some("y" | "Y") => return Ok(Some(true)),
                Some("n" | "N") => return Ok(Some(false)),
                Some(_) => {}
            }
        }
    }
}

/// Plays games from `start` until the players stop or the input ends.
fn play<G: ConsoleGame>(start: &G) -> io::Result<()> {
    let mut console = Console {
        input: io::stdin().lock(),
        output: io::BufWriter::new(io::stdout().lock()),
    };
    while console.play_one_game(start)? && console.wants_another_game()? == Some(true) {}
    console.output.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}\n{CONNECTX_FLAGS_USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let parameters = match take_connectx_flags(&args) {
        Ok((parameters, rest)) if rest.is_empty() => parameters,
        Ok((_, rest)) => {
            eprintln!(
                "error: unknown argument {:?}\n\n{USAGE}\n{CONNECTX_FLAGS_USAGE}",
                rest[0]
            );
            return ExitCode::from(USAGE_ERROR);
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}\n{CONNECTX_FLAGS_USAGE}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let played = match parameters {
        None => play(&Connect4::default()),
        Some(parameters) => play(&ConnectX::new(parameters)),
    };
    match played {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
