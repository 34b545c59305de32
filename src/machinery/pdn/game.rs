//! [`PdnGame`]: one game as read from PDN text, before any rules are applied.

use core::fmt;

use super::PdnResult;

/// A place in PDN text: 1-based line and column (columns count characters).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TextPosition {
    /// The line, counting from 1.
    pub line: u32,
    /// The column, counting characters from 1.
    pub column: u32,
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Which game of a file something is about: its number in the file and its
/// `Event` tag, so that an error message lets a person find the game.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameId {
    /// The game's number in the file, counting from 1 (games that failed to
    /// parse count too).
    pub number: usize,
    /// The game's `Event` tag, when it has one (and, for a game that failed
    /// to parse, when the tag was read before the error).
    pub event: Option<String>,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.number)?;
        if let Some(event) = &self.event {
            write!(f, " (Event \"{event}\")")?;
        }
        Ok(())
    }
}

/// One move of a game as the text writes it, with where it was written.
///
/// Invariant: `text` is PDN move syntax: at least two squares (numbers, or
/// algebraic like `c3`) separated by `-`, `x` or `:` (in any mix),
/// annotation glyphs (`!`, `?`) already removed. Whether the squares exist and the move is legal is for
/// the rules to say when the game is replayed.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PdnMove {
    pub(super) number: u32,
    pub(super) text: String,
    pub(super) trailing_text: Option<String>,
    pub(super) position: TextPosition,
}

impl PdnMove {
    /// The move number this move belongs to: the number written before it
    /// (`12.` or `12...`), counted on by one for every pair of moves written
    /// after the last number (1 when the text has none).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The move as written, e.g. `11-15`, `22x15x8`, `22x8`.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Text glued to the end of the move without a space or braces, as in
    /// `8-11Redoversteppedthetimecontrolonthismove.` (a comment whose braces
    /// were lost; see [`PdnReader`](super::PdnReader)), or `None`.
    pub fn trailing_text(&self) -> Option<&str> {
        self.trailing_text.as_deref()
    }

    /// Where the move starts in the text.
    pub fn position(&self) -> TextPosition {
        self.position
    }
}

/// One game read from PDN text: its tags in the order written, its moves as
/// text, and its result. No rules have been applied yet:
/// [`replay`](PdnGame::replay) plays it under the rules.
///
/// Invariants: tag names are unique; every move's text is move syntax (see
/// [`PdnMove`]). A `Result` tag and the result at the end of the moves may
/// disagree (typing errors in real records): [`result`](PdnGame::result)
/// is the one after the moves, [`result_tag`](PdnGame::result_tag) the
/// tag's.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PdnGame {
    pub(super) id: GameId,
    pub(super) position: TextPosition,
    pub(super) tags: Vec<(String, String)>,
    pub(super) moves: Vec<PdnMove>,
    pub(super) result: PdnResult,
}

impl PdnGame {
    /// The game's number in its file (from 1) and its `Event` tag.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// Where the game starts in the text.
    pub fn position(&self) -> TextPosition {
        self.position
    }

    /// All tags as `(name, value)` pairs, in the order written.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag `name` (tag names are case-sensitive), if
    /// present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The `Event` tag.
    pub fn event(&self) -> Option<&str> {
        self.id.event.as_deref()
    }

    /// The set-up position (`FEN` tag), when the game does not start from
    /// the standard position.
    pub fn fen(&self) -> Option<&str> {
        self.tag(super::FEN_TAG)
    }

    /// The `GameType` tag (`21` for English checkers, `20` International,
    /// ...; see [`draughts::pdn`](crate::draughts::pdn)). Absent means
    /// English checkers.
    pub fn game_type(&self) -> Option<&str> {
        self.tag(super::GAME_TYPE_TAG)
    }

    /// The name of the Red player: PDN's `Black` tag (PDN calls the first
    /// player Black).
    pub fn red_player(&self) -> Option<&str> {
        self.tag(super::RED_PLAYER_TAG)
    }

    /// The name of the White player: PDN's `White` tag.
    pub fn white_player(&self) -> Option<&str> {
        self.tag(super::WHITE_PLAYER_TAG)
    }

    /// The moves as written, in order.
    pub fn moves(&self) -> &[PdnMove] {
        &self.moves
    }

    /// The result: the one written at the end of the moves, else the
    /// `Result` tag, else [`PdnResult::Undecided`]. A result written in
    /// no known spelling (`4-6`, in the tag or after the moves) is
    /// [`PdnResult::Undecided`]: unknown.
    pub fn result(&self) -> PdnResult {
        self.result
    }

    /// The result the `Result` tag states, when it is written in a known
    /// spelling (see [`PdnResult`]).
    pub fn result_tag(&self) -> Option<PdnResult> {
        self.tag(super::RESULT_TAG).and_then(PdnResult::from_text)
    }

    /// The `Result` tag's result and the result written after the moves,
    /// when the two disagree (the game is read all the same; which one is
    /// wrong, the rules may tell after a replay).
    pub fn result_disagreement(&self) -> Option<(PdnResult, PdnResult)> {
        self.result_tag()
            .filter(|&tag| tag != self.result)
            .map(|tag| (tag, self.result))
    }
}
