//! Draughts for two players at one keyboard, in any variant of the crate:
//! a thin console over `rulebook::draughts`, with the checkers example's
//! commands.
//!
//! ```text
//! cargo run --example draughts -- --variant international [--save FILE]
//!     [--computer white|black|both] [--level N]
//! ```
//!
//! Variants: `international` (10x10), `brazilian`, `russian`, `pool`,
//! `italian`, `spanish`, `czech`. Type a move in the variant's notation
//! (`32-28`, `c3-d4`); a capture one hop at a time (`28x19`, then `19x10`
//! when asked) or all at once (`28x19x10`, or `28x10` when that names one
//! capture). A capture the rules refuse (a shorter one under the majority
//! rule, a man's when a king must capture) is explained. `help` lists the
//! commands; `--save FILE` writes every finished game as PDN.
//!
//! - `--computer white` / `black` / `both`: the computer
//!   (`rulebook::draughts::engine`) plays that side, or a whole game by
//!   itself, announcing its moves with what it thought (search depth and
//!   score: 100 is a man ahead). It answers a draw offer by its own
//!   judgement and may offer one itself.
//! - `--level N`: its strength, 1 (weakest) to
//!   `rulebook::draughts::MAX_LEVEL`; the default,
//!   `rulebook::draughts::DEFAULT_LEVEL`, answers within about a second.
//! - With `--computer` or `--level`, `hint` asks the computer for a move.
//!
//! Everything the rules decide comes from the library: the legal moves,
//! hop-by-hop entry ([`Draughts::enter_move`]), the match with its draw
//! offers, resignations and the variant's draw rules ([`Match`]).

#[path = "support/computer.rs"]
mod computer;
#[path = "support/console.rs"]
mod console;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use computer::{answer_draw, thinking};
use console::{ask_yes_no, capitalized, list, quoted, Command, Console};

/// A library error as a sentence: capitalized, unless it starts with a
/// move or square (`d4xf6 is refused`), which keeps its notation.
fn sentence(text: &str) -> String {
    let first_word = text.split_whitespace().next().unwrap_or_default();
    if first_word.contains(|c: char| c.is_ascii_digit()) {
        text.to_owned()
    } else {
        capitalized(text)
    }
}
use rulebook::draughts::{self, pdn, Color, Draughts, Ending, Entry, Move, PartialCapture, Rules};
use rulebook::{EndReason, Game, Match, MatchResult, Outcome};

const USAGE: &str = "usage: draughts --variant <international|brazilian|russian|pool|italian|spanish|czech> [--save FILE] [--computer white|black|both] [--level N]";

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Draughts for two players at one keyboard, in any variant of the crate.
  --variant NAME   international (10x10), brazilian, russian, pool, italian,
                   spanish or czech
  --save FILE      write every finished game of the session to FILE as PDN
  --computer SIDE  the computer plays white, black or both
  --level N        the computer's strength, 1 (weakest) and up
Type help during a game for the commands (with the computer: hint).";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_arguments(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("draughts: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut console = Console {
        echo: !stdin.is_terminal(),
        input: stdin.lock(),
        output: io::stdout().lock(),
    };
    let outcome = match options.variant.as_str() {
        "international" => run::<draughts::InternationalRules>(&mut console, options),
        "brazilian" => run::<draughts::BrazilianRules>(&mut console, options),
        "russian" => run::<draughts::RussianRules>(&mut console, options),
        "pool" => run::<draughts::PoolRules>(&mut console, options),
        "italian" => run::<draughts::ItalianRules>(&mut console, options),
        "spanish" => run::<draughts::SpanishRules>(&mut console, options),
        _ => run::<draughts::CzechRules>(&mut console, options),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("draughts: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The variants, by name.
const VARIANTS: [&str; 7] = [
    "international",
    "brazilian",
    "russian",
    "pool",
    "italian",
    "spanish",
    "czech",
];

/// What the command line asks for.
struct Options {
    variant: String,
    save: Option<PathBuf>,
    /// The sides the computer plays (none for two humans).
    computer: Vec<Color>,
    /// The computer's level, if `--level` was given.
    level: Option<u32>,
}

/// Reads `--variant NAME` (required), `--save FILE`, `--computer SIDE`
/// and `--level N`.
fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut variant = None;
    let mut save = None;
    let mut computer = Vec::new();
    let mut level = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--variant" => match args.next() {
                Some(name) if VARIANTS.contains(&name.as_str()) => variant = Some(name),
                Some(name) => {
                    return Err(format!(
                        "unknown variant `{}`: use {}",
                        quoted(&name),
                        VARIANTS.join(", ")
                    ))
                }
                None => return Err("--variant needs a name".to_owned()),
            },
            "--save" => match args.next() {
                Some(file) => save = Some(PathBuf::from(file)),
                None => return Err("--save needs a file name".to_owned()),
            },
            "--computer" => {
                let side = args.next().ok_or("--computer needs white, black or both")?;
                computer = match side.to_ascii_lowercase().as_str() {
                    "white" => vec![Color::White],
                    "black" => vec![Color::Black],
                    "both" => vec![Color::White, Color::Black],
                    _ => {
                        return Err(format!(
                            "--computer takes white, black or both, not `{}`",
                            quoted(&side)
                        ))
                    }
                };
            }
            "--level" => {
                let text = args.next().ok_or("--level needs a number")?;
                let number = text.parse().map_err(|_| {
                    format!(
                        "--level takes a number from 1 to {}, not `{}`",
                        draughts::MAX_LEVEL,
                        quoted(&text)
                    )
                })?;
                draughts::level_limits(number).map_err(|error| error.to_string())?;
                level = Some(number);
            }
            other => return Err(format!("unknown argument `{}`", quoted(other))),
        }
    }
    let variant = variant.ok_or_else(|| "say which variant: --variant NAME".to_owned())?;
    Ok(Options {
        variant,
        save,
        computer,
        level,
    })
}

/// The computer players of a session.
type Computer<R> = computer::Computer<Draughts<R>>;

/// The computer of `options`, if it asks for one.
fn computer_of<R: Rules>(options: &Options) -> Option<Computer<R>> {
    if options.computer.is_empty() && options.level.is_none() {
        return None;
    }
    let level = options.level.unwrap_or(draughts::DEFAULT_LEVEL);
    // The level was checked when the arguments were read.
    Computer::new(level, &options.computer, |level| {
        draughts::engine::<R>(level).map_err(|error| error.to_string())
    })
    .ok()
}

/// An example move of the variant, for prompts.
fn example_move<R: Rules>() -> String {
    Draughts::<R>::default()
        .legal_moves()
        .first()
        .map_or_else(String::new, ToString::to_string)
}

/// Moves start with a square: a number, or a file letter in algebraic
/// variants.
fn looks_like_move(text: &str) -> bool {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('a'..='h' | 'A'..='H') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

fn help<R: Rules>() -> String {
    let example = example_move::<R>();
    let separator = R::NOTATION.capture_separator();
    format!(
        "Commands:
  {example:<9}move a piece (squares as on the board)
  captures type one hop at a time, squares joined by {separator} (the piece must
           capture on while it can), or every hop on one line
  moves    list the legal moves
  draw     offer a draw (your opponent answers Y or N)
  resign   give up the game (your opponent wins)
  help     show this list"
    )
}

/// The line `help` adds when the computer can give hints.
const HINT_HELP: &str = "  hint     ask the computer for a move";

/// Plays games until the players stop or the input ends.
fn run<R: Rules>(
    console: &mut Console<impl BufRead, impl Write>,
    options: Options,
) -> io::Result<()> {
    let first = R::FIRST;
    let save = options.save.clone();
    let mut computer = computer_of::<R>(&options);
    match (&computer, options.computer.as_slice()) {
        (Some(computer), [_, _]) => console.say(&format!(
            "Draughts ({}): the computer (level {}) plays both sides. {first} moves first.",
            R::NAME,
            computer.level
        ))?,
        (Some(computer), [side]) => console.say(&format!(
            "Draughts ({}): you play {} against the computer ({side}, level {}). {first} moves first.",
            R::NAME,
            side.opponent(),
            computer.level
        ))?,
        _ => console.say(&format!(
            "Draughts ({}): two players at one keyboard. {first} moves first.",
            R::NAME
        ))?,
    }
    console.say(&format!(
        "Type a move like {}, or help for the commands.",
        example_move::<R>()
    ))?;
    let mut finished = Vec::new();
    loop {
        if let Some(computer) = &mut computer {
            computer.new_game();
        }
        let Some(game) = play_game::<R>(console, computer.as_mut())? else {
            return console.say("\nEnd of input: goodbye.");
        };
        finished.push(game);
        if let Some(path) = &save {
            save_games(path, &finished)?;
            console.say(&format!("The game is saved in {}.", path.display()))?;
        }
        match ask_yes_no(console, "Play another game? (Y/N) ")? {
            Some(true) => console.say(&format!("\nNew game. {first} moves first."))?,
            Some(false) => return console.say("Goodbye."),
            None => return console.say("\nEnd of input: goodbye."),
        }
    }
}

/// Plays one game to its end; `None` when the input ends first.
fn play_game<R: Rules>(
    console: &mut Console<impl BufRead, impl Write>,
    mut computer: Option<&mut Computer<R>>,
) -> io::Result<Option<Match<Draughts<R>>>> {
    let mut game = Match::with_rules(Draughts::<R>::default(), R::DRAW_RULES);
    let mut show_board = true;
    let hint = format!(
        "Type a move like {}, or help for the commands.",
        example_move::<R>()
    );
    while game.result().is_none() {
        if show_board {
            console.say(&format!("\n{}", game.position()))?;
            show_board = false;
        }
        let player = game.to_move();
        if let Some(engine) = computer.as_mut().and_then(|c| c.playing(player)) {
            let thought = engine.think(&game);
            if engine.offers_draw(&game, &thought) {
                game.offer_draw().map_err(io::Error::other)?;
                if answer_draw(console, &mut game, computer.as_deref_mut())?.is_none() {
                    return Ok(None);
                }
            }
            if game.result().is_none() {
                if let Some(mv) = thought.best_move {
                    play(console, &mut game, mv, Some(&thinking(&thought)))?;
                    show_board = true;
                }
            }
            continue;
        }
        let Some(line) = console.ask(&format!("{player}> "))? else {
            return Ok(None);
        };
        match Command::read(&line, looks_like_move) {
            Command::Empty => console.say(&hint)?,
            Command::Help if computer.is_some() => {
                console.say(&format!("{}\n{HINT_HELP}", help::<R>()))?
            }
            Command::Help => console.say(&help::<R>())?,
            Command::Hint(_) if computer.is_some() => {
                if let Some(computer) = computer.as_mut() {
                    let thought = computer.hints.think(&game);
                    if let Some(mv) = thought.best_move {
                        let text = game.position().move_text(&mv);
                        console.say(&format!("Hint: {text} ({}).", thinking(&thought)))?;
                    }
                }
            }
            Command::Moves => {
                let position = *game.position();
                let moves = position.legal_moves();
                console.say(&format!(
                    "Legal moves: {}.",
                    list(moves.iter().map(|mv| position.move_text(mv)))
                ))?;
            }
            Command::Draw => {
                game.offer_draw().map_err(io::Error::other)?;
                if answer_draw(console, &mut game, computer.as_deref_mut())?.is_none() {
                    return Ok(None);
                }
            }
            Command::Resign => {
                game.resign(player).map_err(io::Error::other)?;
                console.say(&format!("{player} resigns."))?;
            }
            Command::Move(text) => match game.position().enter_move(text) {
                Ok(Entry::Complete(mv)) => {
                    play(console, &mut game, mv, None)?;
                    show_board = true;
                }
                Ok(Entry::Capturing(partial)) => {
                    let Some(mv) = finish_capture(console, partial, player)? else {
                        return Ok(None);
                    };
                    play(console, &mut game, mv, None)?;
                    show_board = true;
                }
                Err(error) => console.say(&format!("{}.", sentence(&error.to_string())))?,
            },
            // Without a computer, `hint` is a word like any other.
            Command::Hint(word) | Command::Unknown(word) => console.say(&format!(
                "Unknown command `{}`: {}",
                quoted(word),
                lower_first(&hint)
            ))?,
            Command::Unreadable => console.say(&format!(
                "That is not readable text: {}",
                lower_first(&hint)
            ))?,
        }
    }
    if let Some(result) = game.result() {
        if let EndReason::Rules(_) = result.reason {
            console.say(&format!("\n{}", game.position()))?;
        }
        console.say(&format!("Game over. {}", end_of_game(result)))?;
    }
    Ok(Some(game))
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Plays a resolved move, and says so in the notation players write
/// (with what the computer thought, when it chose the move).
fn play<R: Rules>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<Draughts<R>>,
    mv: Move<R>,
    thought: Option<&str>,
) -> io::Result<()> {
    let player = game.to_move();
    let text = game.position().move_text(&mv);
    game.play(mv).map_err(io::Error::other)?;
    match thought {
        None => console.say(&format!("{player} plays {text}.")),
        Some(thought) => console.say(&format!("{player} plays {text} ({thought}).")),
    }
}

/// Asks for the next hops of a capture until it is complete; `None` when
/// the input ends first.
fn finish_capture<R: Rules>(
    console: &mut Console<impl BufRead, impl Write>,
    mut partial: PartialCapture<R>,
    player: Color,
) -> io::Result<Option<Move<R>>> {
    let separator = R::NOTATION.capture_separator();
    loop {
        let landing = partial.landing();
        let next = partial.next_landings();
        let example = next.first().map_or(String::new(), |to| {
            format!(", like {landing}{separator}{to}")
        });
        let Some(line) = console.ask(&format!("{player}, capture again from {landing}> "))? else {
            return Ok(None);
        };
        match Command::read(&line, looks_like_move) {
            Command::Move(text) => match partial.enter(text) {
                Ok(Entry::Complete(mv)) => return Ok(Some(mv)),
                Ok(Entry::Capturing(further)) => partial = further,
                Err(error) => console.say(&format!("{}.", sentence(&error.to_string())))?,
            },
            Command::Moves => console.say(&format!(
                "From {landing} the piece can land on {}.",
                list(next.iter())
            ))?,
            Command::Help => {
                console.say(&help::<R>())?;
                console.say(&format!(
                    "Finish the capture: type the next hop from {landing}{example}."
                ))?;
            }
            _ => console.say(&format!(
                "Finish the capture first: type the next hop from {landing}{example}."
            ))?,
        }
    }
}

/// Who won and why.
fn end_of_game(result: MatchResult<Color, Ending>) -> String {
    match (result.outcome, result.reason) {
        (Outcome::Win(winner), EndReason::Rules(Ending::NoPieces)) => {
            format!("{winner} wins: {} has no pieces left.", winner.opponent())
        }
        (Outcome::Win(winner), EndReason::Rules(Ending::Blocked)) => {
            format!(
                "{winner} wins: {} is blocked and cannot move.",
                winner.opponent()
            )
        }
        (Outcome::Win(winner), EndReason::Resignation) => {
            format!("{winner} wins: {} resigned.", winner.opponent())
        }
        (Outcome::Draw, EndReason::Agreement) => "Draw: both players agreed.".to_owned(),
        _ => format!("{result}."),
    }
}

/// Writes the finished games to `path` as PDN.
fn save_games<R: Rules>(path: &std::path::Path, games: &[Match<Draughts<R>>]) -> io::Result<()> {
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let event = format!("Draughts ({}) at one keyboard, game {}", R::NAME, index + 1);
        let (white, black) = (Color::White.to_string(), Color::Black.to_string());
        let tags = [
            ("Event", event.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        text.push_str(&pdn::write_match(game, tags).map_err(io::Error::other)?);
    }
    std::fs::write(path, text).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("cannot save the games in {}: {error}", path.display()),
        )
    })
}
