//! The console both board-game examples share: prompts and messages on
//! one output, lines read as bytes, commands, and small text helpers.
//! Included by `checkers.rs` and `draughts.rs` with `#[path]`.

#![allow(dead_code)] // each example uses a different part of this

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use rulebook::{Game, Match};

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
