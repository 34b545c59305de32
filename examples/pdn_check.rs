//! Checks a PDN file of checkers or draughts games: reads it game by game,
//! replays every game under the rules of its variant, and reports what it
//! found.
//!
//! ```text
//! cargo run --release --example pdn_check -- [--variant NAME] [FILE]
//! ```
//!
//! Each game's `GameType` tag picks its variant; `--variant NAME`
//! (a name of `rulebook::draughts::Variant`: `english`, `international`,
//! `russian`, ..., or a `GameType` number) is the variant of the
//! games without one (default: English checkers, PDN's default). A game
//! whose tag names another variant than `--variant` is replayed as its tag
//! says, and a note says so. English games replay on `Checkers`
//! (`rulebook::checkers::pdn`), the others on the draughts engine
//! (`rulebook::draughts::pdn::replay_as`).
//!
//! Without FILE it reads standard input. The file is streamed
//! (`PdnReader::from_reader`): memory stays the same whatever its size.
//! Prints on stdout one line per game that does not read or replay
//! (naming the game, the move and the reason: an illegal move lists the
//! legal moves there), one `note:` line per game whose `Result` tag
//! disagrees with the result after its moves or whose `GameType`
//! contradicts `--variant`, as it goes; then the number of games, how many
//! read and replay, the results and the number of moves. Exit code 0 when
//! every game reads and replays, 1 when some do not, 2 for bad arguments
//! or a file that cannot be opened.
//!
//! The example only reads, counts and prints: reading and replaying are the
//! library's.

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

use rulebook::draughts::pdn::{replay_as, variant_of, Variant};
use rulebook::pdn::{PdnGame, PdnReader, PdnResult};

const USAGE: &str = "\
usage: pdn_check [--variant NAME] [FILE]

Reads the PDN games of FILE (standard input without FILE), replays each
under the rules of its variant (its GameType tag; --variant NAME for the
games without one, English checkers by default), and reports the games
that do not read or replay, one line each. Exit code 0 when all do, 1
otherwise.

NAME: a variant ({variants}) or a GameType number.";

/// The usage text, with the variants' names.
fn usage() -> String {
    USAGE.replace("{variants}", &Variant::names(", "))
}

/// The exit code for bad arguments or a file that cannot be opened.
const USAGE_ERROR: u8 = 2;

/// What the check counted.
#[derive(Default)]
struct Report {
    games: usize,
    replayed: usize,
    moves: usize,
    results: [usize; 4],
    read_errors: usize,
    replay_errors: usize,
}

/// The results in the order they are reported.
const RESULTS: [PdnResult; 4] = [
    PdnResult::FirstPlayerWins,
    PdnResult::SecondPlayerWins,
    PdnResult::Draw,
    PdnResult::Undecided,
];

/// A replayed game's move count and result, or why it does not replay.
fn replay(game: &PdnGame, default: Variant) -> Result<(usize, PdnResult), String> {
    match variant_of(game, default).map_err(|error| error.to_string())? {
        Variant::English => {
            let replayed = game.replay().map_err(|error| error.to_string())?;
            Ok((replayed.history().len(), PdnResult::of_match(&replayed)))
        }
        _ => {
            let replayed = replay_as(game, default).map_err(|error| error.to_string())?;
            Ok((replayed.move_count(), replayed.result()))
        }
    }
}

/// Reads and replays every game, printing a line for each failing game
/// and each note as it goes.
fn check(source: impl BufRead, default: Variant, chosen: bool) -> Report {
    let mut report = Report::default();
    for game in PdnReader::from_reader(source) {
        report.games += 1;
        let game = match game {
            Ok(game) => game,
            Err(error) => {
                report.read_errors += 1;
                outln!("read error: {error}");
                continue;
            }
        };
        if let Some((tag, written)) = game.result_disagreement() {
            outln!(
                "note: {}: the Result tag says {tag}, the moves end with {written}",
                game.id()
            );
        }
        if let (true, Some(tag)) = (chosen, game.game_type()) {
            if Variant::from_game_type(tag).is_some_and(|variant| variant != default) {
                outln!(
                    "note: {}: its GameType {tag} contradicts --variant {default}; replayed as its GameType says",
                    game.id()
                );
            }
        }
        match replay(&game, default) {
            Ok((moves, result)) => {
                report.replayed += 1;
                report.moves += moves;
                if let Some(slot) = RESULTS.iter().position(|&r| r == result) {
                    report.results[slot] += 1;
                }
            }
            Err(error) => {
                report.replay_errors += 1;
                outln!("replay error: {error}");
            }
        }
    }
    report
}

fn print(report: &Report) {
    outln!("games: {}", report.games);
    outln!("read errors: {}", report.read_errors);
    outln!("replayed: {}", report.replayed);
    outln!("replay errors: {}", report.replay_errors);
    let results: Vec<String> = RESULTS
        .iter()
        .zip(report.results)
        .map(|(result, count)| format!("{result} {count}"))
        .collect();
    outln!("results of the replayed games: {}", results.join(", "));
    outln!("moves in the replayed games: {}", report.moves);
}

/// The variant for games without a `GameType` tag, whether the caller
/// chose it, and the file, from the arguments.
fn parse_args(args: &[String]) -> Result<(Variant, bool, Option<&str>), String> {
    let mut variant = None;
    let mut file = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--variant" {
            let name = rest.next().ok_or("--variant needs a variant name")?;
            variant = Some(name.parse::<Variant>().map_err(|e| e.to_string())?);
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg}"));
        } else if file.replace(arg.as_str()).is_some() {
            return Err("at most one file".to_owned());
        }
    }
    Ok((variant.unwrap_or(Variant::English), variant.is_some(), file))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let (default, chosen, file) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("pdn_check: {error}\n\n{}", usage());
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let report = match file {
        None => check(io::stdin().lock(), default, chosen),
        Some(path) => match File::open(path) {
            Ok(file) => check(BufReader::new(file), default, chosen),
            Err(error) => {
                eprintln!("pdn_check: cannot open {path}: {error}");
                return ExitCode::from(USAGE_ERROR);
            }
        },
    };
    print(&report);
    if report.read_errors + report.replay_errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
