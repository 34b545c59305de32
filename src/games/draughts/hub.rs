//! The text of the Hub protocol (version 2, as Scan 3.x's `protocol.txt`
//! defines it), for engine programs that talk to draughts GUIs: messages
//! ([`HubMessage`]: a command and `name=value` pairs, values quoted when
//! they need it), positions ([`hub_position`], [`parse_hub_position`]) and
//! moves ([`hub_move`], [`parse_hub_move`]).
//!
//! The protocol itself (which command answers which) is the engine
//! program's business: the crate's `hub` example is one. This module only
//! reads and writes the text, so that it can be tested on its own.
//!
//! # Positions
//!
//! One letter for the side to move (`W` or `B`), then one character per
//! square in the order of the square numbers: `w`/`b` a White/Black man,
//! `W`/`B` a king, `e` empty. International: 50 squares, numbered as in
//! its notation. The 8x8 variants (not in Scan's protocol): 32 squares in
//! the order of the English and pool numbering, 1 at Black's side on the
//! left as White sees the board (`b8` in algebraic notation, then `d8`,
//! `f8`, `h8`, `a7`, ...), 32 at White's side on the right (`g1`).
//!
//! # Moves
//!
//! Square numbers as above (for every variant, algebraic ones included):
//! a quiet move `32-28`; a capture its start, its end and the squares of
//! the pieces it takes, joined by `x` (`28x19x23`: from 28 to 19, taking
//! 23), as Scan writes them. Two captures that take the same pieces to the
//! same square by different routes have the same text; reading it gives
//! the first of them.

use core::fmt;

use super::moves::Move;
use super::notation::Square;
use super::piece::{Color, Piece, Role};
use super::position::Draughts;
use super::rules::Rules;
use super::Setup;
use crate::Game;

/// Why a line or a field of the Hub protocol could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum HubError {
    /// The line holds no command.
    #[error("missing command")]
    MissingCommand,
    /// A `"` opens a value that is never closed.
    #[error("missing closing quote")]
    UnclosedQuote,
    /// Where a name was expected, something else (`=` or `"`) stands.
    #[error("expected a name at `{0}`")]
    ExpectedName(String),
    /// The position text is not a side letter and one character per square.
    #[error("bad position `{text}`: {reason}")]
    BadPosition {
        /// The text that was read.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The move text is not a move of the protocol.
    #[error("bad move `{0}`")]
    BadMove(String),
    /// The move is not legal in the position.
    #[error("illegal move `{0}`")]
    IllegalMove(String),
}

/// One line of the protocol: a command and its arguments, each a name with
/// a value, or a flag (a name alone, whose value reads as empty).
///
/// `Display` writes the line back, quoting the values that need it (empty
/// ones, and those with a space, `=` or `"`... as the protocol requires).
///
/// ```
/// use rulebook::draughts::HubMessage;
///
/// let line = HubMessage::parse(r#"pos pos=Wbbe moves="32-28 19-23""#).unwrap();
/// assert_eq!(line.command(), "pos");
/// assert_eq!(line.value("moves"), Some("32-28 19-23"));
/// let reply = HubMessage::new("done").with("move", "32-28");
/// assert_eq!(reply.to_string(), "done move=32-28");
/// assert_eq!(
///     HubMessage::new("error").with("message", "bad move").to_string(),
///     r#"error message="bad move""#
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HubMessage {
    command: String,
    arguments: Vec<(String, Option<String>)>,
}

/// Whether `c` may appear in a name or an unquoted value.
fn is_name_char(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

impl HubMessage {
    /// A message with `command` and no arguments.
    pub fn new(command: &str) -> HubMessage {
        HubMessage {
            command: command.to_owned(),
            arguments: Vec::new(),
        }
    }

    /// This message with the argument `name=value` added.
    pub fn with(mut self, name: &str, value: impl fmt::Display) -> HubMessage {
        self.arguments
            .push((name.to_owned(), Some(value.to_string())));
        self
    }

    /// This message with the flag `name` added.
    pub fn flag(mut self, name: &str) -> HubMessage {
        self.arguments.push((name.to_owned(), None));
        self
    }

    /// Reads one line: `command name=value name="quoted value" flag ...`.
    ///
    /// # Errors
    ///
    /// [`HubError::MissingCommand`] for a blank line,
    /// [`HubError::UnclosedQuote`] and [`HubError::ExpectedName`] for text
    /// that does not follow the syntax.
    pub fn parse(line: &str) -> Result<HubMessage, HubError> {
        let mut rest = line.trim_start();
        if rest.is_empty() {
            return Err(HubError::MissingCommand);
        }
        let command = take_name(&mut rest)?;
        let mut arguments = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let name = take_name(&mut rest)?;
            rest = rest.trim_start();
            let value = if let Some(after) = rest.strip_prefix('=') {
                rest = after.trim_start();
                if let Some(quoted) = rest.strip_prefix('"') {
                    let end = quoted.find('"').ok_or(HubError::UnclosedQuote)?;
                    let value = quoted[..end].to_owned();
                    rest = &quoted[end + 1..];
                    Some(value)
                } else {
                    Some(take_name(&mut rest)?)
                }
            } else {
                None
            };
            arguments.push((name, value));
        }
        Ok(HubMessage { command, arguments })
    }

    /// The command.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The value of the first argument called `name`: `Some("")` for a
    /// flag, `None` when there is no such argument.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.arguments
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value.as_deref().unwrap_or(""))
    }

    /// Whether an argument (a flag or a pair) called `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.value(name).is_some()
    }

    /// The arguments in order: names, with their values (`None` for
    /// flags).
    pub fn arguments(&self) -> impl Iterator<Item = (&str, Option<&str>)> {
        self.arguments
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_deref()))
    }
}

/// Takes a name (or an unquoted value) from the front of `rest`.
fn take_name(rest: &mut &str) -> Result<String, HubError> {
    let end = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
    if end == 0 {
        let shown: String = rest.chars().take(20).collect();
        return Err(HubError::ExpectedName(shown));
    }
    let name = rest[..end].to_owned();
    *rest = &rest[end..];
    Ok(name)
}

impl fmt::Display for HubMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for (name, value) in &self.arguments {
            write!(f, " {name}")?;
            if let Some(value) = value {
                if !value.is_empty() && value.chars().all(is_name_char) {
                    write!(f, "={value}")?;
                } else {
                    // The protocol has no escape for a quote inside a
                    // value: it is dropped.
                    let clean: String = value.chars().filter(|&c| c != '"').collect();
                    write!(f, "=\"{clean}\"")?;
                }
            }
        }
        Ok(())
    }
}

/// The Hub text of `position`: the side to move, then one character per
/// square in the order of the square numbers: `w`/`b` a White/Black man,
/// `W`/`B` a king, `e` empty. 50 squares on 10x10; 32 on 8x8, numbered as
/// in English checkers (1 = `b8`, 2 = `d8`, ... 32 = `g1` in algebraic
/// terms) for every 8x8 variant. [`hub_move`] uses the same numbers.
///
/// ```
/// use rulebook::draughts::{hub_position, International};
///
/// let text = hub_position(&International::default());
/// assert_eq!(text, format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20)));
/// ```
pub fn hub_position<R: Rules>(position: &Draughts<R>) -> String {
    let mut text = String::with_capacity(R::SIZE * R::SIZE / 2 + 1);
    text.push(position.to_move().pdn_letter());
    for square in Square::<R>::all() {
        text.push(match position.piece_at(square) {
            None => 'e',
            Some(piece) => piece.symbol(),
        });
    }
    text
}

/// Reads the Hub text of a position of variant `R`.
///
/// # Errors
///
/// [`HubError::BadPosition`] when the text is not `W` or `B` and one of
/// `wbWBe` per square, or describes a position the rules do not allow
/// (a man on its crowning row, too many pieces, an empty board).
pub fn parse_hub_position<R: Rules>(text: &str) -> Result<Draughts<R>, HubError> {
    let (turn, squares) = split_hub_position(text, R::SIZE * R::SIZE / 2)?;
    let bad = |reason: String| bad_position(text, reason);
    let mut setup = Setup::<R>::empty(turn);
    for (square, piece) in Square::<R>::all().zip(squares) {
        setup.set(square, piece);
    }
    Draughts::from_setup(&setup).map_err(|error| bad(error.to_string()))
}

/// [`HubError::BadPosition`] for `text`, saying `reason`.
pub(crate) fn bad_position(text: &str, reason: String) -> HubError {
    HubError::BadPosition {
        text: text.chars().take(70).collect(),
        reason,
    }
}

/// Reads the Hub text of a position of `squares` squares, for every game
/// that speaks Hub: the side to move, and the piece on each square in
/// order (`w`/`b` a man, `W`/`B` a king, `e` empty).
///
/// # Errors
///
/// [`HubError::BadPosition`] when the text is not `W` or `B` and one of
/// `wbWBe` per square.
pub(crate) fn split_hub_position(
    text: &str,
    squares: usize,
) -> Result<(Color, Vec<Option<Piece>>), HubError> {
    let bad = |reason: String| bad_position(text, reason);
    let mut chars = text.chars();
    let turn = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => return Err(bad("it must start with W or B, the side to move".to_owned())),
    };
    let pieces = chars
        .map(|c| {
            let (color, role) = match c {
                'e' => return Ok(None),
                'w' => (Color::White, Role::Man),
                'b' => (Color::Black, Role::Man),
                'W' => (Color::White, Role::King),
                'B' => (Color::Black, Role::King),
                other => {
                    return Err(bad(format!(
                        "`{}` is not one of w, b, W, B, e",
                        other.escape_debug()
                    )))
                }
            };
            Ok(Some(Piece { color, role }))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if pieces.len() != squares {
        return Err(bad(format!(
            "{} squares instead of {squares}",
            pieces.len()
        )));
    }
    Ok((turn, pieces))
}

/// The Hub number of a square: its dense index plus one.
fn number<R: Rules>(square: Square<R>) -> usize {
    square.index() + 1
}

/// The Hub text of `mv`, legal in `position`: `32-28`, or for a capture
/// `from x to x taken x taken ...` (`28x19x23`).
pub fn hub_move<R: Rules>(position: &Draughts<R>, mv: &Move<R>) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", number(mv.from()), number(mv.to()));
    }
    let mut text = format!("{}x{}", number(mv.from()), number(mv.to()));
    for taken in position.captured(mv) {
        text.push_str(&format!("x{}", number(taken)));
    }
    text
}

/// Reads a move in Hub text against the legal moves of `position`. The
/// captured squares may come in any order.
///
/// # Errors
///
/// [`HubError::BadMove`] when the text is not squares joined by `-` or
/// `x`, [`HubError::IllegalMove`] when no legal move matches.
pub fn parse_hub_move<R: Rules>(position: &Draughts<R>, text: &str) -> Result<Move<R>, HubError> {
    let bad = || HubError::BadMove(text.chars().take(60).collect());
    let squares = R::SIZE * R::SIZE / 2;
    let capture = text.contains('x');
    let mut numbers = Vec::new();
    for part in text.split(['x', '-']) {
        let n: usize = part.parse().map_err(|_| bad())?;
        if n == 0 || n > squares {
            return Err(bad());
        }
        numbers.push(n);
    }
    if numbers.len() < 2 || (!capture && numbers.len() != 2) || (capture && text.contains('-')) {
        return Err(bad());
    }
    let mut taken: Vec<usize> = numbers[2..].to_vec();
    taken.sort_unstable();
    let found = position.legal_moves().iter().copied().find(|mv| {
        if mv.is_capture() != capture
            || number(mv.from()) != numbers[0]
            || number(mv.to()) != numbers[1]
        {
            return false;
        }
        if !capture {
            return true;
        }
        let mut captured: Vec<usize> = position.captured(mv).into_iter().map(number).collect();
        captured.sort_unstable();
        // A capture may be written without its taken pieces when that
        // names one move; with them, they must be exactly the pieces.
        taken.is_empty() || captured == taken
    });
    found.ok_or_else(|| HubError::IllegalMove(text.chars().take(60).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{International, InternationalRules, Russian, RussianRules};

    #[test]
    fn messages_round_trip_with_quotes_and_flags() {
        let line = r#"  go   think  extra="a b"  empty="" n=3 "#;
        let message = HubMessage::parse(line).unwrap();
        assert_eq!(message.command(), "go");
        assert!(message.has("think"));
        assert_eq!(message.value("think"), Some(""));
        assert_eq!(message.value("extra"), Some("a b"));
        assert_eq!(message.value("empty"), Some(""));
        assert_eq!(message.value("n"), Some("3"));
        assert_eq!(message.value("missing"), None);
        let written = message.to_string();
        assert_eq!(written, r#"go think extra="a b" empty="" n=3"#);
        assert_eq!(HubMessage::parse(&written).unwrap(), message);
    }

    #[test]
    fn malformed_lines_are_errors() {
        assert_eq!(HubMessage::parse("   "), Err(HubError::MissingCommand));
        assert_eq!(
            HubMessage::parse(r#"pos moves="32-28"#),
            Err(HubError::UnclosedQuote)
        );
        assert!(matches!(
            HubMessage::parse("=x"),
            Err(HubError::ExpectedName(_))
        ));
        assert!(matches!(
            HubMessage::parse("level depth="),
            Err(HubError::ExpectedName(_))
        ));
    }

    #[test]
    fn positions_round_trip() {
        let position = International::from_fen("B:W31,K32,45:B5,K6,20").unwrap();
        let text = hub_position(&position);
        assert_eq!(text.len(), 51);
        assert_eq!(&text[..1], "B");
        assert_eq!(&text[5..7], "bB");
        assert_eq!(
            parse_hub_position::<InternationalRules>(&text),
            Ok(position)
        );
        let russian = Russian::default();
        let text = hub_position(&russian);
        assert_eq!(text.len(), 33);
        assert_eq!(parse_hub_position::<RussianRules>(&text), Ok(russian));
        for bad in ["", "X", "W", &text[..32], &format!("{}x", &text[..32])] {
            assert!(matches!(
                parse_hub_position::<RussianRules>(bad),
                Err(HubError::BadPosition { .. })
            ));
        }
        // A white man on its crowning row.
        let crowned = format!("Ww{}", "e".repeat(49));
        assert!(parse_hub_position::<InternationalRules>(&crowned).is_err());
    }

    #[test]
    fn moves_round_trip_with_captured_squares() {
        // White 28 takes 23, then 13: the captured squares are in the text.
        let position = International::from_fen("W:W28:B23,13").unwrap();
        for mv in position.legal_moves() {
            let text = hub_move(&position, &mv);
            assert_eq!(parse_hub_move(&position, &text), Ok(mv), "{text}");
        }
        let capture = position.legal_moves()[0];
        let text = hub_move(&position, &capture);
        assert!(text.starts_with("28x"), "{text}");
        let start = International::default();
        let quiet = parse_hub_move(&start, "32-28").unwrap();
        assert_eq!(hub_move(&start, &quiet), "32-28");
        for bad in [
            "", "32", "32-", "a-b", "32-28-23", "0-5", "51-46", "32x28-23",
        ] {
            assert!(
                matches!(parse_hub_move(&start, bad), Err(HubError::BadMove(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            parse_hub_move(&start, "32-26"),
            Err(HubError::IllegalMove(_))
        ));
        // 8x8 squares are numbers too.
        let russian = Russian::default();
        let mv = russian.legal_moves()[0];
        let text = hub_move(&russian, &mv);
        assert!(
            text.chars().all(|c| c.is_ascii_digit() || c == '-'),
            "{text}"
        );
        assert_eq!(parse_hub_move(&russian, &text), Ok(mv));
    }
}
