//! How deep and how fast the alpha-beta engine searches: the depth it
//! completes, its nodes and nodes per second on a fixed set of positions
//! from real games, within a time or node limit per position.
//!
//! ```text
//! cargo run --release --example search_depth -- <international|checkers> [--time-ms T | --nodes N | --depth D]
//!     [--positions K] [--eval hand|learned] [--hub]
//! ```
//!
//! The positions (K, default 20) come from the game records in
//! `tests/data/games`: International from `wk2003.pdn` (the 2003 world
//! championship), checkers from `OCA_2.0-first500.pdn`; from the first
//! games in the file, the first position with more than one legal move
//! from ply 20 on, and from ply 40 on, of each (so 10 games give 20
//! positions), skipping games too short. Each
//! search starts with an empty transposition table, with the engine's
//! evaluation and a 16 MiB table (the `hub` example's default), on one
//! thread. The evaluation is the hand-set one (as when the figures in
//! docs/ were first measured); `--eval learned` searches with the
//! shipped learned one, which the engines judge with from level 3.
//!
//! Prints one line per position (its number, completed depth, nodes,
//! time, nodes per second) and a summary: the median and mean depth and
//! the nodes per second over all searches. With `--hub` it prints the
//! positions in Hub text instead (International: `W`/`B` then one of
//! `w b W B e` per square), one per line, for other engines' drivers.
//!
//! With `--nodes` or `--depth`, depth and node figures are the same on
//! every machine: the
//! measure of move ordering, reductions and pruning; with `--time-ms`,
//! speed counts too (and a shared machine's load).

use std::process::ExitCode;
use std::time::Duration;

use rulebook::checkers::{self, Checkers};
use rulebook::draughts::{self, hub_position, International, InternationalRules};
use rulebook::pdn::{replay, PdnReader, Recorded};
use rulebook::search::{AlphaBeta, Evaluator, Limits, Searcher};
use rulebook::Game;

const USAGE: &str = "\
usage: search_depth <international|checkers> [--time-ms T | --nodes N | --depth D] [--positions K]
    [--eval hand|learned] [--hub]";

/// The transposition table of every search: the `hub` example's default.
const TABLE_BYTES: usize = 16 << 20;
/// Positions are taken after these plies of each game.
const PLIES: [usize; 2] = [20, 40];
/// The time limit when none is given.
const DEFAULT_TIME: Duration = Duration::from_millis(200);

const INTERNATIONAL_GAMES: &str = include_str!("../tests/data/games/wk2003.pdn");
const CHECKERS_GAMES: &str = include_str!("../tests/data/games/OCA_2.0-first500.pdn");

struct Options {
    game: String,
    limits: Limits,
    positions: usize,
    /// Search with the hand-set evaluation rather than the shipped
    /// learned one.
    hand: bool,
    hub: bool,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let game = args.next().ok_or("say which game")?;
    let mut options = Options {
        game,
        limits: Limits::time(DEFAULT_TIME),
        positions: 20,
        hand: true,
        hub: false,
    };
    while let Some(arg) = args.next() {
        let mut number = || -> Result<u64, String> {
            let text = args.next().ok_or(format!("{arg} needs a value"))?;
            text.parse()
                .map_err(|_| format!("{arg} takes a number, not `{text}`"))
        };
        match arg.as_str() {
            "--time-ms" => options.limits = Limits::time(Duration::from_millis(number()?)),
            "--nodes" => options.limits = Limits::nodes(number()?),
            "--depth" => options.limits = Limits::depth(number()? as u32),
            "--positions" => options.positions = number()? as usize,
            "--hub" => options.hub = true,
            "--eval" => match args.next().as_deref() {
                Some("hand") => options.hand = true,
                Some("learned") => options.hand = false,
                other => return Err(format!("--eval takes hand or learned, not {other:?}")),
            },
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(options)
}

/// The positions after [`PLIES`] plies of the first games of `records`
/// that last that long, `count` in all.
fn positions<G: Recorded + Game>(records: &str, count: usize) -> Vec<G> {
    let mut found = Vec::new();
    for game in PdnReader::new(records).flatten() {
        let Ok(played) = replay::<G>(&game) else {
            continue;
        };
        for plies in PLIES {
            // From that ply on, the first position with a choice of moves
            // (a forced move is no measure of a search).
            let mut position = *played.start();
            for (ply, &mv) in played.history().iter().enumerate() {
                if ply >= plies && position.legal_moves().len() > 1 {
                    if found.len() < count {
                        found.push(position);
                    }
                    break;
                }
                position.apply_unchecked(mv);
            }
        }
        if found.len() >= count {
            break;
        }
    }
    found
}

/// Searches every position with a fresh table; prints a line each and the
/// summary.
fn measure<G: Game, E: Evaluator<G> + Clone>(positions: &[G], evaluator: E, limits: Limits) {
    let mut search = AlphaBeta::with_table_bytes(evaluator, TABLE_BYTES);
    let mut depths = Vec::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    println!("position depth nodes time_ms nps");
    for (index, position) in positions.iter().enumerate() {
        search.clear();
        let result = search.search(position.clone(), limits);
        println!(
            "{:>8} {:>5} {:>9} {:>7} {:>9}",
            index + 1,
            result.depth,
            result.nodes,
            result.elapsed.as_millis(),
            result.nodes_per_second()
        );
        depths.push(result.depth);
        nodes += result.nodes;
        time += result.elapsed;
    }
    depths.sort_unstable();
    let mean = depths.iter().map(|&d| f64::from(d)).sum::<f64>() / depths.len().max(1) as f64;
    let median = depths.get(depths.len() / 2).copied().unwrap_or(0);
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    println!(
        "summary: {} positions, depth median {median} mean {mean:.2}, {nodes} nodes in {:.2} s, {:.2} M nodes/s",
        depths.len(),
        time.as_secs_f64(),
        nps / 1e6
    );
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("search_depth: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match options.game.as_str() {
        "international" => {
            let positions = positions::<International>(INTERNATIONAL_GAMES, options.positions);
            if options.hub {
                for position in &positions {
                    println!("{}", hub_position(position));
                }
            } else if options.hand {
                let evaluation = draughts::Evaluation::<InternationalRules>::new();
                measure(&positions, evaluation, options.limits);
            } else {
                let evaluation = draughts::EngineEvaluation::<InternationalRules>::new();
                measure(&positions, evaluation, options.limits);
            }
        }
        "checkers" => {
            let positions = positions::<Checkers>(CHECKERS_GAMES, options.positions);
            if options.hub {
                eprintln!("search_depth: --hub is for International");
                return ExitCode::from(2);
            }
            if options.hand {
                measure(&positions, checkers::Evaluation::new(), options.limits);
            } else {
                measure(
                    &positions,
                    checkers::LearnedEvaluation::shipped(),
                    options.limits,
                );
            }
        }
        other => {
            eprintln!("search_depth: unknown game `{other}`\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
