//! Tic-tac-toe for two players at one keyboard, on a game written outside
//! the crate (`game.rs`) and played through rulebook's `Match`.
//!
//! - `cargo run --example tictactoe`: type a cell number (1-9) for each
//!   move, `undo` to take a move back, `quit` (or end of input) to stop.
//! - `cargo run --example tictactoe -- perft`: perft and the number of
//!   complete games at each depth, from the empty board.

mod game;

use std::io::{self, BufRead, Write};

use game::{Cell, TicTacToe};
use rulebook::{count_games, perft, Match, MatchError, PlayError};

/// What `--help` prints.
const USAGE: &str = "\
usage: tictactoe [perft]

Tic-tac-toe for two players at one keyboard: type a cell number (1-9) for
each move, undo to take a move back, quit (or end of input) to stop.
  perft   print perft and the number of complete games at each depth";

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut output = stdout.lock();
    match std::env::args().nth(1).as_deref() {
        None => play(io::stdin().lock(), output),
        Some("--help" | "-h") => writeln!(output, "{USAGE}"),
        Some("perft") => print_counts(&mut output),
        Some(other) => {
            eprintln!("unknown argument {other:?}: run with no argument to play, or with `perft`");
            std::process::exit(2);
        }
    }
}

/// Perft and complete games from the empty board, depths 1 to 9.
fn print_counts(output: &mut impl Write) -> io::Result<()> {
    let start = TicTacToe::default();
    writeln!(output, "depth  perft    games ending by then")?;
    for depth in 1..=9 {
        let (sequences, games) = (perft(&start, depth), count_games(&start, depth));
        writeln!(output, "{depth:>5}  {sequences:>7}  {games:>7}")?;
    }
    Ok(())
}

/// Plays games until the input ends or a player quits.
fn play(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut game = Match::new(TicTacToe::default());
    loop {
        if let Some(result) = game.result() {
            writeln!(output, "{}\n{result}.", game.position())?;
            game = Match::new(TicTacToe::default());
            writeln!(output, "New game.")?;
        }
        write!(
            output,
            "{}Player {}, your cell (1-9, undo, quit)? ",
            game.position(),
            game.to_move()
        )?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output)?;
            return Ok(());
        }
        match line.trim() {
            "quit" => return Ok(()),
            "undo" => {
                if game.undo().is_err() {
                    writeln!(output, "Nothing to undo.")?;
                }
            }
            text => match text.parse::<Cell>() {
                Err(error) => writeln!(output, "{error}.")?,
                Ok(cell) => match game.play(cell) {
                    Ok(()) => {}
                    Err(MatchError::Play(PlayError::IllegalMove(cell))) => {
                        writeln!(output, "Cell {cell} is taken.")?;
                    }
                    Err(error) => writeln!(output, "{error}.")?,
                },
            },
        }
    }
}
