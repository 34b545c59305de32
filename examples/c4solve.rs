//! Solves Connect Four positions read from standard input, one a line, as
//! the classic benchmark files give them: the moves as 1-indexed column
//! digits, optionally followed by the expected score, which is then checked.
//!
//! For each position the table is cleared first, and one line is printed:
//! `MOVES SCORE NODES MICROSECONDS` (the time of the solve alone). A summary
//! goes to standard error at the end.
//!
//! ```text
//! cargo run --release --example c4solve -- < tests/data/Test_L3_R1
//! cargo run --release --example c4solve -- --weak < tests/data/Test_L2_R1
//! cargo run --release --example c4solve -- --book < positions.txt
//! ```
//!
//! Flags: `--weak` (win / draw / loss only: scores 1, 0, -1), `--book` (use
//! the built-in opening book), `--table-bits N` (2^N table entries of 8
//! bytes; default 23, 64 MiB).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use rulebook::connect4::{Book, Connect4, Solver, DEFAULT_TABLE_BITS};

const USAGE: &str = "usage: c4solve [--weak] [--book] [--table-bits N] < FILE";

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Solves the Connect Four positions of standard input, one a line (columns
1-7, optionally followed by the expected score, then checked), and prints
MOVES SCORE NODES MICROSECONDS for each.
  --weak          win / draw / loss only (scores 1, 0, -1)
  --book          use the built-in opening book
  --table-bits N  2^N table entries of 8 bytes (default 23, 64 MiB)";

struct Options {
    weak: bool,
    book: bool,
    table_bits: u32,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        weak: false,
        book: false,
        table_bits: DEFAULT_TABLE_BITS,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--weak" => options.weak = true,
            "--book" => options.book = true,
            "--table-bits" => {
                let value = args.next().ok_or("--table-bits needs a number")?;
                options.table_bits = value
                    .parse()
                    .map_err(|_| format!("--table-bits: {value:?} is not a number"))?;
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// One input line: the position and the expected score, if given.
fn parse_line(line: &str) -> Result<(Connect4, Option<i32>), String> {
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or("");
    let game = Connect4::from_moves(moves).map_err(|error| format!("{moves:?}: {error}"))?;
    let expected = match fields.next() {
        None => None,
        Some(text) => Some(
            text.parse()
                .map_err(|_| format!("expected score {text:?} is not an integer"))?,
        ),
    };
    if let Some(extra) = fields.next() {
        return Err(format!("unexpected field {extra:?} after the score"));
    }
    Ok((game, expected))
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut solver = match Solver::with_table_bits(options.table_bits) {
        Ok(solver) => solver,
        Err(error) => {
            eprintln!("c4solve: {error}");
            return ExitCode::from(2);
        }
    };
    if options.book {
        match Book::builtin() {
            Ok(book) => solver = solver.with_book(book),
            Err(error) => {
                eprintln!("c4solve: the built-in book is unusable: {error}");
                return ExitCode::from(2);
            }
        }
    }

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (mut positions, mut wrong, mut malformed) = (0u64, 0u64, 0u64);
    let (mut total_nodes, mut total_micros) = (0u64, 0f64);
    for (index, line) in io::stdin().lock().lines().enumerate() {
        let number = index + 1;
        let Ok(line) = line else {
            eprintln!("line {number}: not readable text; stopping");
            break;
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (game, expected) = match parse_line(text) {
            Ok(parsed) => parsed,
            Err(message) => {
                eprintln!("line {number}: {message}");
                malformed += 1;
                continue;
            }
        };
        solver.reset();
        let start = Instant::now();
        let result = if options.weak {
            solver.weak_score(&game)
        } else {
            solver.score(&game)
        };
        let micros = start.elapsed().as_secs_f64() * 1e6;
        let score = match result {
            Ok(score) => score,
            Err(error) => {
                eprintln!("line {number}: {error}");
                malformed += 1;
                continue;
            }
        };
        let moves = text.split_whitespace().next().unwrap_or("");
        let nodes = solver.node_count();
        // One line at a time: a long run shows progress.
        if writeln!(out, "{moves} {score} {nodes} {micros:.0}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
        positions += 1;
        total_nodes += nodes;
        total_micros += micros;
        if let Some(expected) = expected {
            let expected = if options.weak {
                expected.signum()
            } else {
                expected
            };
            if expected != score {
                eprintln!("line {number}: {moves}: score {score}, expected {expected}");
                wrong += 1;
            }
        }
    }
    let _ = out.flush();
    let per = |total: f64| {
        if positions == 0 {
            0.0
        } else {
            total / positions as f64
        }
    };
    eprintln!(
        "positions {positions} wrong {wrong} malformed {malformed} mean_nodes {:.1} mean_us {:.2}",
        per(total_nodes as f64),
        per(total_micros)
    );
    if wrong > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
