//! [`Described`]: what a front door needs to know of one game (its spec,
//! players, position and move text, board, engines, record and draw
//! rules), and the typed errors of its readers.

use core::ops::RangeInclusive;

use super::{BoardView, GameSpec};
use crate::pdn::WriteError;
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Game, Match};

/// A game as the front doors (a game server, a web page, the Python
/// package, a console) see it: everything they need to offer it to a user,
/// written once per game here so that they stay generic over `G:
/// Described` (and [`GameSpec::visit`] picks `G` from a name).
///
/// # Contract
///
/// Every implementation keeps these (the conformance kit checks them on
/// random playouts: `rulebook::testing::check_described`, feature
/// `testing`):
///
/// - `position.spec().visit(..)` is called with a start position of the
///   same kind (the same type, and for ConnectX the same size);
///   [`spec`](Described::spec) round-trips through its text.
/// - [`players`](Described::players) lists two different players, the one
///   to move in `G::default()` first; [`parse_player`](Described::parse_player)
///   reads each [`player_name`](Described::player_name) back, in any case.
/// - `parse_position(&position_text())` is the position itself.
/// - For every legal move `m`: `parse_move(&move_text(m)) == Ok(m)`;
///   [`route`](Described::route)`(m)` is non-empty (but for a move that
///   puts nothing on the board, a pass, which is then the only legal
///   move and has the empty route), its squares are
///   labels of the [`board`](Described::board) (for a
///   [`Drop`](super::BoardKind::Drop) board, the column index), and no two
///   legal moves have the same route; [`captured`](Described::captured)`(m)`
///   is empty exactly for moves that capture nothing, and names squares
///   holding the opponent's pieces.
/// - `parse_move` returns legal moves only.
/// - [`board`](Described::board) keeps [`BoardView`]'s invariants and
///   shows as many pieces as the position has.
/// - Every level of [`levels`](Described::levels) gives an engine, and
///   the levels next to the range give a [`LevelError`].
///
/// `Described` asks for `Send + Sync + 'static` so that a server can keep
/// positions in shared state; the games of this crate also have
/// `Send + Sync` moves and players (a front door that needs it states
/// `G::Move: Send`).
///
/// `Display` draws the board as the crate's console examples show it, for
/// front doors that print a position (Python's `str(game)`).
pub trait Described: Game + core::fmt::Display + Send + Sync + 'static {
    /// The spec of this game (name and parameters): `position.spec().visit(..)`
    /// recreates its kind.
    fn spec(&self) -> GameSpec;

    /// The two players, first mover first: `[Red, White]` in checkers,
    /// `[X, O]` in Connect Four, `[White, Black]` in most draughts variants
    /// (`[Black, White]` in pool checkers), as the rules say who starts.
    fn players() -> [Self::Player; 2];

    /// A player's name as front doors write it, in lower case: `"red"` /
    /// `"white"`, `"x"` / `"o"`, `"white"` / `"black"`.
    fn player_name(player: Self::Player) -> &'static str;

    /// Reads a player's name (any case, surrounding spaces ignored), as
    /// [`player_name`](Described::player_name) writes it.
    ///
    /// # Errors
    ///
    /// [`PlayerNameError`], listing the two names, for any other text.
    fn parse_player(text: &str) -> Result<Self::Player, PlayerNameError> {
        let players = Self::players();
        players
            .into_iter()
            .find(|&player| Self::player_name(player).eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| PlayerNameError {
                text: text.to_owned(),
                names: players.map(Self::player_name),
            })
    }

    /// The position as text: PDN FEN for checkers and the draughts family,
    /// the crate's board text for Connect Four (`Connect4::text`) and
    /// ConnectX (`ConnectX::text`, with its size).
    fn position_text(&self) -> String;

    /// Reads a position of the same kind as `self` (for ConnectX, of the
    /// same size) in [`position_text`](Described::position_text)'s format.
    ///
    /// # Errors
    ///
    /// [`PositionTextError`] with the game's own message when the text is
    /// not such a position (malformed, against the rules, or of another
    /// size).
    fn parse_position(&self, text: &str) -> Result<Self, PositionTextError>;

    /// A move in the game's standard notation, as a player writes it:
    /// draughts its short form (`Draughts::move_text`: `28x10`, the full
    /// route only when two moves share their ends), checkers `11-15`,
    /// `15x22x29`, Connect Four and ConnectX the column index (`3`).
    ///
    /// Precondition: `mv` is legal here (for another move, the text is
    /// still the move's, but may not read back).
    fn move_text(&self, mv: Self::Move) -> String;

    /// Reads a move as a player types it (the short and the full forms),
    /// resolved against this position's legal moves.
    ///
    /// # Errors
    ///
    /// [`MoveTextError`] with the game's own message when the text is not
    /// a move, matches no legal move (the message lists them), or matches
    /// several.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError>;

    /// The squares a move passes through, as labels of the
    /// [`board`](Described::board), start first: a step `[from, to]`, a
    /// capture its start and each landing square in order, a Connect Four
    /// drop `[column]`. Front doors use it for hop-by-hop entry (a prefix
    /// of a legal move's route is a move in progress: see
    /// [`moves_with_route_prefix`](super::moves_with_route_prefix)) and
    /// to draw the move.
    fn route(&self, mv: Self::Move) -> Vec<String>;

    /// The squares of the pieces a move captures (labels, in the order
    /// taken; empty when it captures nothing).
    ///
    /// Precondition: `mv` is legal here.
    fn captured(&self, mv: Self::Move) -> Vec<String>;

    /// What to draw.
    fn board(&self) -> BoardView;

    /// The player whose home side [`board`](Described::board) draws at
    /// the bottom, for a game whose sides face each other (checkers and
    /// draughts: White); `None` when the board has no sides to turn
    /// (Connect Four's columns, Othello). A front door turns the board
    /// over for the other player, so that each sees their own side at the
    /// bottom.
    fn player_at_bottom() -> Option<Self::Player> {
        None
    }

    /// The game's word for a capture, as its players say it and a front
    /// door writes it in its messages: `"jump"` in checkers, `"capture"`
    /// (the default) elsewhere.
    fn capture_word() -> &'static str {
        "capture"
    }

    /// The levels of the computer players this game offers, weakest
    /// first: `levels().contains(&level)`.
    fn levels() -> RangeInclusive<u32>;

    /// The level to offer when the user does not choose (one of
    /// [`levels`](Described::levels)).
    fn default_level() -> u32;

    /// The computer player at `level` (the game module's `engine(level)`).
    ///
    /// # Errors
    ///
    /// [`LevelError`] when `level` is not in [`levels`](Described::levels).
    fn engine(&self, level: u32) -> Result<Engine<Self>, LevelError>;

    /// The game's record as text, with the caller's extra `tags`: PDN for
    /// checkers and draughts (`pdn::write_match`); for Connect Four and
    /// ConnectX the same layout (tags, `Result`, the start position as
    /// `FEN` when it is not the empty board) with each move's
    /// [`move_text`](Described::move_text), numbered.
    ///
    /// # Errors
    ///
    /// [`WriteError`] when a tag name is not letters, digits and `_`, a
    /// value holds a line break, or a name is given twice.
    fn record(game: &Match<Self>, tags: &[(&str, &str)]) -> Result<String, WriteError>;

    /// The game's standard draw rules for a [`Match`]
    /// ([`Match::with_rules`]): [`DrawRules::NONE`] for Connect Four.
    fn draw_rules() -> DrawRules;
}

/// Text that names neither player of a game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{text}` is not a player: write {} or {}", names[0], names[1])]
pub struct PlayerNameError {
    /// The text as given.
    pub text: String,
    /// The two players' names.
    pub names: [&'static str; 2],
}

/// Text that is not a position of the game, with the game's own message.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{text}` is not a {game} position: {message}")]
pub struct PositionTextError {
    /// The game's name ([`GameSpec::name`]).
    pub game: &'static str,
    /// The text as given.
    pub text: String,
    /// Why not, as the game's reader says it.
    pub message: String,
}

impl PositionTextError {
    /// The error for `text` in the game of `spec`, with `error`'s message.
    pub(crate) fn new(spec: GameSpec, text: &str, error: impl core::fmt::Display) -> Self {
        PositionTextError {
            game: spec.name(),
            text: text.to_owned(),
            message: error.to_string(),
        }
    }
}

/// Text that is not a legal move here, with the game's own message (which
/// lists the legal moves when none matches).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct MoveTextError {
    /// The text as given.
    pub text: String,
    /// Why it is not a legal move, as the game says it.
    pub message: String,
}

impl MoveTextError {
    /// The error for `text`, with `error`'s message.
    pub(crate) fn new(text: &str, error: impl core::fmt::Display) -> Self {
        MoveTextError {
            text: text.to_owned(),
            message: error.to_string(),
        }
    }
}
