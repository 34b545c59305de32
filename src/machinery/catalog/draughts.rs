//! [`Described`] for every draughts variant, one generic implementation
//! over [`Rules`]: PDN FEN, the variant's notation, PDN records, and the
//! draughts engine ([`draughts::engine`]).

use core::ops::RangeInclusive;

use super::{
    BoardKind, BoardView, Described, GameSpec, MoveTextError, PieceView, PositionTextError, Variant,
};
use crate::draughts::{self, Color, Draughts, Move, Role, Rules, Square};
use crate::pdn::WriteError;
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Match};

/// The spec of variant `R`: its [`Variant`], or checkers for the English
/// rules.
fn spec_of<R: Rules>() -> GameSpec {
    match Variant::from_game_type(R::GAME_TYPE) {
        Some(variant) => GameSpec::Draughts(variant),
        None => {
            debug_assert_eq!(R::NAME, "english", "every other variant has a GameSpec");
            GameSpec::Checkers
        }
    }
}

/// The index of `color` in [`Described::players`] of variant `R`.
fn player_index<R: Rules>(color: Color) -> u8 {
    u8::from(color != R::FIRST)
}

/// Every draughts variant; [`English`](crate::draughts::English) (English
/// checkers on the draughts engine) describes itself as
/// [`GameSpec::Checkers`], whose type is [`Checkers`](crate::checkers::Checkers).
impl<R: Rules> Described for Draughts<R> {
    fn spec(&self) -> GameSpec {
        spec_of::<R>()
    }

    /// The first mover first ([`Rules::FIRST`]).
    fn players() -> [Color; 2] {
        [R::FIRST, R::FIRST.opponent()]
    }

    fn player_name(player: Color) -> &'static str {
        match player {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// PDN FEN ([`Draughts::to_fen`]).
    fn position_text(&self) -> String {
        self.to_fen()
    }

    fn parse_position(&self, text: &str) -> Result<Draughts<R>, PositionTextError> {
        Draughts::from_fen(text).map_err(|error| PositionTextError::new(self.spec(), text, error))
    }

    /// [`Draughts::move_text`]: the short form.
    fn move_text(&self, mv: Move<R>) -> String {
        Draughts::move_text(self, &mv)
    }

    /// [`Draughts::parse_move`]: the full route, the short form, or any
    /// squares of the route in order.
    fn parse_move(&self, text: &str) -> Result<Move<R>, MoveTextError> {
        Draughts::parse_move(self, text).map_err(|error| MoveTextError::new(text, error))
    }

    fn route(&self, mv: Move<R>) -> Vec<String> {
        mv.path().map(|square| square.to_string()).collect()
    }

    fn captured(&self, mv: Move<R>) -> Vec<String> {
        Draughts::captured(self, &mv)
            .into_iter()
            .map(|square| square.to_string())
            .collect()
    }

    /// White at the bottom, as `Display` draws it.
    fn board(&self) -> BoardView {
        debug_assert!(R::SIZE <= usize::from(u8::MAX));
        let size = R::SIZE as u8;
        BoardView::from_fn(BoardKind::Squares, size, size, |row, column| {
            match Square::<R>::at(usize::from(row), usize::from(column)) {
                None => (None, None),
                Some(square) => {
                    let piece = self.piece_at(square).map(|piece| PieceView {
                        player: player_index::<R>(piece.color),
                        king: piece.role == Role::King,
                    });
                    (Some(square.to_string()), piece)
                }
            }
        })
    }

    /// White: the board is drawn with White's home side at the bottom.
    fn player_at_bottom() -> Option<Color> {
        Some(Color::White)
    }

    fn levels() -> RangeInclusive<u32> {
        1..=draughts::MAX_LEVEL
    }

    fn default_level() -> u32 {
        draughts::DEFAULT_LEVEL
    }

    /// The variant's computer player, [`draughts::engine`].
    fn engine(&self, level: u32) -> Result<Engine<Draughts<R>>, LevelError> {
        draughts::engine::<R>(level)
    }

    /// PDN with the variant's `GameType` ([`draughts::pdn::write_match`]).
    fn record(game: &Match<Draughts<R>>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        draughts::pdn::write_match(game, tags.iter().copied())
    }

    /// The variant's standard draw rules ([`Rules::DRAW_RULES`]).
    fn draw_rules() -> DrawRules {
        R::DRAW_RULES
    }
}
