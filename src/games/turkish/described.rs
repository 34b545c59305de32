//! [`Described`] for Turkish draughts: what the front doors (server,
//! page, Python, consoles) need, on the module's own pieces: FEN as the
//! position, the players' notation (`d3-d4`, `d4xd8`, every landing when
//! needed), the route a capture takes, the pieces it takes in order,
//! every square labelled, PDN records with `GameType` 30.

use core::ops::RangeInclusive;

use super::{Color, Move, Turkish, DEFAULT_LEVEL, DRAW_RULES, MAX_LEVEL};
use crate::catalog::{BoardView, Described, GameSpec, MoveTextError, PositionTextError};
use crate::pdn::WriteError;
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Match};

impl Described for Turkish {
    fn spec(&self) -> GameSpec {
        GameSpec::Turkish
    }

    /// White moves first.
    fn players() -> [Color; 2] {
        [Color::White, Color::Black]
    }

    fn player_name(player: Color) -> &'static str {
        match player {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// FEN ([`Turkish::to_fen`]: `W:Wa2,...:B...`, kings with `K`).
    fn position_text(&self) -> String {
        self.to_fen()
    }

    fn parse_position(&self, text: &str) -> Result<Turkish, PositionTextError> {
        Turkish::from_fen(text).map_err(|error| PositionTextError::new(self.spec(), text, error))
    }

    /// [`Turkish::move_text`]: a step `d3-d4`, a capture by its ends
    /// (`d4xd8`) unless another capture has the same ends.
    fn move_text(&self, mv: Move) -> String {
        Turkish::move_text(self, mv)
    }

    /// [`Turkish::parse_move`]: the full route, another route of the same
    /// capture, or start and end when one capture fits.
    fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        Turkish::parse_move(self, text).map_err(|error| MoveTextError::new(text, error))
    }

    /// The start, then each landing ([`Move::squares`]).
    fn route(&self, mv: Move) -> Vec<String> {
        mv.squares().map(|square| square.to_string()).collect()
    }

    /// The pieces taken, in the order taken ([`Turkish::taken`]).
    fn captured(&self, mv: Move) -> Vec<String> {
        self.taken(mv)
            .into_iter()
            .map(|square| square.to_string())
            .collect()
    }

    /// [`Turkish::board_view`]: 8x8, every square labelled, White at the
    /// bottom.
    fn board(&self) -> BoardView {
        self.board_view()
    }

    /// White: the board is drawn with White's home side at the bottom.
    fn player_at_bottom() -> Option<Color> {
        Some(Color::White)
    }

    fn levels() -> RangeInclusive<u32> {
        1..=MAX_LEVEL
    }

    fn default_level() -> u32 {
        DEFAULT_LEVEL
    }

    /// [`super::engine`].
    fn engine(&self, level: u32) -> Result<Engine<Turkish>, LevelError> {
        super::engine(level)
    }

    /// PDN with `GameType` 30 ([`crate::pdn::write_match`]).
    fn record(game: &Match<Turkish>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        crate::pdn::write_match(game, tags.iter().copied())
    }

    /// [`DRAW_RULES`]: threefold repetition, 25 moves each without
    /// progress.
    fn draw_rules() -> DrawRules {
        DRAW_RULES
    }
}
