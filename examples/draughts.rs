//! Draughts for two players at one keyboard or against the computer, in
//! any variant of the crate: a thin console over `rulebook::draughts`,
//! with the checkers example's commands.
//!
//! ```text
//! cargo run --example draughts -- --variant international [--save FILE] [--load FILE]
//!     [--computer white|black|both] [--level N] [--endgame DIR]
//! ```
//!
//! Variants: every one of `rulebook::catalog::Variant` (`international`,
//! 10x10, `brazilian`, `russian`, `pool`, `italian`, `spanish`, ...). Type a move in the variant's notation
//! (`32-28`, `c3-d4`); a capture one hop at a time (`28x19`, then `19x10`
//! when asked) or all at once (`28x19x10`, or `28x10` when that names one
//! capture). A capture the rules refuse (a shorter one under the majority
//! rule, a man's when a king must capture) is explained. `help` lists the
//! commands, among them `undo`, `redo`, `numbers` (square names on
//! occupied squares off or on) and `save FILE` (the game so far, as PDN).
//! The board is shown once a turn, the last move's squares marked `*`.
//! `--save FILE` writes every finished game as PDN; `--load FILE`
//! continues the first game of a PDN file.
//!
//! - `--computer white` / `black` / `both`: the computer
//!   (`rulebook::draughts::engine`) plays that side, or a whole game by
//!   itself, announcing its moves with what it thought (search depth and
//!   score: 100 is a man ahead). It answers a draw offer by its own
//!   judgement and may offer one itself. Against the computer, `undo`
//!   takes back your move and its reply.
//! - `--level N`: its strength, 1 (weakest) to
//!   `rulebook::draughts::MAX_LEVEL`; the default,
//!   `rulebook::draughts::DEFAULT_LEVEL`, answers within about a second.
//! - With `--computer` or `--level`, `hint` asks the computer for a move.
//! - `--endgame DIR`: the variant's endgame databases in DIR (built by the
//!   `endgame` example) are read at the start; the computer probes them
//!   in its search and plays their move in a position they hold, and
//!   `hint` adds their verdict ("Database: a win for White."). A missing
//!   or damaged database stops the program with the library's message.
//!
//! Everything the rules decide comes from the library: the legal moves,
//! hop-by-hop entry ([`Draughts::enter_move`]), the match with its draw
//! offers, resignations and the variant's draw rules ([`Match`]), and the
//! computer player ([`draughts::engine`]).

#[path = "support/computer.rs"]
mod computer;
#[path = "support/console.rs"]
mod console;
#[path = "support/diagram.rs"]
mod diagram;
#[path = "support/take_back.rs"]
mod take_back;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use computer::{answer_draw, begin_turn, player_name, say_hint, Begun, ComputerOptions, HINT_HELP};
use console::{
    ask_yes_no, capitalized, list, load_game, quoted, save_so_far, say_game_over, sides_banner,
    toggle_numbers, undo_or_redo, write_record, Command, Console, GAME_COMMANDS_HELP,
};
use diagram::{draw, last_move_legend, DarkSquare, View};

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
use rulebook::catalog::Variant;
use rulebook::draughts::{
    self, pdn, Color, Draughts, Ending, Entry, Goal, Move, PartialCapture, Rules, RulesVisitor,
    Square,
};
use rulebook::endgame::Tablebase;
use rulebook::search::Oracle;
use rulebook::{EndReason, Game, Match, MatchResult, Outcome};

/// The usage line, naming every variant of the catalog.
fn usage() -> String {
    format!(
        "usage: draughts --variant <{}> [--save FILE] [--load FILE] [--computer white|black|both] [--level N] [--endgame DIR]",
        variant_names("|")
    )
}

/// The names of the variants, joined by `separator`.
fn variant_names(separator: &str) -> String {
    Variant::ALL.map(Variant::name).join(separator)
}

/// What `--help` prints after the usage line (the variants follow it).
const ABOUT: &str = "\
Draughts for two players at one keyboard, or against the computer, in any
variant of the crate.
  --variant NAME   one of the variants (below)
  --save FILE      write every finished game of the session to FILE as PDN
  --load FILE      continue the first game of the PDN file FILE (of the variant)
  --computer SIDE  the computer plays white, black or both
  --level N        the computer's strength, 1 (weakest) and up
  --endgame DIR    the computer and its hints use the endgame databases in DIR
Type help during a game for the commands (with the computer: hint).";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{}\n\n{ABOUT}\nVariants: {}.", usage(), variant_names(", "));
        return ExitCode::SUCCESS;
    }
    let options = match parse_arguments(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("draughts: {message}\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut console = Console {
        echo: !stdin.is_terminal(),
        input: stdin.lock(),
        output: io::stdout().lock(),
    };
    let outcome = options.variant.rules().visit_rules(Session {
        console: &mut console,
        options: &options,
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("draughts: {error}");
            ExitCode::FAILURE
        }
    }
}

/// A session of the variant the registry's list gives [`run`] for.
struct Session<'a, I, O> {
    console: &'a mut Console<I, O>,
    options: &'a Options,
}

impl<I: BufRead, O: Write> RulesVisitor for Session<'_, I, O> {
    type Output = io::Result<()>;
    fn visit<R: Rules>(self) -> io::Result<()> {
        run::<R>(self.console, self.options)
    }
}

/// What the command line asks for.
struct Options {
    variant: Variant,
    /// Where to save the session's games.
    save: Option<PathBuf>,
    /// A PDN file whose first game the session continues.
    load: Option<PathBuf>,
    /// The sides the computer plays and its level.
    computer: ComputerOptions<Color>,
}

/// Reads `--variant NAME` (required), `--save FILE`, `--load FILE`,
/// `--computer SIDE` and `--level N`.
fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut variant = None;
    let (mut save, mut load) = (None, None);
    let mut computer = ComputerOptions::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--variant" => match args.next() {
                Some(name) => match Variant::from_name(&name) {
                    Some(found) => variant = Some(found),
                    None => {
                        return Err(format!(
                            "unknown variant `{}`: use {}",
                            quoted(&name),
                            variant_names(", ")
                        ))
                    }
                },
                None => return Err("--variant needs a name".to_owned()),
            },
            "--save" => match args.next() {
                Some(file) => save = Some(PathBuf::from(file)),
                None => return Err("--save needs a file name".to_owned()),
            },
            "--load" => match args.next() {
                Some(file) => load = Some(PathBuf::from(file)),
                None => return Err("--load needs a file name".to_owned()),
            },
            "--computer" => computer.read_sides(
                args.next(),
                [("white", Color::White), ("black", Color::Black)],
            )?,
            "--level" => {
                computer.read_level(args.next(), draughts::MAX_LEVEL)?;
                // The levels are the same in every variant: check it now,
                // before the variant's engine is made.
                if let Some(level) = computer.level {
                    draughts::level_limits(level).map_err(|error| error.to_string())?;
                }
            }
            "--endgame" => computer.read_endgame(args.next())?,
            other => return Err(format!("unknown argument `{}`", quoted(other))),
        }
    }
    let variant = variant.ok_or_else(|| "say which variant: --variant NAME".to_owned())?;
    Ok(Options {
        variant,
        save,
        load,
        computer,
    })
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

/// `help`'s text: the commands, with `hint` when a computer can give one.
fn help<R: Rules>(with_hint: bool) -> String {
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
{GAME_COMMANDS_HELP}{}
  help     show this list",
        if with_hint {
            format!("\n{HINT_HELP}")
        } else {
            String::new()
        }
    )
}

/// The board as the console shows it: the square names (on occupied
/// squares too unless `numbers` is off) and the last move marked.
fn diagram<R: Rules>(game: &Match<Draughts<R>>, numbers: bool) -> String {
    let position = game.position();
    let last = game.history().last();
    let marked: Vec<String> = last.map_or_else(Vec::new, |mv| {
        [mv.from(), mv.to()]
            .map(|square| square.to_string())
            .to_vec()
    });
    // The position the last move was played in, which writes it.
    let before = game.positions().iter().rev().nth(1);
    let last_text = last.zip(before).map(|(mv, before)| before.move_text(mv));
    let square = |row: usize, column: usize| {
        Square::<R>::at(row, column).map(|square| DarkSquare {
            name: square.to_string(),
            piece: position.piece_at(square).map(|piece| piece.symbol()),
        })
    };
    let legend = format!(
        "  w/W = White man/king, b/B = Black man/king{}; {} to move",
        last_move_legend(last_text.as_deref()),
        position.to_move()
    );
    let view = View {
        numbers,
        marked: &marked,
    };
    draw(R::SIZE, square, |_| String::new(), &view, &legend)
}

/// The computer players of a session.
type Computer<R> = computer::Computer<Draughts<R>>;

/// Plays games until the players stop or the input ends.
fn run<R: Rules>(
    console: &mut Console<impl BufRead, impl Write>,
    options: &Options,
) -> io::Result<()> {
    let first = R::FIRST;
    let sides = &options.computer.sides;
    let endgame: Option<Arc<dyn Oracle<Draughts<R>>>> = match &options.computer.endgame {
        Some(dir) => Some(Arc::new(
            Tablebase::<R>::open(dir).map_err(io::Error::other)?,
        )),
        None => None,
    };
    // The level was checked when the arguments were read.
    let mut computer = Computer::<R>::new(
        &options.computer,
        draughts::DEFAULT_LEVEL,
        draughts::engine::<R>,
        endgame,
    )
    .map_err(io::Error::other)?;
    let level = computer.as_ref().map(|computer| computer.level);
    let name = format!("Draughts ({})", R::NAME);
    console.say(&sides_banner(
        &name,
        [first, first.opponent()],
        sides,
        level,
    ))?;
    if sides.len() < 2 {
        console.say(&format!(
            "Type a move like {}, or help for the commands.",
            example_move::<R>()
        ))?;
    }
    let new_game = || Match::with_rules(Draughts::<R>::default(), R::DRAW_RULES);
    let mut game = new_game();
    if let Some(path) = &options.load {
        game = load_game(console, path, R::DRAW_RULES, |record| {
            pdn::replay::<R>(record).map_err(|error| error.to_string())
        })?;
    }
    let mut finished = Vec::new();
    let mut numbers = true;
    loop {
        if let Some(computer) = &mut computer {
            computer.new_game();
        }
        let start = std::mem::replace(&mut game, new_game());
        let Some(game) = play_game::<R>(console, start, computer.as_mut(), &mut numbers)? else {
            return console.say("\nEnd of input: goodbye.");
        };
        finished.push(game);
        if let Some(path) = &options.save {
            save_games(path, &finished, sides, level)?;
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
    mut game: Match<Draughts<R>>,
    mut computer: Option<&mut Computer<R>>,
    numbers: &mut bool,
) -> io::Result<Option<Match<Draughts<R>>>> {
    // The plies when the board was last shown: once a turn, before a
    // human's move (or each move when the computer plays both sides).
    let mut shown_at = None;
    let hint = format!(
        "Type a move like {}, or help for the commands.",
        example_move::<R>()
    );
    while game.result().is_none() {
        let player = game.to_move();
        let line = match begin_turn(
            console,
            &mut game,
            computer.as_deref_mut(),
            &mut shown_at,
            *numbers,
            diagram,
            play,
        )? {
            Begun::Line(line) => line,
            Begun::Played => continue,
            Begun::InputEnded => return Ok(None),
        };
        let command = Command::read(&line, looks_like_move);
        match command {
            Command::Empty => console.say(&hint)?,
            Command::Help => console.say(&help::<R>(computer.is_some()))?,
            Command::Hint(_) if computer.is_some() => {
                if let Some(computer) = computer.as_deref_mut() {
                    say_hint(console, &game, computer, |position, mv| {
                        position.move_text(mv)
                    })?;
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
            // Against the computer, undo takes back the human's move and
            // the computer's reply.
            Command::Undo | Command::Redo => {
                let redo = matches!(command, Command::Redo);
                let is_computer = |side| computer.as_ref().is_some_and(|c| c.plays(side));
                undo_or_redo(console, &mut game, redo, is_computer)?;
            }
            Command::Numbers => {
                toggle_numbers(console, numbers)?;
                shown_at = None;
            }
            Command::Save(file) => {
                let event = format!("Draughts ({}), a game in progress", R::NAME);
                save_so_far(console, file, || {
                    pdn::write_match(&game, [("Event", event.as_str())])
                })?;
            }
            Command::Move(text) => match game.position().enter_move(text) {
                Ok(Entry::Complete(mv)) => play(console, &mut game, mv, None)?,
                Ok(Entry::Capturing(partial)) => {
                    let Some(mv) = finish_capture(console, partial, player)? else {
                        return Ok(None);
                    };
                    play(console, &mut game, mv, None)?;
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
    say_game_over(
        console,
        &game,
        |game| diagram(game, *numbers),
        end_of_game::<R>,
    )?;
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
                console.say(&help::<R>(false))?;
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
fn end_of_game<R: Rules>(result: MatchResult<Color, Ending>) -> String {
    // The side that cannot move: the loser, but the winner in Antidraughts.
    let stuck = |winner: Color| match R::GOAL {
        Goal::FirstBlocked => winner,
        Goal::LastToMove | Goal::FirstKing => winner.opponent(),
    };
    match (result.outcome, result.reason) {
        (Outcome::Win(winner), EndReason::Rules(Ending::NoPieces)) => {
            format!("{winner} wins: {} has no pieces left.", stuck(winner))
        }
        (Outcome::Win(winner), EndReason::Rules(Ending::Blocked)) => {
            format!(
                "{winner} wins: {} is blocked and cannot move.",
                stuck(winner)
            )
        }
        (Outcome::Win(winner), EndReason::Rules(Ending::KingCrowned)) => {
            format!("{winner} wins: {winner} crowned the first king.")
        }
        (Outcome::Win(winner), EndReason::Resignation) => {
            format!("{winner} wins: {} resigned.", winner.opponent())
        }
        (Outcome::Draw, EndReason::Agreement) => "Draw: both players agreed.".to_owned(),
        _ => format!("{result}."),
    }
}

/// Writes the finished games to `path` as PDN; the sides the computer
/// played (at `level`) are named so.
fn save_games<R: Rules>(
    path: &std::path::Path,
    games: &[Match<Draughts<R>>],
    computer: &[Color],
    level: Option<u32>,
) -> io::Result<()> {
    let place = if computer.is_empty() {
        "at one keyboard"
    } else {
        "against the computer"
    };
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let event = format!("Draughts ({}) {place}, game {}", R::NAME, index + 1);
        let name = |color| player_name(color, computer, level);
        let (white, black) = (name(Color::White), name(Color::Black));
        let tags = [
            ("Event", event.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        text.push_str(&pdn::write_match(game, tags).map_err(io::Error::other)?);
    }
    write_record(path, &text)
}
