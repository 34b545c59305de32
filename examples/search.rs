//! Think about one position from the command line: the engine's progress
//! depth by depth, its move, and its speed in nodes per second.
//!
//! ```text
//! cargo run --release --example search -- <connect4|checkers>
//!     [--depth N] [--nodes N] [--time MS] [--fen F | --moves M]
//!     [--mcts SEED] [--table MB]
//! ```
//!
//! - `--depth N`, `--nodes N`, `--time MS`: the limits (any together; the
//!   first reached stops the search). Without any: `--time 1000`.
//! - `--fen F` / `--moves M`: the position, as the `perft` example reads
//!   them (PDN FEN or moves like `"11-15 23-19"` for checkers; the board
//!   text or column digits 1-7 like `4453` for Connect Four).
//! - `--mcts SEED`: Monte Carlo tree search with this seed instead of
//!   alpha-beta (`--nodes` then counts playouts).
//! - `--table MB`: the alpha-beta transposition table, in MiB (default 16).
//!
//! Prints one line per completed depth (alpha-beta) or per doubling of the
//! playouts (MCTS), then the move, score, nodes and nodes per second. Bad
//! arguments print the usage on stderr and exit with code 2.

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::process::ExitCode;
use std::time::Duration;

use rulebook::checkers::{self, Checkers};
use rulebook::connect4::{self, Connect4};
use rulebook::search::{AlphaBeta, Evaluator, Limits, Mcts, Progress, SearchResult, Searcher};
use rulebook::Game;

const USAGE: &str = "\
usage: search <connect4|checkers> [--depth N] [--nodes N] [--time MS]
              [--fen F | --moves M] [--mcts SEED] [--table MB]

  --depth N      deepest iteration (alpha-beta)
  --nodes N      most nodes (alpha-beta) or playouts (--mcts)
  --time MS      most time, in milliseconds (the default, 1000, when no limit is given)
  --fen F        the position: PDN FEN for checkers, the board text for Connect Four
  --moves M      the position after these moves: PDN moves for checkers (\"11-15 23-19\"),
                 column digits 1-7 for Connect Four (\"4453\")
  --mcts SEED    Monte Carlo tree search with this seed instead of alpha-beta
  --table MB     the transposition table in MiB (alpha-beta; default 16)";

/// The exit code for bad arguments.
const USAGE_ERROR: u8 = 2;
/// The time limit when none is given.
const DEFAULT_TIME: Duration = Duration::from_millis(1000);
/// The table size when none is given, in MiB.
const DEFAULT_TABLE_MIB: usize = 16;

/// The parsed command line.
struct Options {
    game: String,
    limits: Limits,
    fen: Option<String>,
    moves: Option<String>,
    mcts: Option<u64>,
    table_mib: usize,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        game: String::new(),
        limits: Limits::NONE,
        fen: None,
        moves: None,
        mcts: None,
        table_mib: DEFAULT_TABLE_MIB,
    };
    let mut rest = args.iter();
    let mut game = None;
    while let Some(arg) = rest.next() {
        let mut value = |flag: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let number = |flag: &str, text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
        };
        match arg.as_str() {
            "--depth" => {
                let depth = number(arg, value(arg)?)?;
                options.limits.depth = Some(u32::try_from(depth).unwrap_or(u32::MAX));
            }
            "--nodes" => options.limits.nodes = Some(number(arg, value(arg)?)?),
            "--time" => {
                options.limits.time = Some(Duration::from_millis(number(arg, value(arg)?)?));
            }
            "--fen" => options.fen = Some(value(arg)?),
            "--moves" => options.moves = Some(value(arg)?),
            "--mcts" => options.mcts = Some(number(arg, value(arg)?)?),
            "--table" => {
                options.table_mib = usize::try_from(number(arg, value(arg)?)?)
                    .map_err(|_| "--table is too large".to_owned())?;
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            name if game.is_none() => game = Some(name.to_owned()),
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    options.game = game.ok_or("which game? connect4 or checkers")?;
    if options.fen.is_some() && options.moves.is_some() {
        return Err("give at most one of --fen and --moves".into());
    }
    if options.limits == Limits::NONE {
        options.limits.time = Some(DEFAULT_TIME);
    }
    Ok(options)
}

/// The checkers position of the options.
fn checkers_position(options: &Options) -> Result<Checkers, String> {
    if let Some(fen) = &options.fen {
        return Checkers::from_fen(fen).map_err(|e| format!("--fen: {e}"));
    }
    let mut game = Checkers::default();
    for text in options
        .moves
        .iter()
        .flat_map(|moves| moves.split([' ', ',']))
    {
        if text.is_empty() {
            continue;
        }
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("--moves: {text}: {e}"))?;
        game.apply(mv)
            .map_err(|e| format!("--moves: {text}: {e}"))?;
    }
    Ok(game)
}

/// The Connect Four position of the options.
fn connect4_position(options: &Options) -> Result<Connect4, String> {
    match (&options.fen, &options.moves) {
        (Some(text), _) => Connect4::parse_text(text).map_err(|e| format!("--fen: {e}")),
        (None, Some(moves)) => Connect4::from_moves(moves).map_err(|e| format!("--moves: {e}")),
        (None, None) => Ok(Connect4::default()),
    }
}

/// Searches `position` as the options say and prints what happens.
fn think<G: Game>(position: G, evaluator: impl Evaluator<G>, options: &Options) {
    let show = |progress: &Progress<'_, G::Move>| outln!("{progress}");
    let result: SearchResult<G::Move> = match options.mcts {
        Some(seed) => Mcts::new(seed).search_with_progress(position, options.limits, show),
        None => AlphaBeta::with_table_bytes(evaluator, options.table_mib << 20)
            .search_with_progress(position, options.limits, show),
    };
    match result.best_move {
        Some(mv) => outln!("best move: {mv}"),
        None => outln!("the game is over"),
    }
    outln!("score: {}", result.score);
    outln!("depth: {}", result.depth);
    outln!("nodes: {}", result.nodes);
    outln!("time: {:.3} s", result.elapsed.as_secs_f64());
    outln!("nodes/s: {}", result.nodes_per_second());
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let outcome = parse_args(&args).and_then(|options| match options.game.as_str() {
        "checkers" => checkers_position(&options)
            .map(|position| think(position, checkers::Evaluation::new(), &options)),
        "connect4" => connect4_position(&options)
            .map(|position| think(position, connect4::Evaluation::new(), &options)),
        other => Err(format!("unknown game {other:?}: use connect4 or checkers")),
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}
