//! Turkish draughts positions and their legal moves in a canonical text,
//! for cross-checking against other implementations
//! (`scripts/crosscheck_turkish.py` compares them with kish and
//! pydraughts).
//!
//! ```text
//! cargo run --release --example turkish_moves < fens.txt
//! ```
//!
//! Reads one FEN a line on standard input (`W:Wa2,b2:Bc6,Kd7`) and prints
//! each position as our FEN, a tab, and the legal moves sorted and
//! separated by spaces, or `error<TAB>FEN<TAB>reason` for a FEN that does
//! not read. A move is `start>end` for a step and `start>end:c1,c2,...`
//! for a capture, `c1,c2,...` the squares of the pieces taken, sorted
//! (one move per start, end and set of pieces); `-` stands for no legal
//! move.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use rulebook::turkish::Turkish;
use rulebook::Game;

/// The canonical line of `game`'s legal moves.
fn moves_line(game: &Turkish) -> String {
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut taken: Vec<_> = game.taken(mv);
            taken.sort();
            let taken: Vec<String> = taken.iter().map(ToString::to_string).collect();
            if taken.is_empty() {
                format!("{}>{}", mv.from(), mv.to())
            } else {
                format!("{}>{}:{}", mv.from(), mv.to(), taken.join(","))
            }
        })
        .collect();
    moves.sort();
    if moves.is_empty() {
        "-".to_owned()
    } else {
        moves.join(" ")
    }
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else {
            eprintln!("turkish_moves: standard input is not text");
            return ExitCode::FAILURE;
        };
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let written = match Turkish::from_fen(fen) {
            Ok(game) => writeln!(out, "{}\t{}", game.to_fen(), moves_line(&game)),
            Err(error) => writeln!(out, "error\t{fen}\t{error}"),
        };
        if written.is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
