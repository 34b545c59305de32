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
//! their board texts): a partial book, where a shallower position is stored
//! only if all its children are.

use std::collections::BTreeMap;
use std::process::ExitCode;

use rulebook::connect4::{Book, Connect4, Solver, CELLS, MAX_BOOK_DEPTH};
use rulebook::{Game, Outcome};

const USAGE: &str = "usage: c4book --depth N [--limit N] --out FILE";

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Generates the Connect Four opening book: every unfinished position with N
stones is solved exactly, shallower ones follow by negamax over the book.
  --depth N   stones in the deepest positions solved
  --limit N   solve only the first N deepest positions (a partial book)
  --out FILE  where to write the book";

/// The key of a position and its mirror image: the smaller of the two move
/// texts of the board (a stable order for the generation).
fn canonical_text(game: &Connect4) -> String {
    let text = game.board().text();
    let mirrored: String = text
        .split('/')
        .map(|row| row.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    text.min(mirrored)
}

/// Every unfinished position with `plies` stones, one per mirror pair, in
/// the order of their board texts.
fn positions_at(plies: u32) -> Vec<Connect4> {
    let mut level: BTreeMap<String, Connect4> = BTreeMap::new();
    level.insert(canonical_text(&Connect4::new()), Connect4::new());
    for _ in 0..plies {
        let mut next = BTreeMap::new();
        for game in level.values() {
            for mv in game.legal_moves() {
                let Ok(child) = game.after(mv) else { continue };
                if child.outcome().is_none() {
                    next.entry(canonical_text(&child)).or_insert(child);
                }
            }
        }
        level = next;
    }
    level.into_values().collect()
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
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--depth", Some(value)) => depth = value.parse::<u32>().ok(),
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
    let (Some(depth), Some(out)) = (depth, out) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if depth > MAX_BOOK_DEPTH {
        eprintln!("depth {depth} is above the maximum {MAX_BOOK_DEPTH}");
        return ExitCode::from(2);
    }

    let mut solver = Solver::new();
    let mut deepest = positions_at(depth);
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
    let mut book = match Book::new(depth, scores.iter().copied()) {
        Ok(book) => book,
        Err(error) => {
            eprintln!("c4book: {error}");
            return ExitCode::FAILURE;
        }
    };
    // Shallower levels by negamax over the book: every child is in it.
    for plies in (0..depth).rev() {
        for game in positions_at(plies) {
            let mut best = i32::MIN;
            for mv in game.legal_moves() {
                let Ok(child) = game.after(mv) else { continue };
                let score = match child.outcome() {
                    Some(Outcome::Win(_)) => (CELLS as i32 + 1 - plies as i32) / 2,
                    Some(Outcome::Draw) => 0,
                    None => match book.score(&child) {
                        Some(score) => -score,
                        // A partial book (--limit): this one stays out.
                        None => {
                            best = i32::MIN;
                            break;
                        }
                    },
                };
                best = best.max(score);
            }
            if best > i32::MIN {
                scores.push((game, best));
            }
        }
        book = match Book::new(depth, scores.iter().copied()) {
            Ok(book) => book,
            Err(error) => {
                eprintln!("c4book: {error}");
                return ExitCode::FAILURE;
            }
        };
        eprintln!("depth {plies}: done, {} entries", book.len());
    }
    if let Err(error) = std::fs::write(&out, book.to_bytes()) {
        eprintln!("c4book: cannot write {out}: {error}");
        return ExitCode::FAILURE;
    }
    eprintln!("wrote {out}: {} entries", book.len());
    ExitCode::SUCCESS
}
