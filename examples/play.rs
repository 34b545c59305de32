//! Any game of the catalog at the console, by name: two players at one
//! keyboard or against the computer. Written once over
//! `rulebook::catalog::Described`, so a game registered in the catalog
//! plays here without code of its own (games with a console of their own,
//! such as `checkers`, `draughts`, `othello` and `connect4`, play here
//! too, more plainly).
//!
//! ```text
//! cargo run --example play -- <GAME> [--position TEXT] [--computer PLAYER|both] [--level N]
//! ```
//!
//! GAME is a name of `rulebook::catalog::GameSpec::NAMES` (`turkish`,
//! `othello`, `russian`, ...). Type a move in the game's notation (the
//! game's `Described::parse_move`: `d3-d4`, `b2xb8`), or a capture one hop
//! at a time (`b2 b6`, then `e6` when asked: the catalog's route so far,
//! `rulebook::catalog::RouteSoFar`). `moves` lists the legal moves, `undo`
//! takes back a move (against the computer, its reply too), `quit` ends.
//! End of input quits.
//!
//! - `--position TEXT`: start from this position, in the game's text
//!   (`Described::parse_position`: a FEN for draughts games).
//! - `--computer PLAYER` / `both`: the computer plays that side (a
//!   player's name, `white`, `black`, ...) or both.
//! - `--level N`: its strength (the game's `Described::levels`; the
//!   default is the game's `Described::default_level`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rulebook::catalog::{Described, GameSpec, GameVisitor, RouteEntry, RouteSoFar};
use rulebook::{Match, Outcome};

/// The exit code for a bad command line (the usual one for a usage error).
const USAGE_ERROR: u8 = 2;

const USAGE: &str = "usage: play <GAME> [--position TEXT] [--computer PLAYER|both] [--level N]";

const HELP: &str = "\
Commands:
  MOVE     play a move in the game's notation (a capture may be typed one hop at a time)
  moves    list the legal moves
  undo     take back the last move (against the computer: your move and its reply)
  quit     end the session
  help     this list";

/// The command line.
struct Options {
    spec: GameSpec,
    /// `--position`: the start, in the game's position text.
    position: Option<String>,
    /// `--computer`, as typed.
    computer: Option<String>,
    level: Option<u32>,
}

fn parse_arguments(args: &[String]) -> Result<Options, String> {
    let mut spec = None;
    let mut computer = None;
    let mut level = None;
    let mut position = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--computer" => {
                computer = Some(
                    rest.next()
                        .ok_or("--computer needs a player or both")?
                        .clone(),
                );
            }
            "--position" => {
                position = Some(rest.next().ok_or("--position needs a position")?.clone());
            }
            "--level" => {
                let text = rest.next().ok_or("--level needs a number")?;
                level = Some(
                    text.parse()
                        .map_err(|_| format!("--level takes a whole number, not {text:?}"))?,
                );
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            name if spec.is_none() => {
                spec = Some(name.parse::<GameSpec>().map_err(|e| e.to_string())?);
            }
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    Ok(Options {
        spec: spec.ok_or("name a game")?,
        position,
        computer,
        level,
    })
}

/// Plays the game of the spec on the console.
struct Session<'a, R, W> {
    options: &'a Options,
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> GameVisitor for Session<'_, R, W> {
    type Output = Result<(), String>;
    fn visit<G: Described>(self, start: G) -> Result<(), String> {
        play(start, self.options, self.input, self.output)
    }
}

/// The players the computer plays.
fn computer_players<G: Described>(options: &Options) -> Result<Vec<G::Player>, String> {
    match options.computer.as_deref() {
        None => Ok(Vec::new()),
        Some(text) if text.eq_ignore_ascii_case("both") => Ok(G::players().to_vec()),
        Some(text) => G::parse_player(text)
            .map(|player| vec![player])
            .map_err(|e| format!("--computer: {e}")),
    }
}

/// The game's words for `outcome`.
fn outcome_text<G: Described>(outcome: Outcome<G::Player>) -> String {
    match outcome {
        Outcome::Win(player) => format!("{} wins.", G::player_name(player)),
        Outcome::Draw => "Draw.".to_owned(),
    }
}

fn play<G: Described>(
    start: G,
    options: &Options,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), String> {
    let start = match &options.position {
        None => start,
        Some(text) => start
            .parse_position(text)
            .map_err(|e| format!("--position: {e}"))?,
    };
    let computer = computer_players::<G>(options)?;
    let level = options.level.unwrap_or_else(G::default_level);
    let mut engine = if computer.is_empty() {
        None
    } else {
        Some(start.engine(level).map_err(|e| format!("--level: {e}"))?)
    };
    let io_error = |e: io::Error| e.to_string();
    let mut game = Match::with_rules(start, G::draw_rules());
    let mut route = RouteSoFar::new();
    let title = game.position().spec().title();
    writeln!(output, "{title}. Type help for the commands.").map_err(io_error)?;
    loop {
        if let Some(result) = game.result() {
            writeln!(
                output,
                "\n{}\nGame over. {}",
                game.position(),
                outcome_text::<G>(result.outcome)
            )
            .map_err(io_error)?;
            return Ok(());
        }
        let position = game.position().clone();
        let player = position.to_move();
        let name = G::player_name(player);
        if let (Some(engine), true) = (engine.as_mut(), computer.contains(&player)) {
            let Some(mv) = engine.think(position.clone()).best_move else {
                return Err("the computer found no move".to_owned());
            };
            writeln!(output, "{name} plays {}", position.move_text(mv)).map_err(io_error)?;
            game.play(mv).map_err(|e| e.to_string())?;
            continue;
        }
        if route.is_empty() {
            writeln!(output, "\n{position}").map_err(io_error)?;
        }
        let prompt = if route.is_empty() {
            format!("{name} to move> ")
        } else {
            format!(
                "{name}, {} so far, next square> ",
                route.squares().join("-")
            )
        };
        write!(output, "{prompt}").map_err(io_error)?;
        output.flush().map_err(io_error)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io_error)? == 0 {
            return Ok(());
        }
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" => return Ok(()),
            "help" | "?" => writeln!(output, "{HELP}").map_err(io_error)?,
            "moves" => {
                let moves: Vec<String> = route
                    .moves(&position)
                    .into_iter()
                    .map(|mv| position.move_text(mv))
                    .collect();
                writeln!(output, "Legal moves: {}", moves.join(", ")).map_err(io_error)?;
            }
            "undo" => {
                route.clear();
                let mut undone = game.undo().is_ok();
                while undone && computer.contains(&game.position().to_move()) {
                    undone = game.undo().is_ok();
                }
                if !undone {
                    writeln!(output, "Nothing to undo.").map_err(io_error)?;
                }
            }
            _ => {
                if route.is_empty() {
                    if let Ok(mv) = position.parse_move(text) {
                        game.play(mv).map_err(|e| e.to_string())?;
                        continue;
                    }
                }
                let squares: Vec<String> = text
                    .split(|c: char| c == '-' || c == 'x' || c == 'X' || c.is_whitespace())
                    .filter(|square| !square.is_empty())
                    .map(str::to_owned)
                    .collect();
                match route.enter(&position, &squares) {
                    RouteEntry::Complete(mv) => game.play(mv).map_err(|e| e.to_string())?,
                    RouteEntry::InProgress => {}
                    RouteEntry::NoMove => {
                        let why = position.parse_move(text).err().map_or_else(
                            || "no legal move goes that way".to_owned(),
                            |e| e.to_string(),
                        );
                        writeln!(output, "{why}").map_err(io_error)?;
                    }
                }
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}\ngames: {}", GameSpec::NAMES.join(", "));
        return ExitCode::SUCCESS;
    }
    let outcome = parse_arguments(&args).and_then(|options| {
        let session = Session {
            options: &options,
            input: io::stdin().lock(),
            output: io::stdout().lock(),
        };
        options.spec.visit(session)
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!(
                "error: {message}\n{USAGE}\ngames: {}",
                GameSpec::NAMES.join(", ")
            );
            ExitCode::from(USAGE_ERROR)
        }
    }
}
