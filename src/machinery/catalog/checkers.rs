//! [`Described`] for English checkers: PDN FEN, PDN square numbers, the
//! checkers engine and PDN records.

use core::ops::RangeInclusive;

use super::{
    BoardKind, BoardView, Described, GameSpec, MoveTextError, PieceView, PositionTextError,
};
use crate::checkers::{self, Checkers, Move, Player, Role, Square};
use crate::pdn::WriteError;
use crate::search::{Engine, LevelError};
use crate::{DrawRules, Match};

/// The checkers board's rows and columns.
const BOARD_SIZE: u8 = 8;

impl Described for Checkers {
    fn spec(&self) -> GameSpec {
        GameSpec::Checkers
    }

    /// `[Red, White]`: Red moves first.
    fn players() -> [Player; 2] {
        [Player::Red, Player::White]
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::Red => "red",
            Player::White => "white",
        }
    }

    /// PDN FEN ([`Checkers::to_fen`]).
    fn position_text(&self) -> String {
        self.to_fen()
    }

    fn parse_position(&self, text: &str) -> Result<Checkers, PositionTextError> {
        Checkers::from_fen(text).map_err(|error| PositionTextError::new(self.spec(), text, error))
    }

    /// The full route (`11-15`, `15x22x29`), as PDN records write it.
    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// [`Checkers::parse_move`]: the full route or the start and end.
    fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        Checkers::parse_move(self, text).map_err(|error| MoveTextError::new(text, error))
    }

    fn route(&self, mv: Move) -> Vec<String> {
        mv.path().map(|square| square.to_string()).collect()
    }

    fn captured(&self, mv: Move) -> Vec<String> {
        mv.captured().map(|square| square.to_string()).collect()
    }

    /// Red's home row (squares 1–4) at the top, as `Display` draws it.
    fn board(&self) -> BoardView {
        BoardView::from_fn(BoardKind::Squares, BOARD_SIZE, BOARD_SIZE, |row, column| {
            match Square::at(usize::from(row), usize::from(column)) {
                None => (None, None),
                Some(square) => {
                    let piece = self.piece_at(square).map(|piece| PieceView {
                        player: u8::from(piece.color == Player::White),
                        king: piece.role == Role::King,
                    });
                    (Some(square.to_string()), piece)
                }
            }
        })
    }

    /// White: the board is drawn with White's home side at the bottom.
    fn player_at_bottom() -> Option<Player> {
        Some(Player::White)
    }

    /// Checkers players jump.
    fn capture_word() -> &'static str {
        "jump"
    }

    fn levels() -> RangeInclusive<u32> {
        1..=checkers::MAX_LEVEL
    }

    fn default_level() -> u32 {
        checkers::DEFAULT_LEVEL
    }

    /// [`checkers::engine`].
    fn engine(&self, level: u32) -> Result<Engine<Checkers>, LevelError> {
        checkers::engine(level)
    }

    /// PDN ([`checkers::pdn::write_match`]).
    fn record(game: &Match<Checkers>, tags: &[(&str, &str)]) -> Result<String, WriteError> {
        checkers::pdn::write_match(game, tags.iter().copied())
    }

    /// [`DrawRules::TOURNAMENT`]: threefold repetition and the American
    /// 40-move limit.
    fn draw_rules() -> DrawRules {
        DrawRules::TOURNAMENT
    }
}
