//! Checks a PDN file of English checkers games: reads it game by game,
//! replays every game under the rules, and reports what it found.
//!
//! ```text
//! cargo run --release --example pdn_check -- [FILE]
//! ```
//!
//! Without FILE it reads standard input. The file is streamed
//! (`PdnReader::from_reader`): memory stays the same whatever its size.
//! Prints on stdout the number of games, how many read and replay, the
//! results and the number of moves, then the first errors of each kind.
//! Exit code 0 when every game reads and replays, 1 when some do not, 2
//! for bad arguments or a file that cannot be opened.
//!
//! The example only reads, counts and prints: reading and replaying are the
//! library's (`rulebook::checkers::pdn`).

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

use rulebook::checkers::pdn::{PdnReader, PdnResult};

const USAGE: &str = "\
usage: pdn_check [FILE]

Reads the PDN games of FILE (standard input without FILE), replays each
under the rules of English checkers, and reports the games that do not
read or replay. Exit code 0 when all do, 1 otherwise.";

/// The exit code for bad arguments or a file that cannot be opened.
const USAGE_ERROR: u8 = 2;

/// At most this many errors of each kind are printed.
const ERRORS_SHOWN: usize = 10;

/// What the check found.
#[derive(Default)]
struct Report {
    games: usize,
    replayed: usize,
    moves: usize,
    results: [usize; 4],
    read_errors: Vec<String>,
    read_error_count: usize,
    replay_errors: Vec<String>,
    replay_error_count: usize,
}

/// The results in the order they are reported.
const RESULTS: [PdnResult; 4] = [
    PdnResult::RedWins,
    PdnResult::WhiteWins,
    PdnResult::Draw,
    PdnResult::Undecided,
];

fn check(source: impl BufRead) -> Report {
    let mut report = Report::default();
    for game in PdnReader::from_reader(source) {
        report.games += 1;
        let game = match game {
            Ok(game) => game,
            Err(error) => {
                report.read_error_count += 1;
                if report.read_errors.len() < ERRORS_SHOWN {
                    report.read_errors.push(error.to_string());
                }
                continue;
            }
        };
        match game.replay() {
            Ok(replayed) => {
                report.replayed += 1;
                report.moves += replayed.history().len();
                let result = PdnResult::of_match(&replayed);
                if let Some(slot) = RESULTS.iter().position(|&r| r == result) {
                    report.results[slot] += 1;
                }
            }
            Err(error) => {
                report.replay_error_count += 1;
                if report.replay_errors.len() < ERRORS_SHOWN {
                    report.replay_errors.push(error.to_string());
                }
            }
        }
    }
    report
}

fn print(report: &Report) {
    outln!("games: {}", report.games);
    outln!("read errors: {}", report.read_error_count);
    outln!("replayed: {}", report.replayed);
    outln!("replay errors: {}", report.replay_error_count);
    let results: Vec<String> = RESULTS
        .iter()
        .zip(report.results)
        .map(|(result, count)| format!("{result} {count}"))
        .collect();
    outln!("results of the replayed games: {}", results.join(", "));
    outln!("moves in the replayed games: {}", report.moves);
    for (title, shown, total) in [
        ("read errors", &report.read_errors, report.read_error_count),
        (
            "replay errors",
            &report.replay_errors,
            report.replay_error_count,
        ),
    ] {
        if shown.is_empty() {
            continue;
        }
        outln!("\nfirst {} of {total} {title}:", shown.len());
        for error in shown {
            outln!("  {error}");
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let report = match args.as_slice() {
        [] => check(io::stdin().lock()),
        [path] => match File::open(path) {
            Ok(file) => check(BufReader::new(file)),
            Err(error) => {
                eprintln!("pdn_check: cannot open {path}: {error}");
                return ExitCode::from(USAGE_ERROR);
            }
        },
        _ => {
            eprintln!("pdn_check: at most one file\n\n{USAGE}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    print(&report);
    if report.read_error_count + report.replay_error_count == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
