//! Endgame databases from the command line: build them, probe them, check
//! them.
//!
//! ```text
//! cargo run --release --example endgame -- build GAME --pieces N [--dir DIR]
//! cargo run --release --example endgame -- probe GAME [--dir DIR]
//! cargo run --release --example endgame -- verify GAME [--dir DIR]
//! ```
//!
//! Games: every one of `rulebook::draughts::Variant`: `english` (English
//! checkers), `international`, `brazilian`, `russian`, `pool`, ...
//!
//! - `build` builds every database of GAME up to N pieces into DIR, one
//!   file per material, with a progress line on standard error. Files
//!   already there and valid are read, not built again, so an interrupted
//!   build goes on where it stopped. Prints one line per number of pieces
//!   (positions, bytes, seconds) on standard output.
//! - `probe` reads the databases of DIR, then one position per line on
//!   standard input (PDN FEN: `W:WK1,K2:BK32`) and prints one line per
//!   position: `win`, `loss` or `draw` for the side to move, then a move
//!   that keeps the value (none when the game is over), then for a win or
//!   a loss the plies to a conversion (a capture, a crowning or the end;
//!   when the distances files are there: `win 1-5 13`), or `unknown`
//!   when the position has more pieces than the databases; a line that is
//!   not a position prints `error: ...` (and the exit code is then 1).
//! - `verify` checks every database of DIR against its successors.
//!
//! Without `--dir`, DIR is `$RULEBOOK_ENDGAME_DIR`, else
//! `$XDG_CACHE_HOME/rulebook/endgame`, else `$HOME/.cache/rulebook/endgame`
//! (on Windows `%LOCALAPPDATA%\rulebook\endgame`):
//! `rulebook::endgame::default_dir`. A missing, truncated or corrupted database
//! is an error on standard error and exit code 1; bad arguments print the
//! usage and exit with code 2.
//!
//! The example only reads arguments and prints: the library builds, reads
//! and probes (`rulebook::endgame::Tablebase`).

#[path = "support/output.rs"]
mod output;
use output::outln;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use rulebook::draughts::{Draughts, Rules, RulesVisitor, Variant};
use rulebook::endgame::{default_dir, file, BuildProgress, Material, Tablebase};

const USAGE: &str = "usage: endgame build GAME --pieces N [--dir DIR]
       endgame probe GAME [--dir DIR]
       endgame verify GAME [--dir DIR]
DIR, when not given: $RULEBOOK_ENDGAME_DIR, else $XDG_CACHE_HOME/rulebook/endgame,
else $HOME/.cache/rulebook/endgame (on Windows %LOCALAPPDATA%\\rulebook\\endgame)";

/// The usage text: the commands, the default directory (where it is here),
/// the games' names.
fn usage() -> String {
    let here = match default_dir() {
        Ok(dir) => format!("here: {}", dir.display()),
        Err(error) => error.to_string(),
    };
    format!("{USAGE}\n  ({here})\ngames: {}", Variant::names(", "))
}

/// What the command line asks for.
struct Options {
    command: Command,
    game: Variant,
    pieces: Option<u32>,
    dir: PathBuf,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Command {
    Build,
    Probe,
    Verify,
}

/// [`run`] for the game named on the command line.
struct Run<'a>(&'a Options);

impl RulesVisitor for Run<'_> {
    type Output = Result<ExitCode, String>;
    fn visit<R: Rules>(self) -> Result<ExitCode, String> {
        run::<R>(self.0)
    }
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        outln!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let options = match parse_arguments(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("endgame: {message}\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let result = options.game.visit_rules(Run(&options));
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("endgame: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let command = match args.next().as_deref() {
        Some("build") => Command::Build,
        Some("probe") => Command::Probe,
        Some("verify") => Command::Verify,
        Some(other) => return Err(format!("unknown command `{other}`")),
        None => return Err("say what to do: build, probe or verify".to_owned()),
    };
    let game = match args.next() {
        Some(game) => Variant::from_name(&game).ok_or_else(|| format!("unknown game `{game}`"))?,
        None => return Err("say which game".to_owned()),
    };
    let mut pieces = None;
    let mut dir = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--pieces" => {
                let text = args.next().ok_or("--pieces needs a number")?;
                let n: u32 = text
                    .parse()
                    .map_err(|_| format!("--pieces needs a number, not `{text}`"))?;
                if n == 0 || n > rulebook::endgame::MAX_DATABASE_PIECES {
                    return Err(format!(
                        "--pieces must be between 1 and {}",
                        rulebook::endgame::MAX_DATABASE_PIECES
                    ));
                }
                pieces = Some(n);
            }
            "--dir" => dir = Some(PathBuf::from(args.next().ok_or("--dir needs a directory")?)),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if command == Command::Build && pieces.is_none() {
        return Err("build needs --pieces N".to_owned());
    }
    let dir = match dir {
        Some(dir) => dir,
        None => default_dir().map_err(|error| format!("{error} (with --dir DIR)"))?,
    };
    Ok(Options {
        command,
        game,
        pieces,
        dir,
    })
}

fn run<R: Rules>(options: &Options) -> Result<ExitCode, String> {
    match options.command {
        Command::Build => build::<R>(&options.dir, options.pieces.unwrap_or(1)),
        Command::Probe => probe::<R>(&options.dir),
        Command::Verify => verify::<R>(&options.dir, options.pieces),
    }
}

fn build<R: Rules>(dir: &Path, pieces: u32) -> Result<ExitCode, String> {
    let started = Instant::now();
    let mut by_pieces: Vec<(u64, f64)> = vec![(0, 0.0); pieces as usize + 1];
    let mut slice_started = Instant::now();
    let show = std::io::stderr().is_terminal();
    let tablebase = Tablebase::<R>::build(dir, pieces, |progress: &BuildProgress| {
        let seconds = slice_started.elapsed().as_secs_f64();
        slice_started = Instant::now();
        let n = progress.material.pieces() as usize;
        by_pieces[n].1 += seconds;
        let what = match progress.built {
            Some(report) => format!(
                "built: {} wins, {} losses, {} draws, longest {} plies",
                report.wins, report.losses, report.draws, report.longest
            ),
            None => "read from its file".to_owned(),
        };
        let line = format!(
            "{}: {} pieces, {} and its swap {}, {:.1}% ({}/{} positions)",
            R::NAME,
            n,
            progress.material,
            what,
            100.0 * progress.done as f64 / progress.total.max(1) as f64,
            progress.done,
            progress.total
        );
        if show {
            eprint!("\r\x1b[K{line}");
        } else {
            eprintln!("{line}");
        }
        let _ = std::io::stderr().flush();
    })
    .map_err(|error| error.to_string())?;
    if show {
        eprintln!();
    }
    for n in 1..=pieces {
        let bytes: u64 = Material::all_of::<R>(n)
            .into_iter()
            .filter_map(|material| {
                std::fs::metadata(file::database_path(dir, R::NAME, material)).ok()
            })
            .map(|metadata| metadata.len())
            .sum();
        by_pieces[n as usize].0 = bytes;
        let positions = Tablebase::<R>::positions(n);
        outln!(
            "{} pieces: {} positions, {} bytes ({:.2} bits per position), {:.1} s",
            n,
            positions,
            bytes,
            8.0 * bytes as f64 / positions.max(1) as f64,
            by_pieces[n as usize].1
        );
    }
    outln!(
        "{}: every database up to {} pieces in {} ({:.1} s)",
        R::NAME,
        tablebase.max_pieces(),
        dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn probe<R: Rules>(dir: &Path) -> Result<ExitCode, String> {
    let tablebase = Tablebase::<R>::open(dir).map_err(|error| error.to_string())?;
    let mut code = ExitCode::SUCCESS;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|error| format!("reading standard input: {error}"))?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match Draughts::<R>::from_fen(text) {
            Err(error) => {
                outln!("error: {error}");
                code = ExitCode::FAILURE;
            }
            Ok(position) => match tablebase.best_move(&position) {
                None => outln!("unknown"),
                Some(verdict) => {
                    let mut line = verdict.value.to_string();
                    if let Some(mv) = verdict.best_move {
                        line.push(' ');
                        line.push_str(&position.move_text(&mv));
                    }
                    if let Some(distance) = verdict.distance {
                        line.push_str(&format!(" {distance}"));
                    }
                    outln!("{line}");
                }
            },
        }
    }
    Ok(code)
}

fn verify<R: Rules>(dir: &Path, pieces: Option<u32>) -> Result<ExitCode, String> {
    let tablebase = match pieces {
        Some(pieces) => Tablebase::<R>::open_pieces(dir, pieces),
        None => Tablebase::<R>::open(dir),
    }
    .map_err(|error| error.to_string())?;
    let total: u64 = (1..=tablebase.max_pieces())
        .map(Tablebase::<R>::positions)
        .sum();
    let mut checked = 0;
    for n in 1..=tablebase.max_pieces() {
        for material in Material::all_of::<R>(n) {
            let started = Instant::now();
            let positions = tablebase
                .verify(material)
                .map_err(|error| error.to_string())?;
            checked += positions;
            eprintln!(
                "{}: {} pieces, {} verified: {} positions in {:.1} s, {:.1}% ({}/{} positions)",
                R::NAME,
                n,
                material,
                positions,
                started.elapsed().as_secs_f64(),
                100.0 * checked as f64 / total.max(1) as f64,
                checked,
                total
            );
        }
        eprintln!("{}: {} pieces verified", R::NAME, n);
    }
    outln!(
        "{}: {} positions agree with their successors",
        R::NAME,
        checked
    );
    Ok(ExitCode::SUCCESS)
}
