//! Builds and inspects opening books (`rulebook::book`) from PDN records.
//!
//! ```text
//! cargo run --release --example opening_book -- build GAME FILE... [--out BOOK]
//!     [--min-games N] [--max-plies P]
//! cargo run --release --example opening_book -- show GAME BOOK
//! cargo run --release --example opening_book -- plies GAME BOOK [--games N] [--seed S]
//! ```
//!
//! GAME is `english` (English checkers, `rulebook::checkers::Checkers`) or
//! a draughts variant (`international`, `russian`, ...). `build` reads
//! every game of the PDN FILEs (streamed), replays it under the rules of
//! GAME (`rulebook::pdn::replay`; a game that does not replay, has no
//! result or starts from another position is counted and left out), takes
//! its positions up to ply P (default 24) and keeps those reached in at
//! least N games (default 5). The book goes to BOOK (default
//! `GAME.book` in the current directory). The same files and options
//! always give the same bytes.
//!
//! `show` prints the book's header and its moves from the start position;
//! `plies` plays the book against itself N times (default 100, seed S,
//! default 1: the draws of `OpeningBook::choose`, one generator a side as
//! two engines have) and prints how many plies the games stay in book:
//! what two engines with this book play before they search.

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use rulebook::book::{BookBuilder, OpeningBook};
use rulebook::checkers::Checkers;
use rulebook::draughts::{self, Draughts, Variant};
use rulebook::pdn::{self, PdnReader, Recorded};
use rulebook::SplitMix64;

const USAGE: &str = "\
usage: opening_book build GAME FILE... [--out BOOK] [--min-games N] [--max-plies P]
       opening_book show GAME BOOK
       opening_book plies GAME BOOK [--games N] [--seed S]

GAME: english or a draughts variant ({variants})
  --out BOOK       where build writes the book (default GAME.book)
  --min-games N    keep positions reached in at least N games (default 5)
  --max-plies P    take each game's positions up to ply P (default 24)
  --games N        plies: book games to play (default 100)
  --seed S         plies: seed of the book's draws (default 1)";

/// The exit code for bad arguments.
const USAGE_ERROR: u8 = 2;

fn usage() -> String {
    USAGE.replace("{variants}", &Variant::names(", "))
}

/// The parsed command line.
struct Options {
    command: String,
    game: String,
    files: Vec<String>,
    out: Option<String>,
    min_games: u32,
    max_plies: u32,
    games: u32,
    seed: u64,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        command: String::new(),
        game: String::new(),
        files: Vec::new(),
        out: None,
        min_games: 5,
        max_plies: 24,
        games: 100,
        seed: 1,
    };
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |flag: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{arg} takes a whole number, not {text:?}"))
        };
        let small = |n: u64| u32::try_from(n).map_err(|_| format!("{arg} {n}: too large"));
        match arg.as_str() {
            "--out" => options.out = Some(value(arg)?),
            "--min-games" => options.min_games = small(number(value(arg)?)?)?,
            "--max-plies" => options.max_plies = small(number(value(arg)?)?)?,
            "--games" => options.games = small(number(value(arg)?)?)?,
            "--seed" => options.seed = number(value(arg)?)?,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            _ => positional.push(arg.clone()),
        }
    }
    let mut positional = positional.into_iter();
    options.command = positional.next().ok_or("missing the command")?;
    options.game = positional.next().ok_or("missing the game")?;
    options.files = positional.collect();
    match (options.command.as_str(), options.files.len()) {
        ("build", 0) => Err("build needs at least one PDN file".to_owned()),
        ("show" | "plies", 1) | ("build", _) => Ok(options),
        ("show" | "plies", _) => Err(format!("{} needs one book file", options.command)),
        (other, _) => Err(format!("unknown command {other:?}")),
    }
}

/// Builds, shows or plays the book of `options` in game `G`.
fn run<G: Recorded>(options: &Options) -> Result<(), String> {
    match options.command.as_str() {
        "build" => build::<G>(options),
        "show" => show::<G>(options),
        _ => plies::<G>(options),
    }
}

fn build<G: Recorded>(options: &Options) -> Result<(), String> {
    let mut builder = BookBuilder::<G>::new(options.max_plies);
    let (mut read, mut unreadable, mut left_out) = (0u32, 0u32, 0u32);
    for file in &options.files {
        let source = File::open(file).map_err(|e| format!("{file}: {e}"))?;
        for game in PdnReader::from_reader(BufReader::new(source)) {
            read += 1;
            let replayed = match game
                .map_err(|e| e.to_string())
                .and_then(|game| pdn::replay::<G>(&game).map_err(|e| e.to_string()))
            {
                Ok(replayed) => replayed,
                Err(_) => {
                    unreadable += 1;
                    continue;
                }
            };
            let outcome = replayed.result().map(|result| result.outcome);
            if !builder.add_game(replayed.positions(), outcome) {
                left_out += 1;
            }
        }
    }
    let book = builder.build(options.min_games);
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| format!("{}.book", options.game));
    let bytes = book.to_bytes();
    std::fs::write(&out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    outln!(
        "{read} games read: {} in the book, {unreadable} that do not read or replay, {left_out} \
         without a result or from another start",
        builder.games()
    );
    outln!(
        "{out}: {} positions (reached in at least {} games, up to ply {}), {} bytes",
        book.len(),
        book.min_games(),
        book.max_plies(),
        bytes.len()
    );
    Ok(())
}

fn open<G: Recorded>(options: &Options) -> Result<OpeningBook<G>, String> {
    OpeningBook::<G>::open(&options.files[0]).map_err(|e| e.to_string())
}

fn show<G: Recorded>(options: &Options) -> Result<(), String> {
    let book = open::<G>(options)?;
    outln!(
        "{} positions from {} games (reached in at least {} games, up to ply {})",
        book.len(),
        book.games(),
        book.min_games(),
        book.max_plies()
    );
    let start = G::default();
    for candidate in book.moves(&start) {
        outln!(
            "{:>8}: {:>6} games, score {:.3}",
            start.record_move_text(candidate.mv),
            candidate.games,
            candidate.score()
        );
    }
    Ok(())
}

fn plies<G: Recorded>(options: &Options) -> Result<(), String> {
    let book = open::<G>(options)?;
    let mut lengths = Vec::new();
    for game in 0..u64::from(options.games) {
        let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(game);
        let mut sides = [SplitMix64::new(seed), SplitMix64::new(!seed)];
        let mut position = G::default();
        let mut plies = 0usize;
        while let Some(mv) = book.choose(&position, &mut sides[plies % 2]) {
            position.apply(mv).map_err(|e| e.to_string())?;
            plies += 1;
        }
        lengths.push(plies);
    }
    lengths.sort_unstable();
    let count = lengths.len().max(1);
    let mean = lengths.iter().sum::<usize>() as f64 / count as f64;
    outln!(
        "{} book games (seed {}): {mean:.2} plies in book on average, median {}, \
         min {}, max {}",
        lengths.len(),
        options.seed,
        lengths.get(count / 2).copied().unwrap_or(0),
        lengths.first().copied().unwrap_or(0),
        lengths.last().copied().unwrap_or(0)
    );
    Ok(())
}

/// [`run`] for a draughts variant.
struct RunVariant<'a>(&'a Options);

impl draughts::RulesVisitor for RunVariant<'_> {
    type Output = Result<(), String>;
    fn visit<R: draughts::Rules>(self) -> Result<(), String> {
        run::<Draughts<R>>(self.0)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let outcome = parse_args(&args).and_then(|options| {
        let variant: Variant = options.game.parse().map_err(|e| format!("{e}"))?;
        match variant {
            Variant::English => run::<Checkers>(&options),
            other => other.visit_rules(RunVariant(&options)),
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n\n{}", usage());
            ExitCode::from(USAGE_ERROR)
        }
    }
}
