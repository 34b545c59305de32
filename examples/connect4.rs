//! Connect Four at the console, in the format of the course assignment
//! (see `tests/data/connect4_sample_*.txt`): two players at one keyboard,
//! or against the computer.
//!
//! ```text
//! cargo run --example connect4 [-- --computer X|O|both] [--level N]
//! ```
//!
//! Type a column number (0-6) for each move, and `Y`/`N` when asked to play
//! again. End of input quits.
//!
//! - `--computer X` / `--computer O`: the computer plays that side;
//!   `--computer both` lets it play a whole game by itself. Its move is
//!   answered to the same prompt a human's is, with what it thought
//!   (search depth and score) on the same line.
//! - `--level N`: its strength, 1 (weakest) to
//!   `rulebook::connect4::MAX_LEVEL`; the default,
//!   `rulebook::connect4::DEFAULT_LEVEL`, answers within about a second.
//!
//! With no options the session is exactly the assignment's.
//!
//! The example only reads, prints and calls the library: the rules, the
//! board and its text, and the computer player all come from
//! `rulebook::connect4`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rulebook::connect4::{self, Column, Connect4, ParseColumnError, Player};
use rulebook::search::Engine;
use rulebook::{Game, Outcome, PlayError};

const USAGE: &str = "usage: connect4 [--computer X|O|both] [--level N]";

/// Asked before every move.
fn column_prompt(game: &Connect4) -> String {
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
/// Said for input that is not a whole number.
const NOT_A_NUMBER: &str = "Please enter a column number from 0 to 6";
/// Said when the board fills up without four in a row.
const TIE: &str = "It's a tie!";

/// The computer's side(s) and its engine, when it plays.
struct Computer {
    /// The sides the computer plays.
    sides: Vec<Player>,
    engine: Engine<Connect4>,
}

impl Computer {
    fn plays(&self, player: Player) -> bool {
        self.sides.contains(&player)
    }
}

/// The console: line input and printed output, and the computer if it
/// plays.
struct Console<R, W> {
    input: R,
    output: W,
    computer: Option<Computer>,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// Prints `text` and a newline.
    fn say(&mut self, text: impl std::fmt::Display) -> io::Result<()> {
        writeln!(self.output, "{text}")
    }

    /// Prints the board (its text ends with a newline already).
    fn show(&mut self, game: &Connect4) -> io::Result<()> {
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

    /// The computer's move for the player to move in `game` (answered to
    /// the usual prompt, with what it thought), if the computer plays that
    /// side.
    fn computer_move(&mut self, game: &Connect4) -> io::Result<Option<Column>> {
        let Some(computer) = self.computer.as_mut().filter(|c| c.plays(game.to_move())) else {
            return Ok(None);
        };
        let thought = computer.engine.think(game);
        let Some(column) = thought.best_move else {
            return Ok(None);
        };
        self.say(column_prompt(game))?;
        self.say(format!(
            "{column} (computer: depth {}, score {})",
            thought.depth, thought.score
        ))?;
        Ok(Some(column))
    }

    /// Plays one game; `false` when the input ended.
    fn play_one_game(&mut self) -> io::Result<bool> {
        let mut game = Connect4::default();
        if let Some(computer) = &mut self.computer {
            computer.engine.new_game();
        }
        self.show(&game)?;
        loop {
            if let Some(column) = self.computer_move(&game)? {
                game.apply(column).map_err(io::Error::other)?;
                self.show(&game)?;
                if self.game_ended(&game)? {
                    return Ok(true);
                }
                continue;
            }
            let Some(answer) = self.ask(&column_prompt(&game))? else {
                return Ok(false);
            };
            let column = match answer.parse::<Column>() {
                Ok(column) => column,
                Err(ParseColumnError::NotANumber(_)) => {
                    self.say(NOT_A_NUMBER)?;
                    continue;
                }
                Err(ParseColumnError::BelowZero(_)) => {
                    self.say(COLUMN_BELOW_ZERO)?;
                    continue;
                }
                Err(ParseColumnError::AboveMax(_)) => {
                    self.say(format!(
                        "Column cannot be greater than {}",
                        Column::MAX_INDEX
                    ))?;
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
            if self.game_ended(&game)? {
                return Ok(true);
            }
        }
    }

    /// Announces the end of the game if it has ended; `true` then.
    fn game_ended(&mut self, game: &Connect4) -> io::Result<bool> {
        match game.outcome() {
            None => Ok(false),
            Some(Outcome::Win(player)) => {
                self.say(format!("Player {player} Won!"))?;
                Ok(true)
            }
            Some(Outcome::Draw) => {
                self.say(TIE)?;
                Ok(true)
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

/// Reads the options: who the computer plays, and at which level.
fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Option<Computer>, String> {
    let mut sides = None;
    let mut level = connect4::DEFAULT_LEVEL;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--computer" => {
                let side = args.next().ok_or("--computer needs X, O or both")?;
                sides = Some(match side.to_ascii_uppercase().as_str() {
                    "X" => vec![Player::X],
                    "O" => vec![Player::O],
                    "BOTH" => vec![Player::X, Player::O],
                    _ => return Err(format!("--computer takes X, O or both, not `{side}`")),
                });
            }
            "--level" => {
                let text = args.next().ok_or("--level needs a number")?;
                level = text.parse().map_err(|_| {
                    format!(
                        "--level takes a number from 1 to {}, not `{text}`",
                        connect4::MAX_LEVEL
                    )
                })?;
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    // Checked even when nobody asked the computer to play.
    connect4::level_limits(level).map_err(|error| error.to_string())?;
    match sides {
        None => Ok(None),
        Some(sides) => {
            let engine = connect4::engine(level).map_err(|error| error.to_string())?;
            Ok(Some(Computer { sides, engine }))
        }
    }
}

fn main() -> ExitCode {
    let computer = match parse_arguments(std::env::args().skip(1)) {
        Ok(computer) => computer,
        Err(message) => {
            eprintln!("connect4: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut console = Console {
        input: io::stdin().lock(),
        output: io::BufWriter::new(io::stdout().lock()),
        computer,
    };
    let played = (|| {
        while console.play_one_game()? && console.wants_another_game()? == Some(true) {}
        console.output.flush()
    })();
    match played {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("connect4: {error}");
            ExitCode::FAILURE
        }
    }
}
