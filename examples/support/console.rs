//! The console both board-game examples share: prompts and messages on
//! one output, lines read as bytes, commands, and small text helpers.
//! Included by `checkers.rs` and `draughts.rs` with `#[path]`.

#![allow(dead_code)] // each example uses a different part of this

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::path::Path;

use rulebook::pdn::{PdnGame, PdnReader};
use rulebook::{DrawRules, EndReason, Game, Match, MatchResult};

use crate::take_back::{play_again, take_back};

/// At most this many characters of a line are repeated back in messages.
pub const MAX_QUOTED_CHARS: usize = 40;

/// Asks until the answer is yes or no; `None` when the input ends first.
pub fn ask_yes_no(
    console: &mut Console<impl BufRead, impl Write>,
    question: &str,
) -> io::Result<Option<bool>> {
    loop {
        let Some(line) = console.ask(question)? else {
            return Ok(None);
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Ok(Some(true)),
            "n" | "no" => return Ok(Some(false)),
            _ => console.say("Please answer Y or N.")?,
        }
    }
}

/// A line the player typed, as a command.
pub enum Command<'a> {
    Empty,
    Help,
    Moves,
    Draw,
    Resign,
    /// Takes back the last move (against the computer, its reply too).
    Undo,
    /// Plays again what `undo` took back.
    Redo,
    /// Turns the square names on occupied squares off or on.
    Numbers,
    /// Saves the game so far as PDN in the file named (empty when none
    /// was given).
    Save(&'a str),
    /// Asks the computer for a move. An example without a computer (or a
    /// session without one) treats it as an unknown command, so it holds
    /// the text typed.
    Hint(&'a str),
    /// Text that starts like a move: the library reads it.
    Move(&'a str),
    Unknown(&'a str),
    /// Control characters or bytes that are not UTF-8.
    Unreadable,
}

impl<'a> Command<'a> {
    /// Reads `line`; `looks_like_move` says which words are moves.
    pub fn read(line: &'a str, looks_like_move: fn(&str) -> bool) -> Command<'a> {
        let text = line.trim();
        if text
            .chars()
            .any(|c| c.is_control() || c == char::REPLACEMENT_CHARACTER)
        {
            return Command::Unreadable;
        }
        match text.to_ascii_lowercase().as_str() {
            "" => Command::Empty,
            "help" | "?" => Command::Help,
            "moves" => Command::Moves,
            "draw" => Command::Draw,
            "resign" => Command::Resign,
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "numbers" => Command::Numbers,
            "save" => Command::Save(""),
            _ if text.to_ascii_lowercase().starts_with("save ") => Command::Save(text[5..].trim()),
            "hint" => Command::Hint(text),
            _ if looks_like_move(text) => Command::Move(text),
            _ => Command::Unknown(text),
        }
    }
}

/// The console: prompts and messages on one output, lines of input read as
/// bytes (anything that is not UTF-8 is replaced, never an error).
pub struct Console<R, W> {
    pub input: R,
    pub output: W,
    pub echo: bool,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// Prints a line.
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.output, "{text}")?;
        self.output.flush()
    }

    /// Prints `prompt` and reads one line, without its line ending; `None`
    /// at the end of the input.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes)
            .trim_end_matches(['\n', '\r'])
            .to_owned();
        if self.echo {
            writeln!(self.output, "{}", quoted(&line))?;
        }
        Ok(Some(line))
    }
}

/// `text` made safe to print: control characters escaped, long text cut.
pub fn quoted(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars().take(MAX_QUOTED_CHARS) {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    if text.chars().count() > MAX_QUOTED_CHARS {
        shown.push('…');
    }
    shown
}

/// Items as a comma-separated list.
pub fn list<T: ToString>(items: impl Iterator<Item = T>) -> String {
    items
        .map(|item| item.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` with its first letter in upper case: library errors are
/// sentence parts, shown here as sentences.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Settles the draw offer pending in `game` with the opponent's answer and
/// announces it: "Draw." when accepted, else who refused and who moves.
pub fn settle_draw_offer<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<G>,
    accepted: bool,
) -> io::Result<()>
where
    G::Player: Display,
{
    // The offer is pending, so neither call can fail; if one did, the
    // session ends with its message.
    let failed =
        |error: rulebook::MatchError<G::Player, G::Move>| io::Error::other(error.to_string());
    if accepted {
        game.accept_draw().map_err(failed)?;
        return console.say("Draw.");
    }
    game.decline_draw().map_err(failed)?;
    let player = game.to_move();
    let opponent = G::opponent(player);
    console.say(&format!(
        "{opponent} refused the draw. The game goes on: {player} to move."
    ))
}

/// The lines `help` lists for the commands every board-game console has
/// besides moves, draw offers and resignations.
pub const GAME_COMMANDS_HELP: &str =
    "  undo     take back the last move (against the computer: yours and its reply)
  redo     play again what undo took back
  numbers  show or hide the square numbers on occupied squares
  save F   save the game so far in file F as PDN (continue it with --load F)";

/// A computer's score as a console shows it: from whose point of view.
pub fn score_for<P: Display>(score: impl Display, player: P) -> String {
    format!("score {score} for {player}")
}

/// Who plays which side, as a console's first line says it: `first` moves
/// first, and the computer (at `level`) plays the sides in `computer`.
pub fn sides_banner<P: Display + PartialEq + Copy>(
    game: &str,
    [first, second]: [P; 2],
    computer: &[P],
    level: Option<u32>,
) -> String {
    let level = level.map_or_else(String::new, |level| format!(", level {level}"));
    match computer {
        [] => format!("{game}: two players at one keyboard. {first} moves first."),
        [side] => {
            let human = if *side == first { second } else { first };
            format!(
                "{game}: you play {human} against the computer ({side}{level}). {first} moves first."
            )
        }
        _ => format!(
            "{game}: the computer ({}) plays both sides. {first} moves first.",
            level.trim_start_matches(", ")
        ),
    }
}

/// Writes the PDN `record` to `path`; the error names the file.
pub fn write_record(path: &Path, record: &str) -> io::Result<()> {
    std::fs::write(path, record).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("cannot save the games in {}: {error}", path.display()),
        )
    })
}

/// The first game of the PDN file at `path`, for `--load`; the error is a
/// sentence naming the file.
pub fn read_first_game(path: &Path) -> Result<PdnGame, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    match PdnReader::new(&text).next() {
        Some(Ok(game)) => Ok(game),
        Some(Err(error)) => Err(format!("{} is not PDN: {error}", path.display())),
        None => Err(format!("{} holds no game", path.display())),
    }
}

/// `--load FILE`: the first game of the PDN file `path`, replayed by
/// `replay` and continued under the console's draw `rules`, announced.
pub fn load_game<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    path: &Path,
    rules: DrawRules,
    replay: impl FnOnce(&PdnGame) -> Result<Match<G>, String>,
) -> io::Result<Match<G>>
where
    G::Player: Display,
{
    let record = read_first_game(path)
        .and_then(|record| replay(&record))
        .map_err(io::Error::other)?;
    let mut game = Match::with_rules(record.start().clone(), rules);
    for &mv in record.history() {
        game.play(mv)
            .map_err(|error| io::Error::other(error.to_string()))?;
    }
    console.say(&format!(
        "Continuing the game of {} after {} moves: {} to move.",
        path.display(),
        game.history().len(),
        game.to_move()
    ))?;
    Ok(game)
}

/// `save FILE`: writes the game so far, `record` (PDN), to FILE and says
/// how to continue it.
pub fn save_so_far<E: Display>(
    console: &mut Console<impl BufRead, impl Write>,
    file: &str,
    record: impl FnOnce() -> Result<String, E>,
) -> io::Result<()> {
    if file.is_empty() {
        return console.say("Say where: save FILE.");
    }
    let record = record().map_err(|error| io::Error::other(error.to_string()))?;
    match write_record(Path::new(file), &record) {
        Ok(()) => console.say(&format!(
            "The game so far is saved in {}; continue it with --load {}.",
            quoted(file),
            quoted(file)
        )),
        Err(error) => console.say(&format!("{}.", capitalized(&error.to_string()))),
    }
}

/// `numbers`: turns the square names on occupied squares off or on, and
/// says which.
pub fn toggle_numbers(
    console: &mut Console<impl BufRead, impl Write>,
    numbers: &mut bool,
) -> io::Result<()> {
    *numbers = !*numbers;
    let state = if *numbers { "shown" } else { "hidden" };
    console.say(&format!("Square numbers on occupied squares: {state}."))
}

/// `undo` (or with `redo`, `redo`) in `game`, where `is_computer` says
/// which sides the computer plays; says what was done or why not.
pub fn undo_or_redo<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &mut Match<G>,
    redo: bool,
    is_computer: impl Fn(G::Player) -> bool,
) -> io::Result<()>
where
    G::Player: Display,
{
    let done = if redo {
        play_again(game, is_computer).map(|count| format!("Played {} again.", moves(count)))
    } else {
        take_back(game, is_computer).map(|count| format!("Took back {}.", moves(count)))
    };
    match done {
        Ok(message) => console.say(&message),
        Err(error) => console.say(&format!("{}.", capitalized(&error.to_string()))),
    }
}

/// "1 move", "2 moves".
fn moves(count: usize) -> String {
    if count == 1 {
        "1 move".to_owned()
    } else {
        format!("{count} moves")
    }
}

/// The end of `game`, if it has ended: the final board, drawn by
/// `diagram`, when the rules ended it (after a resignation or an agreed
/// draw the board stands as last shown), then "Game over." with
/// `end_of_game`'s words for the result.
pub fn say_game_over<G: Game>(
    console: &mut Console<impl BufRead, impl Write>,
    game: &Match<G>,
    diagram: impl FnOnce(&Match<G>) -> String,
    end_of_game: impl FnOnce(MatchResult<G::Player, G::Ending>) -> String,
) -> io::Result<()> {
    if let Some(result) = game.result() {
        if let EndReason::Rules(_) = result.reason {
            console.say(&format!("\n{}", diagram(game)))?;
        }
        console.say(&format!("Game over. {}", end_of_game(result)))?;
    }
    Ok(())
}
