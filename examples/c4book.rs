//! Generates the opening book shipped with the crate (`book/connect4.book`)
//! with the crate's own solver:
//!
//! ```text
//! cargo run --release --example c4book -- --depth 4 --out book/connect4.book
//! ```
//!
//! Every unfinished position with exactly `depth` stones (a position and
//! its mirror image once) is solved exactly; the scores of all shallower
//! positions then follow by negamax over the book itself, with no search.
//! The output is the same on every run (positions are visited in a fixed
//! order; scores do not depend on the table). Progress goes to stderr.
//!
//! `--limit N` solves only the first `N` deepest positions (in the order of
//! `opening_positions`): a partial book, where a shallower position is stored
//! only if all its children are.
//!
//! `--lines D` instead builds the book of the lines of perfect play (the
//! builtin book is made this way, see the last command below with `14`):
//!
//! ```text
//! cargo run --release --example c4book -- --lines 8 --out book/connect4.book
//! ```
//!
//! It follows every game in which one side (X, then O) plays
//! `Solver::best_move` and the other side any move, and for each position
//! with fewer than `D` stones where the solver's side is to move it stores
//! the position's score and the score after its move (minus the first).
//! With that book `Solver::best_move` answers those positions without
//! search. The book of each depth up to `D` is written to the file as soon
//! as it is complete, so a long run can be stopped with a useful book.
//! `--side x` or `--side o` follows only the games where the solver plays
//! that side (two processes use both cores), and `--merge A --merge B
//! [--depth D] --out C` joins books (with `--depth`, only their entries of
//! at most `D` stones: the lines books of depth `D`):
//!
//! ```text
//! cargo run --release --example c4book -- --lines 14 --side x --table-bits 27 --out x.book &
//! cargo run --release --example c4book -- --lines 14 --side o --table-bits 27 --out o.book
//! cargo run --release --example c4book -- --merge x.book --merge o.book --out book/connect4.book
//! ```
//!
//! `--table-bits N` sets the generator's table (default 26, 512 MiB): a
//! bigger table carries more from one solve to the next. The builtin book
//! (depth 14) took 31 minutes for X's side and 62 for O's side, side by
//! side on a shared 2-core machine.

use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

use rulebook::connect4::{opening_positions, Book, Column, Connect4, Solver, MAX_BOOK_DEPTH};
use rulebook::Game;
use std::time::Instant;

const USAGE: &str =
    "usage: c4book --depth N [--limit N] --out FILE | c4book --lines D [--side x|o] [--table-bits N] --out FILE | c4book --merge FILE [--merge FILE...] [--depth D] --out FILE";

/// The generator's default table: 2^26 entries, 512 MiB.
const LINES_TABLE_BITS: u32 = 26;

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Generates the Connect Four opening book: every unfinished position with N
stones is solved exactly, shallower ones follow by negamax over the book.
  --depth N   stones in the deepest positions solved
  --limit N   solve only the first N deepest positions (a partial book)
  --out FILE  where to write the book";

/// The walk of `--lines`: the solver, the depth, what was visited and found.
struct Lines {
    solver: Solver,
    depth: u32,
    /// The score and move of every solver-to-move position solved so far
    /// (board text: a mirror image may get a different move, as ties go to
    /// the left of the centre), kept from one depth to the next.
    solved: HashMap<String, (i32, Column)>,
    /// The solver-to-move positions visited at this depth.
    seen: HashSet<String>,
    scores: Vec<(Connect4, i32)>,
    start: Instant,
}

impl Lines {
    /// `game` with the solver's side to move: store its score and the
    /// score after the solver's move, then every reply.
    fn solver_node(&mut self, game: &Connect4) {
        let text = game.board().text();
        if game.outcome().is_some() || game.plies() >= self.depth || self.seen.contains(&text) {
            return;
        }
        self.seen.insert(text.clone());
        let (score, column) = match self.solved.get(&text) {
            Some(&found) => found,
            None => {
                let (Ok(score), Ok(column)) =
                    (self.solver.score(game), self.solver.best_move(game))
                else {
                    return;
                };
                self.solved.insert(text, (score, column));
                if self.solved.len() % 1000 == 0 {
                    eprintln!(
                        "  {} positions solved, {:.0} s",
                        self.solved.len(),
                        self.start.elapsed().as_secs_f64()
                    );
                }
                (score, column)
            }
        };
        let Ok(child) = game.after(column) else {
            return;
        };
        if child.outcome().is_some() {
            // best_move finds a win or the last move without search.
            return;
        }
        self.scores.push((*game, score));
        self.scores.push((child, -score));
        self.other_node(&child);
    }

    /// `game` with the other side to move: every move.
    fn other_node(&mut self, game: &Connect4) {
        for mv in game.legal_moves() {
            if let Ok(child) = game.after(mv) {
                self.solver_node(&child);
            }
        }
    }
}

/// Which sides the solver plays in `--lines`.
#[derive(Clone, Copy)]
struct Sides {
    x: bool,
    o: bool,
}

/// The book of all entries of the books in `files` with at most `cap`
/// stones (a `--lines` book cut to a shallower depth is that depth's).
fn merged(files: &[String], cap: u32) -> Result<Book, String> {
    let mut depth = 0;
    let mut scores = Vec::new();
    for file in files {
        let bytes = std::fs::read(file).map_err(|error| format!("{file}: {error}"))?;
        let book = Book::from_bytes(&bytes).map_err(|error| format!("{file}: {error}"))?;
        depth = depth.max(book.depth().min(cap));
        scores.extend(book.entries().filter(|(game, _)| game.plies() <= cap));
    }
    Book::new(depth, scores).map_err(|error| error.to_string())
}

/// The `--lines` book: see the module docs. Writes the book of each depth
/// `1..=depth` to `out` as soon as it is complete, so a long run can be
/// stopped with a complete shallower book in place.
fn lines_book(depth: u32, table_bits: u32, sides: Sides, out: &str) -> Result<Book, String> {
    let solver = Solver::with_table_bits(table_bits).map_err(|error| error.to_string())?;
    let mut lines = Lines {
        solver,
        depth: 0,
        solved: HashMap::new(),
        seen: HashSet::new(),
        scores: Vec::new(),
        start: Instant::now(),
    };
    let mut book = Book::new(0, []).map_err(|error| error.to_string())?;
    for level in 1..=depth {
        lines.depth = level;
        lines.seen.clear();
        lines.scores.clear();
        if sides.x {
            lines.solver_node(&Connect4::new());
        }
        if sides.o {
            lines.other_node(&Connect4::new());
        }
        book = Book::new(level, lines.scores.iter().copied()).map_err(|error| error.to_string())?;
        eprintln!(
            "depth {level}: {} solver positions, {} entries, {:.0} s",
            lines.seen.len(),
            book.len(),
            lines.start.elapsed().as_secs_f64()
        );
        if write_book(&book, out) != ExitCode::SUCCESS {
            return Err(format!("cannot write {out}"));
        }
    }
    Ok(book)
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let mut args = std::env::args().skip(1);
    let (mut depth, mut out, mut limit) = (None, None, usize::MAX);
    let (mut lines, mut table_bits) = (None, LINES_TABLE_BITS);
    let mut sides = Sides { x: true, o: true };
    let mut merge = Vec::new();
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--depth", Some(value)) => depth = value.parse::<u32>().ok(),
            ("--lines", Some(value)) => match value.parse::<u32>() {
                Ok(n) if n <= MAX_BOOK_DEPTH => lines = Some(n),
                _ => {
                    eprintln!("--lines: {value:?} is not a number up to {MAX_BOOK_DEPTH}");
                    return ExitCode::from(2);
                }
            },
            ("--side", Some(value)) if value == "x" || value == "o" => {
                sides = Sides {
                    x: value == "x",
                    o: value == "o",
                };
            }
            ("--merge", Some(value)) => merge.push(value),
            ("--table-bits", Some(value)) => match value.parse() {
                Ok(n) => table_bits = n,
                Err(_) => {
                    eprintln!("--table-bits: {value:?} is not a number");
                    return ExitCode::from(2);
                }
            },
            ("--out", Some(value)) => out = Some(value),
            ("--limit", Some(value)) => match value.parse() {
                Ok(n) => limit = n,
                Err(_) => {
                    eprintln!("--limit: {value:?} is not a number");
                    return ExitCode::from(2);
                }
            },
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if let (false, Some(out)) = (merge.is_empty(), &out) {
        return match merged(&merge, depth.unwrap_or(MAX_BOOK_DEPTH)) {
            Ok(book) => write_book(&book, out),
            Err(error) => {
                eprintln!("c4book: {error}");
                ExitCode::FAILURE
            }
        };
    }
    if let (Some(lines), Some(out)) = (lines, &out) {
        return match lines_book(lines, table_bits, sides, out) {
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("c4book: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let (Some(depth), Some(out)) = (depth, out) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if depth > MAX_BOOK_DEPTH {
        eprintln!("depth {depth} is above the maximum {MAX_BOOK_DEPTH}");
        return ExitCode::from(2);
    }

    let mut solver = Solver::new();
    let mut deepest = opening_positions(depth);
    deepest.truncate(limit);
    eprintln!("depth {depth}: {} positions to solve", deepest.len());
    let mut scores: Vec<(Connect4, i32)> = Vec::new();
    let start = std::time::Instant::now();
    for (index, game) in deepest.iter().enumerate() {
        let Ok(score) = solver.score(game) else {
            continue;
        };
        scores.push((*game, score));
        if (index + 1) % 100 == 0 {
            eprintln!(
                "  {}/{} solved, {:.0} s",
                index + 1,
                deepest.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    // Shallower levels by negamax over the book: every child is in it
    // (with --limit, a position missing a child stays out).
    let book = match Book::complete(depth, scores) {
        Ok(book) => book,
        Err(error) => {
            eprintln!("c4book: {error}");
            return ExitCode::FAILURE;
        }
    };
    write_book(&book, &out)
}

/// Writes `book` to the file `out`.
fn write_book(book: &Book, out: &str) -> ExitCode {
    if let Err(error) = std::fs::write(out, book.to_bytes()) {
        eprintln!("c4book: cannot write {out}: {error}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "wrote {out}: {} entries, depth {}, {} bytes",
        book.len(),
        book.depth(),
        book.to_bytes().len()
    );
    ExitCode::SUCCESS
}
