//! Perft from the command line: counts the move sequences of a given depth
//! and reports the speed, for checking a move generator against another
//! engine and for measuring it.
//!
//! ```text
//! cargo run --release --example perft -- <connect4|checkers|connectx|othello> <depth>
//!     [--fen F | --moves M] [--threads N] [--divide] [--plain]
//!     [--rows R] [--columns C] [--in-a-row K]
//! cargo run --release --example perft -- <draughts variant> <depth>
//!     [--fen F | --moves M] [--threads N] [--divide] [--plain] [--routes | --distinct]
//! ```
//!
//! Draughts variants: every one of `rulebook::catalog::Variant`
//! (`international`, `brazilian`, `russian`, `pool`, ...). Every other
//! game of the catalog (`rulebook::catalog::GameSpec`, e.g. `turkish`) is
//! counted too, on one thread, its `--fen` and `--moves` read as its
//! `Described` implementation reads positions and moves (for Turkish
//! draughts, its FEN `W:Wa2,...:B...` and moves `d3-d4`).
//!
//! - `--rows R`, `--columns C`, `--in-a-row K` (connectx only): the board
//!   size and the winning line, each defaulting to Connect Four's (6, 7,
//!   4). ConnectX `--fen` texts carry their own size (`4x5x3:...`);
//!   ConnectX `--moves` are 0-based column numbers separated by spaces or
//!   commas (`"3 3 4 2"`), as `--divide` prints them.
//! - `--fen F`: start from a position text: a PDN FEN for checkers
//!   (`B:W21-32:B1-12`), the compact board text for Connect Four
//!   (`......./......./......./......./......./...X...`, rows top first),
//!   the 64-square board text and side to move for Othello
//!   (`---------------------------OX------XO--------------------------- X`).
//! - `--moves M`: start from the moves `M` played from the start position:
//!   1-indexed column digits for Connect Four (`4453`), PDN moves separated
//!   by spaces or commas for checkers (`"11-15 23-19"`), squares and `pass`
//!   for Othello, separated or not (`"f5 d6 c3"`, `f5d6c3`).
//! - `--threads N`: count on N threads (default 1; 0 = every core).
//! - `--divide`: print the count under each root move, in the game's move
//!   notation (Connect Four columns print 0-6, as `Column` displays them).
//! - `--plain`: count with `rulebook::perft_plain`, through `legal_moves`
//!   and `apply_unchecked` only (as a search walks the game), on one
//!   thread: the speed of the path every search takes, not of the game's
//!   own fast perft.
//! - `--end-passes` (othello): count in the convention of Aart Bik's
//!   published table, where a finished game keeps passing
//!   (`Othello::perft_with_end_passes`, one thread); without it, by the
//!   rules of the game (a finished game has no move), as `Game::perft` and
//!   Edax's `perft`.
//! - `--routes` / `--distinct` (draughts): count capture routes that take
//!   the same pieces to the same square each (`--routes`, the "keep"
//!   tables, `Draughts::perft_every_route`) or once (`--distinct`, the
//!   "drop" tables, `Draughts::perft_distinct`). Without either, as
//!   `Game::perft` counts the moves `legal_moves` lists: once in every
//!   variant but English, every route in English.
//!
//! Prints the count, the time and the leaves per second on stdout; while it
//! counts, prints each root move as its count completes on stderr. Bad
//! arguments print the usage on stderr and exit with code 2; `--help`
//! prints it on stdout.
//!
//! The example only reads arguments and prints: the library counts
//! (`rulebook::perft_parallel_divide`, or `rulebook::perft_plain`).

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rulebook::catalog::{Described, GameSpec, GameVisitor, Variant};
use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::connectx::{ConnectX, Parameters};
use rulebook::draughts::{DistinctRoutes, Draughts, EveryRoute, Rules, RulesVisitor};
use rulebook::othello::Othello;
use rulebook::{perft, perft_parallel_divide, perft_plain, Game};

#[path = "support/connectx_flags.rs"]
mod connectx_flags;
use connectx_flags::{take_connectx_flags, CONNECTX_FLAGS_USAGE};

const USAGE: &str = "\
usage: perft <connect4|checkers|connectx|othello> <depth> [--fen F | --moves M] [--threads N] [--divide]
             [--plain] [--rows R] [--columns C] [--in-a-row K]

  <depth>        plies to count (0 or more)
  --fen F        start from a position: PDN FEN for checkers, the board text for Connect Four
                 and Othello (64 squares X/O/-, a1 to h8, then the side to move X or O)
  --moves M      start from these moves: column digits 1-7 for Connect Four (\"4453\"),
                 PDN moves for checkers (\"11-15 23-19\"), squares for Othello (\"f5 d6\")
  --threads N    threads to count on (default 1; 0 = every core)
  --divide       print the count under each root move
  --plain        count through legal_moves and apply_unchecked only, as a search walks
                 (one thread, no --divide)
  --routes       draughts: count every capture route (the default in english)
  --distinct     draughts: count routes taking the same pieces to the same square once
                 (the default in the other variants)
  --end-passes   othello: count as Aart Bik's published table, where a finished game keeps
                 passing (one thread)

Draughts variants: {variants}.
Other games of the catalog ({others}): one thread; --fen and --moves in the game's own notation.

ConnectX (connectx) takes --fen texts with their size (\"4x5x3:...\"), --moves as columns
from 0 (\"3 3 4 2\"), and its size as:";

/// The exit code for bad arguments (the usual one for a usage error).
const USAGE_ERROR: u8 = 2;

/// Threads when `--threads` is not given: one, so that figures compare
/// with single-threaded engines.
const DEFAULT_THREADS: usize = 1;

/// The games the example knows.
#[derive(Clone, Copy, Debug)]
enum GameName {
    Connect4,
    Checkers,
    ConnectX,
    Othello,
    /// A draughts variant.
    Draughts(Variant),
    /// Any other game of the catalog, through its `Described` texts.
    Catalog(GameSpec),
}

/// The usage text, with the draughts variants' names.
fn usage() -> String {
    USAGE
        .replace("{variants}", &variant_names())
        .replace("{others}", &other_names())
}

/// The games of the catalog this example counts only through the
/// catalog, for messages.
fn other_names() -> String {
    GameSpec::ALL
        .into_iter()
        .filter(|spec| !KNOWN.contains(&spec.name()) && !matches!(spec, GameSpec::Draughts(_)))
        .map(|spec| spec.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The games with their own start readers here.
const KNOWN: [&str; 4] = ["connect4", "checkers", "connectx", "othello"];

/// The draughts variants' names, for messages.
fn variant_names() -> String {
    Variant::ALL.map(Variant::name).join(", ")
}

/// Where the count starts.
#[derive(Clone, Debug)]
enum Start {
    Initial,
    Fen(String),
    Moves(String),
}

/// The parsed command line.
#[derive(Clone, Debug)]
struct Options {
    game: GameName,
    depth: u32,
    start: Start,
    threads: usize,
    divide: bool,
    plain: bool,
    /// `--routes` or `--distinct` (draughts): the convention asked for,
    /// or `None` for the variant's own.
    convention: Option<Convention>,
    /// `--end-passes`: Bik's convention (othello).
    end_passes: bool,
}

/// Reads the command line (without the program name). The error says what
/// was wrong, in a sentence.
fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut positional = Vec::new();
    let mut start = Start::Initial;
    let mut threads = DEFAULT_THREADS;
    let mut divide = false;
    let mut plain = false;
    let mut end_passes = false;
    let mut convention: Option<&str> = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value_of = |flag: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match arg.as_str() {
            "--fen" | "--moves" => {
                if !matches!(start, Start::Initial) {
                    return Err("give at most one of --fen and --moves".into());
                }
                let value = value_of(arg)?;
                start = if arg == "--fen" {
                    Start::Fen(value)
                } else {
                    Start::Moves(value)
                };
            }
            "--threads" => {
                let value = value_of(arg)?;
                threads = value.parse().map_err(|_| {
                    format!("--threads takes a whole number of threads, not {value:?}")
                })?;
            }
            "--divide" => divide = true,
            "--plain" => plain = true,
            "--end-passes" => end_passes = true,
            "--routes" | "--distinct" => {
                if convention.is_some_and(|given| given != arg) {
                    return Err("give at most one of --routes and --distinct".into());
                }
                convention = Some(arg.as_str());
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            _ => positional.push(arg.as_str()),
        }
    }
    let [game, depth] = positional[..] else {
        return Err(format!(
            "expected a game and a depth, got {} argument(s)",
            positional.len()
        ));
    };
    let game = match game {
        "connect4" => GameName::Connect4,
        "checkers" => GameName::Checkers,
        "connectx" => GameName::ConnectX,
        "othello" => GameName::Othello,
        other => match (Variant::from_name(other), GameSpec::from_name(other)) {
            (Some(variant), _) => GameName::Draughts(variant),
            (None, Ok(spec)) => GameName::Catalog(spec),
            (None, Err(_)) => {
                return Err(format!(
                    "unknown game {other:?}: use {}",
                    GameSpec::NAMES.join(", ")
                ))
            }
        },
    };
    let convention = convention.map(|flag| {
        if flag == "--distinct" {
            Convention::Distinct
        } else {
            Convention::Routes
        }
    });
    if convention.is_some() && !matches!(game, GameName::Draughts(_)) {
        return Err("--routes and --distinct are for the draughts variants".into());
    }
    if end_passes && !matches!(game, GameName::Othello) {
        return Err("--end-passes is for othello".into());
    }
    if end_passes && (plain || divide || threads != 1) {
        return Err(
            "--end-passes counts on one thread: leave out --plain, --divide and --threads".into(),
        );
    }
    if matches!(game, GameName::Catalog(_)) && threads != 1 {
        return Err(format!(
            "{} counts on one thread: leave out --threads",
            game_name(game)
        ));
    }
    let depth = depth
        .parse()
        .map_err(|_| format!("the depth must be a whole number of plies, not {depth:?}"))?;
    if plain && (divide || threads != 1) {
        return Err("--plain counts on one thread: leave out --divide and --threads".into());
    }
    Ok(Options {
        game,
        depth,
        start,
        threads,
        divide,
        plain,
        convention,
        end_passes,
    })
}

fn connect4_start(start: &Start) -> Result<Connect4, String> {
    match start {
        Start::Initial => Ok(Connect4::default()),
        Start::Fen(text) => Connect4::parse_text(text).map_err(|e| format!("--fen: {e}")),
        Start::Moves(moves) => Connect4::from_moves(moves).map_err(|e| format!("--moves: {e}")),
    }
}

fn checkers_start(start: &Start) -> Result<Checkers, String> {
    match start {
        Start::Initial => Ok(Checkers::default()),
        Start::Fen(fen) => Checkers::from_fen(fen).map_err(|e| format!("--fen: {e}")),
        Start::Moves(moves) => {
            let mut game = Checkers::default();
            for text in moves.split([' ', ',']).filter(|text| !text.is_empty()) {
                let mv = game
                    .parse_move(text)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
                game.apply(mv)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
            }
            Ok(game)
        }
    }
}

fn othello_start(start: &Start) -> Result<Othello, String> {
    match start {
        Start::Initial => Ok(Othello::default()),
        Start::Fen(text) => Othello::parse_text(text).map_err(|e| format!("--fen: {e}")),
        Start::Moves(moves) => {
            let mut game = Othello::default();
            for text in othello_move_texts(moves) {
                let mv = game.parse_move(text).map_err(|e| format!("--moves: {e}"))?;
                game.apply(mv)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
            }
            Ok(game)
        }
    }
}

/// The moves of an Othello transcript: separated by spaces or commas, or
/// written together (`f5d6c3`, two characters a square; `pass` whole).
fn othello_move_texts(moves: &str) -> Vec<&str> {
    let mut texts = Vec::new();
    for mut token in moves.split([' ', ',']).filter(|text| !text.is_empty()) {
        while !token.is_empty() {
            let length = if token.to_ascii_lowercase().starts_with("pass") {
                4
            } else {
                token
                    .char_indices()
                    .nth(2)
                    .map_or(token.len(), |(at, _)| at)
            };
            let (first, rest) = token.split_at(length);
            texts.push(first);
            token = rest;
        }
    }
    texts
}

fn connectx_start(start: &Start, parameters: Option<Parameters>) -> Result<ConnectX, String> {
    match start {
        Start::Fen(_) if parameters.is_some() => {
            Err("a connectx --fen text carries its own size: leave out --rows, --columns and --in-a-row".into())
        }
        Start::Fen(text) => ConnectX::parse_text(text).map_err(|e| format!("--fen: {e}")),
        Start::Initial | Start::Moves(_) => {
            let mut game = ConnectX::new(parameters.unwrap_or_default());
            if let Start::Moves(moves) = start {
                for text in moves.split([' ', ',']).filter(|text| !text.is_empty()) {
                    let column = game
                        .parameters()
                        .parse_column(text)
                        .map_err(|e| format!("--moves: {e}"))?;
                    game.apply(column)
                        .map_err(|e| format!("--moves: {text}: {e}"))?;
                }
            }
            Ok(game)
        }
    }
}

fn draughts_start<R: Rules>(start: &Start) -> Result<Draughts<R>, String> {
    match start {
        Start::Initial => Ok(Draughts::default()),
        Start::Fen(fen) => Draughts::from_fen(fen).map_err(|e| format!("--fen: {e}")),
        Start::Moves(moves) => {
            let mut game = Draughts::default();
            for text in moves.split([' ', ',']).filter(|text| !text.is_empty()) {
                let mv = game
                    .parse_move(text)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
                game.apply(mv)
                    .map_err(|e| format!("--moves: {text}: {e}"))?;
            }
            Ok(game)
        }
    }
}

/// How draughts captures that take the same pieces to the same square by
/// different routes are counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Convention {
    /// Each route (`--routes`).
    Routes,
    /// Once (`--distinct`).
    Distinct,
}

/// [`run_draughts`] for the variant named on the command line.
struct RunDraughts<'a>(&'a Options);

impl RulesVisitor for RunDraughts<'_> {
    type Output = Result<(), String>;
    fn visit<R: Rules>(self) -> Result<(), String> {
        run_draughts::<R>(self.0)
    }
}

/// Counts a draughts variant in the convention `options` asks for.
fn run_draughts<R: Rules>(options: &Options) -> Result<(), String> {
    let game = draughts_start::<R>(&options.start)?;
    match options.convention {
        Some(Convention::Distinct) => run(&DistinctRoutes(game), options),
        Some(Convention::Routes) => run(&EveryRoute(game), options),
        None => run(&game, options),
    }
    Ok(())
}

/// The name of `game` as the command line gives it.
fn game_name(game: GameName) -> &'static str {
    match game {
        GameName::Connect4 => "connect4",
        GameName::Checkers => "checkers",
        GameName::ConnectX => "connectx",
        GameName::Othello => "othello",
        GameName::Draughts(variant) => variant.name(),
        GameName::Catalog(spec) => spec.name(),
    }
}

/// Counts a game of the catalog from its start, the `--fen` position or
/// the `--moves` played, on one thread (the catalog's visitor does not
/// promise `Send` moves).
struct RunDescribed<'a>(&'a Options);

impl GameVisitor for RunDescribed<'_> {
    type Output = Result<(), String>;
    fn visit<G: Described>(self, start: G) -> Result<(), String> {
        let game = match &self.0.start {
            Start::Initial => start,
            Start::Fen(text) => start
                .parse_position(text)
                .map_err(|e| format!("--fen: {e}"))?,
            Start::Moves(moves) => {
                let mut game = start;
                for text in moves.split([' ', ',']).filter(|text| !text.is_empty()) {
                    let mv = game
                        .parse_move(text)
                        .map_err(|e| format!("--moves: {text}: {e}"))?;
                    game.apply(mv)
                        .map_err(|e| format!("--moves: {text}: {e}"))?;
                }
                game
            }
        };
        run_one_thread(&game, self.0);
        Ok(())
    }
}

/// Counts and prints on one thread: [`run`] for games whose moves need
/// not be `Send`.
fn run_one_thread<G: Game>(game: &G, options: &Options) {
    let started = Instant::now();
    if options.plain {
        let total = perft_plain(game, options.depth);
        print_total(options.depth, total, started.elapsed());
        return;
    }
    let Some(below) = options.depth.checked_sub(1) else {
        print_total(0, perft(game, 0), started.elapsed());
        return;
    };
    let mut divided = Vec::new();
    for mv in game.legal_moves() {
        let mut next = game.clone();
        next.apply_unchecked(mv);
        let count = perft(&next, below);
        eprintln!("{mv}: {count} ({:.2} s)", started.elapsed().as_secs_f64());
        divided.push((mv, count));
    }
    let total = divided.iter().map(|&(_, count)| count).sum();
    let elapsed = started.elapsed();
    if options.divide {
        for (mv, count) in &divided {
            outln!("{mv}: {count}");
        }
        outln!();
    }
    print_total(options.depth, total, elapsed);
}

/// Leaves per second, with an SI prefix (`153.2 M`).
fn per_second(leaves: u64, elapsed: Duration) -> String {
    let rate = leaves as f64 / elapsed.as_secs_f64().max(f64::MIN_POSITIVE);
    let (scaled, prefix) = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        .into_iter()
        .find(|&(scale, _)| rate >= scale)
        .map_or((rate, ""), |(scale, prefix)| (rate / scale, prefix));
    format!("{scaled:.1} {prefix}").trim_end().to_owned()
}

/// Counts and prints. Progress goes to stderr, results to stdout.
fn run<G>(game: &G, options: &Options)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    if options.plain {
        let started = Instant::now();
        let total = perft_plain(game, options.depth);
        print_total(options.depth, total, started.elapsed());
        return;
    }
    let root_moves = game.legal_moves().len();
    let started = Instant::now();
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let divided = perft_parallel_divide(game, options.depth, options.threads, |mv, count| {
        let done = finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        eprintln!(
            "[{done}/{root_moves}] {mv}: {count} ({:.2} s)",
            started.elapsed().as_secs_f64()
        );
    });
    // No root moves (depth 0, or a finished game): perft itself says 1 or 0.
    let total = if divided.is_empty() {
        perft(game, options.depth)
    } else {
        divided.iter().map(|&(_, count)| count).sum()
    };
    let elapsed = started.elapsed();

    if options.divide {
        for (mv, count) in &divided {
            outln!("{mv}: {count}");
        }
        outln!();
    }
    print_total(options.depth, total, elapsed);
}

/// Prints the count, the time and the leaves per second.
fn print_total(depth: u32, total: u64, elapsed: Duration) {
    outln!("perft({depth}) = {total}");
    outln!("time: {:.3} s", elapsed.as_secs_f64());
    outln!("leaves/s: {}", per_second(total, elapsed));
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{}\n{CONNECTX_FLAGS_USAGE}", usage());
        return ExitCode::SUCCESS;
    }
    let outcome = take_connectx_flags(&args).and_then(|(size, args)| {
        let options = parse_args(&args)?;
        match options.game {
            GameName::ConnectX => {
                connectx_start(&options.start, size).map(|game| run(&game, &options))
            }
            _ if size.is_some() => Err("--rows, --columns and --in-a-row are for connectx".into()),
            GameName::Connect4 => connect4_start(&options.start).map(|game| run(&game, &options)),
            GameName::Checkers => checkers_start(&options.start).map(|game| run(&game, &options)),
            GameName::Othello if options.end_passes => othello_start(&options.start).map(|game| {
                let started = Instant::now();
                let total = game.perft_with_end_passes(options.depth);
                print_total(options.depth, total, started.elapsed());
            }),
            GameName::Othello => othello_start(&options.start).map(|game| run(&game, &options)),
            GameName::Draughts(variant) => variant.rules().visit_rules(RunDraughts(&options)),
            GameName::Catalog(spec) => spec.visit(RunDescribed(&options)),
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n\n{}\n{CONNECTX_FLAGS_USAGE}", usage());
            ExitCode::from(USAGE_ERROR)
        }
    }
}
