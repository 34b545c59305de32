//! English checkers at the console, Red first, as Microsoft's Checkers
//! plays it: two players at one keyboard, or against the computer. A thin
//! console over `rulebook`.
//!
//! ```text
//! cargo run --example checkers [-- --save FILE] [--load FILE] [--computer red|white|both] [--level N] [--endgame DIR]
//! ```
//!
//! Type a move as `11-15`, a jump as `22x15`; in a multi-jump, type one
//! jump at a time (or every jump on one line, `22x15x8`). `help` lists the
//! commands: `undo` and `redo` (against the computer, `undo` takes back
//! your move and its reply), `numbers` (square numbers on occupied squares
//! off or on), `save FILE` (the game so far, as PDN). The board is shown
//! once a turn, the last move's squares marked `*`. `--save FILE` writes
//! every finished game of the session to FILE as PDN (rewritten after each
//! game); `--load FILE` continues the first game of a PDN file.
//!
//! - `--computer red` / `--computer white`: the computer plays that side;
//!   `--computer both` lets it play a whole game by itself. It announces
//!   its moves as a human's are announced, with what it thought (search
//!   depth and score: 100 is a man ahead). It answers a draw offer by its
//!   own judgement and may offer one itself (see
//!   `rulebook::search::Engine`). Games against the computer are played
//!   under the tournament draw rules (threefold repetition, 40 moves each
//!   without a capture or a man's move), so that every game ends.
//! - `--level N`: the computer's strength, 1 (weakest) to
//!   `rulebook::checkers::MAX_LEVEL`; the default,
//!   `rulebook::checkers::DEFAULT_LEVEL`, answers within about a second.
//! - With `--computer` or `--level`, the `hint` command asks the computer
//!   for a move for the side to move.
//! - `--endgame DIR`: the endgame databases in DIR (built by the `endgame`
//!   example: `endgame build english --dir DIR`) are read at the start;
//!   the computer probes them in its search and plays their move in a
//!   position they hold, and `hint` adds their verdict ("Database: a win
//!   for White."). A missing or damaged database stops the program with
//!   the library's message.
//!
//! With no options, the session is two players at one keyboard, as before.
//!
//! Everything the rules decide comes from the library: the legal moves,
//! reading a jump typed one hop at a time ([`Checkers::enter_move`]), the
//! match with its draw offers and resignations ([`Match`]), and the
//! computer player ([`checkers::engine`]). This file only reads, prints and
//! calls.

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

use rulebook::checkers::{
    self, pdn, Checkers, Ending, Entry, Move, PartialCapture, Player, Square,
};
use rulebook::draughts::EnglishRules;
use rulebook::endgame::Tablebase;
use rulebook::search::Oracle;
use rulebook::{DrawRules, EndReason, Game, Match, MatchResult, Outcome};

use computer::{answer_draw, begin_turn, player_name, say_hint, Begun, ComputerOptions, HINT_HELP};
use console::{
    ask_yes_no, capitalized, list, load_game, quoted, save_so_far, say_game_over, sides_banner,
    toggle_numbers, undo_or_redo, write_record, Command, Console, GAME_COMMANDS_HELP,
};
use diagram::{draw, last_move_legend, DarkSquare, View};

/// Checkers moves start with a square number.
fn starts_with_digit(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
}

const HELP: &str = "\
Commands:
  11-15    move the piece on square 11 to square 15
  22x15    jump from 22 over the piece on 18 to 15; in a multi-jump, type
           one jump at a time (or all of them on one line: 22x15x8)
  moves    list the legal moves
  draw     offer a draw (your opponent answers Y or N)
  resign   give up the game (your opponent wins)
  help     show this list
Squares are numbered 1 to 32, as on the board.";

/// The board as the console shows it: the square numbers (on occupied
/// squares too unless `numbers` is off) and the last move marked.
fn diagram(game: &Match<Checkers>, numbers: bool) -> String {
    let position = game.position();
    let last = game.history().last();
    let marked: Vec<String> = last.map_or_else(Vec::new, |mv| {
        [mv.from(), mv.to()]
            .map(|square| square.number().to_string())
            .to_vec()
    });
    let square = |row: usize, column: usize| {
        Square::at(row, column).map(|square| DarkSquare {
            name: square.number().to_string(),
            piece: position.piece_at(square).map(|piece| piece.symbol()),
        })
    };
    let row_end = |row: usize| format!("  {}-{}", row * 4 + 1, row * 4 + 4);
    let legend = format!(
        "  r/R = Red man/king, w/W = White man/king{}; {} to move",
        last_move_legend(last.map(ToString::to_string).as_deref()),
        position.to_move()
    );
    let view = View {
        numbers,
        marked: &marked,
    };
    draw(8, square, row_end, &view, &legend)
}

const USAGE: &str =
    "usage: checkers [--save FILE] [--load FILE] [--computer red|white|both] [--level N] [--endgame DIR]";

/// What the command line asks for.
struct Options {
    save: Option<PathBuf>,
    /// A PDN file whose first game the session continues.
    load: Option<PathBuf>,
    /// The sides the computer plays and its level.
    computer: ComputerOptions<Player>,
}

/// The computer players of a session.
type Computer = computer::Computer<Checkers>;

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Checkers for two players at one keyboard, or against the computer; Red moves first.
  --save FILE          write every finished game of the session to FILE as PDN
  --load FILE          continue the first game of the PDN file FILE
  --computer SIDE      the computer plays red, white or both
  --level N            the computer's strength, 1 (weakest) and up
  --endgame DIR        the computer and its hints use the endgame databases in DIR
Type help during a game for the commands (with the computer: hint).";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let computer = parse_arguments(std::env::args().skip(1)).and_then(|options| {
        let endgame = match &options.computer.endgame {
            Some(dir) => Some(open_endgame(dir)?),
            None => None,
        };
        Computer::new(
            &options.computer,
            checkers::DEFAULT_LEVEL,
            checkers::engine,
            endgame,
        )
        .map(|computer| (options, computer))
    });
    let (options, computer) = match computer {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("checkers: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut console = Console {
        // Echo what was read when nobody typed it, so that a transcript of
        // a piped session reads like a real one.
        echo: !stdin.is_terminal(),
        input: stdin.lock(),
        output: io::stdout().lock(),
    };
    match run(&mut console, options, computer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("checkers: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The English checkers databases of `dir`.
///
/// # Errors
///
/// The library's message when one is missing, truncated or corrupted.
fn open_endgame(dir: &std::path::Path) -> Result<Arc<dyn Oracle<Checkers>>, String> {
    let tablebase = Tablebase::<EnglishRules>::open(dir).map_err(|error| error.to_string())?;
    Ok(Arc::new(tablebase))
}

/// Reads the options.
fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        save: None,
        load: None,
        computer: ComputerOptions::default(),
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--save" => match args.next() {
                Some(file) => options.save = Some(PathBuf::from(file)),
                None => return Err("--save needs a file name".to_owned()),
            },
            "--load" => match args.next() {
                Some(file) => options.load = Some(PathBuf::from(file)),
                None => return Err("--load needs a file name".to_owned()),
            },
            "--computer" => options.computer.read_sides(
                args.next(),
                [("red", Player::Red), ("white", Player::White)],
            )?,
            "--level" => options
                .computer
                .read_level(args.next(), checkers::MAX_LEVEL)?,
            "--endgame" => options.computer.read_endgame(args.next())?,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(options)
}

/// Plays games until the players stop or the input ends.
fn run(
    console: &mut Console<impl BufRead, impl Write>,
    options: Options,
    mut computer: Option<Computer>,
) -> io::Result<()> {
    let sides = &options.computer.sides;
    let level = computer.as_ref().map(|computer| computer.level);
    console.say(&sides_banner(
        "Checkers",
        [Player::Red, Player::White],
        sides,
        level,
    ))?;
    if sides.len() < 2 {
        console.say("Type a move like 11-15, or help for the commands.")?;
    }
    // The computer's games end by the tournament rules, so that two
    // engines cannot shuffle kings for ever.
    let rules = if sides.is_empty() {
        DrawRules::NONE
    } else {
        DrawRules::TOURNAMENT
    };
    let mut game = Match::with_rules(Checkers::default(), rules);
    if let Some(path) = &options.load {
        game = load_game(console, path, rules, |record| {
            record.replay().map_err(|error| error.to_string())
        })?;
    }
    let mut finished = Vec::new();
    let mut numbers = true;
    loop {
        if let Some(computer) = &mut computer {
            computer.new_game();
        }
        let start = std::mem::replace(&mut game, Match::with_rules(Checkers::default(), rules));
        let Some(game) = play_game(console, start, computer.as_mut(), &mut numbers)? else {
            return console.say("\nEnd of input: goodbye.");
        };
        finished.push(game);
        if let Some(path) = &options.save {
            save_games(path, &finished, sides, computer.as_ref().map(|c| c.level))?;
            console.say(&format!("The game is saved in {}.", path.display()))?;
        }
        match ask_yes_no(console, "Play another game? (Y/N) ")? {
            Some(true) => console.say("\nNew game. Red moves first.")?,
            Some(false) => return console.say("Goodbye."),
            None => return console.say("\nEnd of input: goodbye."),
        }
    }
}

/// Plays `game` to its end; `None` when the input ends first. `numbers`
/// is the board's `numbers` setting, kept from game to game.
fn play_game(
    console: &mut Console<impl BufRead, impl Write>,
    mut game: Match<Checkers>,
    mut computer: Option<&mut Computer>,
    numbers: &mut bool,
) -> io::Result<Option<Match<Checkers>>> {
    // The plies when the board was last shown: once a turn, before a
    // human's move (or each move when the computer plays both sides).
    let mut shown_at = None;
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
        let command = Command::read(&line, starts_with_digit);
        match command {
            Command::Empty => console.say("Type a move like 11-15, or help for the commands.")?,
            Command::Help => console.say(&help(computer.is_some()))?,
            Command::Hint(_) if computer.is_some() => {
                if let Some(computer) = computer.as_deref_mut() {
                    say_hint(console, &game, computer, |_, mv| mv.to_string())?;
                }
            }
            Command::Moves => console.say(&format!(
                "Legal moves: {}.",
                list(game.position().legal_moves().iter())
            ))?,
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
            Command::Undo | Command::Redo => {
                let redo = matches!(command, Command::Redo);
                let is_computer = |side| computer.as_ref().is_some_and(|c| c.plays(side));
                undo_or_redo(console, &mut game, redo, is_computer)?;
            }
            Command::Numbers => {
                toggle_numbers(console, numbers)?;
                shown_at = None;
            }
            Command::Save(file) => save_so_far(console, file, || {
                pdn::write_match(&game, [(pdn::EVENT_TAG, "Checkers, a game in progress")])
            })?,
            Command::Move(text) => match game.position().enter_move(text) {
                Ok(Entry::Complete(mv)) => play(console, &mut game, mv, None)?,
                Ok(Entry::Capturing(partial)) => {
                    let Some(mv) = finish_jump(console, partial, player)? else {
                        return Ok(None);
                    };
                    play(console, &mut game, mv, None)?;
                }
                Err(error) => console.say(&format!("{}.", capitalized(&error.to_string())))?,
            },
            Command::Hint(word) | Command::Unknown(word) => console.say(&format!(
                "Unknown command `{}`: type a move like 11-15, or help for the commands.",
                quoted(word)
            ))?,
            Command::Unreadable => console.say(
                "That is not readable text: type a move like 11-15, or help for the commands.",
            )?,
        }
    }
    say_game_over(console, &game, |game| diagram(game, *numbers), end_of_game)?;
    Ok(Some(game))
}

/// `help`'s text: the commands, with `hint` when a computer can give one.
fn help(with_hint: bool) -> String {
    let hint = if with_hint {
        format!("\n{HINT_HELP}")
    } else {
        String::new()
    };
    HELP.replacen(
        "\n  help ",
        &format!("\n{GAME_COMMANDS_HELP}{hint}\n  help "),
        1,
    )
}

/// Plays a move the library has already resolved, and says so (with what
/// the computer thought, when it chose the move).
fn play(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<Checkers>,
    mv: Move,
    thought: Option<&str>,
) -> io::Result<()> {
    let player = game.to_move();
    game.play(mv).map_err(io::Error::other)?;
    match thought {
        None => console.say(&format!("{player} plays {mv}.")),
        Some(thought) => console.say(&format!("{player} plays {mv} ({thought}).")),
    }
}

/// Asks for the next jumps of a capture until it is complete; `None` when
/// the input ends first.
fn finish_jump(
    console: &mut Console<impl BufRead, impl Write>,
    mut partial: PartialCapture,
    player: Player,
) -> io::Result<Option<Move>> {
    loop {
        let landing = partial.landing();
        let next = partial.next_landings();
        let example = next
            .first()
            .map_or(String::new(), |to| format!(", like {landing}x{to}"));
        let prompt = format!("{player}, jump again from {landing}> ");
        let Some(line) = console.ask(&prompt)? else {
            return Ok(None);
        };
        match Command::read(&line, starts_with_digit) {
            Command::Move(text) => match partial.enter(text) {
                Ok(Entry::Complete(mv)) => return Ok(Some(mv)),
                Ok(Entry::Capturing(further)) => partial = further,
                Err(error) => console.say(&format!("{}.", capitalized(&error.to_string())))?,
            },
            Command::Moves => console.say(&format!(
                "From {landing} the piece can jump to {}.",
                list(next.iter())
            ))?,
            Command::Help => {
                console.say(HELP)?;
                console.say(&format!(
                    "Finish the jump: type the next jump from {landing}{example}."
                ))?;
            }
            _ => console.say(&format!(
                "Finish the jump first: type the next jump from {landing}{example}."
            ))?,
        }
    }
}

/// Who won and why, as the end of the game announces it.
fn end_of_game(result: MatchResult<Player, Ending>) -> String {
    match (result.outcome, result.reason) {
        (Outcome::Win(winner), EndReason::Resignation) => {
            format!("{winner} wins: {} resigned.", winner.opponent())
        }
        (Outcome::Draw, EndReason::Agreement) => "Draw: both players agreed.".to_owned(),
        _ => format!("{result}."),
    }
}

/// Writes the finished games to `path` as PDN, one record after another;
/// the sides the computer played (at `level`) are named so.
fn save_games(
    path: &std::path::Path,
    games: &[Match<Checkers>],
    computer: &[Player],
    level: Option<u32>,
) -> io::Result<()> {
    let name = |player: Player| player_name(player, computer, level);
    let event = if computer.is_empty() {
        "Checkers at one keyboard"
    } else {
        "Checkers against the computer"
    };
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let event = format!("{event}, game {}", index + 1);
        let (red, white) = (name(Player::Red), name(Player::White));
        let tags = [
            (pdn::EVENT_TAG, event.as_str()),
            (pdn::RED_PLAYER_TAG, red.as_str()),
            (pdn::WHITE_PLAYER_TAG, white.as_str()),
        ];
        text.push_str(&pdn::write_match(game, tags).map_err(io::Error::other)?);
    }
    write_record(path, &text)
}
