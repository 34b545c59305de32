//! English checkers for two players at one keyboard, Red first, as
//! Microsoft's Checkers plays it: a thin console over `rulebook`.
//!
//! ```text
//! cargo run --example checkers [-- --save FILE]
//! ```
//!
//! Type a move as `11-15`, a jump as `22x15`; in a multi-jump, type one
//! jump at a time (or every jump on one line, `22x15x8`). `help` lists the
//! commands. `--save FILE` writes every finished game of the session to
//! FILE as PDN (rewritten after each game).
//!
//! Everything the rules decide comes from the library: the legal moves,
//! reading a jump typed one hop at a time ([`Checkers::enter_move`]), the
//! match with its draw offers and resignations ([`Match`]). This file only
//! reads, prints and calls.

#[path = "support/console.rs"]
mod console;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use rulebook::checkers::{pdn, Checkers, Ending, Entry, Move, PartialJump, Player};
use rulebook::{EndReason, Game, Match, MatchResult, Outcome};

use console::{ask_yes_no, capitalized, list, quoted, Command, Console};

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

const USAGE: &str = "usage: checkers [--save FILE]";

/// What `--help` prints after the usage line.
const ABOUT: &str = "\
Checkers for two players at one keyboard; Red moves first.
  --save FILE   write every finished game of the session to FILE as PDN
Type help during a game for the commands.";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}\n\n{ABOUT}");
        return ExitCode::SUCCESS;
    }
    let save = match parse_arguments(std::env::args().skip(1)) {
        Ok(save) => save,
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
    match run(&mut console, save) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("checkers: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Reads `--save FILE`, the only option.
fn parse_arguments(mut args: impl Iterator<Item = String>) -> Result<Option<PathBuf>, String> {
    let mut save = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--save" => match args.next() {
                Some(file) => save = Some(PathBuf::from(file)),
                None => return Err("--save needs a file name".to_owned()),
            },
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(save)
}

/// Plays games until the players stop or the input ends.
fn run(console: &mut Console<impl BufRead, impl Write>, save: Option<PathBuf>) -> io::Result<()> {
    console.say("Checkers: two players at one keyboard. Red moves first.")?;
    console.say("Type a move like 11-15, or help for the commands.")?;
    let mut finished = Vec::new();
    loop {
        let Some(game) = play_game(console)? else {
            return console.say("\nEnd of input: goodbye.");
        };
        finished.push(game);
        if let Some(path) = &save {
            save_games(path, &finished)?;
            console.say(&format!("The game is saved in {}.", path.display()))?;
        }
        match ask_yes_no(console, "Play another game? (Y/N) ")? {
            Some(true) => console.say("\nNew game. Red moves first.")?,
            Some(false) => return console.say("Goodbye."),
            None => return console.say("\nEnd of input: goodbye."),
        }
    }
}

/// Plays one game to its end; `None` when the input ends first.
fn play_game(
    console: &mut Console<impl BufRead, impl Write>,
) -> io::Result<Option<Match<Checkers>>> {
    let mut game = Match::new(Checkers::default());
    let mut show_board = true;
    while game.result().is_none() {
        if show_board {
            console.say(&format!("\n{}", game.position()))?;
            show_board = false;
        }
        let player = game.to_move();
        let Some(line) = console.ask(&format!("{player}> "))? else {
            return Ok(None);
        };
        match Command::read(&line, starts_with_digit) {
            Command::Empty => console.say("Type a move like 11-15, or help for the commands.")?,
            Command::Help => console.say(HELP)?,
            Command::Moves => console.say(&format!(
                "Legal moves: {}.",
                list(game.position().legal_moves().iter())
            ))?,
            Command::Draw => {
                if offer_draw(console, &mut game, player)?.is_none() {
                    return Ok(None);
                }
            }
            Command::Resign => {
                game.resign(player).map_err(io::Error::other)?;
                console.say(&format!("{player} resigns."))?;
            }
            Command::Move(text) => match game.position().enter_move(text) {
                Ok(Entry::Complete(mv)) => {
                    play(console, &mut game, mv)?;
                    show_board = true;
                }
                Ok(Entry::Jumping(partial)) => {
                    let Some(mv) = finish_jump(console, partial, player)? else {
                        return Ok(None);
                    };
                    play(console, &mut game, mv)?;
                    show_board = true;
                }
                Err(error) => console.say(&format!("{}.", capitalized(&error.to_string())))?,
            },
            Command::Unknown(word) => console.say(&format!(
                "Unknown command `{}`: type a move like 11-15, or help for the commands.",
                quoted(word)
            ))?,
            Command::Unreadable => console.say(
                "That is not readable text: type a move like 11-15, or help for the commands.",
            )?,
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

/// Plays a move the library has already resolved, and says so.
fn play(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<Checkers>,
    mv: Move,
) -> io::Result<()> {
    let player = game.to_move();
    game.play(mv).map_err(io::Error::other)?;
    console.say(&format!("{player} plays {mv}."))
}

/// Asks for the next jumps of a capture until it is complete; `None` when
/// the input ends first.
fn finish_jump(
    console: &mut Console<impl BufRead, impl Write>,
    mut partial: PartialJump,
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
                Ok(Entry::Jumping(further)) => partial = further,
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

/// The player to move offers a draw and the opponent answers. Returns
/// whether it was accepted, or `None` when the input ends first.
fn offer_draw(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<Checkers>,
    player: Player,
) -> io::Result<Option<bool>> {
    game.offer_draw().map_err(io::Error::other)?;
    let opponent = Checkers::opponent(player);
    let question = format!("{player} offers a draw. {opponent}, do you accept? (Y/N) ");
    let Some(accepted) = ask_yes_no(console, &question)? else {
        return Ok(None);
    };
    if accepted {
        game.accept_draw().map_err(io::Error::other)?;
        console.say("Draw.")?;
    } else {
        game.decline_draw().map_err(io::Error::other)?;
        console.say(&format!(
            "{opponent} refused the draw. The game goes on: {player} to move."
        ))?;
    }
    Ok(Some(accepted))
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

/// Writes the finished games to `path` as PDN, one record after another.
fn save_games(path: &std::path::Path, games: &[Match<Checkers>]) -> io::Result<()> {
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let event = format!("Checkers at one keyboard, game {}", index + 1);
        let (red, white) = (Player::Red.to_string(), Player::White.to_string());
        let tags = [
            (pdn::EVENT_TAG, event.as_str()),
            (pdn::RED_PLAYER_TAG, red.as_str()),
            (pdn::WHITE_PLAYER_TAG, white.as_str()),
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
